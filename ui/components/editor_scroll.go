package components

import (
	"sort"
	"strconv"
)

// wrapped returns line l laid out at the text width, computing and keeping the layout
// when the cache is stale. Only Update and SetSize paths call it.
func (e *Editor) wrapped(l int) *edLine {
	ln := &e.lines[l]
	if ln.width != e.textW || ln.rows == nil {
		ln.disp, ln.rows, ln.plain = wrapLine(ln.text, e.textW, e.cells, true)
		ln.width = e.textW
	}
	return ln
}

// peek returns line l's layout without storing anything: View's read-only access.
// Layout keeps every visible line's cache fresh, so this only copies a header.
func (e *Editor) peek(l int) edLine {
	ln := e.lines[l]
	if ln.width != e.textW || ln.rows == nil {
		ln.disp, ln.rows, ln.plain = wrapLine(ln.text, e.textW, e.cells, false)
	}
	return ln
}

// rowIndex returns the row of a wrapped line that offset col is on.
func rowIndex(rows []wrapRow, col int) int {
	return sort.Search(len(rows), func(k int) bool { return rows[k].start > col }) - 1
}

// rowEnd returns the byte offset where row k of ln ends.
func rowEnd(ln *edLine, k int) int {
	if k+1 < len(ln.rows) {
		return ln.rows[k+1].start
	}
	return len(ln.text)
}

// cellsBetween is the drawn width of s[from:to].
func (e *Editor) cellsBetween(s string, from, to int) int {
	if printableASCII(s[from:to]) {
		return to - from
	}
	w := 0
	for i := from; i < to; {
		next := clusterEnd(s, i)
		_, cw := e.cells.cell(s[i:next], true)
		w += cw
		i = next
	}
	return w
}

// offsetAt returns the offset on row k of ln closest to display column x without
// passing it. The cursor stays before the row's end, which belongs to the next row,
// except on a last row with room left for it.
func (e *Editor) offsetAt(ln *edLine, k, x int) int {
	s, end := ln.text, rowEnd(ln, k)
	last := k == len(ln.rows)-1 && ln.rows[k].cells < e.textW
	i, col := ln.rows[k].start, 0
	for i < end {
		next := clusterEnd(s, i)
		_, w := e.cells.cell(s[i:next], true)
		if col+w > x || (!last && next >= end) {
			break
		}
		col += w
		i = next
	}
	return i
}

// visRow is a screen row of the text: a line and one of its wrapped rows.
type visRow struct{ line, row int }

func (r visRow) before(q visRow) bool { return r.line < q.line || r.line == q.line && r.row < q.row }

// cursorCell reports whether line l, laid out as ln, has the cursor's row after its
// last one: the cursor is at the end of the line and the last row has no cell left
// for it. Only then does the line take an extra row, so no line shows a blank row
// that is not in the text.
func (e *Editor) cursorCell(l int, ln *edLine) bool {
	return e.focused && l == e.cur.line && e.cur.col == len(ln.text) &&
		ln.rows[len(ln.rows)-1].cells >= e.textW
}

// rowCount is how many screen rows line l takes.
func (e *Editor) rowCount(l int) int {
	ln := e.wrapped(l)
	if e.cursorCell(l, ln) {
		return len(ln.rows) + 1
	}
	return len(ln.rows)
}

// next returns the row after r, false at the end of the text.
func (e *Editor) next(r visRow) (visRow, bool) {
	if r.row+1 < e.rowCount(r.line) {
		return visRow{r.line, r.row + 1}, true
	}
	if r.line+1 < len(e.lines) {
		return visRow{r.line + 1, 0}, true
	}
	return r, false
}

// prev returns the row before r, false at the start of the text.
func (e *Editor) prev(r visRow) (visRow, bool) {
	if r.row > 0 {
		return visRow{r.line, r.row - 1}, true
	}
	if r.line > 0 {
		return visRow{r.line - 1, e.rowCount(r.line-1) - 1}, true
	}
	return r, false
}

// step moves r by n rows (backwards for n < 0), stopping at either end of the text,
// and returns how many rows it moved.
func (e *Editor) step(r visRow, n int) (visRow, int) {
	moved := 0
	for ; moved < n; moved++ {
		nr, ok := e.next(r)
		if !ok {
			break
		}
		r = nr
	}
	for ; moved > n; moved-- {
		nr, ok := e.prev(r)
		if !ok {
			break
		}
		r = nr
	}
	return r, moved
}

// cursorRow returns the screen row the cursor is on.
func (e *Editor) cursorRow() visRow {
	return e.cursorRowIn(e.wrapped(e.cur.line))
}

// cursorRowIn is cursorRow with the cursor's line laid out as ln.
func (e *Editor) cursorRowIn(ln *edLine) visRow {
	if e.cursorCell(e.cur.line, ln) {
		return visRow{e.cur.line, len(ln.rows)}
	}
	return visRow{e.cur.line, rowIndex(ln.rows, e.cur.col)}
}

// layout fits the text to the size: the gutter and text widths, then the scroll
// position, so the cursor is on screen and every visible line's layout is cached
// before View reads it. Its cost follows the height, not the text: it never walks
// more than a screen of rows from the cursor or the top.
func (e *Editor) layout() {
	e.gutterW = 0
	if e.numbers {
		if g := len(strconv.Itoa(len(e.lines))) + 1; e.width-g >= 2 {
			e.gutterW = g
		}
	}
	e.textW = max(e.width-e.gutterW, 1)
	h := max(e.height, 1)

	top := visRow{min(e.top.line, len(e.lines)-1), 0}
	top.row = min(e.top.row, e.rowCount(top.line)-1)
	cur := e.cursorRow()
	if cur.before(top) {
		top = cur
	} else if r, _ := e.step(top, h-1); r.before(cur) {
		top, _ = e.step(cur, -(h - 1))
	}
	// Fill the screen: at the end of the text, show as much as fits above it.
	if _, n := e.step(top, h-1); n < h-1 {
		top, _ = e.step(top, n-(h-1))
	}
	e.top = top
}

// VisualRows is how many screen rows the text takes at the current width, counted up
// to limit: a host growing a box with its text asks for at most the box's maximum,
// so the cost stays that of a screen however long the text is.
func (e *Editor) VisualRows(limit int) int {
	if limit <= 0 {
		return 0
	}
	_, n := e.step(visRow{}, limit-1)
	return n + 1
}

// CursorOnFirstRow reports whether the cursor is on the first screen row of the text,
// and CursorOnLastRow whether it is on the last: a host that moves between fields
// with up and down leaves the editor only from there, so those keys still move
// through the text everywhere else. They look at the cursor's line alone.
func (e *Editor) CursorOnFirstRow() bool { return e.cursorRow() == visRow{} }

// CursorOnLastRow: see CursorOnFirstRow.
func (e *Editor) CursorOnLastRow() bool {
	r := e.cursorRow()
	return r.line == len(e.lines)-1 && r.row == e.rowCount(r.line)-1
}

// Scrolled reports whether the view starts below the text's first row: a host that
// marks the first row (a prompt) leaves the mark out then.
func (e *Editor) Scrolled() bool { return e.top != visRow{} }
