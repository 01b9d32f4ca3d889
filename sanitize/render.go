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

// orphan writes a combining mark that has nothing to sit on: on a dotted circle, or as
// an escape. It reports whether the mark now has a base.
func (w *writer) orphan(r rune, raw string) bool {
	if w.style == escaped || !safeMark(r) {
		w.replace(r)
		return false
	}
	w.b.WriteString(dottedCircle)
	w.b.WriteString(raw)
	return true
}

// characters is the first pass: it looks at one code point at a time and replaces every
// control, invisible, unassigned or always-joining character. It reports whether it kept
// a character whose neighbours matter (a mark, an emoji, an Indic letter...), in which
// case the output still needs the cluster pass.
func characters(s string, st style) (string, bool) {
	w := writer{style: st}
	w.b.Grow(len(s) + len(s)/8)
	more := false
	bare := true // a combining mark here has no character to sit on
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			switch {
			case c == '\\' && st == escaped:
				w.b.WriteString(`\\`)
				bare = false
			case c >= 0x20 && c < 0x7f:
				w.b.WriteByte(c)
				bare = false
			case c == '\n' || c == '\t':
				w.b.WriteByte(c)
				bare = true
			case c == '\r' && st == shown && i < len(s) && s[i] == '\n':
				// CR LF ends a line like LF does; the LF comes next.
			default:
				w.control(rune(c))
				bare = true
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
				bare = true
				continue
			}
			w.b.WriteRune(utf8.RuneError)
			bare = false
		case st == escaped && unicode.In(r, unicode.Zs, unicode.Co):
			// The raw view spells out spaces that look like a plain one, and
			// private-use characters, which mean whatever a font says.
			w.replace(r)
			bare = true
		case simple(r):
			w.b.WriteString(raw)
			bare = false
		case r < 0xa0:
			w.control(r)
			bare = true
		case (r == 0x2028 || r == 0x2029) && st == shown:
			w.b.WriteByte('\n')
			bare = true
		case tag(r):
			i = w.tags(s, i-size)
			bare = true
		case r == 0x2028, r == 0x2029, prepend(r), hangulJoiner(r), !visible(r):
			w.replace(r)
			bare = true
		case decomposedAm(r) != "" && st == shown:
			am := decomposedAm(r)
			if bare {
				nikhahit, size := utf8.DecodeRuneInString(am)
				w.orphan(nikhahit, am[:size])
				am = am[size:]
			}
			w.b.WriteString(am)
			more, bare = true, false
		case decomposedAm(r) != "":
			w.replace(r)
			bare = true
		case bare && attaches(r):
			bare = !w.orphan(r, raw)
			more = true
		default:
			w.b.WriteString(raw)
			more, bare = true, false
		}
	}
	return w.b.String(), more
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
