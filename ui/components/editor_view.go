package components

import (
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
)

// editorStyles holds the escape sequences that open and close each style the editor
// draws with, taken from the theme once, so View joins strings instead of styling
// every row through lipgloss.
type editorStyles struct {
	text, cursor, number, numberCursor, placeholder sgr
}

// sgr is a style as the sequences around a run of text.
type sgr struct{ open, close string }

func newEditorStyles(st *styles.Styles) editorStyles {
	return editorStyles{
		text:         sgrOf(st.Text),
		cursor:       sgrOf(st.Text.Reverse(true)),
		number:       sgrOf(st.Subtle),
		numberCursor: sgrOf(st.Muted),
		placeholder:  sgrOf(st.Subtle),
	}
}

// sgrOf takes the colours and attributes of s, leaving out padding, margins and
// widths, which would add cells.
func sgrOf(s lipgloss.Style) sgr {
	plain := lipgloss.NewStyle().Foreground(s.GetForeground()).Background(s.GetBackground()).
		Bold(s.GetBold()).Faint(s.GetFaint()).Italic(s.GetItalic()).
		Underline(s.GetUnderline()).Reverse(s.GetReverse())
	out := plain.Render("x")
	i := strings.IndexByte(out, 'x')
	if i < 0 {
		return sgr{}
	}
	return sgr{out[:i], out[i+1:]}
}

// write adds s in style g.
func (g sgr) write(b *strings.Builder, s string) {
	if s == "" {
		return
	}
	b.WriteString(g.open)
	b.WriteString(s)
	b.WriteString(g.close)
}

// pad adds n spaces.
func pad(b *strings.Builder, n int) {
	const spaces = "                                                                "
	for n > 0 {
		k := min(n, len(spaces))
		b.WriteString(spaces[:k])
		n -= k
	}
}

// View draws the visible rows: exactly height lines of exactly width cells. It reads
// the layout that Update and SetSize settled and changes nothing.
func (e *Editor) View() string {
	if e.height <= 0 {
		return ""
	}
	var b strings.Builder
	b.Grow(e.height * (e.width + 32))
	curLine := e.peek(e.cur.line)
	cur := e.cursorRowIn(&curLine)
	r := e.top
	more := true
	for n := 0; n < e.height; n++ {
		if n > 0 {
			b.WriteByte('\n')
		}
		if e.width <= 0 {
			continue
		}
		if !more {
			pad(&b, e.width)
			continue
		}
		ln := e.peek(r.line)
		rows := len(ln.rows)
		if e.cursorCell(r.line, &ln) {
			rows++
		}
		e.gutter(&b, r)
		switch {
		case e.size == 0:
			e.placeholderRow(&b, n == 0)
		case r.row == len(ln.rows): // the cursor's own row after a full one
			e.st.cursor.write(&b, " ")
			pad(&b, e.textW-1)
		case e.focused && r == cur:
			e.drawCursorRow(&b, &ln, r.row)
		default:
			e.drawTextRow(&b, &ln, r.row)
		}
		if r.row+1 < rows {
			r.row++
		} else if r.line+1 < len(e.lines) {
			r = visRow{r.line + 1, 0}
		} else {
			more = false
		}
	}
	return b.String()
}

// gutter draws the line number on a line's first row and blanks under it.
func (e *Editor) gutter(b *strings.Builder, r visRow) {
	if e.gutterW == 0 {
		return
	}
	if r.row > 0 {
		pad(b, e.gutterW)
		return
	}
	num := strconv.Itoa(r.line + 1)
	pad(b, e.gutterW-1-len(num))
	style := e.st.number
	if r.line == e.cur.line {
		style = e.st.numberCursor
	}
	style.write(b, num)
	b.WriteByte(' ')
}

// rowDisp returns row k's drawing.
func rowDisp(ln *edLine, k int) string {
	if k+1 < len(ln.rows) {
		return ln.disp[ln.rows[k].dstart:ln.rows[k+1].dstart]
	}
	return ln.disp[ln.rows[k].dstart:]
}

// drawTextRow draws row k of a line without the cursor.
func (e *Editor) drawTextRow(b *strings.Builder, ln *edLine, k int) {
	d, cells := rowDisp(ln, k), ln.rows[k].cells
	if cells > e.textW { // one cluster wider than the row
		d = ansi.Truncate(d, e.textW, Ellipsis)
		cells = ansi.StringWidth(d)
	}
	e.st.text.write(b, d)
	pad(b, e.textW-cells)
}

// drawCursorRow draws row k of the cursor's line with the cursor as a reverse-video
// cell: on the cluster it is before, or on a blank cell at the end of the line.
func (e *Editor) drawCursorRow(b *strings.Builder, ln *edLine, k int) {
	row := ln.rows[k]
	s := ln.text
	dpos, cells := row.dstart, 0
	for i := row.start; i < e.cur.col; {
		next := clusterEnd(s, i)
		d, w := e.cells.cell(s[i:next], false)
		dpos += len(d)
		cells += w
		i = next
	}
	under, w := " ", 1
	if e.cur.col < len(s) {
		under, w = e.cells.cell(s[e.cur.col:clusterEnd(s, e.cur.col)], false)
	}
	full := rowDisp(ln, k)
	rest := full[min(dpos-row.dstart+len(under), len(full)):]
	if e.cur.col == len(s) {
		rest = ""
	}
	if row.cells > e.textW || cells+w > e.textW { // one cluster wider than the row
		var line strings.Builder
		e.st.text.write(&line, full[:dpos-row.dstart])
		e.st.cursor.write(&line, under)
		e.st.text.write(&line, rest)
		out := ansi.Truncate(line.String(), e.textW, Ellipsis)
		b.WriteString(out)
		pad(b, e.textW-ansi.StringWidth(out))
		return
	}
	e.st.text.write(b, full[:dpos-row.dstart])
	e.st.cursor.write(b, under)
	e.st.text.write(b, rest)
	pad(b, e.textW-max(row.cells, cells+w))
}

// placeholderRow draws the hint in the first row of an empty editor, the cursor on
// its first cell while focused.
func (e *Editor) placeholderRow(b *strings.Builder, first bool) {
	hint := ""
	if first {
		hint = Truncate(sanitize.Line(e.placeholder), e.textW)
	}
	used := 0
	if first && e.focused {
		under := " "
		if hint != "" {
			under = hint[:clusterEnd(hint, 0)]
			hint = hint[len(under):]
		}
		if ansi.StringWidth(under) > e.textW {
			under = " "
		}
		e.st.cursor.write(b, under)
		used = ansi.StringWidth(under)
	}
	e.st.placeholder.write(b, hint)
	pad(b, e.textW-used-ansi.StringWidth(hint))
}
