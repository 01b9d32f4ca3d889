package uitest

import (
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/router"
)

// Hold presses keys like Keys but returns the command they lead to instead of running
// it, so a test can look at the pane while a request is out (or cancel it first); Do
// runs it later.
func (h *Host) Hold(names ...string) tea.Cmd {
	h.T.Helper()
	cmds := make([]tea.Cmd, 0, len(names))
	for _, k := range names {
		cmds = append(cmds, h.deliver(Key(k)))
	}
	return tea.Batch(cmds...)
}

// Do runs cmd as a command of the focused pane (one a test took from a pane's method,
// or held with Hold) and delivers what it leads to: its answers come back to the pane,
// its timers are held, as if the pane had returned it.
func (h *Host) Do(cmd tea.Cmd) {
	h.T.Helper()
	h.run(router.Tag(router.Pane(h.focus), cmd))
}
