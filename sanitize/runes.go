package sanitize

import (
	"strconv"
	"unicode"
	"unicode/utf8"
)

// maxMarks is how many combining marks may stay on one character. Real scripts stack
// two or three (Vietnamese, Hebrew points, Tibetan); beyond that a stack draws over
// the rows above and below it, and a terminal keeps only so many in one cell (tmux
// keeps about ten and drops the rest without a trace). Four marks of four bytes on a
// four-byte base still fit the smallest cell we know of.
const maxMarks = 4

// placeholderOpen and placeholderClose frame the name of a character that Text shows
// by name: single guillemets are one cell wide in every width table (not East Asian
// Ambiguous), and they do not join anything around them.
const (
	placeholderOpen  = "\u2039" // ‹
	placeholderClose = "\u203a" // ›
)

// dottedCircle carries a combining mark that has nothing to sit on, the way Unicode
// charts show one, so the mark cannot land on whatever the UI drew before the text.
const dottedCircle = "\u25cc" // ◌

// escapePicture is how ESC (and the first half of a C1 control) is shown.
const escapePicture = "\u241b" // ␛

// simple reports whether r, a rune above ASCII, may be written as it is with no look at
// its neighbours: it is assigned, it joins nothing before or after it, and every width
// table agrees on it. The ranges are the common ones (Latin, Cyrillic, punctuation,
// CJK, kana, Hangul syllables, and the glyphs Text writes itself); a rune outside them
// is not suspect, it just takes the careful path.
func simple(r rune) bool {
	switch {
	case r >= 0xa0 && r < 0x300:
		return r != 0xad // soft hyphen
	case r >= 0x400 && r <= 0x482, // Cyrillic letters (the marks start at U+0483)
		r >= 0x2010 && r <= 0x2027, r >= 0x2030 && r <= 0x205e, // general punctuation
		r >= 0x2190 && r <= 0x21ff,                             // arrows
		r >= 0x2400 && r <= 0x2426,                             // control pictures
		r >= 0x2500 && r <= 0x25ff,                             // box drawing, blocks, shapes
		r >= 0x3041 && r <= 0x3096, r >= 0x30a1 && r <= 0x30fa, // kana (not the voicing marks)
		r >= 0x4e00 && r <= 0x9fff, // CJK unified ideographs
		r >= 0xac00 && r <= 0xd7a3, // Hangul syllables
		r == utf8.RuneError:
		return true
	}
	return false
}

// invisible reports whether r draws nothing: format characters (joiners, bidi
// controls, the BOM, tag characters), variation selectors and the other
// default-ignorable code points (Hangul fillers, the combining grapheme joiner, Khmer
// inherent vowels). Text shows each by name, since something that draws nothing is
// exactly what a curator cannot otherwise see.
func invisible(r rune) bool {
	return unicode.In(r, unicode.Cf, unicode.Variation_Selector, unicode.Other_Default_Ignorable_Code_Point)
}

// visible reports whether r, a character above ASCII that is not a control, draws
// something: it is neither invisible nor unassigned. It is the two at the cost of one
// look-up for most characters, letters first.
func visible(r rune) bool {
	return unicode.In(r, unicode.L, unicode.S, unicode.M, unicode.N, unicode.P, unicode.Zs, unicode.Co) &&
		!unicode.In(r, unicode.Variation_Selector, unicode.Other_Default_Ignorable_Code_Point)
}

// unassigned reports whether r has no character in this build's Unicode tables
// (including the noncharacters U+FFFE, U+FFFF). No font draws it and width tables
// disagree on it; its code point is all there is to show.
func unassigned(r rune) bool {
	// unicode.C takes in the unassigned code points too, so list the assigned kinds.
	return !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z,
		unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs)
}

// prepend reports whether r is a letter that joins the character after it into one
// grapheme cluster (Grapheme_Cluster_Break=Prepend, other than the format characters,
// which are shown by name anyway). A terminal that counts code points gives the pair
// two cells where the grapheme count gives one.
func prepend(r rune) bool {
	switch {
	case r == 0x0d4e, r == 0x111c2, r == 0x111c3, r == 0x1193f, r == 0x11941,
		r >= 0x11a84 && r <= 0x11a89, r == 0x11d46, r == 0x11f02:
		return true
	}
	return false
}

