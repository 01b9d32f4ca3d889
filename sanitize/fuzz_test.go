package sanitize

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"
)

// fuzzScreenWidth is the emulated screen the fuzz tests draw lines on; lines are
// truncated to fit, one column short so the cursor never waits to wrap.
const fuzzScreenWidth = 160

func seed(f *testing.F) {
	f.Add("\x1b[31mred\x1b[0m")
	f.Add("ok\r\n\x9b")
	f.Add("a\u200d\u0301\U000E0041\u0e33")
	for _, h := range hostile {
		// The long ones make each run, and above all minimizing, slow without
		// reaching any code the short ones do not.
		if len(h.Text) < 1024 {
			f.Add(h.Text)
		}
	}
}

// FuzzText checks Text and Line on any input: no control or invisible character
// comes out, every character that went in comes out in order (as itself or by name),
// every cluster is one both kinds of terminal draw alike, and a terminal emulator
// puts each line in the cells ansi.StringWidth counts.
func FuzzText(f *testing.F) {
	seed(f)
	screen := vt.NewEmulator(fuzzScreenWidth, 1)
	f.Fuzz(func(t *testing.T, s string) {
		out := Text(s)
		if err := frameSafe(out); err != "" {
			t.Fatalf("Text(%q) = %q: %s", s, out, err)
		}
		if lost := dropped(s, out); lost != "" {
			t.Fatalf("Text(%q) = %q dropped %s", s, out, lost)
		}
		line := Line(s)
		if err := frameSafe(line); err != "" || strings.ContainsAny(line, "\n\t") {
			t.Fatalf("Line(%q) = %q: %s", s, line, err)
		}
		for _, l := range append(lines(out), line) {
			l = ansi.Truncate(l, fuzzScreenWidth-1, "")
			_, _ = screen.WriteString("\x1b[H\x1b[2K" + l)
			if got, want := screen.CursorPosition().X, ansi.StringWidth(l); got != want {
				t.Fatalf("Text(%q): line %q is %d cells by our count, the emulator moved %d", s, l, want, got)
			}
		}
	})
}

// FuzzEscaped checks the raw view: it is as safe to draw as Text, and it loses
// nothing: unescaping it gives back the input, byte for byte.
func FuzzEscaped(f *testing.F) {
	seed(f)
	f.Fuzz(func(t *testing.T, s string) {
		out := Escaped(s)
		if err := frameSafe(out); err != "" {
			t.Fatalf("Escaped(%q) = %q: %s", s, out, err)
		}
		if back, err := unescape(out); err != nil || back != s {
			t.Fatalf("Escaped(%q) = %q, which reads back as %q (%v)", s, out, back, err)
		}
	})
}

// dropped returns the first character of in that out does not show, in order, as
// itself or by name, or "".
func dropped(in, out string) string {
	pos := 0
	for i := 0; i < len(in); {
		r, size := utf8.DecodeRuneInString(in[i:])
		forms := shownAs(in, i, r, size)
		i += size
		if forms == nil {
			continue
		}
		// Between one character's form and the next, Text writes at most a dotted
		// circle or the frame of a tag run: look a few bytes ahead, not further, so a
		// lost character cannot be found in some later one's place (and so this stays
		// linear).
		end := -1
		for _, f := range forms {
			window := out[pos:min(len(out), pos+len(f)+16)]
			if j := strings.Index(window, f); j >= 0 && (end < 0 || pos+j+len(f) < end) {
				end = pos + j + len(f)
			}
		}
		if end < 0 {
			return strconv.Quote(string(r)) + " at byte " + strconv.Itoa(i-size)
		}
		pos = end
	}
	return ""
}

// shownAs lists the ways Text may show the character r that starts at in[i], or nil
// when it shows nothing for it (the CR of a CR LF).
func shownAs(in string, i int, r rune, size int) []string {
	switch {
	case r == utf8.RuneError && size == 1:
		return []string{"\ufffd"}
	case r == '\r' && strings.HasPrefix(in[i+1:], "\n"):
		return nil
	case r == '\n' || r == '\t':
		return []string{string(r)}
	case r == 0x2028 || r == 0x2029:
		return []string{"\n"}
	case r < 0x20:
		return []string{string(0x2400 + r)}
	case r == 0x7f:
		return []string{"␡"}
	case r >= 0x80 && r < 0xa0:
		return []string{"␛" + string(r-0x40)}
	case tag(r):
		return []string{string(byte(r - 0xe0000))}
	case decomposedAm(r) != "":
		am := decomposedAm(r)
		nikhahit, n := utf8.DecodeRuneInString(am)
		return []string{am, string(appendPlaceholder(nil, nikhahit)) + am[n:]}
	}
	return []string{string(r), string(appendPlaceholder(nil, r))}
}

// unescape reads Escaped's output back: \\, \xNN, \uNNNN and \UNNNNNNNN, and every
// other character as itself.
func unescape(s string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		if i+1 >= len(s) {
			return b.String(), strconv.ErrSyntax
		}
		n := map[byte]int{'\\': 0, 'x': 2, 'u': 4, 'U': 8}
		digits, ok := n[s[i+1]]
		if !ok || i+2+digits > len(s) {
			return b.String(), strconv.ErrSyntax
		}
		if digits == 0 {
			b.WriteByte('\\')
			i++
			continue
		}
		v, err := strconv.ParseUint(s[i+2:i+2+digits], 16, 32)
		if err != nil {
			return b.String(), err
		}
		if s[i+1] == 'x' {
			b.WriteByte(byte(v))
		} else {
			b.WriteRune(rune(v))
		}
		i += 1 + digits
	}
	return b.String(), nil
}
