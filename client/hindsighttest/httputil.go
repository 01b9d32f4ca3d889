package hindsighttest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"time"
)

// validationError is one item of FastAPI's 422 list-shaped detail.
type validationError struct {
	Type  string         `json:"type"`
	Loc   []any          `json:"loc"`
	Msg   string         `json:"msg"`
	Input any            `json:"input"`
	Ctx   map[string]any `json:"ctx,omitempty"`
}

// writeJSON writes v as the response body with the given status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		status = http.StatusInternalServerError
		buf.Reset()
		fmt.Fprintf(&buf, `{"detail":%q}`, "encode response: "+err.Error())
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// writeDetail writes the string-detail error shape: {"detail": "..."}.
func writeDetail(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]any{"detail": msg})
}

// writeValidation writes the list-detail 422 shape of FastAPI request validation.
func writeValidation(w http.ResponseWriter, errs []validationError) {
	for i := range errs {
		if errs[i].Input == nil {
			errs[i].Input = map[string]any{}
		}
	}
	writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"detail": errs})
}

// missingField is the FastAPI error for an absent required field.
func missingField(loc ...any) validationError {
	return validationError{Type: "missing", Loc: loc, Msg: "Field required", Input: map[string]any{}}
}

// decodeBody reads a JSON object body. It returns the decoded top-level keys (raw) so
// handlers can validate field by field, or a 422 error list when the body is not a JSON
// object. An empty body decodes to an empty object only when allowEmpty is set.
func decodeBody(r *http.Request, allowEmpty bool) (map[string]json.RawMessage, []validationError) {
	var raw bytes.Buffer
	if r.Body != nil {
		if _, err := raw.ReadFrom(http.MaxBytesReader(nil, r.Body, 16<<20)); err != nil {
			return nil, []validationError{{Type: "json_invalid", Loc: []any{"body", 0}, Msg: "JSON decode error", Input: map[string]any{}, Ctx: map[string]any{"error": err.Error()}}}
		}
	}
	body := bytes.TrimSpace(raw.Bytes())
	if len(body) == 0 {
		if allowEmpty {
			return map[string]json.RawMessage{}, nil
		}
		return nil, []validationError{missingField("body")}
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(body, &obj); err != nil || obj == nil {
		if !json.Valid(body) {
			return nil, []validationError{{Type: "json_invalid", Loc: []any{"body", 0}, Msg: "JSON decode error", Input: map[string]any{}, Ctx: map[string]any{"error": "Expecting value"}}}
		}
		var input any
		_ = json.Unmarshal(body, &input)
		return nil, []validationError{{Type: "model_attributes_type", Loc: []any{"body"}, Msg: "Input should be a valid dictionary or object to extract fields from", Input: input}}
	}
	return obj, nil
}

// ignoredKeys lists the keys of obj that are not in known, sorted, for X-Ignored-Params.
func ignoredKeys(obj map[string]json.RawMessage, known ...string) []string {
	var out []string
	for k := range obj {
		found := false
		for _, kk := range known {
			if k == kk {
				found = true
				break
			}
		}
		if !found {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// ignoredQuery lists query parameters of r that are not in known, sorted.
func ignoredQuery(r *http.Request, known ...string) []string {
	var out []string
	for k := range r.URL.Query() {
		found := false
		for _, kk := range known {
			if k == kk {
				found = true
				break
			}
		}
		if !found {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// markIgnored sets X-Ignored-Params as the real server does for unknown parameters.
func markIgnored(w http.ResponseWriter, names ...[]string) {
	var all []string
	for _, n := range names {
		all = append(all, n...)
	}
	if len(all) > 0 {
		sort.Strings(all)
		w.Header().Set("X-Ignored-Params", strings.Join(all, ", "))
	}
}

// isoTime renders t the way Python's datetime.isoformat() renders a UTC-aware value:
// "2024-01-15T10:30:00+00:00", with microseconds only when non-zero.
func isoTime(t time.Time) string {
	t = t.UTC()
	if t.Nanosecond()/1000 != 0 {
		return t.Format("2006-01-02T15:04:05.000000") + "+00:00"
	}
	return t.Format("2006-01-02T15:04:05") + "+00:00"
}

// isoPtr renders an optional time; nil stays nil (a JSON null, or omitted by omitempty).
func isoPtr(t *time.Time) *string {
	if t == nil {
		return nil
	}
	s := isoTime(*t)
	return &s
}

// parseISO parses the ISO 8601 forms the real server accepts: full datetimes with an
// offset or "Z", naive datetimes (taken as UTC), and plain dates.
func parseISO(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	layouts := []string{
		time.RFC3339Nano,
		"2006-01-02T15:04:05.999999999",
		"2006-01-02T15:04",
		"2006-01-02 15:04:05.999999999Z07:00",
		"2006-01-02 15:04:05.999999999",
		"2006-01-02 15:04",
		"2006-01-02",
	}
	for _, l := range layouts {
		if t, err := time.Parse(l, s); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("invalid isoformat string: %q", s)
}
