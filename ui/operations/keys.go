package operations

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// The pane's actions, done by its keys and, as the kind of a common.ActionMsg, by the
// command palette.
const (
	doRefresh   = "refresh"
	doPause     = "pause"
	doStatus    = "status"      // cycle the status filter
	doType      = "type"        // cycle the type filter
	doSetStatus = "set status:" // followed by the status to filter on ("" for all)
	doSetType   = "set type:"   // followed by the type to filter on ("" for all)
	doParents   = "parents"
	doCancel    = "cancel"
	doRetry     = "retry"
	doDelete    = "delete"
	doPayload   = "payload"
	doDetail    = "detail"
	doOpen      = "open"
)

// do performs an action.
func (m *Model) do(kind string) tea.Cmd {
	if m.bank == "" {
		return nil
	}
	if v, ok := strings.CutPrefix(kind, doSetStatus); ok {
		return m.setFilter(func(f *filters) { f.status = v })
	}
	if v, ok := strings.CutPrefix(kind, doSetType); ok {
		return m.setFilter(func(f *filters) { f.typ = v })
	}
	switch kind {
	case doRefresh:
		return m.refresh(true)
	case doPause:
		return m.togglePause()
	case doStatus:
		return m.setFilter(func(f *filters) { f.status = next(statusValues(), f.status) })
	case doType:
		return m.setFilter(func(f *filters) { f.typ = next(typeValues(), f.typ) })
	case doParents:
		return m.setFilter(func(f *filters) { f.excludeParents = !f.excludeParents })
	case doCancel:
		return m.confirmAction(actCancel)
	case doRetry:
		return m.confirmAction(actRetry)
	case doDelete:
		return m.confirmAction(actDelete)
	case doPayload:
		if r := m.selected(); r != nil {
			m.det.payload[r.op.ID] = true
			if e := m.det.entries[r.op.ID]; e != nil && (e.err != nil || e.stopped) {
				delete(m.det.entries, r.op.ID)
			}
			if !m.detailVisible() {
				m.detailToggled = !m.detailToggled
			}
		}
	case doDetail:
		m.detailToggled = !m.detailToggled
	case doOpen:
		if !m.detailVisible() {
			m.detailToggled = !m.detailToggled
		}
	}
	return nil
}

// refresh reloads the list now; what failed to load is asked for again.
func (m *Model) refresh(visible bool) tea.Cmd {
	for id, e := range m.det.entries {
		if e.err != nil || e.stopped {
			delete(m.det.entries, id)
		}
	}
	m.err = nil
	return m.startLoad(visible)
}

// setFilter changes the server-side filters and lists again from the top.
func (m *Model) setFilter(change func(*filters)) tea.Cmd {
	f := m.filter
	change(&f)
	if f == m.filter {
		return nil
	}
	m.filter = f
	m.cursor, m.offset, m.want = 0, 0, pageSize
	m.relist = m.list != nil
	m.notice = notice{}
	return m.startLoad(true)
}

// handleKey routes a key press.
func (m *Model) handleKey(k tea.KeyPressMsg) tea.Cmd {
	kl, ko := m.keys.List, m.keys.Operations
	a := m.do
	if !key.Matches(k, kl.Up, kl.Down, kl.PageUp, kl.PageDown, kl.Top, kl.Bottom) {
		m.notice = notice{} // a notice stays until the user does something else
	}
	switch {
	case key.Matches(k, ko.Stop) && (m.load.busy || m.detailBusy()):
		return m.stopByUser()
	case key.Matches(k, kl.Back) && m.width < sideBySide && m.detailToggled:
		m.detailToggled = false
	case key.Matches(k, m.keys.Global.Refresh):
		return a(doRefresh)
	case key.Matches(k, ko.Pause):
		return a(doPause)
	case key.Matches(k, ko.Status):
		return a(doStatus)
	case key.Matches(k, ko.Type):
		return a(doType)
	case key.Matches(k, ko.Parents):
		return a(doParents)
	case key.Matches(k, ko.Cancel):
		return a(doCancel)
	case key.Matches(k, ko.Retry):
		return a(doRetry)
	case key.Matches(k, ko.Delete):
		return a(doDelete)
	case key.Matches(k, ko.Payload):
		return a(doPayload)
	case key.Matches(k, ko.Detail):
		return a(doDetail)
	case key.Matches(k, kl.Open):
		return a(doOpen)
	case key.Matches(k, ko.DetailDn):
		m.scrollDetail(3)
	case key.Matches(k, ko.DetailUp):
		m.scrollDetail(-3)
	case key.Matches(k, kl.Up):
		return m.moveTo(m.cursor - 1)
	case key.Matches(k, kl.Down):
		return m.moveTo(m.cursor + 1)
	case key.Matches(k, kl.PageUp):
		return m.moveTo(m.cursor - max(m.rowsH, 1))
	case key.Matches(k, kl.PageDown):
		return m.moveTo(m.cursor + max(m.rowsH, 1))
	case key.Matches(k, kl.Top):
		return m.moveTo(0)
	case key.Matches(k, kl.Bottom):
		return m.moveTo(1 << 30)
	}
	return nil
}

