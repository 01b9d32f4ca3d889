package components

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"hindsight-tui/sanitize"

	"github.com/charmbracelet/x/ansi"
)

// pos is a place in the editor's text: a line index and a byte offset into that line.
// The cursor's pos is always on a grapheme cluster boundary.
type pos struct{ line, col int }

// edLine is one line of text, without its newline, and its soft-wrap cache. The cache
// is valid while width equals the editor's text width; an edit replaces the edLine, so
// the lines an edit does not touch keep their layout.
type edLine struct {
	text  string
	width int       // the text width rows were computed for; 0 means not computed
	disp  string    // the line as drawn: each cluster's drawing, in order
	rows  []wrapRow // at least one
	plain bool      // the text is printable ASCII, drawn as itself
}

// wrapRow is one screen row of a wrapped line.
type wrapRow struct {
	start  int // byte offset of its first cluster in text
	dstart int // byte offset of its drawing in disp
	cells  int // how wide it draws
}

// tabCells is how a tab draws: a fixed run of spaces, because a terminal's tab stops
// would put the text somewhere other than where the cursor maths thinks it is.
const tabCells = "    "

// clusterEnd returns the end of the grapheme cluster that starts at s[i] (i < len(s)).
func clusterEnd(s string, i int) int {
	c := s[i]
	// Two ASCII bytes are always separate clusters, except CR LF.
	if c < utf8.RuneSelf && (i+1 == len(s) || s[i+1] < utf8.RuneSelf && (c != '\r' || s[i+1] != '\n')) {
		return i + 1
	}
	g, _ := ansi.FirstGraphemeCluster(s[i:], ansi.GraphemeWidth)
	if len(g) == 0 {
		return i + 1
	}
	return i + len(g)
}

// knownBoundary reports whether offset i of s is certainly a cluster boundary without
// looking further back: the start, the end, or between two ASCII bytes (not CR LF).
func knownBoundary(s string, i int) bool {
	if i <= 0 || i >= len(s) {
		return true
	}
	a, b := s[i-1], s[i]
	return a < utf8.RuneSelf && b < utf8.RuneSelf && (a != '\r' || b != '\n')
}

// safeStart returns the nearest offset at or before i, and not before from (itself a
// boundary), where forward segmentation can start.
func safeStart(s string, from, i int) int {
	for i > from && !knownBoundary(s, i) {
		i--
	}
	return i
}

// clusterStart returns the start of the cluster that ends at boundary i (i > 0);
// from is a boundary before i, where segmentation may start, so the cost is that of
// the text between them (the editor passes the start of a wrapped row).
func clusterStart(s string, from, i int) int {
	if knownBoundary(s, i-1) {
		return i - 1
	}
	j := safeStart(s, from, i-1)
	for {
		k := clusterEnd(s, j)
		if k >= i {
			return j
		}
		j = k
	}
}

// snapCluster returns the first cluster boundary at or after i, segmenting from the
// boundary from (at or before i): after an edit joins two clusters (a ZWJ, a regional
// indicator), the cursor must not end up inside one.
func snapCluster(s string, from, i int) int {
	if knownBoundary(s, i) {
		return min(max(i, 0), len(s))
	}
	j := safeStart(s, from, i)
	for j < i {
		j = clusterEnd(s, j)
	}
	return j
}

// isSpaceCluster reports whether a cluster is whitespace: where words end and wrapping
// may break.
func isSpaceCluster(g string) bool {
	if c := g[0]; c < utf8.RuneSelf {
		return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r'
	}
	r, _ := utf8.DecodeRuneInString(g)
	return unicode.IsSpace(r)
}

// cellOf returns how cluster g draws and how many cells that takes. The drawing comes
// from the sanitizer, one cluster at a time, and the width is measured on what is
// drawn, so the cursor maths follows whatever the sanitizer decides. A cluster the
// sanitizer leaves nothing of (a control character) or that would take no cell is
// drawn as a visible stand-in: every cluster the cursor can sit on takes a cell.
func cellOf(g string) (string, int) {
	if len(g) == 1 {
		switch c := g[0]; {
		case c >= 0x20 && c < 0x7f:
			return g, 1
		case c == '\t':
			return tabCells, len(tabCells)
		}
	}
	d := sanitize.Text(g)
	if strings.IndexByte(d, '\t') >= 0 {
		d = strings.ReplaceAll(d, "\t", tabCells)
	}
	if d == "" || strings.IndexFunc(d, unicode.IsControl) >= 0 {
		d = standIn(g)
	}
	w := ansi.StringWidth(d)
	if w == 0 {
		d = "\u25cc" + d // a dotted circle carries a lone combining mark
		if w = ansi.StringWidth(d); w == 0 {
			d, w = "\ufffd", 1
		}
	}
	return d, w
}

