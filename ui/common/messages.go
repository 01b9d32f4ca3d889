package common

import (
	tea "charm.land/bubbletea/v2"

	"time"

	"hindsight-tui/client"
)

// ErrorMsg reports a failed request. The root shows it as a toast and appends it to the
// error log; Op names what the user was doing ("load banks").
type ErrorMsg struct {
	Op  string
	Err error
}

// ToastMsg shows a short message in the footer.
type ToastMsg struct {
	Text  string
	Error bool
}

// Toast returns a command that shows an info toast.
func Toast(text string) tea.Cmd { return func() tea.Msg { return ToastMsg{Text: text} } }

// BankSelectedMsg says the current bank changed; every bank-scoped pane reloads.
type BankSelectedMsg struct {
	BankID string
}

// BanksChangedMsg asks the sidebar to reload the banks list (after a create or delete).
type BanksChangedMsg struct {
	Select string // bank to select after the reload, if any
}

// OpenDialogMsg asks the root to push a dialog.
type OpenDialogMsg struct {
	Dialog Dialog
}

// CloseDialogMsg asks the root to pop the front dialog.
type CloseDialogMsg struct{}

// ConnectedMsg is sent once the server's version and features are known.
type ConnectedMsg struct {
	Version *client.Version
}

// TickMsg drives relative times ("2m ago") once a minute.
type TickMsg time.Time
