// Package sanitize is the one rule for text that came from a server or a file before it
// reaches a terminal: the TUI, doctor and every command print through it. Memory text
// is untrusted input; it must never move the cursor, change colours, set the window
// title or write to the clipboard.
package sanitize

import (
	"strings"
	"unicode"

	"github.com/charmbracelet/x/ansi"
)

// Text makes text that came from the server or a file safe to draw: it strips ANSI
// escape sequences and every control character except newline and tab (carriage returns
// become newlines), so memory text can never move the cursor, change colours, set the
// window title or write to the clipboard.
func Text(s string) string {
	if isPlain(s) {
		return s
	}
	s = ansi.Strip(s)
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r == '\n' || r == '\t':
			b.WriteRune(r)
		case r == '\r':
			b.WriteRune('\n')
		case r == unicode.ReplacementChar:
			b.WriteRune(r)
		case unicode.IsControl(r), r == '\u2028', r == '\u2029':
			// dropped: C0, DEL, C1 (incl. 8-bit CSI/OSC introducers), line separators
		case unicode.Is(unicode.Cf, r) && r != '\u200d':
			// format characters (bidi overrides, zero-width joiners except ZWJ in emoji)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Line is Text for one-line contexts: newlines and tabs become spaces and
// runs of whitespace collapse.
func Line(s string) string {
	return strings.Join(strings.Fields(Text(s)), " ")
}

func isPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 || (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f {
			return false
		}
	}
	return true
}
