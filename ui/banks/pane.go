package banks

import (
	"encoding/json"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/common"
)

// action is a command-palette action; it names its pane so that, broadcast to every
// pane, only the one that offered it acts.
type action struct {
	pane common.Pane
	do   string
}

// The actions the panes offer.
const (
	doFilter  = "filter"
	doSort    = "sort"
	doRefresh = "refresh"
	doCreate  = "create"
	doEdit    = "edit"
	doDelete  = "delete"
)

// relayDialog is a dialog that runs its own request.
type relayDialog interface {
	common.Dialog
	Relay(tea.Msg) tea.Cmd
	Closed() bool
}

// dialogHolder remembers the dialog a pane opened. The root sends keys to the dialog;
// the dialog's answers and spinner ticks come back as ordinary messages, which the root
// forwards to the panes, so the pane hands them on (the dialog ignores repeats).
type dialogHolder struct {
	d relayDialog
}

func (h *dialogHolder) open(d relayDialog) tea.Cmd {
	h.d = d
	return func() tea.Msg { return common.OpenDialogMsg{Dialog: d} }
}

func (h *dialogHolder) relay(msg tea.Msg) tea.Cmd {
	if h.d == nil {
		return nil
	}
	if _, isKey := msg.(tea.KeyMsg); isKey {
		return nil
	}
	cmd := h.d.Relay(msg)
	if h.d.Closed() {
		h.d = nil
	}
	return cmd
}

// indentJSON renders v for the clipboard.
func indentJSON(v any) string {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return "{}"
	}
	return string(b)
}
