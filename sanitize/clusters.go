package sanitize

import (
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// clusters is the second pass: it walks the grapheme clusters of the first pass's
// output, as ansi.StringWidth (and so lipgloss) will count them, and rewrites every
// cluster that a terminal counting code points would draw wider or narrower.
func clusters(s string, st style) string {
	w := writer{style: st}
	w.b.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		// Copy what cannot be part of a larger cluster: ASCII, newline, tab and the
		// fast path's characters, unless the next character attaches to them.
		j := i
		for j < len(s) {
			r, size := rune(s[j]), 1
			if r >= utf8.RuneSelf {
				if r, size = utf8.DecodeRuneInString(s[j:]); !simple(r) {
					break
				}
			}
			if k := j + size; k < len(s) && s[k] >= utf8.RuneSelf && !simpleAt(s, k) && attachesAt(s, k) {
				break
			}
			j += size
		}
		w.b.WriteString(s[i:j])
		if i = j; i == len(s) {
			break
		}
		c, width := ansi.FirstGraphemeCluster(s[i:], ansi.GraphemeWidth)
		if len(c) == 0 {
			c = s[i : i+1]
		}
		w.cluster(c, width)
		i += len(c)
	}
	return w.b.String()
}

func simpleAt(s string, i int) bool {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return simple(r)
}

func attachesAt(s string, i int) bool {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return attaches(r)
}

// cluster writes one grapheme cluster, keeping what every terminal draws the same way:
// a character both width counts agree on, followed by at most maxMarks nonspacing
// marks, or a pair of regional indicators (a flag: two cells either way). Whatever
// else joined the cluster is shown by name: spacing marks, emoji modifiers, a
// leading Hangul consonant joined to a syllable, a virama that fuses two consonants
// (the consonants stay, each in its own cell).
//
// width is the cluster's width by grapheme count, which is its first character's.
func (w *writer) cluster(c string, width int) {
	base := true   // the next rune starts a new character
	split := false // a virama was replaced: the next letter starts a new character
	bare := false  // the last thing written was a name: a mark now has no base
	marks := 0
	for i := 0; i < len(c); {
		r, n := utf8.DecodeRuneInString(c[i:])
		raw := c[i : i+n]
		next, m := utf8.DecodeRuneInString(c[i+n:])
		switch {
		case base:
			base, marks, bare = false, 0, false
			switch {
			case attaches(r):
				if w.orphan(r, raw) {
					marks = 1
				} else {
					bare = true
				}
			case regionalIndicator(r) && regionalIndicator(next):
				w.b.WriteString(c[i : i+n+m])
				n += m
			case hangulLeading(r) && m > 0 && !mark(next):
				w.replace(r)
				base = true
			case i == 0 && width > 0 && width == ansi.StringWidthWc(raw), i > 0 && widthAgrees(raw):
				w.b.WriteString(raw)
			default:
				w.replace(r)
				bare = true
			}
		case mark(r):
			switch {
			case linker(r) && letterAfter(c[i+n:]):
				w.replace(r)
				bare, split = true, true
			case safeMark(r) && marks < maxMarks && bare:
				if w.orphan(r, raw) {
					marks, bare = 1, false
				}
			case safeMark(r) && marks < maxMarks:
				w.b.WriteString(raw)
				marks++
			default:
				w.replace(r)
				bare = true
			}
		case split:
			split, base = false, true
			continue // the letter after a replaced virama starts afresh
		default:
			w.replace(r)
			bare = true
		}
		i += n
	}
}

// widthAgrees reports whether a lone character takes the same, non-zero, number of
// cells whether a terminal counts grapheme clusters or code points.
func widthAgrees(r string) bool {
	g := ansi.StringWidth(r)
	return g > 0 && g == ansi.StringWidthWc(r)
}

// letterAfter reports whether s, the rest of a cluster, holds anything but marks.
func letterAfter(s string) bool {
	for _, r := range s {
		if !mark(r) {
			return true
		}
	}
	return false
}
