package operations

import (
	"strconv"
	"strings"
	"time"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// column is one column of the list.
type column int

const (
	colStatus column = iota
	colType
	colItems
	colProgress
	colCreated
	colUpdated
	colID
	colError
	numCols
)

// colSpec sizes a column: its smallest and preferred width, and how much it matters
// when the list is too narrow for every column (the lowest goes first).
type colSpec struct {
	title     string
	min, pref int
	prio      int
	right     bool
}

func colSpecs() [numCols]colSpec {
	return [numCols]colSpec{
		colStatus:   {title: "status", min: 12, pref: 12, prio: 100},
		colType:     {title: "type", min: 10, pref: 14, prio: 90},
		colItems:    {title: "items", min: 5, pref: 5, prio: 60, right: true},
		colProgress: {title: "progress", min: 10, pref: 18, prio: 70},
		// The list is ordered by creation: that column outlasts the last update, so the
		// dates shown are the ones the order follows.
		colCreated: {title: "created" + common.SortedDown, min: 8, pref: 8, prio: 80},
		colUpdated: {title: "updated", min: 8, pref: 8, prio: 40},
		colID:      {title: "id", min: 8, pref: 8, prio: 30},
		colError:   {title: "error", min: 20, pref: 20, prio: 50},
	}
}

// columns are the widths of the columns shown (0 = hidden) in a list of some width.
type columns [numCols]int

// layoutColumns fits the columns into w cells (one is the selection gutter): the
// least important columns go first, then the spare room widens type and progress,
// and the error column takes what is left.
func layoutColumns(w int) columns {
	specs := colSpecs()
	var c columns
	for i, s := range specs {
		c[i] = s.min
	}
	used := func() int {
		n, sum := 0, 1
		for _, x := range c {
			if x > 0 {
				n++
				sum += x
			}
		}
		return sum + n - 1
	}
	for used() > w {
		lo := -1
		for i := range c {
			if c[i] > 0 && column(i) != colStatus && (lo < 0 || specs[i].prio < specs[lo].prio) {
				lo = i
			}
		}
		if lo < 0 {
			break
		}
		c[lo] = 0
	}
	spare := max(w-used(), 0)
	grow := func(col column, to int) {
		if d := min(spare, to-c[col]); c[col] > 0 && d > 0 {
			c[col] += d
			spare -= d
		}
	}
	grow(colType, specs[colType].pref)
	grow(colError, 30)
	grow(colProgress, specs[colProgress].pref)
	if c[colError] > 0 {
		c[colError] += spare
	}
	return c
}

// rowKey is everything a row's drawing depends on besides the row itself.
type rowKey struct {
	cols     columns
	selected bool
	active   bool
	minute   int64
	frame    int // the processing glyph; 0 for rows that are not processing
	styles   *styles.Styles
}

// statusBadge is a status with its glyph; a processing operation's glyph changes with
// every refresh (frame), so a running operation visibly moves without a timer. The
// glyphs are ones common terminal fonts have.
func statusBadge(status string, frame int) string {
	glyph := "?"
	switch status {
	case client.StatusPending:
		glyph = "○"
	case client.StatusProcessing:
		glyph = string([]rune("◔◕")[frame%2])
	case client.StatusCompleted:
		glyph = "✓"
	case client.StatusFailed:
		glyph = "✗"
	case client.StatusCancelled:
		glyph = "⊘"
	}
	return glyph + " " + sanitize.Line(status)
}

// headerLine is the column titles.
func headerLine(st *styles.Styles, cols columns, w int) string {
	specs := colSpecs()
	parts := []string{" "}
	for i, cw := range cols {
		if cw == 0 {
			continue
		}
		t := components.Truncate(specs[i].title, cw)
		if specs[i].right {
			t = strings.Repeat(" ", cw-ansi.StringWidth(t)) + t
		}
		parts = append(parts, components.Fit(t, cw))
	}
	return components.Fit(st.Section.Render(parts[0]+strings.Join(parts[1:], " ")), w)
}

// renderRow draws one operation at the row's column widths.
func (m *Model) renderRow(r *row, k rowKey) string {
	st := m.c.Styles
	plain := lipgloss.NewStyle()
	text, muted, fill, errS, g, gs := st.Text, st.Muted, plain, st.FieldError, " ", plain
	badge := st.OperationStatus(r.op.Status)
	meterOn, meterOff := st.MeterOn, st.MeterOff
	if k.selected {
		g, gs, text = "▌", st.Muted, st.Bold
		if k.active {
			gs, text, fill = st.Accent, st.Selected, st.Selected
			muted, badge, errS = muted.Inherit(st.Selected), badge.Inherit(st.Selected), errS.Inherit(st.Selected)
			meterOn, meterOff = meterOn.Inherit(st.Selected), meterOff.Inherit(st.Selected)
		}
	}
	// blank is n cells of the row's fill (plain spaces unless the row is highlighted).
	blank := func(n int) string {
		if n <= 0 {
			return ""
		}
		if k.active {
			return fill.Render(strings.Repeat(" ", n))
		}
		return strings.Repeat(" ", n)
	}
	// cell fits plain text into width w in style s, padded with the row's fill.
	cell := func(s lipgloss.Style, t string, w int, right bool) string {
		t = components.Truncate(t, w)
		pad := blank(w - ansi.StringWidth(t))
		if t == "" {
			return pad
		}
		if right {
			return pad + s.Render(t)
		}
		return s.Render(t) + pad
	}
	now := m.c.Now()
	var b strings.Builder
	b.WriteString(gs.Render(g))
	first := true
	for i, w := range k.cols {
		if w == 0 {
			continue
		}
		if !first {
			b.WriteString(blank(1))
		}
		first = false
		switch column(i) {
		case colStatus:
			b.WriteString(cell(badge, statusBadge(r.op.Status, k.frame), w, false))
		case colType:
			b.WriteString(cell(text, r.typ, w, false))
		case colItems:
			if r.op.ItemsCount > 0 {
				b.WriteString(cell(text, strconv.Itoa(r.op.ItemsCount), w, true))
			} else {
				b.WriteString(cell(muted, "–", w, true))
			}
		case colProgress:
			b.WriteString(progressCell(r.op, w, text, muted, meterOn, meterOff, cell))
		case colCreated:
			b.WriteString(cell(muted, relOrDash(r.op.CreatedAt, now), w, false))
		case colUpdated:
			b.WriteString(cell(muted, relOrDash(r.op.UpdatedAt, now), w, false))
		case colID:
			b.WriteString(cell(muted, r.short, w, false))
		case colError:
			b.WriteString(cell(errS, r.errText, w, false))
		}
	}
	line := b.String()
	line += blank(k.cols.width() - ansi.StringWidth(line))
	return line
}

// width is the cells the columns take, gutter and gaps included.
func (c columns) width() int {
	n, sum := 0, 1
	for _, x := range c {
		if x > 0 {
			n++
			sum += x
		}
	}
	return sum + max(n-1, 0)
}

// progressCell is where a running operation is: a bar with processed/total and the
// stage; "queued" for a pending one; empty once finished.
func progressCell(op client.Operation, w int, text, muted, on, off lipgloss.Style,
	cell func(lipgloss.Style, string, int, bool) string) string {
	p := op.Progress
	switch {
	case op.Status == client.StatusPending:
		return cell(muted, "queued", w, false)
	case op.Status != client.StatusProcessing:
		return cell(muted, "", w, false)
	case p == nil:
		return cell(muted, "running", w, false)
	case p.Processed == nil || p.Total == nil || *p.Total <= 0:
		return cell(muted, sanitize.Line(p.Stage), w, false)
	}
	done, total := min(max(*p.Processed, 0), *p.Total), *p.Total
	rest := " " + strconv.Itoa(done) + "/" + strconv.Itoa(total)
	bw := 5
	if w < 14 {
		// Too narrow for the stage too (the detail has it): a longer bar instead.
		bw = min(max(w-len(rest), 2), 6)
	} else {
		rest += " " + sanitize.Line(p.Stage)
	}
	filled := done * bw / total
	bar := on.Render(strings.Repeat("━", filled)) + off.Render(strings.Repeat("─", bw-filled))
	return bar + cell(text, rest, max(w-bw, 0), false)
}

// relOrDash is a relative time, or a dash when the server sent none.
func relOrDash(t client.Time, now time.Time) string {
	if t.IsZero() {
		return "–"
	}
	return common.RelTime(t.Time, now)
}
