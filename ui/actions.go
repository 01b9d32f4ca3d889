package ui

import (
	"errors"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/bankdiff"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/router"
)

// The shell's own actions. Keys and the command palette both produce these messages,
// so a global action is implemented once, in action.
type (
	quitMsg          struct{}
	showHelpMsg      struct{}
	showPaletteMsg   struct{}
	showErrorLogMsg  struct{}
	toggleThemeMsg   struct{}
	toggleSidebarMsg struct{}
	cancelConnectMsg struct{}
	cycleFocusMsg    struct{ delta int }
	focusMsg         struct{ ring int } // 0 = sidebar, n = tab n
	copyMsg          struct{ json bool }
	saveJSONMsg      struct{}
	// runActionMsg is what the palette returns for the chosen action.
	runActionMsg struct{ msg tea.Msg }
)

// action performs one of the shell's actions; ok is false for any other message.
func (m Model) action(msg tea.Msg) (Model, tea.Cmd, bool) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case quitMsg:
		m, cmd = m.quit()
	case showHelpMsg:
		cmd = m.r.OpenDialog(router.Root, newHelpDialog(m.com, m.helpGroups(), m.opts.Version))
	case showPaletteMsg:
		cmd = m.r.OpenDialog(router.Root, newPalette(m.com, m.actions()))
	case openProfilesMsg:
		cmd = m.openProfiles()
	case showErrorLogMsg:
		cmd = m.r.OpenDialog(router.Root, newErrorLogDialog(m.com, m.errs))
	case toggleSidebarMsg:
		m, cmd = m.toggleSidebar()
	case toggleThemeMsg:
		m = m.setTheme(!m.isDark)
		m, cmd = m.addToast("theme: "+themeName(m.isDark), false)
	case cancelConnectMsg:
		m = m.cancelConnect()
	case cycleFocusMsg:
		m, cmd = m.setFocus(m.cycle(msg.delta))
	case focusMsg:
		m, cmd = m.setFocus(msg.ring)
	case copyMsg:
		m, cmd = m.copySelection(msg.json)
	case saveJSONMsg:
		m, cmd = m.saveSelection()
	default:
		return m, nil, false
	}
	return m, cmd, true
}

func themeName(isDark bool) string {
	if isDark {
		return "dark"
	}
	return "light"
}

// quit writes every pane's pending drafts and the state (if anything changed), in
// that order, before the program ends. A draft that could not be written is kept as
// the model's SaveError, for the caller to report once the terminal is restored.
func (m Model) quit() (Model, tea.Cmd) {
	if m.conn.cancel != nil {
		m.conn.cancel()
	}
	save := m.draftWrites()
	drafts := func() tea.Msg { return finalSavedMsg{err: save()} }
	var state tea.Cmd
	m.state, state = m.state.flush()
	return m, tea.Sequence(drafts, state, tea.Quit)
}

// draftWrites returns the writes of every draft the panes have not saved yet, as they
// stand now, in one function to run off the UI goroutine.
func (m Model) draftWrites() func() error {
	var saves []func() error
	for _, id := range m.r.IDs() {
		if d, ok := m.r.Pane(id).(common.Drafter); ok {
			saves = append(saves, d.FinalSave())
		}
	}
	return func() error {
		var errs []error
		for _, save := range saves {
			errs = append(errs, save())
		}
		return errors.Join(errs...)
	}
}

// finalSavedMsg reports the drafts written on the way out.
type finalSavedMsg struct{ err error }

// ShutdownMsg asks the program to end as a quit key does, drafts saved first. The
// caller sends it when the process is told to stop (SIGTERM, SIGHUP, an interrupt not
// typed in the terminal).
type ShutdownMsg struct{}

// SaveError is what went wrong writing drafts on the way out, or nil.
func (m Model) SaveError() error { return m.saveErr }

// reportError logs a failed request and shows it as a toast. Cancelled requests are
// not failures: the user (or a newer request) asked for them to stop.
func (m Model) reportError(msg common.ErrorMsg) (Model, tea.Cmd) {
	if msg.Err == nil || client.IsCanceled(msg.Err) {
		return m, nil
	}
	e := entryFor(m.com.Now(), msg.Op, msg.Err, m.opts.ServerURL)
	m.errs.add(e)
	text := e.Summary
	if e.Op != "" {
		text = e.Op + ": " + text
	}
	return m.addToast(text, true)
}

// selection is the focused pane's selected item, if it has one.
func (m Model) selection() (id, what, jsonText string, ok bool) {
	c, isCopier := m.focused().(common.Copier)
	if !isCopier {
		return "", "", "", false
	}
	return c.Selection()
}

