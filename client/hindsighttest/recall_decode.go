package hindsighttest

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"
)

// pydanticFields reads the top-level fields of a JSON request body with the coercion
// rules and error items of Pydantic 2 in lax mode, so that recall and reflect reject
// the same inputs as the real server, with the same 422 list items. Errors accumulate;
// callers check errs once every field has been read, as Pydantic reports them all.
type pydanticFields struct {
	obj  map[string]json.RawMessage
	errs []validationError
}

// present reports whether key was sent with a non-null value.
func (f *pydanticFields) present(key string) bool {
	raw, ok := f.obj[key]
	return ok && !isJSONNull(raw)
}

func (f *pydanticFields) fail(typ, msg string, input any, ctx map[string]any, loc ...any) {
	f.errs = append(f.errs, validationError{Type: typ, Loc: loc, Msg: msg, Input: input, Ctx: ctx})
}

func isJSONNull(raw json.RawMessage) bool {
	return bytes.Equal(bytes.TrimSpace(raw), []byte("null"))
}

// rawValue decodes raw for use as an error's "input".
func rawValue(raw json.RawMessage) any {
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return string(raw)
	}
	return v
}

// stringValue validates a str field.
func (f *pydanticFields) stringValue(raw json.RawMessage, loc ...any) (string, bool) {
	var s string
	if err := json.Unmarshal(raw, &s); err != nil || isJSONNull(raw) {
		f.fail("string_type", "Input should be a valid string", rawValue(raw), nil, loc...)
		return "", false
	}
	return s, true
}

// optString reads an optional str field; absent or null gives nil.
func (f *pydanticFields) optString(key string) *string {
	if !f.present(key) {
		return nil
	}
	s, ok := f.stringValue(f.obj[key], "body", key)
	if !ok {
		return nil
	}
	return &s
}

// boolField reads a bool field with its default; Pydantic accepts 0/1 and the usual
// yes/no words as well as JSON booleans.
func (f *pydanticFields) boolField(def bool, loc ...any) bool {
	raw, ok := f.lookup(loc)
	if !ok {
		return def
	}
	return f.boolValue(raw, def, loc...)
}

func (f *pydanticFields) boolValue(raw json.RawMessage, def bool, loc ...any) bool {
	v := rawValue(raw)
	switch x := v.(type) {
	case bool:
		return x
	case json.Number:
		if x.String() == "0" || x.String() == "1" {
			return x.String() == "1"
		}
		f.fail("bool_parsing", "Input should be a valid boolean, unable to interpret input", v, nil, loc...)
	case string:
		switch strings.ToLower(x) {
		case "1", "on", "t", "true", "y", "yes":
			return true
		case "0", "off", "f", "false", "n", "no":
			return false
		}
		f.fail("bool_parsing", "Input should be a valid boolean, unable to interpret input", v, nil, loc...)
	default:
		f.fail("bool_type", "Input should be a valid boolean", v, nil, loc...)
	}
	return def
}

// intField reads an int field with its default.
func (f *pydanticFields) intField(def int, loc ...any) int {
	raw, ok := f.lookup(loc)
	if !ok {
		return def
	}
	return f.intValue(raw, def, loc...)
}

func (f *pydanticFields) intValue(raw json.RawMessage, def int, loc ...any) int {
	v := rawValue(raw)
	switch x := v.(type) {
	case json.Number:
		if n, err := strconv.Atoi(x.String()); err == nil {
			return n
		}
		if fl, err := x.Float64(); err == nil && fl == math.Trunc(fl) && math.Abs(fl) < 1<<53 {
			return int(fl)
		}
		f.fail("int_from_float", "Input should be a valid integer, got a number with a fractional part", v, nil, loc...)
	case string:
		if n, err := strconv.Atoi(strings.TrimSpace(x)); err == nil {
			return n
		}
		f.fail("int_parsing", "Input should be a valid integer, unable to parse string as an integer", v, nil, loc...)
	default:
		f.fail("int_type", "Input should be a valid integer", v, nil, loc...)
	}
	return def
}

// optFloat reads an optional float field (null or absent gives nil).
func (f *pydanticFields) optFloat(raw json.RawMessage, loc ...any) *float64 {
	if raw == nil || isJSONNull(raw) {
		return nil
	}
	v := rawValue(raw)
	switch x := v.(type) {
	case json.Number:
		if fl, err := x.Float64(); err == nil {
			return &fl
		}
	case string:
		if fl, err := strconv.ParseFloat(strings.TrimSpace(x), 64); err == nil {
			return &fl
		}
		f.fail("float_parsing", "Input should be a valid number, unable to parse string as a number", v, nil, loc...)
		return nil
	}
	f.fail("float_type", "Input should be a valid number", v, nil, loc...)
	return nil
}

// stringList reads an optional list[str] field: nil for absent or null.
func (f *pydanticFields) stringList(raw json.RawMessage, loc ...any) []string {
	if raw == nil || isJSONNull(raw) {
		return nil
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		f.fail("list_type", "Input should be a valid list", rawValue(raw), nil, loc...)
		return nil
	}
	out := make([]string, 0, len(items))
	for i, it := range items {
		if s, ok := f.stringValue(it, append(append([]any{}, loc...), i)...); ok {
			out = append(out, s)
		}
	}
	return out
}

// object reads a nested model field; it reports model_type for anything but an object.
// A null yields (nil, true) so callers can treat it as "disabled" where the field is
// nullable.
func (f *pydanticFields) object(raw json.RawMessage, class string, loc ...any) (map[string]json.RawMessage, bool) {
	if raw == nil || isJSONNull(raw) {
		return nil, true
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil || obj == nil {
		f.fail("model_type", "Input should be a valid dictionary or instance of "+class, rawValue(raw),
			map[string]any{"class_name": class}, loc...)
		return nil, false
	}
	return obj, true
}

// choice validates an enum-like string against allowed values. Enums (budget) and
// Literals (tags_match) differ only in the error type Pydantic reports.
func (f *pydanticFields) choice(raw json.RawMessage, def, errType string, allowed []string, loc ...any) string {
	if raw == nil {
		return def
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil && !isJSONNull(raw) {
		for _, a := range allowed {
			if s == a {
				return s
			}
		}
	}
	expected := quoteChoices(allowed)
	f.fail(errType, "Input should be "+expected, rawValue(raw), map[string]any{"expected": expected}, loc...)
	return def
}

// quoteChoices renders Pydantic's "'a', 'b' or 'c'".
func quoteChoices(allowed []string) string {
	q := make([]string, len(allowed))
	for i, a := range allowed {
		q[i] = "'" + a + "'"
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

// lookup resolves a ["body", key] location to the raw value, skipping null for
// fields that fall back to their default.
func (f *pydanticFields) lookup(loc []any) (json.RawMessage, bool) {
	if len(loc) != 2 {
		return nil, false
	}
	key, _ := loc[1].(string)
	raw, ok := f.obj[key]
	return raw, ok
}

// valueError is the item a Pydantic validator's ValueError becomes.
func valueError(msg string, input any, loc ...any) validationError {
	return validationError{Type: "value_error", Loc: loc, Msg: "Value error, " + msg, Input: input,
		Ctx: map[string]any{"error": map[string]any{}}}
}

var budgetChoices = []string{"low", "mid", "high"}
