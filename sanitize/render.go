package sanitize

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// style is how a writer shows what it does not write as itself.
type style uint8

const (
	// shown is Text's way: control pictures, ␛ and ‹names›.
	shown style = iota
	// escaped is Escaped's way: Go escapes, \u001b, \xff.
	escaped
)

// writer builds the output of one pass.
type writer struct {
	b     strings.Builder
	style style
}

// replace writes r by name (‹ZWJ›) or as an escape (\u200d).
func (w *writer) replace(r rune) {
	var buf [24]byte
	if w.style == escaped {
		w.b.Write(appendGoEscape(buf[:0], r))
		return
	}
	w.b.Write(appendPlaceholder(buf[:0], r))
}

// control writes a C0 or C1 control or DEL: its control picture (␀, ␇, ␍, ␡), ESC as ␛,
// a C1 control as ␛ and the character that makes it 7-bit (U+009B, CSI, is ␛[).
func (w *writer) control(r rune) {
	switch {
	case w.style == escaped:
		w.replace(r)
	case r < 0x20:
		w.b.WriteRune(0x2400 + r)
	case r == 0x7f:
		w.b.WriteRune(0x2421)
	default:
		w.b.WriteString(escapePicture)
		w.b.WriteByte(byte(r - 0x40))
	}
}

// characters looks at one code point at a time and replaces every control, invisible
// or unassigned character.
func characters(s string, st style) string {
	w := writer{style: st}
	w.b.Grow(len(s) + len(s)/8)
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			switch {
			case c == '\\' && st == escaped:
				w.b.WriteString(`\\`)
			case c >= 0x20 && c < 0x7f:
				w.b.WriteByte(c)
			case c == '\n' || c == '\t':
				w.b.WriteByte(c)
			case c == '\r' && st == shown && i < len(s) && s[i] == '\n':
				// CR LF ends a line like LF does; the LF comes next.
			default:
				w.control(rune(c))
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		raw := s[i : i+size]
		i += size
		switch {
		case r == utf8.RuneError && size == 1:
			if st == escaped {
				var buf [4]byte
				w.b.Write(appendByteEscape(buf[:0], c))
				continue
			}
			w.b.WriteRune(utf8.RuneError)
		case st == escaped && unicode.In(r, unicode.Zs, unicode.Co):
			// The raw view spells out spaces that look like a plain one, and
			// private-use characters, which mean whatever a font says.
			w.replace(r)
		case simple(r):
			w.b.WriteString(raw)
		case r < 0xa0:
			w.control(r)
		case (r == 0x2028 || r == 0x2029) && st == shown:
			w.b.WriteByte('\n')
		case tag(r):
			i = w.tags(s, i-size)
		case r == 0x2028, r == 0x2029, invisible(r), unassigned(r):
			w.replace(r)
		default:
			w.b.WriteString(raw)
		}
	}
	return w.b.String()
}

// tags writes the run of tag characters that starts at s[i] and returns where it ends.
// Text spells the run out as the ASCII it mirrors, ‹TAG ignore previous›, so hidden
// instructions read as what they say; Escaped writes each one.
func (w *writer) tags(s string, i int) int {
	if w.style == shown {
		w.b.WriteString(placeholderOpen + "TAG ")
	}
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !tag(r) {
			break
		}
		i += size
		if w.style == escaped {
			w.replace(r)
		} else {
			w.b.WriteByte(byte(r - 0xe0000))
		}
	}
	if w.style == shown {
		w.b.WriteString(placeholderClose)
	}
	return i
}
