package operations

import (
	"context"
	"errors"
	"fmt"
	"regexp"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// opAction is one of the things the server lets a user do to an operation.
type opAction int

const (
	actCancel opAction = iota
	actRetry
	actDelete
)

// allowedFor is the server's rule (API section 10): cancel only a pending operation,
// retry only a failed or cancelled one, delete only a finished one. Anything else
// answers 409, so the pane does not offer it.
func allowedFor(a opAction, status string) bool {
	switch a {
	case actCancel:
		return status == client.StatusPending
	case actRetry:
		return status == client.StatusFailed || status == client.StatusCancelled
	case actDelete:
		return status == client.StatusCompleted || status == client.StatusFailed || status == client.StatusCancelled
	}
	return false
}

// name is the action as the error log and the sentences say it.
func (a opAction) name() string {
	return [...]string{"cancel", "retry", "delete"}[a]
}

// actionDoneMsg says the server accepted an action.
type actionDoneMsg struct {
	bank string
	id   string
	act  opAction
}

// conflictMsg says the server refused an action because the operation's state changed
// since the list was loaded: 409, or 404 when it was deleted meanwhile.
type conflictMsg struct {
	bank string
	id   string
	act  opAction
	err  error
}

// notice is a line under the header about the last action.
type notice struct {
	text  string
	isErr bool
}

// confirmAction opens the confirmation for a on the selected operation; enter sends
// the request, whose outcome the confirmation hands back as it closes. Nothing happens
// in read-only mode or when the status does not allow it.
func (m *Model) confirmAction(a opAction) tea.Cmd {
	r := m.selected()
	if r == nil || m.c.ReadOnly || !allowedFor(a, r.op.Status) {
		return nil
	}
	bank, id, cl := m.bank, r.op.ID, m.c.Client
	what := fmt.Sprintf("%s %s", r.typ, r.short)
	if r.op.ItemsCount > 0 {
		what += " (" + common.Plural(r.op.ItemsCount, "item", "items") + ")"
	}
	var title, msg, verb string
	var call func(context.Context, string, string) (*client.OperationActionResult, error)
	switch a {
	case actCancel:
		title, verb, call = "Cancel operation", "stop it", cl.CancelOperation
		msg = "Operation " + what + " has not started yet. Cancel it? It will not run; retry can queue it again."
	case actRetry:
		title, verb, call = "Retry operation", "retry", cl.RetryOperation
		msg = "Queue operation " + what + " again? Its retry count starts over."
	case actDelete:
		title, verb, call = "Delete operation record", "delete", cl.DeleteOperation
		msg = "Delete the record of operation " + what + "? Only the record goes: what the operation stored stays."
	}
	req := func(ctx context.Context) (tea.Cmd, error) {
		_, err := call(ctx, bank, id)
		switch {
		case client.IsConflict(err) || gone(err):
			return common.Emit(conflictMsg{bank: bank, id: id, act: a, err: err}), nil
		case err != nil:
			return nil, fmt.Errorf("%s operation %s: %w", a.name(), common.ShortID(id), err)
		}
		return common.Emit(actionDoneMsg{bank: bank, id: id, act: a}), nil
	}
	m.notice = notice{}
	return common.OpenDialog(components.NewConfirm(m.c, title, msg, "", a.name()+" operation", verb, req))
}

// onActionDone shows what happened and refreshes at the quickest pace: a retried
// retain is watched again, a deleted record leaves the list at once.
func (m *Model) onActionDone(msg actionDoneMsg) tea.Cmd {
	if msg.bank != m.bank {
		return nil
	}
	short := common.ShortID(msg.id)
	text := ""
	switch msg.act {
	case actCancel:
		text = "cancelled operation " + short
	case actRetry:
		text = "operation " + short + " queued for retry"
		if i := m.list.index(msg.id); i >= 0 {
			op := m.list.rows[i].op
			m.watch[msg.id] = watched{}.update(op.TaskType, op.DocumentID, op.ItemsCount).withID(msg.id, client.StatusPending)
		}
	case actDelete:
		text = "deleted operation " + short
		m.removeRow(msg.id)
	}
	delete(m.det.entries, msg.id)
	m.notice = notice{}
	m.poll.interval = 0
	return tea.Batch(common.Toast(text), m.refresh(false))
}

// onConflict explains a 409 (or a 404) in place (the operation is no longer in the state the
// list showed), logs it, and refreshes so the list shows the truth.
func (m *Model) onConflict(msg conflictMsg) tea.Cmd {
	if msg.bank != m.bank {
		return nil
	}
	m.notice = notice{text: explainConflict(msg.act, common.ShortID(msg.id), msg.err), isErr: true}
	delete(m.det.entries, msg.id)
	m.poll.interval = 0
	return tea.Batch(common.Emit(common.ErrorMsg{Op: msg.act.name() + " operation", Err: msg.err}), m.refresh(false))
}

// gone reports a 404 for the operation itself (deleted meanwhile), not a missing route.
func gone(err error) bool {
	var ae *client.APIError
	return errors.As(err, &ae) && client.IsNotFound(err) && ae.Detail != "Not Found"
}

// statusInDetail finds the status a 409 names ("… status is 'processing', …").
var statusInDetail = regexp.MustCompile(`status is '([a-z_]+)'`)

// explainConflict turns a 409 into a sentence: what could not be done, the state the
// operation is in now when the server names it, and that the list was refreshed.
func explainConflict(a opAction, short string, err error) string {
	detail := ""
	var ae *client.APIError
	if errors.As(err, &ae) {
		detail = ae.Detail
	}
	head := "Cannot " + a.name() + " operation " + short + ": "
	if gone(err) {
		return head + "it no longer exists (it was deleted meanwhile); the list is refreshed."
	}
	if s := statusInDetail.FindStringSubmatch(detail); s != nil {
		state := s[1]
		if a == actDelete {
			return head + "it is " + state + " now, and only finished operations can be deleted; the list is refreshed."
		}
		return head + "it is already " + state + " (it changed meanwhile); the list is refreshed."
	}
	return head + "its state changed meanwhile (" + sanitize.Line(detail) + "); the list is refreshed."
}

// removeRow drops an operation from the list as soon as its record is deleted.
func (m *Model) removeRow(id string) {
	l := m.list
	i := l.index(id)
	if i < 0 {
		return
	}
	kept := make([]client.Operation, 0, len(l.rows)-1)
	for j, r := range l.rows {
		if j != i {
			kept = append(kept, r.op)
		}
	}
	m.list = newListing(kept, max(l.total-1, 0), nil, l, m.c.Now())
	m.cursor = min(m.cursor, max(len(kept)-1, 0))
	m.ensureVisible()
}
