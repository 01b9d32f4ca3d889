package models

import (
	"context"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
)

// A queued refresh is followed by a GET of its operation every refreshPoll, at most
// refreshPolls times (five minutes), after which the operations pane has it.
const (
	refreshPoll  = time.Second
	refreshPolls = 300
)

// refreshModelMsg asks the pane to queue a refresh of model id (the R key sends it).
type refreshModelMsg struct{ id string }

// refreshedMsg answers a refresh request.
type refreshedMsg struct {
	bank, id, name string
	resp           *client.RefreshResponse
	err            error
}

// refreshPollMsg is the timer that reads a followed refresh's operation again.
type refreshPollMsg struct {
	bank, id, name, op string
	n                  int // polls so far
}

// refreshStatusMsg answers one poll.
type refreshStatusMsg struct {
	refreshPollMsg
	st  *client.OperationStatus
	err error
}

// refresh queues a refresh of model id on the server, then follows its operation:
// a toast names it (and the operations pane lists it), another says how it ended,
// and the list reloads each time, the evidence checked again with it.
func (m *Model) refresh(id string) tea.Cmd {
	if m.c.ReadOnly || m.bank == "" || id == "" {
		return nil
	}
	name := id
	if i := slices.IndexFunc(m.list.items, func(mm client.MentalModel) bool { return mm.ID == id }); i >= 0 {
		name = common.ItemName(m.list.items[i].Name, id)
	}
	tick := m.spinTick()
	m.rot.refreshing++
	ctx, cancel := m.c.Context(context.Background())
	bank, cl := m.bank, m.c.Client
	return tea.Batch(func() tea.Msg {
		defer cancel()
		resp, err := cl.RefreshMentalModel(ctx, bank, id)
		return refreshedMsg{bank: bank, id: id, name: name, resp: resp, err: err}
	}, tick)
}

// onRefreshed says the refresh was queued and starts following it, or logs why it
// was not queued.
func (m *Model) onRefreshed(msg refreshedMsg) tea.Cmd {
	if msg.err != nil {
		m.rot.refreshing = max(m.rot.refreshing-1, 0)
		return common.Emit(common.ErrorMsg{Op: "refresh mental model " + msg.name + " of " + msg.bank, Err: msg.err})
	}
	cmds := []tea.Cmd{
		common.Toast("Refreshing " + msg.name + ": operation " + sanitize.Line(msg.resp.OperationID)),
		common.Emit(common.OperationStartedMsg{BankID: msg.bank, OperationID: msg.resp.OperationID, Kind: "refresh_mental_model"}),
		m.c.After(refreshPoll, refreshPollMsg{bank: msg.bank, id: msg.id, name: msg.name, op: msg.resp.OperationID}),
	}
	if msg.bank == m.bank {
		cmds = append(cmds, m.reload())
	}
	return tea.Batch(cmds...)
}

// pollRefresh reads the followed operation.
func (m *Model) pollRefresh(msg refreshPollMsg) tea.Cmd {
	msg.n++
	ctx, cancel := m.c.Context(context.Background())
	cl := m.c.Client
	return func() tea.Msg {
		defer cancel()
		st, err := cl.GetOperation(ctx, msg.bank, msg.op, false)
		return refreshStatusMsg{refreshPollMsg: msg, st: st, err: err}
	}
}

// onRefreshStatus waits for the next poll, or says how the refresh ended and lists
// the models again (and opens the refreshed model again if it is open).
func (m *Model) onRefreshStatus(msg refreshStatusMsg) tea.Cmd {
	if msg.err == nil && !msg.st.Done() && msg.n < refreshPolls {
		return m.c.After(refreshPoll, msg.refreshPollMsg)
	}
	m.rot.refreshing = max(m.rot.refreshing-1, 0)
	var end tea.Cmd
	switch {
	case msg.err != nil:
		end = common.Emit(common.ErrorMsg{Op: "follow the refresh of " + msg.name + " (operation " + msg.op + ")", Err: msg.err})
	case !msg.st.Done():
		end = common.Toast("The refresh of " + msg.name + " is still " + sanitize.Line(msg.st.Status) + ": the operations pane follows it")
	default:
		text, failed := refreshEnd(msg.name, msg.st)
		end = common.Emit(common.ToastMsg{Text: text, Error: failed})
	}
	if msg.bank != m.bank {
		return end
	}
	if m.open && m.det.id == msg.id {
		// Its content and history changed: the detail shows them.
		return tea.Batch(end, m.reload(), m.openModel(msg.id))
	}
	return tea.Batch(end, m.reload())
}

// refreshEnd says how a finished refresh ended, from its outcome when it has one
// ("content unchanged", "refresh failed: empty candidate").
func refreshEnd(name string, st *client.OperationStatus) (string, bool) {
	outcome := ""
	if st.Details != nil {
		outcome = st.Details.Outcome
	}
	words := func(s string) string { return strings.ReplaceAll(sanitize.Line(s), "_", " ") }
	switch {
	case client.RefreshFailed(outcome):
		return "Refresh of " + name + " failed: " + words(strings.TrimPrefix(outcome, "refresh_failed_")), true
	case st.Status == client.StatusCompleted && outcome != "":
		return "Refreshed " + name + ": " + words(outcome), false
	case st.Status == client.StatusCompleted:
		return "Refreshed " + name, false
	case st.ErrorMessage != "":
		return "Refresh of " + name + " " + words(st.Status) + ": " + sanitize.Line(st.ErrorMessage), true
	}
	return "Refresh of " + name + " " + words(st.Status), true
}