// stopByUser is esc while loading: the requests stop, what is shown stays, and the
// auto-refresh carries on (p pauses it).
func (m *Model) stopByUser() tea.Cmd {
	if m.detailBusy() {
		id, key := m.det.reqID, m.det.reqKey
		m.stopDetail()
		m.det.entries[id] = &detailEntry{key: key, stopped: true}
	}
	if !m.load.busy {
		return nil
	}
	m.stopLoad()
	if m.want > pageSize && m.list != nil && m.want > len(m.list.rows) {
		m.want = max(len(m.list.rows), pageSize) // "load more" was given up
	}
	return m.schedulePoll(false)
}

// selected is the selected row, or nil.
func (m *Model) selected() *row {
	if m.list == nil || m.cursor < 0 || m.cursor >= len(m.list.rows) {
		return nil
	}
	return &m.list.rows[m.cursor]
}

// selectedID is the selected operation's id ("" when none).
func (m *Model) selectedID() string {
	if r := m.selected(); r != nil {
		return r.op.ID
	}
	return ""
}

// moveTo selects row i (clamped). Reaching the last loaded row loads the next page.
func (m *Model) moveTo(i int) tea.Cmd {
	l := m.list
	if l == nil || len(l.rows) == 0 {
		return nil
	}
	m.cursor = min(max(i, 0), len(l.rows)-1)
	m.ensureVisible()
	if m.cursor == len(l.rows)-1 && len(l.rows) < l.total && !m.load.busy {
		m.want = len(l.rows) + pageSize
		return m.startLoad(true)
	}
	return nil
}

// ensureVisible scrolls the cursor into view.
func (m *Model) ensureVisible() {
	if m.list == nil {
		m.offset = 0
		return
	}
	n := max(m.rowsH, 1)
	switch {
	case m.cursor < m.offset:
		m.offset = m.cursor
	case m.cursor >= m.offset+n:
		m.offset = m.cursor - n + 1
	}
	m.offset = min(max(m.offset, 0), max(len(m.list.rows)-n, 0))
}

// listWidth is the width of the list as drawn (the rest is the detail panel).
func (m *Model) listWidth() int {
	if m.width >= sideBySide && !m.detailToggled {
		return m.width - min(max(m.width*2/5, 30), 64, m.width-minListWidth-1) - 1
	}
	return m.width
}

// click selects the row under the pointer.
func (m *Model) click(msg tea.MouseClickMsg) {
	p := msg.Mouse()
	if m.list == nil || p.X >= m.listWidth() || (m.width < sideBySide && m.detailToggled) {
		return
	}
	if i := m.offset + p.Y - m.listTop; p.Y >= m.listTop && i < len(m.list.rows) {
		m.cursor = i
		m.ensureVisible()
	}
}

// wheel moves through the list, or scrolls the panel when the pointer is over it.
func (m *Model) wheel(msg tea.MouseWheelMsg) {
	d := 0
	switch msg.Button {
	case tea.MouseWheelUp:
		d = -1
	case tea.MouseWheelDown:
		d = 1
	default:
		return
	}
	if m.detailVisible() && (m.width < sideBySide || msg.Mouse().X > m.listWidth()) {
		m.scrollDetail(3 * d)
		return
	}
	if m.list != nil && len(m.list.rows) > 0 {
		m.cursor = min(max(m.cursor+d, 0), len(m.list.rows)-1)
		m.ensureVisible()
	}
}