// standIn is what a control character draws as: its Unicode control picture (␛, ␍),
// or a replacement character for the rest.
func standIn(g string) string {
	r, _ := utf8.DecodeRuneInString(g)
	switch {
	case r < 0x20:
		return string(rune(0x2400 + r))
	case r == 0x7f:
		return "\u2421"
	}
	return "\ufffd"
}

// graphemeCount counts the clusters of s.
func graphemeCount(s string) int {
	n := 0
	for i := 0; i < len(s); i = clusterEnd(s, i) {
		n++
	}
	return n
}

// graphemeOffset returns the byte offset of cluster n of s (its end when s is shorter).
func graphemeOffset(s string, n int) int {
	i := 0
	for ; n > 0 && i < len(s); n-- {
		i = clusterEnd(s, i)
	}
	return i
}

// endOf returns where text inserted at p ends.
func endOf(p pos, text string) pos {
	n := strings.Count(text, "\n")
	if n == 0 {
		return pos{p.line, p.col + len(text)}
	}
	return pos{p.line + n, len(text) - strings.LastIndexByte(text, '\n') - 1}
}

// between returns the text from p to q (p not after q).
func (e *Editor) between(p, q pos) string {
	if p.line == q.line {
		return e.lines[p.line].text[p.col:q.col]
	}
	var b strings.Builder
	b.WriteString(e.lines[p.line].text[p.col:])
	for l := p.line + 1; l < q.line; l++ {
		b.WriteByte('\n')
		b.WriteString(e.lines[l].text)
	}
	b.WriteByte('\n')
	b.WriteString(e.lines[q.line].text[:q.col])
	return b.String()
}

// replace puts text in place of the range from p to q and returns what was there.
// Every change to the text (typing, deleting, pasting, undo, redo) goes through here:
// only the lines in the range are rebuilt, so only their layout is recomputed (within
// one line, only the rows the change can move), and a multi-line text is split once
// and spliced into the line slice in one move.
func (e *Editor) replace(p, q pos, text string) string {
	removed := e.between(p, q)
	head := e.lines[p.line].text[:p.col]
	tail := e.lines[q.line].text[q.col:]
	if p.line == q.line && strings.IndexByte(text, '\n') < 0 {
		old := e.lines[p.line]
		if old.width == e.textW && old.rows != nil {
			e.lines[p.line] = rewrap(old, head+text+tail, p.col, q.col, len(text), e.textW, e.cells)
		} else {
			e.lines[p.line] = edLine{text: head + text + tail}
		}
	} else {
		parts := strings.Split(text, "\n")
		repl := make([]edLine, len(parts))
		for i, s := range parts {
			repl[i].text = s
		}
		repl[0].text = head + repl[0].text
		repl[len(repl)-1].text += tail
		e.lines = slices.Replace(e.lines, p.line, q.line+1, repl...)
	}
	e.size += len(text) - len(removed)
	return removed
}

// rowStartBefore returns the start of the wrapped row holding byte col-1 of line l:
// a cluster boundary before col from which segmentation can start.
func (e *Editor) rowStartBefore(l, col int) int {
	ln := e.wrapped(l)
	return ln.rows[rowIndex(ln.rows, max(col-1, 0))].start
}

// clusterBefore returns the start of the cluster that ends at p (p.col > 0).
func (e *Editor) clusterBefore(p pos) int {
	return clusterStart(e.lines[p.line].text, e.rowStartBefore(p.line, p.col), p.col)
}

// clampPos brings p into the text and onto a cluster boundary.
func (e *Editor) clampPos(p pos) pos {
	p.line = min(max(p.line, 0), len(e.lines)-1)
	s := e.lines[p.line].text
	p.col = min(max(p.col, 0), len(s))
	if !knownBoundary(s, p.col) {
		p.col = snapCluster(s, e.rowStartBefore(p.line, p.col+1), p.col)
	}
	return p
}

// splitText splits s into lines the way the editor holds them.
func splitText(s string) []edLine {
	parts := strings.Split(s, "\n")
	lines := make([]edLine, len(parts))
	for i, p := range parts {
		lines[i].text = p
	}
	return lines
}

// normalizeNewlines turns CR LF and lone CR (what terminals send for a pasted line
// break) into LF.
func normalizeNewlines(s string) string {
	if strings.IndexByte(s, '\r') < 0 {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}
