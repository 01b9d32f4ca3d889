package common

import (
	"os/exec"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
)

// Which messages reach whom is decided in package router: a pane's or a dialog's own
// messages come back to it alone; the messages below marked "broadcast" go to every
// pane (router.IsBroadcast is the one list); the rest are the root's.

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
func Toast(text string) tea.Cmd { return Emit(ToastMsg{Text: text}) }

// Copy sends text to the terminal's clipboard with OSC 52 (which works over SSH) and
// says so. It cannot know whether the terminal took it: tmux passes it on only with
// set-clipboard on, some terminals ask first or ignore it, so the toast says where the
// text was sent, not that it was copied; help says what to set.
func Copy(text, what string) tea.Cmd {
	return tea.Batch(tea.SetClipboard(text), Toast("sent "+what+" to the terminal clipboard (OSC 52)"))
}

// Emit returns a command that delivers msg.
func Emit(msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }

// BankSelectedMsg (broadcast) says the current bank changed; every bank-scoped pane
// reloads.
type BankSelectedMsg struct {
	BankID string
}

// BanksChangedMsg (broadcast) says banks were created, deleted or edited: the sidebar
// reloads the list and the overview its bank.
type BanksChangedMsg struct {
	Select  string // bank to select after the reload, if any
	Deleted string // a bank deleted here, which the reload need not say has left
}

// ConnectedMsg (broadcast) is sent once the server's version and features are known.
type ConnectedMsg struct {
	Version *client.Version
}

// ActionMsg is a command-palette action, delivered only to the pane that offered it;
// Kind says which of its actions it is.
type ActionMsg struct {
	Kind string
}

// ExecMsg asks the root to suspend the program and run Cmd (an $EDITOR, say) in the
// terminal; Done's message then comes back to whoever sent it. Use Exec to build one.
type ExecMsg struct {
	Cmd  *exec.Cmd
	Done func(error) tea.Msg
}

// Exec returns the command that runs c in the terminal and reports with done.
func Exec(c *exec.Cmd, done func(error) tea.Msg) tea.Cmd {
	return Emit(ExecMsg{Cmd: c, Done: done})
}

// MemoryChangedMsg (broadcast) says memories of a bank were written: edited,
// invalidated, restored, or new ones retained (IDs empty when they are not known
// yet). Whatever shows them reloads: the sidebar's counts, the overview, the lists,
// keeping each cursor on its memory.
type MemoryChangedMsg struct {
	BankID string
	IDs    []string
	Change MemoryChange
}

// MemoryChange is what happened to the memories of a MemoryChangedMsg.
type MemoryChange string

// The changes a MemoryChangedMsg reports.
const (
	MemoryEdited      MemoryChange = "edited"
	MemoryInvalidated MemoryChange = "invalidated"
	MemoryRestored    MemoryChange = "restored"
	MemoryRetained    MemoryChange = "retained"
)

// PinMemoryMsg (broadcast) pins a memory as expected for a bank: wherever a memory
// shows, P sends it, and the recall pane, which keeps the pins (on disk, per server
// and bank) and explains where a recall lost each, takes it. Text is the memory's
// text as it was pinned, for the explainer to show before it has read the memory.
type PinMemoryMsg struct {
	BankID, MemoryID, Text string
}

// BankHealthMsg (broadcast) says how a bank's health checks came out: Worst is "ok",
// "warn" or "fail" (package health's statuses), Failing the identifiers of the checks
// that failed. Full is false for the quick checks the bank list runs on selection
// (health.QuickChecks), true for the health pane's run of every check, which a quick
// result does not overwrite. The bank list marks a failing bank; the overview names
// the failing checks.
type BankHealthMsg struct {
	BankID  string
	Worst   string
	Failing []string
	Full    bool
}

// ReplayRecallMsg asks the recall pane to replay a logged recall (p in the audit
// log): the pane takes the request's parameters, keeps the logged answer as the
// comparison's "then", sends the exact request again and shows the fresh answer as
// "now", with what entered, left and moved. Sent inside a ShowPaneMsg to the recall
// pane.
type ReplayRecallMsg struct {
	BankID   string
	EntryID  string    // the audit entry replayed
	At       time.Time // when the logged call started
	Took     time.Duration
	Request  client.RecallRequest
	Response *client.RecallResponse
}