// copySelection puts the selected item's id (or JSON) on the clipboard with OSC 52,
// which works over SSH too, and says what was copied.
func (m Model) copySelection(asJSON bool) (Model, tea.Cmd) {
	id, what, jsonText, ok := m.selection()
	if !ok {
		return m.addToast("nothing selected to copy", false)
	}
	what = sanitize.Line(what)
	if asJSON {
		return m, common.Copy(jsonText, "the JSON of "+what)
	}
	kind, _, _ := strings.Cut(what, " ")
	return m, common.Copy(id, strings.TrimSpace(kind+" id "+sanitize.Line(id)))
}

// saveSelection writes the selected item's JSON to a file the user names: the
// clipboard's way out of the terminal is not always open.
func (m Model) saveSelection() (Model, tea.Cmd) {
	id, what, jsonText, ok := m.selection()
	if !ok {
		return m.addToast("nothing selected to write", false)
	}
	what = sanitize.Line(what)
	kind, _, _ := strings.Cut(what, " ")
	name := "hindsight-" + components.FileSafe(kind) + "-" + components.FileSafe(id) + ".json"
	return m, components.SaveFile(m.com, "the JSON of "+what, name, func() string { return jsonText + "\n" })
}

// actions lists everything the user can do now, for the command palette: the focused
// pane's actions first (the likeliest), then the sidebar's, then the shell's. A pane's
// action is addressed to that pane: running it delivers its message there alone.
func (m Model) actions() []common.Action {
	var out []common.Action
	paneActions := func(id string) {
		if p, ok := m.r.Pane(id).(common.Actioner); ok {
			for _, a := range p.Actions() {
				a.Msg = router.To(router.Pane(id), a.Msg)
				out = append(out, a)
			}
		}
	}
	if m.focused() != nil {
		paneActions(m.ringID(m.focus))
		if m.focus != 0 {
			paneActions(sidebarID)
		}
	}
	g := m.globalKeys()
	add := func(b key.Binding, name string, msg tea.Msg) {
		if b.Enabled() {
			out = append(out, common.Action{Name: name, Key: b.Help().Key, Msg: msg})
		}
	}
	if m.conn.phase == phaseConnected {
		if m.focus != 0 {
			out = append(out, common.Action{Name: "Go to the bank list", Msg: focusMsg{ring: 0}})
		}
		primary := m.primaryTabs()
		for i, t := range m.tabs {
			if m.focus != i+1 {
				// Only the primary tabs have a digit; a secondary pane is reached from here.
				k := ""
				if i < primary && i < 9 {
					k = strconv.Itoa(i + 1)
				}
				out = append(out, common.Action{Name: "Go to " + t.Title, Key: k, Msg: focusMsg{ring: i + 1}})
			}
			if t.ID == common.PaneEntities {
				// The tag browser lives in the entities tab, behind t; it is named here so
				// that it can be found.
				out = append(out, common.Action{Name: "Go to Tags: the bank's tags and their memories", Key: strconv.Itoa(i+1) + " t",
					Msg: common.ShowPaneMsg{ID: common.PaneEntities, Then: common.ShowTagsMsg{}}})
			}
			if t.ID == common.PaneRetain && m.focus != i+1 && !m.com.ReadOnly {
				// The preview lives in the retain editor, behind its chord; named here so
				// that it opens from anywhere.
				out = append(out, common.Action{Name: "Extraction preview: what a retain of the form would store",
					Msg: common.ShowPaneMsg{ID: common.PaneRetain, Then: common.ShowExtractionPreviewMsg{}}})
			}
		}
		out = append(out, bankdiff.PaletteActions(m.com.ReadOnly)...)
	} else {
		add(g.Refresh, "Retry the connection", retryMsg{})
	}
	add(g.NextPane, "Next pane", cycleFocusMsg{delta: 1})
	add(g.PrevPane, "Previous pane", cycleFocusMsg{delta: -1})
	add(g.CopyID, "Copy the selected id", copyMsg{})
	add(g.CopyJSON, "Copy the selected item as JSON", copyMsg{json: true})
	add(g.SaveJSON, "Write the selected item's JSON to a file", saveJSONMsg{})
	add(g.Profiles, "Switch profile…", openProfilesMsg{})
	add(g.Help, "Show all keys", showHelpMsg{})
	add(g.ErrorLog, "Show the error log", showErrorLogMsg{})
	add(g.Theme, "Switch to the "+themeName(!m.isDark)+" theme", toggleThemeMsg{})
	if m.noSidebar {
		add(g.Sidebar, "Show the bank list beside the panes", toggleSidebarMsg{})
	} else if !m.lay.Collapsed {
		add(g.Sidebar, "Hide the bank list: the panes take the width", toggleSidebarMsg{})
	}
	add(g.Quit, "Quit", quitMsg{})
	return out
}
