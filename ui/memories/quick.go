package memories

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
)

// quickFilter narrows the loaded rows to those containing a typed text; it never asks
// the server for anything. rows is recomputed when the text or the window changes,
// never while drawing.
type quickFilter struct {
	input   textinput.Model
	editing bool
	text    string // lower-cased; "" when off
	rows    []int  // window indices of the matching loaded rows, ascending
	pos     int    // the cursor's position in rows
	off     int    // the first row in view, as a position in rows
}

// active reports whether the quick filter hides rows.
func (q *quickFilter) active() bool { return q.text != "" }

// quickMatch reports whether mem's text, context, tags or entities contain needle
// (already lower-cased).
func quickMatch(mem *client.Memory, needle string) bool {
	if strings.Contains(strings.ToLower(mem.Text), needle) || strings.Contains(strings.ToLower(mem.Context), needle) {
		return true
	}
	for _, l := range [][]string{mem.Tags, mem.Entities} {
		for _, s := range l {
			if strings.Contains(strings.ToLower(s), needle) {
				return true
			}
		}
	}
	return false
}

// refilter recomputes the matching rows and keeps the cursor on one of them.
func (m *Model) refilter() {
	q := &m.quick
	q.rows = q.rows[:0]
	if !q.active() {
		q.rows, q.pos, q.off = nil, 0, 0
		return
	}
	pages := make([]int, 0, len(m.win.pages))
	for n := range m.win.pages {
		pages = append(pages, n)
	}
	slices.Sort(pages)
	for _, n := range pages {
		for i := range m.win.pages[n].items {
			if quickMatch(&m.win.pages[n].items[i], q.text) {
				q.rows = append(q.rows, n*pageSize+i)
			}
		}
	}
	q.pos = 0
	for p, i := range q.rows {
		if i <= m.cursor {
			q.pos = p
		}
	}
	if len(q.rows) > 0 {
		m.cursor = q.rows[q.pos]
	}
	q.off = min(q.off, q.pos)
}

// loaded is how many rows of the window are held.
func (m *Model) loaded() int {
	n := 0
	for _, p := range m.win.pages {
		n += len(p.items)
	}
	return n
}

// startQuick opens the quick filter's input.
func (m *Model) startQuick() tea.Cmd {
	m.quick.editing = true
	m.quick.input.SetValue(m.quick.text)
	m.quick.input.CursorEnd()
	return m.quick.input.Focus()
}

// quickKey edits the quick filter: every keystroke refilters; enter keeps the filter,
// esc clears it.
func (m *Model) quickKey(k tea.KeyPressMsg) tea.Cmd {
	switch k.String() {
	case "enter":
		m.quick.editing = false
		m.quick.input.Blur()
		return nil
	case "esc":
		m.quick.editing = false
		m.quick.input.Blur()
		m.quick.input.SetValue("")
		m.quick.text = ""
		m.refilter()
		return nil
	}
	var cmd tea.Cmd
	m.quick.input, cmd = m.quick.input.Update(k)
	if t := strings.ToLower(strings.TrimSpace(m.quick.input.Value())); t != m.quick.text {
		m.quick.text = t
		m.refilter()
	}
	return cmd
}

// quickMove handles a movement key while the quick filter is on: the cursor moves
// among the matching rows, and no page is requested.
func (m *Model) quickMove(k tea.KeyPressMsg) (tea.Cmd, bool) {
	kl := m.keys.List
	q := &m.quick
	page := max(m.rowsHeight()-1, 1)
	pos := q.pos
	switch {
	case key.Matches(k, kl.Down):
		pos++
	case key.Matches(k, kl.Up):
		pos--
	case key.Matches(k, kl.PageDown):
		pos += page
	case key.Matches(k, kl.PageUp):
		pos -= page
	case key.Matches(k, kl.Top):
		pos = 0
	case key.Matches(k, kl.Bottom):
		pos = len(q.rows) - 1
	default:
		return nil, false
	}
	if len(q.rows) == 0 {
		return nil, true
	}
	q.pos = min(max(pos, 0), len(q.rows)-1)
	m.cursor = q.rows[q.pos]
	return nil, true
}
