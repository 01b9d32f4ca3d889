package ui

import (
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/layout"
)

// Update routes one message. The order is fixed: sizes, then the terminal's colours,
// then input (ctrl+c, the front dialog, globals, the focused pane), then the shell's
// own messages; everything else goes to the router, which delivers it to the pane or
// dialog it belongs to and hands back what is the shell's business.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	return m.update(msg)
}

func (m Model) update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.lay = m.layoutFor(msg.Width, msg.Height)
		return m.resize(), nil
	case tea.BackgroundColorMsg:
		return m.setTheme(msg.IsDark()), nil
	case tea.KeyPressMsg:
		return m.key(msg)
	case tea.PasteMsg:
		return m.paste(msg)
	case tea.KeyReleaseMsg:
		return m, nil // not requested; no pane uses releases
	case tea.MouseClickMsg:
		return m.click(msg)
	case tea.MouseWheelMsg:
		return m.wheel(msg)
	case tea.MouseMsg:
		return m, nil // motion and release carry nothing the panes use
	case ShutdownMsg:
		return m.quit()
	case finalSavedMsg:
		m.saveErr = msg.err
		return m, nil
	case retryMsg:
		return m.retry()
	case switchProfileMsg:
		return m.switchTo(msg.to)
	case profileOpenedMsg:
		return m.profileOpened(msg)
	case versionAnsweredMsg:
		return m.checkKey(msg)
	case connectResultMsg:
		return m.connected(msg)
	case spinMsg:
		return m.spin(msg)
	case toastExpiredMsg:
		m.toasts = dropToast(m.toasts, msg.id)
		return m, nil
	case runActionMsg:
		// The palette closed before handing over its action, so an action that
		// opens a dialog opens it over the base view, not under the palette.
		return m.update(msg.msg)
	case saveDueMsg:
		var cmd tea.Cmd
		m.state, cmd = m.state.due(msg)
		return m, cmd
	case stateSavedMsg:
		if msg.err != nil {
			return m.reportError(common.ErrorMsg{Op: "save the last bank and pane", Err: msg.err})
		}
		return m, nil
	}
	if m, cmd, ok := m.action(msg); ok {
		return m, cmd
	}
	cmd, up := m.r.Route(msg)
	m, more := m.handleUp(up)
	return m, tea.Batch(cmd, more)
}

// handleUp takes what the router handed back as the shell's business.
func (m Model) handleUp(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case common.ToastMsg:
		return m.addToast(sanitize.Line(msg.Text), msg.Error)
	case common.ErrorMsg:
		return m.reportError(msg)
	case common.ShowPaneMsg:
		return m.showPane(msg)
	case common.BankSelectedMsg:
		m.bank = msg.BankID
		return m.remember()
	}
	if m, cmd, ok := m.action(msg); ok {
		return m, cmd
	}
	return m, nil
}

// resize applies the current layout: every pane gets the size inside its border.
// Below the minimum size panes keep their last size (they are not drawn), so no pane
// ever has to cope with a zero or negative size.
// layoutFor is the screen's layout at w×h, without the bank list when it is hidden.
func (m Model) layoutFor(w, h int) layout.Screen {
	l := layout.Compute(w, h)
	if m.noSidebar {
		l = l.WithoutSidebar()
	}
	return l
}

// toggleSidebar hides or shows the bank list; hiding it from the list moves the focus
// to the active pane, which then has the width.
func (m Model) toggleSidebar() (Model, tea.Cmd) {
	m.noSidebar = !m.noSidebar
	m.state.current.NoSidebar = m.noSidebar
	m.lay = m.layoutFor(m.lay.Width, m.lay.Height)
	m = m.resize()
	var cmd tea.Cmd
	if m.noSidebar && m.focus == 0 && len(m.tabs) > 0 {
		m, cmd = m.setFocus(m.active + 1)
	}
	m, save := m.remember()
	return m, tea.Batch(cmd, save)
}

func (m Model) resize() Model {
	l := m.lay
	if l.TooSmall {
		return m
	}
	frame := m.com.Styles.Pane
	fw, fh := frame.GetHorizontalFrameSize(), frame.GetVerticalFrameSize()
	m.r.Pane(sidebarID).SetSize(max(l.Sidebar.W-fw, 0), max(l.Sidebar.H-fh, 0))
	for _, s := range m.specs {
		m.r.Pane(s.ID).SetSize(max(l.Main.W-fw, 0), max(l.Main.H-fh, 0))
	}
	m.r.SetScreen(l.Width, l.Height)
	return m
}

// setTheme rebuilds the styles for a dark or light background and hands them to every
// pane and dialog, so anything drawn ahead of time is redrawn in the new colours.
func (m Model) setTheme(isDark bool) Model {
	m.isDark = isDark
	m.com.Styles = styles.New(isDark)
	m.r.SetStyles(m.com.Styles)
	return m.resize()
}

// showPane brings the pane with msg.ID forward and hands msg.Then to it alone.
func (m Model) showPane(msg common.ShowPaneMsg) (Model, tea.Cmd) {
	var focus tea.Cmd
	for i, t := range m.tabs {
		if t.ID == msg.ID {
			m, focus = m.setFocus(i + 1)
			break
		}
	}
	if msg.Then == nil {
		return m, focus
	}
	return m, tea.Batch(focus, m.r.Send(msg.ID, msg.Then))
}
