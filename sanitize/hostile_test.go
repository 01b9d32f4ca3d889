package sanitize

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/sanitize/hostiletext"
)

// hostile is the shared hostile text.
var hostile = hostiletext.All

// frameWidth is the width of the frames the terminal tests draw, borders included.
const frameWidth = 80

// framedRows lays text out the way the panes do: each of Text's lines (tabs as
// spaces) wrapped to the frame's inner width, plus Line and Escaped each truncated to
// one row; every row padded by our width count and framed with │ on both sides.
func framedRows(text string) []string {
	inner := frameWidth - 2
	var rows []string
	for _, l := range lines(Text(text)) {
		rows = append(rows, strings.Split(ansi.Hardwrap(l, inner, true), "\n")...)
	}
	rows = append(rows, Line(text), strings.ReplaceAll(Escaped(text), "\n", " "))
	for i, r := range rows {
		r = ansi.Truncate(strings.ReplaceAll(r, "\t", "    "), inner, "")
		rows[i] = "│" + r + strings.Repeat(" ", inner-ansi.StringWidth(r)) + "│"
	}
	return rows
}

// lines returns the lines of s with tabs laid out as spaces, the way the panes draw
// them.
func lines(s string) []string {
	return strings.Split(strings.ReplaceAll(s, "\t", "    "), "\n")
}
