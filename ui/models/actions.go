package models

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// pollEvery is how often a followed refresh asks for its operation; pollTries is how
// many failed polls in a row end the following (the operations pane still has it).
const (
	pollEvery = time.Second
	pollTries = 5
)

// following is a refresh this pane started and watches until its operation ends.
type following struct {
	op     string
	name   string
	failed int // polls in a row that failed
}

// refreshStartedMsg answers a refresh request: the queued operation, or an error.
type refreshStartedMsg struct {
	bank, id, name, op string
	err                error
}

// pollMsg is the timer that asks for a followed operation again.
type pollMsg struct{ bank, id, op string }

// polledMsg answers one poll of a followed operation.
type polledMsg struct {
	bank, id, op string
	st           *client.OperationStatus
	err          error
}

// clearedMsg and deletedMsg report a model cleared or deleted.
type (
	clearedMsg struct{ bank, id, name string }
	deletedMsg struct{ bank, id, name string }
)

// nameOf is the model's name for toasts and confirmations (its id when unnamed).
func (m *Model) nameOf(id string) string {
	for i := range m.list.items {
		if mm := &m.list.items[i]; mm.ID == id {
			return common.ItemName(mm.Name, mm.ID)
		}
	}
	if m.det.model != nil && m.det.model.ID == id {
		return common.ItemName(m.det.model.Name, id)
	}
	return common.ItemName("", id)
}

// current is the model the action keys act on: the open one, else the selected one.
func (m *Model) current() *client.MentalModel {
	if m.open {
		return m.det.model
	}
	return m.selected()
}

// refresh queues a refresh of model id and follows its operation to the outcome;
// nothing under --read-only, and nothing new while one this pane started is running.
func (m *Model) refresh(id string) tea.Cmd {
	if m.c.ReadOnly || m.bank == "" || id == "" {
		return nil
	}
	name := m.nameOf(id)
	if f, ok := m.follow[id]; ok {
		return common.Toast("Already refreshing " + name + " (operation " + common.ShortID(f.op) + ")")
	}
	m.follow[id] = following{name: name}
	ctx, cancel := m.c.Context(context.Background())
	bank, cl := m.bank, m.c.Client
	return tea.Batch(func() tea.Msg {
		defer cancel()
		out, err := cl.RefreshMentalModel(ctx, bank, id)
		if err != nil {
			return refreshStartedMsg{bank: bank, id: id, name: name, err: err}
		}
		return refreshStartedMsg{bank: bank, id: id, name: name, op: out.OperationID}
	}, m.spin.Tick)
}

// onRefreshStarted announces the queued operation (the operations pane follows it
// too) and starts polling it.
func (m *Model) onRefreshStarted(msg refreshStartedMsg) tea.Cmd {
	if msg.bank != m.bank {
		return nil
	}
	if msg.err != nil {
		delete(m.follow, msg.id)
		return common.Emit(common.ErrorMsg{Op: "refresh mental model " + msg.name, Err: msg.err})
	}
	return m.startFollowing(msg.id, msg.name, msg.op, "Refreshing "+msg.name)
}

// startFollowing watches operation op, a refresh of model id, until it ends.
func (m *Model) startFollowing(id, name, op, toast string) tea.Cmd {
	m.follow[id] = following{op: op, name: name}
	return tea.Batch(
		common.Emit(common.OperationStartedMsg{BankID: m.bank, OperationID: op, Kind: "refresh_mental_model"}),
		common.Toast(toast+" (operation "+common.ShortID(op)+")…"),
		m.poll(id, op), m.spin.Tick)
}

// poll asks for a followed operation once.
func (m *Model) poll(id, op string) tea.Cmd {
	ctx, cancel := m.c.Context(context.Background())
	bank, cl := m.bank, m.c.Client
	return func() tea.Msg {
		defer cancel()
		st, err := cl.GetOperation(ctx, bank, op, false)
		return polledMsg{bank: bank, id: id, op: op, st: st, err: err}
	}
}

// onPoll runs the timer's poll if the refresh is still followed.
func (m *Model) onPoll(msg pollMsg) tea.Cmd {
	if f, ok := m.follow[msg.id]; !ok || msg.bank != m.bank || f.op != msg.op {
		return nil
	}
	return m.poll(msg.id, msg.op)
}

// onPolled waits again while the operation runs; when it has ended it says how
// (the outcome in words), keeps the outcome for the detail and loads the model again.
func (m *Model) onPolled(msg polledMsg) tea.Cmd {
	f, ok := m.follow[msg.id]
	if !ok || msg.bank != m.bank || f.op != msg.op {
		return nil
	}
	if msg.err != nil {
		f.failed++
		m.follow[msg.id] = f
		if f.failed >= pollTries {
			delete(m.follow, msg.id)
			return common.Emit(common.ErrorMsg{Op: "follow the refresh of " + f.name + " (operation " + msg.op + "; the operations pane lists it)", Err: msg.err})
		}
		return m.c.After(pollEvery*time.Duration(f.failed+1), pollMsg{bank: msg.bank, id: msg.id, op: msg.op})
	}
	if !msg.st.Done() {
		f.failed = 0
		m.follow[msg.id] = f
		return m.c.After(pollEvery, pollMsg{bank: msg.bank, id: msg.id, op: msg.op})
	}
	delete(m.follow, msg.id)
	o := outcomeOf(msg.st)
	m.outcomes[msg.id] = o
	cmds := []tea.Cmd{common.Toast("Refreshed " + f.name + ": " + o.text), m.reload()}
	if m.open && m.det.id == msg.id {
		cmds = append(cmds, m.openModel(msg.id))
	}
	return tea.Batch(cmds...)
}

