package ui

import (
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/layout"
)

// Update routes one message. The order is fixed: sizes, then the terminal's colours,
// then input (ctrl+c, the front dialog, globals, the focused pane), then the shell's own
// messages; everything else goes to every pane and dialog, each of which ignores what
// it does not own.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	return m.update(msg)
}

func (m Model) update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.lay = layout.Compute(msg.Width, msg.Height)
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
	case retryMsg:
		return m.connect()
	case connectResultMsg:
		return m.connected(msg)
	case spinMsg:
		return m.spin(msg)
	case common.ToastMsg:
		return m.addToast(sanitize.Line(msg.Text), msg.Error)
	case toastExpiredMsg:
		m.toasts = dropToast(m.toasts, msg.id)
		return m, nil
	case common.ErrorMsg:
		return m.reportError(msg)
	case common.OpenDialogMsg:
		return m.openDialog(msg.Dialog), nil
	case common.CloseDialogMsg:
		return m.closeDialog(), nil
	case runActionMsg:
		// The palette ran an action: it closes first, so an action that opens a
		// dialog opens it on top of the base view, not under the palette.
		return m.closeDialog().update(msg.msg)
	case saveDueMsg:
		var cmd tea.Cmd
		m.state, cmd = m.state.due(msg)
		return m, cmd
	case stateSavedMsg:
		if msg.err != nil {
			return m.reportError(common.ErrorMsg{Op: "save the last bank and pane", Err: msg.err})
		}
		return m, nil
	case common.ShowPaneMsg:
		return m.showPane(msg)
	case common.BankSelectedMsg:
		m.bank = msg.BankID
		m, save := m.remember()
		m, cmd := m.forward(msg)
		return m, tea.Batch(save, cmd)
	}
	if m, cmd, ok := m.action(msg); ok {
		return m, cmd
	}
	return m.forward(msg)
}

// forward gives msg to every dialog and every pane; each ignores what it does not own.
func (m Model) forward(msg tea.Msg) (Model, tea.Cmd) {
	var cmds []tea.Cmd
	for i, d := range m.dialogs {
		var cmd tea.Cmd
		m.dialogs[i], cmd = d.Update(msg)
		cmds = append(cmds, cmd)
	}
	var cmd tea.Cmd
	m.sidebar, cmd = m.sidebar.Update(msg)
	cmds = append(cmds, cmd)
	for i, t := range m.allTabs {
		m.allTabs[i].pane, cmd = t.pane.Update(msg)
		cmds = append(cmds, cmd)
	}
	m.syncTabs()
	return m, tea.Batch(cmds...)
}

// syncTabs copies pane values from allTabs into the visible tabs (a pane's Update may
// return a new value).
func (m *Model) syncTabs() {
	for i := range m.tabs {
		for _, t := range m.allTabs {
			if t.spec.ID == m.tabs[i].spec.ID {
				m.tabs[i].pane = t.pane
			}
		}
	}
}

// resize applies the current layout: every pane gets the size inside its border.
// Below the minimum size panes keep their last size (they are not drawn), so no pane
// ever has to cope with a zero or negative size.
func (m Model) resize() Model {
	l := m.lay
	if l.TooSmall {
		return m
	}
	frame := m.com.Styles.Pane
	fw, fh := frame.GetHorizontalFrameSize(), frame.GetVerticalFrameSize()
	m.sidebar.SetSize(max(l.Sidebar.W-fw, 0), max(l.Sidebar.H-fh, 0))
	for _, t := range m.allTabs {
		t.pane.SetSize(max(l.Main.W-fw, 0), max(l.Main.H-fh, 0))
	}
	for _, d := range m.dialogs {
		d.SetSize(l.Width, l.Height)
	}
	return m
}

// setTheme rebuilds the styles for a dark or light background and lays the panes out
// again, so any pane that caches rendered text redraws it in the new colours.
func (m Model) setTheme(isDark bool) Model {
	m.isDark = isDark
	m.com.Styles = styles.New(isDark)
	return m.resize()
}

// openDialog pushes d in front of the others.
func (m Model) openDialog(d common.Dialog) Model {
	if d == nil {
		return m
	}
	d.SetSize(m.lay.Width, m.lay.Height)
	m.dialogs = append(m.dialogs[:len(m.dialogs):len(m.dialogs)], d)
	return m
}

// closeDialog pops the front dialog.
func (m Model) closeDialog() Model {
	if n := len(m.dialogs); n > 0 {
		m.dialogs = m.dialogs[: n-1 : n-1]
	}
	return m
}

// updateFront gives msg to the front dialog only.
func (m Model) updateFront(msg tea.Msg) (Model, tea.Cmd) {
	n := len(m.dialogs)
	d, cmd := m.dialogs[n-1].Update(msg)
	dialogs := append([]common.Dialog(nil), m.dialogs...)
	dialogs[n-1] = d
	m.dialogs = dialogs
	return m, cmd
}

// showPane brings the pane with msg.ID forward and hands msg.Then to the panes.
func (m Model) showPane(msg common.ShowPaneMsg) (Model, tea.Cmd) {
	var focus tea.Cmd
	for i, t := range m.tabs {
		if t.spec.ID == msg.ID {
			m, focus = m.setFocus(i + 1)
			break
		}
	}
	if msg.Then == nil {
		return m, focus
	}
	m, cmd := m.forward(msg.Then)
	return m, tea.Batch(focus, cmd)
}
