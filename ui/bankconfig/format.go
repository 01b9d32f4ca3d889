package bankconfig

import (
	"bytes"
	"encoding/json"
	"strings"

	"hindsight-tui/sanitize"
)

// FormatValue is a configuration value on one line, safe to draw: a string as its
// text (sanitized, whitespace collapsed), null as "null", anything else as compact
// JSON. A view that compares banks can put two of them side by side.
func FormatValue(raw json.RawMessage) string {
	v := bytes.TrimSpace(raw)
	if len(v) == 0 {
		return "null"
	}
	var s string
	if v[0] == '"' && json.Unmarshal(v, &s) == nil {
		return sanitize.Line(s)
	}
	var buf bytes.Buffer
	if json.Compact(&buf, v) == nil {
		return sanitize.Line(spaced(buf.String()))
	}
	return sanitize.Line(string(v))
}

// FormatDetail is a configuration value in full, on as many lines as it takes: a
// string as its text, JSON indented; safe to draw.
func FormatDetail(raw json.RawMessage) string {
	v := bytes.TrimSpace(raw)
	if len(v) == 0 {
		return "null"
	}
	var s string
	if v[0] == '"' && json.Unmarshal(v, &s) == nil {
		return sanitize.Text(s)
	}
	var buf bytes.Buffer
	if json.Indent(&buf, v, "", "  ") == nil {
		return sanitize.Text(buf.String())
	}
	return sanitize.Text(string(v))
}

// spaced puts a space after the commas and colons of compact JSON outside strings,
// so that a value on one line wraps and reads like the reference writes it.
func spaced(compact string) string {
	var b strings.Builder
	inString, escaped := false, false
	for _, r := range compact {
		b.WriteRune(r)
		switch {
		case escaped:
			escaped = false
		case inString && r == '\\':
			escaped = true
		case r == '"':
			inString = !inString
		case !inString && (r == ',' || r == ':'):
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// isNull reports a value the server lists as unset.
func isNull(raw json.RawMessage) bool {
	v := bytes.TrimSpace(raw)
	return len(v) == 0 || string(v) == "null"
}

// editText is a value as the editor starts with it: a string's text, JSON indented,
// a number as written; null as nothing.
func editText(s Spec, raw json.RawMessage) string {
	if isNull(raw) {
		return ""
	}
	switch s.Kind {
	case KindString, KindText, KindEnum:
		var str string
		if json.Unmarshal(raw, &str) == nil {
			return str
		}
	case KindJSON:
		var buf bytes.Buffer
		if json.Indent(&buf, bytes.TrimSpace(raw), "", "  ") == nil {
			return buf.String()
		}
	}
	return string(bytes.TrimSpace(raw))
}
