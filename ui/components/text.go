// Package components holds small widgets that more than one pane uses: labelled form
// fields, 1-5 scales, form and typed-confirmation dialogs that run their own request,
// and the width-aware text helpers every view needs. Widgets draw with the semantic
// styles of common.Common and never do I/O outside a tea.Cmd.
package components

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Ellipsis marks text cut to fit.
const Ellipsis = "…"

// Truncate cuts s (which may be styled) to at most width display cells, marking the
// cut with an ellipsis. Widths are display cells, so CJK and emoji never overflow.
func Truncate(s string, width int) string {
	if width <= 0 {
		return ""
	}
	return ansi.Truncate(s, width, Ellipsis)
}

// Page is lines as a w×h block: each line fitted to w, blank lines below to h, and
// nothing past h.
func Page(lines []string, w, h int) string {
	out := make([]string, h)
	for i := range out {
		if i < len(lines) {
			out[i] = Fit(lines[i], w)
		} else {
			out[i] = strings.Repeat(" ", w)
		}
	}
	return strings.Join(out, "\n")
}

// Fit truncates s to width cells and pads it with spaces to exactly width, so rows
// line up and a background colour spans the whole row.
func Fit(s string, width int) string {
	if width <= 0 {
		return ""
	}
	s = Truncate(s, width)
	if pad := width - ansi.StringWidth(s); pad > 0 {
		s += strings.Repeat(" ", pad)
	}
	return s
}

// Spread puts left and right on one line of exactly width cells: right keeps its place
// and left is truncated first, so a name never pushes a count or a time off the row.
func Spread(left, right string, width int) string {
	if width <= 0 {
		return ""
	}
	rw := ansi.StringWidth(right)
	if rw >= width {
		return Fit(right, width)
	}
	return Fit(left, width-rw-1) + " " + right
}

// Wrap word-wraps plain text to width cells (breaking words longer than a line) and
// returns at most maxLines lines (no limit when maxLines <= 0); when text is cut, the
// last line ends with an ellipsis.
func Wrap(s string, width, maxLines int) []string {
	if width <= 0 {
		return nil
	}
	// Lines break at spaces only: ansi.Wrap also breaks after every hyphen, which
	// splits ids and dates ("…-9385-" / "e0da0f683cf4"); a word wider than the line
	// is still broken.
	s, restore := KeepHyphens(s)
	wrapped := restore(ansi.Wrap(s, width, ""))
	lines := strings.Split(wrapped, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	if maxLines > 0 && len(lines) > maxLines {
		last := lines[maxLines-1]
		if ansi.StringWidth(last)+1 > width {
			last = ansi.Truncate(last, width-1, "")
		}
		lines = append(lines[:maxLines-1], last+Ellipsis)
	}
	return lines
}

// Clip keeps the first height lines of s; views use it to honour their height even
// when their content was built for more room.
func Clip(s string, height int) string {
	if height <= 0 {
		return ""
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			n++
			if n == height {
				return s[:i]
			}
		}
	}
	return s
}

// Head returns at most maxBytes of s, cut at a character boundary. Text that is only
// ever shown on one truncated line goes through it once, so a megabyte-long name costs
// nothing per frame.
func Head(s string, maxBytes int) string {
	if len(s) <= maxBytes {
		return s
	}
	cut := maxBytes
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut]
}

// HelpLines is a dialog's help line, broken between its entries when it is wider than
// w (a narrow screen, a longer help) rather than cut.
func HelpLines(help []string, w int) []string {
	var lines []string
	line := ""
	for _, h := range help {
		switch {
		case line == "":
			line = h
		case ansi.StringWidth(line+" · "+h) > w:
			lines = append(lines, line)
			line = h
		default:
			line += " · " + h
		}
	}
	return append(lines, line)
}

// nbHyphen is U+2011, one column wide like the hyphen it stands for in KeepHyphens.
const nbHyphen = '\u2011'

// KeepHyphens swaps each hyphen inside a word (between letters or digits: ids, dates,
// tags) for a non-breaking one of the same width, so a wrapper that breaks after
// hyphens (ansi.Wrap, glamour) leaves the word whole; restore turns the wrapped text
// back. A text that has a non-breaking hyphen of its own is left as it is, since
// restore would change it. Hyphens with a space beside them (a list's bullet, a
// rule) stay as they are.
func KeepHyphens(s string) (kept string, restore func(string) string) {
	same := func(s string) string { return s }
	if !strings.ContainsRune(s, '-') || strings.ContainsRune(s, nbHyphen) {
		return s, same
	}
	rs := []rune(s)
	word := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	changed := false
	for i := 1; i < len(rs)-1; i++ {
		if rs[i] == '-' && word(rs[i-1]) && word(rs[i+1]) {
			rs[i], changed = nbHyphen, true
		}
	}
	if !changed {
		return s, same
	}
	return string(rs), func(s string) string { return strings.ReplaceAll(s, string(nbHyphen), "-") }
}

// Lines builds a pane's lines at one width: each line fitted to it, long text wrapped
// whole (nothing is cut).
type Lines struct {
	Width int
	Out   []string
}

// Add appends s fitted to the width.
func (b *Lines) Add(s string) { b.Out = append(b.Out, Fit(s, b.Width)) }

// Wrap appends s wrapped to the width, each line styled.
func (b *Lines) Wrap(s string, style func(...string) string) {
	for _, l := range Wrap(s, b.Width, 0) {
		b.Add(style(l))
	}
}

// Append appends lines already drawn at the width.
func (b *Lines) Append(lines ...string) { b.Out = append(b.Out, lines...) }

// ParseKeyValues reads key=value lines, as a form takes metadata, headers or query
// parameters (values are strings, as the server requires).
// Blank lines are skipped; a line without "=", an empty key or a key given twice is an
// error that names the line.
func ParseKeyValues(s string) (map[string]string, error) {
	var out map[string]string
	firstLine := map[string]int{}
	for i, line := range strings.Split(s, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		switch {
		case !ok:
			return nil, fmt.Errorf("line %d: %q is not key=value", i+1, Truncate(line, 30))
		case k == "":
			return nil, fmt.Errorf("line %d: the key before = is empty", i+1)
		case firstLine[k] != 0:
			return nil, fmt.Errorf("line %d: key %q is already on line %d (keys must be unique)", i+1, Truncate(k, 30), firstLine[k])
		}
		firstLine[k] = i + 1
		if out == nil {
			out = map[string]string{}
		}
		out[k] = v
	}
	return out, nil
}

// FormatKeyValues writes m as ParseKeyValues reads it, one key=value a line in key
// order, for a form that shows what is stored.
func FormatKeyValues(m map[string]string) string {
	lines := make([]string, 0, len(m))
	for _, k := range slices.Sorted(maps.Keys(m)) {
		lines = append(lines, k+"="+m[k])
	}
	return strings.Join(lines, "\n")
}
