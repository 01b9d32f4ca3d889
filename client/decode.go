package client

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
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
// common case for timestamps, skipping a full decoder pass. Unlike plainStringAt it
// keeps invalid UTF-8 as received, as Raw always has.
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

// UnmarshalJSON implements json.Unmarshaler. Metadata is nearly always flat strings
// without escapes; such an object is read in one pass straight into the map, its keys
// and values sharing a single copy of the text. Anything else takes the full decoder.
func (m *StringMap) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*m = nil
		return nil
	}
	if flat, ok := flatStringMap(string(b)); ok {
		*m = flat
		return nil
	}
	return m.unmarshalAny(b)
}

// unmarshalAny decodes any object: string values as strings, null values dropped (unless
// every value is a string or null, when null is ""), others as their JSON text.
func (m *StringMap) unmarshalAny(b []byte) error {
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

// flatStringMap reads s as a JSON object whose values are all plain strings (see
// plainStringAt); ok is false for anything else, which the caller decodes fully.
func flatStringMap(s string) (m StringMap, ok bool) {
	i := skipSpace(s, 0)
	if i == len(s) || s[i] != '{' {
		return nil, false
	}
	m = make(StringMap)
	if i = skipSpace(s, i+1); i < len(s) && s[i] == '}' {
		return m, skipSpace(s, i+1) == len(s)
	}
	for {
		k, j, ok := plainStringAt(s, i)
		if !ok {
			return nil, false
		}
		if i = skipSpace(s, j); i == len(s) || s[i] != ':' {
			return nil, false
		}
		v, j, ok := plainStringAt(s, skipSpace(s, i+1))
		if !ok {
			return nil, false
		}
		m[k] = v
		if i = skipSpace(s, j); i == len(s) {
			return nil, false
		}
		switch s[i] {
		case ',':
			i = skipSpace(s, i+1)
		case '}':
			return m, skipSpace(s, i+1) == len(s)
		default:
			return nil, false
		}
	}
}

// Strings is a string list that also accepts a single comma-joined string (memory list
// items send entities as "Alice, Bob") and null.
type Strings []string

// UnmarshalJSON implements json.Unmarshaler. A joined string or an array of strings
// without escapes is read directly; anything else takes the full decoder.
func (s *Strings) UnmarshalJSON(b []byte) error {
	*s = nil
	b = bytes.TrimSpace(b)
	if len(b) == 0 || bytes.Equal(b, []byte("null")) {
		return nil
	}
	if b[0] == '"' {
		joined, end, ok := plainStringAt(string(b), 0)
		if !ok || end != len(b) {
			if err := json.Unmarshal(b, &joined); err != nil {
				return err
			}
		}
		*s = splitJoined(joined)
		return nil
	}
	if list, ok := flatStrings(string(b)); ok {
		*s = list
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

// splitJoined splits a comma-joined list, dropping blanks and Python's "None"; nil when
// nothing is left.
func splitJoined(joined string) Strings {
	var out Strings
	for p := range strings.SplitSeq(joined, ",") {
		if p = strings.TrimSpace(p); p != "" && p != "None" {
			if out == nil {
				out = make(Strings, 0, strings.Count(joined, ",")+1)
			}
			out = append(out, p)
		}
	}
	return out
}

// flatStrings reads s as a JSON array of plain strings (see plainStringAt); ok is false
// for anything else, which the caller decodes fully.
func flatStrings(s string) (list []string, ok bool) {
	i := skipSpace(s, 0)
	if i == len(s) || s[i] != '[' {
		return nil, false
	}
	list = make([]string, 0, strings.Count(s, ",")+1)
	if i = skipSpace(s, i+1); i < len(s) && s[i] == ']' {
		return list, skipSpace(s, i+1) == len(s)
	}
	for {
		v, j, ok := plainStringAt(s, i)
		if !ok {
			return nil, false
		}
		list = append(list, v)
		if i = skipSpace(s, j); i == len(s) {
			return nil, false
		}
		switch s[i] {
		case ',':
			i = skipSpace(s, i+1)
		case ']':
			return list, skipSpace(s, i+1) == len(s)
		default:
			return nil, false
		}
	}
}

// plainStringAt reads the JSON string literal starting at s[i] when its text is exactly
// what encoding/json would decode it to: no escapes, no control characters, valid UTF-8
// (encoding/json replaces invalid bytes). It returns the text and the index after the
// closing quote; ok is false for anything else.
func plainStringAt(s string, i int) (v string, next int, ok bool) {
	if i >= len(s) || s[i] != '"' {
		return "", 0, false
	}
	for j := i + 1; j < len(s); {
		switch c := s[j]; {
		case c == '"':
			return s[i+1 : j], j + 1, true
		case c == '\\' || c < 0x20:
			return "", 0, false
		case c < utf8.RuneSelf:
			j++
		default:
			r, size := utf8.DecodeRuneInString(s[j:])
			if r == utf8.RuneError && size == 1 {
				return "", 0, false
			}
			j += size
		}
	}
	return "", 0, false
}

// skipSpace returns the index of the first byte at or after i that is not JSON whitespace.
func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\n' || s[i] == '\t' || s[i] == '\r') {
		i++
	}
	return i
}

// decodeBody decodes a 2xx response body into out. A type whose UnmarshalJSON decodes
// the whole body in one json.Unmarshal of its own (which validates it) gets the body
// directly: through json.Unmarshal, encoding/json would first validate the body and then
// scan it once more to find where the value ends, only to hand over the same bytes.
// For a page of a thousand memories those two passes were a large part of the time.
//
// Errors stay exactly as json.Unmarshal reports them: it hands UnmarshalJSON the value
// without leading whitespace (so type errors count offsets from the value), but finds
// syntax errors in the whole body (so their offsets count from its start).
func decodeBody(data []byte, out any) error {
	d, ok := out.(bodyDecoder)
	if !ok {
		return json.Unmarshal(data, out)
	}
	value := bytes.TrimLeft(data, " \t\r\n")
	err := d.decodeBody(value)
	if se, ok := err.(*json.SyntaxError); ok {
		se.Offset += int64(len(data) - len(value))
	}
	return err
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
