package sanitize

import (
	"strconv"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// checkFrameSafe fails the test unless out is something Text may return: no control
// character but newline and tab, nothing invisible, and every grapheme cluster one
// that a terminal counting code points and one counting clusters draw in the same
// number of cells, that number being what ansi.StringWidth counts.
func checkFrameSafe(t testing.TB, name, out string) {
	t.Helper()
	if err := frameSafe(out); err != "" {
		t.Errorf("%s: %q: %s", name, out, err)
	}
}

// frameSafe returns what is wrong with out, or "".
func frameSafe(out string) string {
	if !utf8.ValidString(out) {
		return "not UTF-8"
	}
	for len(out) > 0 {
		c, gw := ansi.FirstGraphemeCluster(out, ansi.GraphemeWidth)
		if len(c) == 0 {
			return "no cluster"
		}
		out = out[len(c):]
		if c == "\n" || c == "\t" {
			continue
		}
		if gw == 0 {
			return "cluster " + quote(c) + " takes no cell"
		}
		if wc := ansi.StringWidthWc(c); wc != gw {
			return "cluster " + quote(c) + " is " + itoa(gw) + " cells by cluster, " + itoa(wc) + " by code point"
		}
		marks := 0
		first, _ := utf8.DecodeRuneInString(c)
		for i, r := range c {
			switch {
			case r < 0x20 || r >= 0x7f && r < 0xa0:
				return "control " + quote(string(r))
			case invisible(r), unassigned(r), unicode.In(r, unicode.Zl, unicode.Zp):
				return "invisible " + quote(string(r))
			case i == 0:
				if attaches(r) {
					return quote(string(r)) + " with no base"
				}
			case safeMark(r):
				if marks++; marks > maxMarks {
					return "more than four marks in " + quote(c)
				}
			case i == 4 && regionalIndicator(first) && regionalIndicator(r):
				// the second half of a flag
			default:
				return quote(string(r)) + " joined to a cluster " + quote(c)
			}
		}
	}
	return ""
}

func quote(s string) string { return Escaped(s) + " (" + codePoints(s) + ")" }

func codePoints(s string) string {
	out := ""
	for i, r := range s {
		if i > 0 {
			out += " "
		}
		out += codePoint(r)
	}
	return out
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestEveryCodePoint puts every code point through Text and Escaped on its own and
// between, after and before the characters it may join: the output must always be
// frame-safe.
func TestEveryCodePoint(t *testing.T) {
	contexts := []struct{ before, after string }{
		{"", ""},
		{"a", "b"},
		{"क्", "a"},    // after a virama: a consonant here makes a conjunct
		{"\u1100", ""}, // after a leading Hangul consonant
		{"👩", ""},      // after an emoji: modifiers, selectors
		{"🇯", ""},      // after a regional indicator
		{"", "\u0301"},
	}
	failures := 0
	for r := rune(0); r <= unicode.MaxRune && failures < 20; r++ {
		if r >= 0xd800 && r <= 0xdfff {
			continue
		}
		uniform := unassigned(r) || unicode.Is(unicode.Co, r) || r >= 0x20000 && r < 0x40000
		if uniform && r&0xf != 0 && r&0xfffe != 0xfffe {
			// Unassigned and private-use code points and the CJK extension planes
			// are most of the code space and all behave alike: a sample of them,
			// with every noncharacter, stands for the rest.
			continue
		}
		cs := contexts
		if raceEnabled || uniform || simple(r) {
			cs = contexts[:2]
		}
		for _, c := range cs {
			in := c.before + string(r) + c.after
			for _, out := range []string{Text(in), Escaped(in)} {
				if err := frameSafe(out); err != "" {
					t.Errorf("%s in %q: %q: %s", codePoint(r), in, out, err)
					failures++
				}
			}
		}
	}
}

// TestJoinersMatchTheSegmenter checks the hand-kept lists of characters that join
// their neighbours (prepend, linker) against the grapheme segmenter that
// ansi.StringWidth uses, so that a newer segmenter cannot slip past them unnoticed.
// The lists only decide what stays readable: whatever they miss is still shown by name.
func TestJoinersMatchTheSegmenter(t *testing.T) {
	for r := rune(0x80); r <= unicode.MaxRune; r++ {
		if r >= 0xd800 && r <= 0xdfff || unassigned(r) || invisible(r) {
			continue
		}
		s := string(r)
		if c, _ := ansi.FirstGraphemeCluster(s+"a", ansi.GraphemeWidth); len(c) > len(s) != prepend(r) {
			t.Errorf("%s: joins the next character: %v, prepend() says %v", codePoint(r), len(c) > len(s), prepend(r))
		}
		if c, _ := ansi.FirstGraphemeCluster("a"+s, ansi.GraphemeWidth); len(c) > 1 != attaches(r) {
			t.Errorf("%s: joins the character before: %v, attaches() says %v", codePoint(r), len(c) > 1, attaches(r))
		}
		if !mark(r) {
			continue
		}
		// A linker joins two consonants of its script; Devanagari KA stands in for the
		// consonants of every script, since the segmenter checks only their class.
		for _, k := range []string{"क", "ক", "ક", "କ", "క", "ക"} {
			c, _ := ansi.FirstGraphemeCluster(k+s+k, ansi.GraphemeWidth)
			if joins := len(c) == len(k+s+k); joins && !linker(r) {
				t.Errorf("%s joins %s%s%s into one cluster, linker() says no", codePoint(r), k, s, k)
			}
		}
	}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if !linker(r) {
			continue
		}
		if c, _ := ansi.FirstGraphemeCluster("क"+string(r)+"क", ansi.GraphemeWidth); c != "क"+string(r)+"क" {
			t.Errorf("%s no longer joins consonants", codePoint(r))
		}
	}
}

// TestMarksTakeNoCell checks what safeMark promises: every nonspacing or enclosing
// mark takes no cell under either width count.
func TestMarksTakeNoCell(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if !safeMark(r) {
			continue
		}
		if g, w := ansi.StringWidth("a"+string(r)), ansi.StringWidthWc(string(r)); g != 1 || w != 0 {
			t.Errorf("%s: a+mark is %d cells by cluster, the mark %d by code point", codePoint(r), g, w)
		}
	}
}

// TestSimpleIsSimple checks the fast path's promise: every rune simple() admits is
// assigned, visible, joins nothing and takes the same cells either way.
func TestSimpleIsSimple(t *testing.T) {
	for r := rune(0x80); r <= unicode.MaxRune; r++ {
		if !simple(r) || r == utf8.RuneError {
			continue
		}
		s := string(r)
		switch {
		case unassigned(r), invisible(r), mark(r), prepend(r), hangul(r) && !(r >= 0xac00 && r <= 0xd7a3):
			t.Errorf("%s is not simple", codePoint(r))
		case !widthAgrees(s):
			t.Errorf("%s: widths disagree", codePoint(r))
		}
		if c, _ := ansi.FirstGraphemeCluster("a"+s, ansi.GraphemeWidth); c != "a" {
			t.Errorf("%s joins the character before it", codePoint(r))
		}
	}
}

// TestVisible checks that visible, the first pass's quick test, is exactly "neither
// invisible nor unassigned" for every character it is asked about.
func TestVisible(t *testing.T) {
	for r := rune(0xa0); r <= unicode.MaxRune; r++ {
		if r >= 0xd800 && r <= 0xdfff || r == 0x2028 || r == 0x2029 {
			continue
		}
		if visible(r) == (invisible(r) || unassigned(r)) {
			t.Errorf("%s: visible() says %v", codePoint(r), visible(r))
		}
	}
}
