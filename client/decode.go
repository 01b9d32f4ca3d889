package client

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"time"
)

// Time is a server timestamp decoded leniently: ISO 8601 with an offset or "Z", naive
// values (taken as UTC), plain dates, and the "YYYY-MM-DD HH:MM" form some tables use.
// null, "" and values in no known form decode to the zero Time, so one odd field never
// makes a whole page unreadable. Raw keeps the text as received.
type Time struct {
	time.Time
	Raw string
}

var timeLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05.999999999",
	"2006-01-02 15:04:05.999999999Z07:00",
	"2006-01-02 15:04:05.999999999",
	"2006-01-02T15:04",
	"2006-01-02 15:04",
	"2006-01-02",
}

// ParseTime parses the timestamp forms the server emits; ok is false for other text.
func ParseTime(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, false // unset; no layout matches, and each failure allocates
	}
	for _, l := range timeLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// UnmarshalJSON implements json.Unmarshaler.
func (t *Time) UnmarshalJSON(b []byte) error {
	*t = Time{}
	if string(b) == "null" || string(b) == `""` {
		return nil
	}
	s, ok := plainString(b)
	if !ok {
		if err := json.Unmarshal(b, &s); err != nil {
			t.Raw = string(b)
			return nil
		}
	}
	t.Raw = s
	if parsed, ok := ParseTime(s); ok {
		t.Time = parsed
	}
	return nil
}

// plainString returns the contents of a JSON string literal without escapes, the
// common case for timestamps, skipping a full decoder pass.
func plainString(b []byte) (string, bool) {
	if len(b) < 2 || b[0] != '"' || b[len(b)-1] != '"' {
		return "", false
	}
	inner := b[1 : len(b)-1]
	for _, c := range inner {
		if c == '\\' || c == '"' || c < 0x20 {
			return "", false
		}
	}
	return string(inner), true
}

// MarshalJSON keeps what the server sent, or null when nothing was.
func (t Time) MarshalJSON() ([]byte, error) {
	switch {
	case t.Raw != "":
		return json.Marshal(t.Raw)
	case !t.Time.IsZero():
		return json.Marshal(t.Time.Format(time.RFC3339Nano))
	}
	return []byte("null"), nil
}

// StringMap is a str→str map decoded leniently: non-string values are kept as their JSON
// text, so metadata written by other tools with numbers or booleans still shows.
type StringMap map[string]string

// UnmarshalJSON implements json.Unmarshaler.
func (m *StringMap) UnmarshalJSON(b []byte) error {
	var plain map[string]string
	if err := json.Unmarshal(b, &plain); err == nil {
		*m = plain
		return nil
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	if raw == nil {
		*m = nil
		return nil
	}
	out := make(StringMap, len(raw))
	for k, v := range raw {
		var s string
		if err := json.Unmarshal(v, &s); err == nil {
			out[k] = s
		} else if !bytes.Equal(v, []byte("null")) {
			out[k] = string(v)
		}
	}
	*m = out
	return nil
}

// Strings is a string list that also accepts a single comma-joined string (memory list
// items send entities as "Alice, Bob") and null.
type Strings []string

// UnmarshalJSON implements json.Unmarshaler.
func (s *Strings) UnmarshalJSON(b []byte) error {
	*s = nil
	b = bytes.TrimSpace(b)
	if len(b) == 0 || bytes.Equal(b, []byte("null")) {
		return nil
	}
	if b[0] == '"' {
		var joined string
		if err := json.Unmarshal(b, &joined); err != nil {
			return err
		}
		for _, p := range strings.Split(joined, ",") {
			if p = strings.TrimSpace(p); p != "" && p != "None" {
				*s = append(*s, p)
			}
		}
		return nil
	}
	var plain []string
	if err := json.Unmarshal(b, &plain); err == nil {
		*s = plain
		return nil
	}
	var items []any
	if err := json.Unmarshal(b, &items); err != nil {
		return err
	}
	for _, it := range items {
		switch v := it.(type) {
		case string:
			*s = append(*s, v)
		case nil:
		case float64:
			*s = append(*s, strconv.FormatFloat(v, 'f', -1, 64))
		default:
			raw, _ := json.Marshal(v)
			*s = append(*s, string(raw))
		}
	}
	return nil
}

// decodeBody decodes a 2xx response body into out. A type whose UnmarshalJSON decodes
// the whole body in one json.Unmarshal of its own (which validates it) gets the body
// directly: through json.Unmarshal, encoding/json would first validate the body and then
// scan it once more to find where the value ends, only to hand over the same bytes.
// For a page of a thousand memories those two passes cost as much as the decoding.
func decodeBody(data []byte, out any) error {
	if d, ok := out.(bodyDecoder); ok {
		return d.decodeBody(data)
	}
	return json.Unmarshal(data, out)
}

// bodyDecoder is implemented by the response types decodeBody hands the body to.
type bodyDecoder interface {
	decodeBody(data []byte) error
}

// Page is the paging envelope most list endpoints share.
type Page struct {
	Total  int `json:"total"`
	Limit  int `json:"limit"`
	Offset int `json:"offset"`
}

// TokenUsage is the LLM token accounting of retain and reflect.
type TokenUsage struct {
	InputTokens    int `json:"input_tokens"`
	OutputTokens   int `json:"output_tokens"`
	TotalTokens    int `json:"total_tokens"`
	CachedTokens   int `json:"cached_tokens"`
	ThoughtsTokens int `json:"thoughts_tokens"`
}

// Ptr returns a pointer to v; handy for the optional fields of request types.
func Ptr[T any](v T) *T { return &v }