// outcome is how a refresh ended, in words.
type outcome struct {
	text string
	bad  bool
}

// outcomeOf reads a finished refresh operation: the outcome in its details (API §15.3),
// else its status and error.
func outcomeOf(st *client.OperationStatus) outcome {
	code := ""
	if st.Details != nil {
		code = st.Details.Outcome
	}
	if o, ok := outcomeWords(code); ok {
		return o
	}
	switch st.Status {
	case client.StatusCompleted:
		return outcome{text: "completed"}
	case client.StatusNotFound:
		return outcome{text: "the server no longer knows the operation", bad: true}
	}
	text := "refresh " + st.Status
	if st.ErrorMessage != "" {
		text += ": " + st.ErrorMessage
	}
	return outcome{text: text, bad: true}
}

// outcomeWords says a refresh outcome code (API §15.3) in words, and whether it failed.
func outcomeWords(code string) (outcome, bool) {
	switch code {
	case "content_written":
		return outcome{text: "content updated"}, true
	case "content_unchanged":
		return outcome{text: "content unchanged"}, true
	case "content_preserved_no_new_facts":
		return outcome{text: "content kept: no new facts since the last refresh"}, true
	case "refresh_failed_empty_candidate":
		return outcome{text: "refresh failed: empty candidate (content kept)", bad: true}, true
	case "refresh_failed_delta_not_applied":
		return outcome{text: "refresh failed: delta not applied (content kept)", bad: true}, true
	case "refresh_failed_structured_output":
		return outcome{text: "refresh failed: structured output (content kept)", bad: true}, true
	case "":
		return outcome{}, false
	}
	return outcome{text: code}, true
}

// confirmClear asks, naming the model, before emptying its content.
func (m *Model) confirmClear() tea.Cmd {
	mm := m.current()
	if mm == nil || m.c.ReadOnly || m.bank == "" {
		return nil
	}
	bank, id, cl, name := m.bank, mm.ID, m.c.Client, common.ItemName(mm.Name, mm.ID)
	req := func(ctx context.Context) (tea.Cmd, error) {
		if _, err := cl.ClearMentalModel(ctx, bank, id); err != nil {
			return nil, err
		}
		return common.Emit(clearedMsg{bank: bank, id: id, name: name}), nil
	}
	msg := "Clear the content of mental model " + name + "? Reflect reads it empty until the next refresh, which rebuilds it in full; its history stays."
	return common.OpenDialog(components.NewConfirm(m.c, "Clear mental model", msg, "", "clear mental model", "clear", req))
}

// confirmDelete asks, naming the model, before deleting it.
func (m *Model) confirmDelete() tea.Cmd {
	mm := m.current()
	if mm == nil || m.c.ReadOnly || m.bank == "" {
		return nil
	}
	bank, id, cl, name := m.bank, mm.ID, m.c.Client, common.ItemName(mm.Name, mm.ID)
	req := func(ctx context.Context) (tea.Cmd, error) {
		if err := cl.DeleteMentalModel(ctx, bank, id); err != nil {
			return nil, err
		}
		return common.Emit(deletedMsg{bank: bank, id: id, name: name}), nil
	}
	msg := "Delete mental model " + name + " (" + id + ")? Its content and history go, and this cannot be undone."
	return common.OpenDialog(components.NewConfirm(m.c, "Delete mental model", msg, "", "delete mental model", "delete", req))
}

// onCleared shows the emptied model.
func (m *Model) onCleared(msg clearedMsg) tea.Cmd {
	if msg.bank != m.bank {
		return nil
	}
	cmds := []tea.Cmd{common.Toast("Cleared " + msg.name + "; F refreshes it"), m.reload()}
	if m.open && m.det.id == msg.id {
		cmds = append(cmds, m.openModel(msg.id))
	}
	return tea.Batch(cmds...)
}

// onDeleted closes the deleted model and lists the others, the cursor on its row.
func (m *Model) onDeleted(msg deletedMsg) tea.Cmd {
	if msg.bank != m.bank {
		return nil
	}
	if m.open && m.det.id == msg.id {
		m.open = false
		m.det.stop()
	}
	row := m.cursor
	m.visible = m.visible[:0] // indexes into the items about to shift
	for i := range m.list.items {
		if m.list.items[i].ID == msg.id {
			m.list.items = append(m.list.items[:i:i], m.list.items[i+1:]...)
			m.list.total = max(m.list.total-1, 0)
			break
		}
	}
	m.applyFilter()
	m.moveTo(row)
	return tea.Batch(common.Toast("Deleted mental model "+msg.name), m.reload())
}
