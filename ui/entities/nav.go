package entities

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/keymap"
)

// moveCursor applies a list movement key to cursor over n rows (page rows in view);
// it reports whether k was one.
func moveCursor(lk keymap.List, k tea.KeyPressMsg, cursor *int, n, page int) bool {
	page = max(page, 1)
	c := *cursor
	switch {
	case key.Matches(k, lk.Up):
		c--
	case key.Matches(k, lk.Down):
		c++
	case key.Matches(k, lk.PageUp):
		c -= page
	case key.Matches(k, lk.PageDown):
		c += page
	case key.Matches(k, lk.Top):
		c = 0
	case key.Matches(k, lk.Bottom):
		c = n - 1
	default:
		return false
	}
	*cursor = max(min(c, n-1), 0)
	return true
}

// scrollTo returns the offset that keeps cursor within height rows.
func scrollTo(cursor, offset, height int) int {
	height = max(height, 1)
	if cursor < offset {
		return cursor
	}
	if cursor >= offset+height {
		return cursor - height + 1
	}
	return max(offset, 0)
}

// ensureVisible scrolls the list so the cursor is in view.
func (m *Model) ensureVisible() {
	m.cursor = max(min(m.cursor, len(m.visible)-1), 0)
	m.offset = scrollTo(m.cursor, m.offset, m.rowsHeight())
	if n := len(m.visible) - m.rowsHeight(); m.offset > n {
		m.offset = max(n, 0)
	}
}

// click selects the list row under the pointer (coordinates are pane-relative).
func (m *Model) click(msg tea.MouseClickMsg) {
	p := msg.Mouse()
	if p.Button != tea.MouseLeft || p.X >= m.listWidth() {
		return
	}
	if i := m.offset + p.Y - listTop; p.Y >= listTop && i < len(m.visible) {
		m.cursor = i
		m.zone = zoneList
	}
}

// wheel scrolls the list.
func (m *Model) wheel(msg tea.MouseWheelMsg) {
	switch msg.Mouse().Button {
	case tea.MouseWheelUp:
		m.cursor--
	case tea.MouseWheelDown:
		m.cursor++
	}
	m.ensureVisible()
}
