package sanitize

import (
	"strconv"
	"unicode"
	"unicode/utf8"
)

// placeholderOpen and placeholderClose frame the name of a character that Text shows
// by name: single guillemets are one cell wide in every width table (not East Asian
// Ambiguous), and they do not join anything around them.
const (
	placeholderOpen  = "\u2039" // ‹
	placeholderClose = "\u203a" // ›
)

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

// unassigned reports whether r has no character in this build's Unicode tables
// (including the noncharacters U+FFFE, U+FFFF). No font draws it and width tables
// disagree on it; its code point is all there is to show.
func unassigned(r rune) bool {
	// unicode.C takes in the unassigned code points too, so list the assigned kinds.
	return !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z,
		unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs)
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
