package hindsighttest

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// detailError is an error whose text reaches clients verbatim, worded (capitalised,
// punctuated) exactly as the real server words it.
type detailError string

func (e detailError) Error() string { return string(e) }

// detailf formats a detailError.
func detailf(format string, args ...any) error { return detailError(fmt.Sprintf(format, args...)) }

// noMax marks an integer query parameter without an upper bound.
const noMax = -1

// request gathers what FastAPI validates before a handler runs: query parameters and
// the JSON body. Errors accumulate so that one 422 lists them all, and unknown names
// are reported in X-Ignored-Params as the real server does.
type request struct {
	w       http.ResponseWriter
	r       *http.Request
	query   url.Values
	errs    []validationError
	ignored []string // unknown query parameters
}

// newRequest starts validation of r; knownQuery are the query parameters the route
// declares (anything else is reported as ignored).
func newRequest(w http.ResponseWriter, r *http.Request, knownQuery ...string) *request {
	q := &request{w: w, r: r, query: r.URL.Query()}
	q.ignored = ignoredQuery(r, knownQuery...)
	markIgnored(w, q.ignored)
	return q
}

// invalid writes the accumulated 422 and reports whether there was one.
func (q *request) invalid() bool {
	if len(q.errs) == 0 {
		return false
	}
	writeValidation(q.w, q.errs)
	return true
}

func (q *request) fail(e validationError) { q.errs = append(q.errs, e) }

// str returns the last value of an optional string parameter ("" and false if absent).
func (q *request) str(name string) (string, bool) {
	vs, ok := q.query[name]
	if !ok || len(vs) == 0 {
		return "", false
	}
	return vs[len(vs)-1], true
}

// strs returns every value of a repeated parameter (?tags=a&tags=b).
func (q *request) strs(name string) []string { return q.query[name] }

// integer parses an int parameter with FastAPI's ge/le checks.
func (q *request) integer(name string, def, ge, le int) int {
	raw, ok := q.str(name)
	if !ok {
		return def
	}
	n, err := strconv.Atoi(strings.TrimSpace(raw))
	if err != nil {
		q.fail(validationError{Type: "int_parsing", Loc: []any{"query", name},
			Msg: "Input should be a valid integer, unable to parse string as an integer", Input: raw})
		return def
	}
	if n < ge {
		q.fail(validationError{Type: "greater_than_equal", Loc: []any{"query", name},
			Msg: fmt.Sprintf("Input should be greater than or equal to %d", ge), Input: raw, Ctx: map[string]any{"ge": ge}})
		return def
	}
	if le != noMax && n > le {
		q.fail(validationError{Type: "less_than_equal", Loc: []any{"query", name},
			Msg: fmt.Sprintf("Input should be less than or equal to %d", le), Input: raw, Ctx: map[string]any{"le": le}})
		return def
	}
	return n
}

// boolean parses a bool parameter the way Pydantic does (true/false, 1/0, yes/no, on/off).
func (q *request) boolean(name string, def bool) bool {
	raw, ok := q.str(name)
	if !ok {
		return def
	}
	switch strings.ToLower(strings.TrimSpace(raw)) {
	case "true", "1", "yes", "on", "t", "y":
		return true
	case "false", "0", "no", "off", "f", "n":
		return false
	}
	q.fail(validationError{Type: "bool_parsing", Loc: []any{"query", name},
		Msg: "Input should be a valid boolean, unable to interpret input", Input: raw})
	return def
}

// literal parses a parameter restricted to a fixed set (a Python Literal).
func (q *request) literal(name, def string, allowed ...string) string {
	raw, ok := q.str(name)
	if !ok {
		return def
	}
	for _, a := range allowed {
		if raw == a {
			return raw
		}
	}
	q.fail(literalError([]any{"query", name}, raw, allowed))
	return def
}

// literalError is Pydantic's error for a value outside a Literal[...] set.
func literalError(loc []any, input any, allowed []string) validationError {
	quoted := make([]string, len(allowed))
	for i, a := range allowed {
		quoted[i] = "'" + a + "'"
	}
	expected := strings.Join(quoted, ", ")
	if len(quoted) > 1 {
		expected = strings.Join(quoted[:len(quoted)-1], ", ") + " or " + quoted[len(quoted)-1]
	}
	return validationError{Type: "literal_error", Loc: loc, Msg: "Input should be " + expected,
		Input: input, Ctx: map[string]any{"expected": expected}}
}

// page applies limit/offset to n matches and returns the slice bounds.
func page(n, limit, offset int) (lo, hi int) {
	lo = min(offset, n)
	hi = min(lo+limit, n)
	return lo, hi
}

// body decodes the JSON object body and returns its fields for validation; unknown
// top-level keys are added to X-Ignored-Params. A nil result means the body itself
// was invalid (the error is recorded).
func (q *request) body(allowEmpty bool, known ...string) *fields {
	obj, errs := decodeBody(q.r, allowEmpty)
	if errs != nil {
		q.errs = append(q.errs, errs...)
		return nil
	}
	if strings.Contains(q.r.Header.Get("Content-Type"), "application/json") {
		markIgnored(q.w, q.ignored, ignoredKeys(obj, known...))
	}
	return &fields{obj: obj, loc: []any{"body"}, q: q}
}

// fields validates the keys of one JSON object (the body or a nested item).
type fields struct {
	obj map[string]json.RawMessage
	loc []any
	q   *request
}

func (f *fields) at(key any) []any {
	loc := append([]any{}, f.loc...)
	return append(loc, key)
}

// has reports whether key is present, even as null.
func (f *fields) has(key string) bool { _, ok := f.obj[key]; return ok }