// hangulJoiner reports whether r is a conjoining Hangul vowel or final consonant
// (jamo V or T). Alone, a grapheme count gives it a cell and a code-point count none;
// after a leading consonant it is the other way round.
func hangulJoiner(r rune) bool {
	return r >= 0x1160 && r <= 0x11ff || r >= 0xd7b0 && r <= 0xd7ff
}

// hangulLeading reports whether r is a conjoining Hangul leading consonant (jamo L),
// which joins a following Hangul letter into one cluster.
func hangulLeading(r rune) bool {
	return r >= 0x1100 && r <= 0x115f || r >= 0xa960 && r <= 0xa97f
}

// hangul reports whether r is a Hangul letter a leading consonant can join.
func hangul(r rune) bool {
	return hangulLeading(r) || hangulJoiner(r) || r >= 0xac00 && r <= 0xd7a3
}

// linker reports whether r is a virama that joins two consonants into one conjunct
// cluster (Indic_Conjunct_Break=Linker): Devanagari, Bengali, Gujarati, Oriya, Telugu,
// Malayalam, and since Unicode 17 Myanmar, Khmer, Tai Tham, Balinese, Sundanese,
// Javanese, Meetei Mayek and a few historic scripts. The conjunct is one grapheme
// cluster, one cell wide by grapheme count, but a terminal that counts code points
// gives each consonant its own cell.
func linker(r rune) bool {
	switch r {
	case 0x094d, 0x09cd, 0x0acd, 0x0b4d, 0x0c4d, 0x0d4d, 0x1039, 0x17d2, 0x1a60, 0x1b44, 0x1bab,
		0xa9c0, 0xaaf6, 0x10a3f, 0x11133, 0x1193e, 0x11a47, 0x11a99, 0x11f42:
		return true
	}
	return false
}

// regionalIndicator reports whether r is one of the letters that pair into a flag.
func regionalIndicator(r rune) bool { return r >= 0x1f1e6 && r <= 0x1f1ff }

// mark reports whether r is a combining mark of any kind.
func mark(r rune) bool { return unicode.Is(unicode.M, r) }

// attaches reports whether r joins the character before it, whatever that is: a
// combining mark, an emoji skin tone, a halfwidth katakana voicing mark, Thai or Lao
// SARA AM. At the start of a text it would join whatever the UI drew before it.
func attaches(r rune) bool {
	switch {
	case r >= 0x1f3fb && r <= 0x1f3ff, r == 0xff9e, r == 0xff9f, r == 0x0e33, r == 0x0eb3:
		return true
	case standaloneMark(r):
		return false
	}
	return mark(r)
}

// standaloneMark reports whether r is one of the spacing marks that the grapheme rules
// leave as a cluster of their own (Grapheme_Cluster_Break=Other): Myanmar, Tai Tham,
// Tai Viet and Ahom vowel signs.
func standaloneMark(r rune) bool {
	switch r {
	case 0x102b, 0x102c, 0x1038, 0x1062, 0x1063, 0x1064, 0x1067, 0x1068, 0x1069, 0x106a, 0x106b,
		0x106c, 0x106d, 0x1083, 0x1087, 0x1088, 0x1089, 0x108a, 0x108b, 0x108c, 0x108f, 0x109a,
		0x109b, 0x109c, 0x1a61, 0x1a63, 0x1a64, 0xaa7b, 0xaa7d, 0x11720, 0x11721:
		return true
	}
	return false
}

// safeMark reports whether r is a combining mark that every terminal draws on the
// character before it, taking no cell of its own: nonspacing and enclosing marks. A
// spacing mark (category Mc) takes a cell where a terminal counts code points and
// none where it counts grapheme clusters, so it is not safe.
func safeMark(r rune) bool {
	return unicode.In(r, unicode.Mn, unicode.Me) &&
		!unicode.In(r, unicode.Variation_Selector, unicode.Other_Default_Ignorable_Code_Point)
}

