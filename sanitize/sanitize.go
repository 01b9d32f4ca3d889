// Package sanitize is the one rule for text that came from a server or a file before it
// reaches a terminal: the TUI, doctor and every command print through it. Memory text
// is untrusted input, and this is a tool for auditing it, so the rule has three parts.
// Nothing in the text drives the terminal: it never moves the cursor, changes colours,
// sets the window title or writes to the clipboard. Nothing is hidden: every character
// an agent would read is on the screen, as itself or by a visible name, so a prompt
// injection reads as one. And the text takes the cells ansi.StringWidth says it does
// (and so lipgloss, Fit and Truncate), in every terminal, so frames never shift.
//
// # Show, never hide
//
// Text keeps printable text, newlines and tabs (callers lay tabs out), and shows the
// rest as visible placeholders:
//
//   - ESC is ␛ (U+241B) followed by whatever came after it, as text: "\x1b[31mred" shows
//     as ␛[31mred and an unterminated "\x1b]IGNORE PREVIOUS…" as ␛]IGNORE PREVIOUS…,
//     where a terminal (or ansi.Strip) would swallow the rest of the text.
//   - Other C0 controls and DEL are their control pictures (U+2400 + c; DEL ␡): ␀ ␇ ␈.
//   - CR LF is LF. A lone CR is ␍: it would return to the start of the line and write
//     over what came before it.
//   - C1 controls (U+0080–U+009F) are ␛ and their 7-bit form, which is what they mean:
//     U+009B (CSI) is ␛[, U+009D (OSC) ␛], U+0085 (NEL) ␛E.
//   - A byte that is not UTF-8 is U+FFFD, one per byte, never dropped.
//   - U+2028 and U+2029 (line and paragraph separator) are newlines, which is what
//     they mean; HasControls and Escaped still tell them from a plain newline.
//   - Characters that draw nothing are shown by name: format characters (category Cf),
//     variation selectors and the other default-ignorable code points. Names are the
//     standard abbreviations where a reader may know one (‹ZWJ› ‹ZWNJ› ‹ZWSP› ‹WJ› ‹BOM›
//     ‹SHY› ‹CGJ› ‹LRM› ‹RLM› ‹ALM› ‹LRE› ‹RLE› ‹PDF› ‹LRO› ‹RLO› ‹LRI› ‹RLI› ‹FSI›
//     ‹PDI› ‹MVS› ‹FVS1›, ‹VS1› to ‹VS256›), else the code point: ‹U+2061›, ‹U+3164›.
//   - A run of tag characters (U+E0020–U+E007E, invisible but read by language models)
//     is spelled out as the ASCII it mirrors: ‹TAG ignore previous›.
//   - Unassigned code points and noncharacters are their code point: ‹U+0378›.
//
// A literal "‹ZWJ›" or "␛" in the text looks the same as a placeholder; HasControls
// tells them apart and Escaped is the unambiguous raw view.
//
// # One width for the app and the terminal
//
// Terminals measure text two ways: most count code points (wcwidth: xterm, tmux, VTE,
// Alacritty), some count grapheme clusters (kitty, Ghostty, WezTerm), and
// ansi.StringWidth counts clusters. They agree on a cluster that is one character
// both count alike, followed by nonspacing marks (which take no cell either way), and
// on a flag (two regional indicators: two cells either way). Text writes no other
// kind of cluster: whatever else would join one is shown by name.
//
//   - Emoji sequences keep every emoji and show what joins them: a ZWJ family
//     "👨\u200d👩\u200d👧" is 👨‹ZWJ›👩‹ZWJ›👧, "❤\ufe0f" is ❤‹VS16›, and a skin tone "👍🏽"
//     is 👍‹U+1F3FD›. A flag stays a flag; a regional indicator with no partner is
//     shown by name.
//   - A combining mark stays on its character, up to four on one character; more than
//     that (a stack that would draw over the rows around it, and that terminals cut
//     short) are shown by name. A mark with nothing to sit on (at the start of the
//     text or a line, after a tab or a placeholder) sits on a dotted circle: ◌́.
//   - Spacing marks (category Mc, the vowel signs of most Indic and South-East Asian
//     scripts) take a cell of their own by code point and none by cluster, so they are
//     shown by name: "नि" is न‹U+093F›.
//   - A virama that fuses two consonants into one conjunct is shown by name and the
//     consonants each keep their cell: "क्ष" is क‹U+094D›ष.
//   - Thai and Lao SARA AM (U+0E33, U+0EB3), a spacing mark, is written as the two
//     characters it is made of (nikhahit and sara aa), which draw the same.
//   - Prepended letters (U+0D4E and a few others), conjoining Hangul vowels and final
//     consonants, and a conjoining Hangul consonant joined to the letter after it are
//     shown by name. Precomposed Hangul syllables are untouched.
//
// No sanitizer can fix a terminal whose Unicode tables are older or newer than ours:
// it may still measure characters added or re-classified since (emoji of the newest
// Unicode versions, or the I Ching trigrams, wide since Unicode 16) differently.
package sanitize

import (
	"strings"
	"unicode/utf8"
)

// Text makes text that came from the server or a file safe and honest to draw: every
// control and invisible character becomes a visible placeholder, no printable text is
// dropped, and the result takes the cells ansi.StringWidth says in every terminal.
// Newlines and tabs are kept; the package doc lists every rule.
func Text(s string) string {
	if plain(s) {
		return s
	}
	out, more := characters(s, shown)
	if more {
		out = clusters(out, shown)
	}
	return out
}

// Line is Text for one-line contexts (a list row, a title, a chip): newlines and tabs
// become spaces and runs of whitespace collapse.
func Line(s string) string {
	fields := strings.Fields(Text(s))
	for i, f := range fields {
		// A mark that sat on a space loses it when the space goes.
		if r, _ := utf8.DecodeRuneInString(f); mark(r) {
			fields[i] = dottedCircle + f
		}
	}
	return strings.Join(fields, " ")
}

// HasControls reports whether Text would have to replace or mark anything in s: a
// control character, an escape, something invisible, or a character shown by name to
// keep the width exact. Lists use it to flag a memory whose stored text differs from
// what a plain reading of the screen suggests.
func HasControls(s string) bool {
	return !plain(s) && Text(s) != s
}

// Escaped is the raw view of s for an inspector: the text as it is stored, with every
// character that Text would replace or mark, every space but the ASCII one and every
// private-use character written as a Go escape instead (\u001b, \u0000, \u200d,
// \U000e0041; as in Go source, \x only for a byte that is not UTF-8: \xff) and every
// backslash doubled, so that nothing in it is ambiguous and it reads back to the exact
// bytes. Newlines and tabs are kept. Like Text, it is safe to draw and takes the cells
// ansi.StringWidth says.
func Escaped(s string) string {
	if plain(s) && strings.IndexByte(s, '\\') < 0 {
		return s
	}
	out, more := characters(s, escaped)
	if more {
		out = clusters(out, escaped)
	}
	return out
}

// plain reports whether s is printable ASCII, newlines and tabs: the common case,
// which Text returns as it is.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x7f || c < 0x20 && c != '\n' && c != '\t' {
			return false
		}
	}
	return true
}
