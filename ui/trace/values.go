package trace

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"hindsight-tui/sanitize"
	"hindsight-tui/ui/components"
)

// The trace is decoded into plain `any` values and read through these helpers, which
// never fail: a value of a surprising type reads as "absent" (or, for text, as its
// printed form), so one odd field costs one blank cell instead of the whole view.

// maxTextBytes bounds how much of one text field is kept. Cells show a line of it at
// most, and a megabyte-long memory must not cost a megabyte per row.
const maxTextBytes = 2048

// num is a number that may be absent from the trace.
type num struct {
	v  float64
	ok bool
}

// asNum reads a number, accepting numeric strings ("3", "0.25") because some servers
// stringify them; NaN and infinities count as absent.
func asNum(v any) num {
	var f float64
	switch x := v.(type) {
	case float64:
		f = x
	case string:
		p, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		if err != nil {
			return num{}
		}
		f = p
	default:
		return num{}
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return num{}
	}
	return num{v: f, ok: true}
}

// asText reads a scalar as display text: strings as they are, numbers and booleans
// printed. Objects and lists are not text and read as "". The result is sanitized and
// on one line.
func asText(v any) string {
	var s string
	switch x := v.(type) {
	case string:
		s = x
	case float64:
		s = strconv.FormatFloat(x, 'f', -1, 64)
	case bool:
		s = strconv.FormatBool(x)
	default:
		return ""
	}
	return sanitize.Line(components.Head(s, maxTextBytes))
}

func asMap(v any) (map[string]any, bool) {
	m, ok := v.(map[string]any)
	return m, ok
}

func asList(v any) ([]any, bool) {
	l, ok := v.([]any)
	return l, ok
}

// kindOf names a JSON value's type for messages ("a string where a list was expected").
func kindOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case float64:
		return "a number"
	case bool:
		return "a boolean"
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	}
	return "a value"
}

// compact renders a details or metadata object as "key=value key=value" with sorted
// keys, nested values abbreviated, everything sanitized.
func compact(m map[string]any) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, asText(k)+"="+compactValue(m[k], 1))
	}
	return strings.Join(parts, " ")
}

// compactValue prints one value of a details object; depth limits how far nested
// objects are spelled out before they become "{…}".
func compactValue(v any, depth int) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case float64:
		return fmtNumber(x)
	case []any:
		if len(x) == 0 {
			return "[]"
		}
		return fmt.Sprintf("[%d]", len(x))
	case map[string]any:
		if depth <= 0 || len(x) == 0 {
			return "{…}"
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		parts := make([]string, 0, len(keys))
		for _, k := range keys {
			parts = append(parts, asText(k)+"="+compactValue(x[k], depth-1))
		}
		return "{" + strings.Join(parts, " ") + "}"
	}
	return asText(v)
}

// fmtNumber prints integers without a fraction and other numbers briefly.
func fmtNumber(f float64) string {
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return strconv.FormatFloat(f, 'f', 0, 64)
	}
	return strconv.FormatFloat(f, 'g', 4, 64)
}

// fmtScore prints a score with four decimals, so a column of them lines up on the
// decimal point; very large or tiny magnitudes switch to a short exponent form.
func fmtScore(n num) string {
	if !n.ok {
		return dash
	}
	a := math.Abs(n.v)
	if a >= 1e5 || (a != 0 && a < 1e-4) {
		return strconv.FormatFloat(n.v, 'g', 3, 64)
	}
	return strconv.FormatFloat(n.v, 'f', 4, 64)
}

// fmtRank prints a rank (normally an integer).
func fmtRank(n num) string {
	if !n.ok {
		return dash
	}
	return fmtNumber(n.v)
}

// fmtDuration prints seconds for headers: milliseconds below ten seconds, else seconds.
func fmtDuration(sec float64) string {
	if sec < 10 {
		return strconv.FormatFloat(sec*1000, 'f', 2, 64) + " ms"
	}
	return strconv.FormatFloat(sec, 'f', 2, 64) + " s"
}

// fmtDate keeps the calendar date of an ISO timestamp; anything else is shown as sent.
func fmtDate(v any) string {
	s := asText(v)
	if len(s) >= 10 && s[4] == '-' && s[7] == '-' && isDigits(s[:4]+s[5:7]+s[8:10]) {
		return s[:10]
	}
	return s
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// dash marks a value the trace did not have.
const dash = "—"