// decomposedAm returns the two characters that Thai and Lao SARA AM are made of: a
// nonspacing nikhahit and a spacing sara aa, which draw exactly like SARA AM. SARA AM
// itself is a spacing mark (one cell per code point, none per cluster), so it is
// written as its parts: the same glyphs, the same width everywhere.
func decomposedAm(r rune) string {
	switch r {
	case 0x0e33:
		return "\u0e4d\u0e32"
	case 0x0eb3:
		return "\u0ecd\u0eb2"
	}
	return ""
}

// tag reports whether r is a tag character that mirrors printable ASCII (U+E0020 to
// U+E007E). These draw nothing, but language models read them as text, which makes
// them a way to smuggle instructions past a human reader.
func tag(r rune) bool { return r >= 0xe0020 && r <= 0xe007e }

// abbreviation returns the standard abbreviation of an invisible character that a
// reader may know (ZWJ, RLO, BOM...), or "".
func abbreviation(r rune) string {
	switch r {
	case 0x00ad:
		return "SHY"
	case 0x034f:
		return "CGJ"
	case 0x061c:
		return "ALM"
	case 0x180e:
		return "MVS"
	case 0x180f:
		return "FVS4"
	case 0x200b:
		return "ZWSP"
	case 0x200c:
		return "ZWNJ"
	case 0x200d:
		return "ZWJ"
	case 0x200e:
		return "LRM"
	case 0x200f:
		return "RLM"
	case 0x202a:
		return "LRE"
	case 0x202b:
		return "RLE"
	case 0x202c:
		return "PDF"
	case 0x202d:
		return "LRO"
	case 0x202e:
		return "RLO"
	case 0x2060:
		return "WJ"
	case 0x2066:
		return "LRI"
	case 0x2067:
		return "RLI"
	case 0x2068:
		return "FSI"
	case 0x2069:
		return "PDI"
	case 0xfeff:
		return "BOM"
	}
	return ""
}

// appendName appends the name Text shows for a character it does not draw: its
// abbreviation, a variation selector's number (VS1 to VS256, FVS1 to FVS3), or else
// its code point.
func appendName(b []byte, r rune) []byte {
	if a := abbreviation(r); a != "" {
		return append(b, a...)
	}
	switch {
	case r >= 0xfe00 && r <= 0xfe0f:
		return strconv.AppendInt(append(b, "VS"...), int64(r-0xfe00+1), 10)
	case r >= 0xe0100 && r <= 0xe01ef:
		return strconv.AppendInt(append(b, "VS"...), int64(r-0xe0100+17), 10)
	case r >= 0x180b && r <= 0x180d:
		return strconv.AppendInt(append(b, "FVS"...), int64(r-0x180b+1), 10)
	}
	return appendCodePoint(b, r)
}

// appendPlaceholder appends how Text shows r by name: ‹ZWJ›, ‹VS16›, ‹U+093F›.
func appendPlaceholder(b []byte, r rune) []byte {
	return append(appendName(append(b, placeholderOpen...), r), placeholderClose...)
}

// appendCodePoint writes r the way Unicode does: U+ and at least four upper-case hex
// digits.
func appendCodePoint(b []byte, r rune) []byte {
	b = append(b, "U+"...)
	n := 4
	for r>>(4*n) != 0 {
		n++
	}
	for i := n - 1; i >= 0; i-- {
		b = append(b, "0123456789ABCDEF"[r>>(4*i)&0xf])
	}
	return b
}

// codePoint is appendCodePoint as a string.
func codePoint(r rune) string { return string(appendCodePoint(nil, r)) }

// appendGoEscape writes r as a Go escape: \u and four lower-case hex digits, or \U and
// eight above the Basic Multilingual Plane.
func appendGoEscape(b []byte, r rune) []byte {
	n := 4
	if r > 0xffff {
		b, n = append(b, `\U`...), 8
	} else {
		b = append(b, `\u`...)
	}
	for i := n - 1; i >= 0; i-- {
		b = append(b, "0123456789abcdef"[r>>(4*i)&0xf])
	}
	return b
}

// appendByteEscape writes a byte that is not UTF-8 as a Go escape, \xff.
func appendByteEscape(b []byte, c byte) []byte {
	return append(b, '\\', 'x', "0123456789abcdef"[c>>4], "0123456789abcdef"[c&0xf])
}