// null reports whether key is present with a JSON null.
func (f *fields) null(key string) bool {
	raw, ok := f.obj[key]
	return ok && string(raw) == "null"
}

func (f *fields) input(key string) any {
	var v any
	_ = json.Unmarshal(f.obj[key], &v)
	return v
}

// required records a "missing" error when key is absent.
func (f *fields) required(key string) bool {
	if f.has(key) {
		return true
	}
	f.q.fail(missingField(f.at(key)...))
	return false
}

// reqStr returns a required string field, recording "missing" or a type error
// (null included) when it is not a string.
func (f *fields) reqStr(key string) string {
	if !f.required(key) {
		return ""
	}
	if f.null(key) {
		f.q.fail(validationError{Type: "string_type", Loc: f.at(key), Msg: "Input should be a valid string", Input: nil})
		return ""
	}
	return deref(f.str(key))
}

// str returns an optional string field; nil when absent or null.
func (f *fields) str(key string) *string {
	if !f.has(key) || f.null(key) {
		return nil
	}
	var s string
	if err := json.Unmarshal(f.obj[key], &s); err != nil {
		f.q.fail(validationError{Type: "string_type", Loc: f.at(key), Msg: "Input should be a valid string", Input: f.input(key)})
		return nil
	}
	return &s
}

// boolean returns an optional bool field; nil when absent or null. Like Pydantic's lax
// mode it also takes 0/1 and the usual strings ("true", "no", …).
func (f *fields) boolean(key string) *bool {
	if !f.has(key) || f.null(key) {
		return nil
	}
	var v bool
	switch x := f.input(key).(type) {
	case bool:
		v = x
	case float64:
		if x != 0 && x != 1 {
			f.q.fail(validationError{Type: "bool_parsing", Loc: f.at(key), Msg: "Input should be a valid boolean, unable to interpret input", Input: x})
			return nil
		}
		v = x == 1
	case string:
		switch strings.ToLower(x) {
		case "true", "1", "yes", "on", "t", "y":
			v = true
		case "false", "0", "no", "off", "f", "n":
		default:
			f.q.fail(validationError{Type: "bool_parsing", Loc: f.at(key), Msg: "Input should be a valid boolean, unable to interpret input", Input: x})
			return nil
		}
	default:
		f.q.fail(validationError{Type: "bool_type", Loc: f.at(key), Msg: "Input should be a valid boolean", Input: x})
		return nil
	}
	return &v
}

// integer returns an optional int field within [ge, le] (noMax for no bound); nil
// when absent or null. Integral floats and numeric strings are accepted, as in
// Pydantic's lax mode.
func (f *fields) integer(key string, ge, le int) *int {
	if !f.has(key) || f.null(key) {
		return nil
	}
	var n int
	switch x := f.input(key).(type) {
	case float64:
		if x != math.Trunc(x) {
			f.q.fail(validationError{Type: "int_from_float", Loc: f.at(key), Msg: "Input should be a valid integer, got a number with a fractional part", Input: x})
			return nil
		}
		n = int(x)
	case string:
		v, err := strconv.Atoi(strings.TrimSpace(x))
		if err != nil {
			f.q.fail(validationError{Type: "int_parsing", Loc: f.at(key), Msg: "Input should be a valid integer, unable to parse string as an integer", Input: x})
			return nil
		}
		n = v
	default:
		f.q.fail(validationError{Type: "int_type", Loc: f.at(key), Msg: "Input should be a valid integer", Input: x})
		return nil
	}
	if n < ge {
		f.q.fail(validationError{Type: "greater_than_equal", Loc: f.at(key),
			Msg: fmt.Sprintf("Input should be greater than or equal to %d", ge), Input: f.input(key), Ctx: map[string]any{"ge": ge}})
		return nil
	}
	if le != noMax && n > le {
		f.q.fail(validationError{Type: "less_than_equal", Loc: f.at(key),
			Msg: fmt.Sprintf("Input should be less than or equal to %d", le), Input: f.input(key), Ctx: map[string]any{"le": le}})
		return nil
	}
	return &n
}

// strList returns an optional list of strings; nil when absent or null.
func (f *fields) strList(key string) []string {
	if !f.has(key) || f.null(key) {
		return nil
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(f.obj[key], &raw); err != nil {
		f.q.fail(validationError{Type: "list_type", Loc: f.at(key), Msg: "Input should be a valid list", Input: f.input(key)})
		return nil
	}
	out := make([]string, 0, len(raw))
	for i, item := range raw {
		var s string
		if err := json.Unmarshal(item, &s); err != nil {
			var v any
			_ = json.Unmarshal(item, &v)
			f.q.fail(validationError{Type: "string_type", Loc: append(f.at(key), i), Msg: "Input should be a valid string", Input: v})
			continue
		}
		out = append(out, s)
	}
	return out
}

// object returns a nested object for field-by-field validation; nil when absent or null.
func (f *fields) object(key string) *fields {
	if !f.has(key) || f.null(key) {
		return nil
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(f.obj[key], &obj); err != nil || obj == nil {
		f.q.fail(validationError{Type: "dict_type", Loc: f.at(key), Msg: "Input should be a valid dictionary", Input: f.input(key)})
		return nil
	}
	return &fields{obj: obj, loc: f.at(key), q: f.q}
}

// valueError records a Pydantic validator failure ("Value error, …") at loc.
func (q *request) valueError(loc []any, input any, msg string) {
	q.fail(validationError{Type: "value_error", Loc: loc, Msg: "Value error, " + msg, Input: input, Ctx: map[string]any{"error": map[string]any{}}})
}
