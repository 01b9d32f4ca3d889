package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/keymap"
	"hindsight-tui/ui/common"
)

// key routes a key press: ctrl+c always quits; an open dialog takes everything else;
// then the global keys, unless the focused pane is capturing text (so typing "q" in
// a filter box types a q); then the focused pane.
func (m Model) key(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	g := m.com.Keys.Global
	if key.Matches(msg, g.ForceQuit) {
		return m.quit()
	}
	if m.r.Front() != nil {
		return m, m.r.UpdateFront(msg)
	}
	p := m.focused()
	if p == nil || !p.Capturing() {
		if act, ok := m.globalFor(msg); ok {
			return m.update(act)
		}
	}
	if p == nil {
		return m, nil
	}
	return m.updateFocused(msg)
}

// paste is input like a key: it goes to the front dialog, else the focused pane.
func (m Model) paste(msg tea.PasteMsg) (Model, tea.Cmd) {
	if m.r.Front() != nil {
		return m, m.r.UpdateFront(msg)
	}
	if m.focused() == nil {
		return m, nil
	}
	return m.updateFocused(msg)
}

// globalFor maps a key to the shell's action message, if a global key that is active
// now matches.
func (m Model) globalFor(msg tea.KeyPressMsg) (tea.Msg, bool) {
	g := m.globalKeys()
	switch {
	case m.conn.phase == phaseConnecting && key.Matches(msg, m.com.Keys.List.Back):
		return cancelConnectMsg{}, true
	case key.Matches(msg, g.Quit):
		return quitMsg{}, true
	case key.Matches(msg, g.Help):
		return showHelpMsg{}, true
	case key.Matches(msg, g.Palette):
		return showPaletteMsg{}, true
	case key.Matches(msg, g.ErrorLog):
		return showErrorLogMsg{}, true
	case key.Matches(msg, g.Profiles):
		return openProfilesMsg{}, true
	case key.Matches(msg, g.Refresh):
		return retryMsg{}, true
	case key.Matches(msg, g.Theme):
		return toggleThemeMsg{}, true
	case key.Matches(msg, g.Sidebar):
		return toggleSidebarMsg{}, true
	case key.Matches(msg, g.NextPane):
		return cycleFocusMsg{delta: 1}, true
	case key.Matches(msg, g.PrevPane):
		return cycleFocusMsg{delta: -1}, true
	case key.Matches(msg, g.JumpPane):
		n := int(msg.Code - '0')
		if n < 1 || n > m.primaryTabs() {
			return nil, false
		}
		return focusMsg{ring: n}, true
	case key.Matches(msg, g.CopyID):
		return copyMsg{}, true
	case key.Matches(msg, g.CopyJSON):
		return copyMsg{json: true}, true
	case key.Matches(msg, g.SaveJSON):
		return saveJSONMsg{}, true
	}
	return nil, false
}

// globalKeys is the global key map with what cannot act now disabled, so that it does
// not fire and does not show in the help, the footer or the palette.
func (m Model) globalKeys() keymap.Global {
	g := m.navKeys()
	_, _, _, canCopy := m.selection()
	g.CopyID.SetEnabled(g.CopyID.Enabled() && canCopy)
	g.CopyJSON.SetEnabled(g.CopyJSON.Enabled() && canCopy)
	g.SaveJSON.SetEnabled(g.SaveJSON.Enabled() && canCopy)
	return g
}

// navKeys is globalKeys without asking the focused pane for its selection (which
// may build JSON), for the footer, which is drawn every frame and shows no copy keys.
func (m Model) navKeys() keymap.Global {
	g := m.com.Keys.Global
	connected := m.conn.phase == phaseConnected
	g.NextPane.SetEnabled(connected && m.ringSize() > 1)
	g.PrevPane.SetEnabled(connected && m.ringSize() > 1)
	g.JumpPane.SetEnabled(connected && m.primaryTabs() > 0)
	if n := m.primaryTabs(); n == 1 {
		g.JumpPane.SetHelp("1", "jump to pane")
	} else if n > 1 && n < 9 {
		g.JumpPane.SetHelp("1-"+string(rune('0'+n)), "jump to pane")
	}
	g.CopyID.SetEnabled(connected)
	g.CopyJSON.SetEnabled(connected)
	g.SaveJSON.SetEnabled(connected)
	g.Sidebar.SetEnabled(connected && (m.noSidebar || !m.lay.Collapsed))
	g.Profiles.SetEnabled(m.canSwitch())
	// Once connected, refreshing is the panes' business (each reloads what it
	// shows); before that, r retries the connection.
	g.Refresh.SetEnabled(!connected)
	g.Refresh.SetHelp(g.Refresh.Help().Key, "retry")
	return g
}

// focused is the pane that gets keys, or nil before the server answered.
func (m Model) focused() common.Pane {
	if m.conn.phase != phaseConnected {
		return nil
	}
	return m.r.Pane(m.ringID(m.focus))
}

// ringID is the router id of the pane at focus-ring position i (0 = the sidebar).
func (m Model) ringID(i int) string {
	if i <= 0 || i > len(m.tabs) {
		return sidebarID
	}
	return m.tabs[i-1].ID
}

// updateFocused gives msg to the focused pane.
func (m Model) updateFocused(msg tea.Msg) (Model, tea.Cmd) {
	return m, m.r.Send(m.ringID(m.focus), msg)
}

// ringSize bounds focus positions: the sidebar and every visible tab.
func (m Model) ringSize() int { return 1 + len(m.tabs) }

// primaryTabs is how many of the visible tabs are primary: they come first.
func (m Model) primaryTabs() int {
	n := 0
	for n < len(m.tabs) && !m.tabs[n].Secondary {
		n++
	}
	return n
}

// inRing reports whether tab and shift+tab stop at focus position i: the sidebar,
// the primary tabs, and a secondary pane only while it is the one open.
func (m Model) inRing(i int) bool {
	return i <= m.primaryTabs() || i == m.active+1
}

// cycle is the focus position d steps from the current one, skipping positions
// outside the ring.
func (m Model) cycle(d int) int {
	n := m.ringSize()
	i := m.focus
	for range n {
		i = ((i+d)%n + n) % n
		if m.inRing(i) {
			return i
		}
	}
	return m.focus
}

// setFocus moves focus to ring position i (0 = sidebar, n = tab n).
func (m Model) setFocus(i int) (Model, tea.Cmd) {
	if m.conn.phase != phaseConnected || i < 0 || i >= m.ringSize() {
		return m, nil
	}
	if old := m.focused(); old != nil && i != m.focus {
		old.Blur()
	}
	m.focus = i
	var save tea.Cmd
	m.state.current.Pane = sidebarStateID
	if i > 0 {
		m.active = i - 1
		m.state.current.Pane = m.tabs[m.active].ID
	}
	m, save = m.remember()
	return m, tea.Batch(m.r.Focus(m.ringID(i)), save)
}
