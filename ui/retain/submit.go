package retain

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
)

// retainDoneMsg is the server's answer to a retain.
type retainDoneMsg struct {
	bank string
	seq  int
	resp *client.RetainResponse
	err  error
}

// newUUID is a random (version 4) UUID, the form the server gives generated
// document ids.
func newUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// submitForm checks the form and sends it. Problems the server would reject are
// shown under their fields and nothing is sent.
func (m *Model) submitForm() tea.Cmd {
	st := m.cur
	if st == nil || m.c.ReadOnly || st.locked() {
		return nil
	}
	if st.sub.running() {
		return common.Toast("a retain is still under way in this bank; esc stops following it")
	}
	v := st.form.values()
	gen := ""
	if strings.TrimSpace(v.DocumentID) == "" {
		gen = m.newID()
	}
	req, errs := buildRequest(v, gen)
	st.formErr = ""
	if len(errs) > 0 {
		st.form.errs = errs
		st.formErr = "not sent: " + common.Plural(len(errs), "field needs", "fields need") + " fixing"
		m.zone = zoneForm
		return st.form.focusField(firstError(errs))
	}
	st.form.errs = nil
	sub := &submission{fromForm: true, items: 1, async: v.Async, values: v,
		docID: req.Items[0].DocumentID, phrase: phraseOf(v.Content)}
	return m.send(st, sub, req)
}

// firstError is the first field, in tab order, with a problem.
func firstError(errs fieldErrors) field {
	for f := range numFields {
		if errs[f] != "" {
			return f
		}
	}
	return fContent
}

// send runs a retain for st. The form's draft is written at once, so a failed or
// cancelled submit, or a quit while waiting, keeps exactly what was sent.
func (m *Model) send(st *bankState, sub *submission, req client.RetainRequest) tea.Cmd {
	if old := st.sub; old != nil {
		old.check.stop()
		old.follow.stop()
		sub.seq = old.seq
	}
	sub.seq++
	st.sub = sub
	sub.req = req
	sub.busy = true
	sub.sentAt = m.c.Now()
	ctx, cancel := m.c.Context(context.Background())
	sub.cancel = cancel
	cl, bank, seq := m.c.Client, st.bank, sub.seq
	run := func() tea.Msg {
		defer cancel()
		resp, err := cl.Retain(ctx, bank, req)
		if err != nil {
			err = fmt.Errorf("retain into %s: %w", bank, err)
		}
		return retainDoneMsg{bank: bank, seq: seq, resp: resp, err: err}
	}
	// The keys leave the form, so v and esc act on the retain at once.
	st.form.blurAll()
	if st == m.cur {
		m.zone = zoneIdle
	}
	var save tea.Cmd
	if sub.fromForm {
		save = m.flushDraft(st)
	}
	return tea.Batch(save, run)
}

// onRetain takes the server's answer.
func (m *Model) onRetain(msg retainDoneMsg) tea.Cmd {
	st := m.banks[msg.bank]
	if st == nil || st.sub == nil || msg.seq != st.sub.seq || !st.sub.busy {
		return nil
	}
	sub := st.sub
	sub.busy, sub.cancel = false, nil
	if msg.err != nil {
		if client.IsCanceled(msg.err) {
			sub.cancelled = true
			return m.backToForm(st)
		}
		sub.err = msg.err
		if sub.fromForm {
			m.mapErrors(st, msg.err)
		}
		return tea.Batch(m.backToForm(st), common.Emit(common.ErrorMsg{Op: "retain into " + st.bank, Err: msg.err}))
	}
	sub.resp = msg.resp
	opID := msg.resp.OperationID
	if !sub.async || opID == "" {
		sub.async = false
		var clear tea.Cmd
		if sub.fromForm {
			clear = m.retained(st)
		}
		text := fmt.Sprintf("retained %s into %s", common.Plural(msg.resp.ItemsCount, "item", "items"), st.bank)
		return tea.Batch(clear, common.Toast(text), retainedIn(st.bank))
	}
	sub.follow.start(opID)
	var save tea.Cmd
	if sub.fromForm {
		st.pending = &pendingRetain{OperationID: opID, DocumentID: sub.docID, SubmittedAt: sub.sentAt.UTC()}
		st.gen++
		save = m.flushDraft(st)
	}
	started := common.OperationStartedMsg{BankID: st.bank, OperationID: opID, Kind: "batch_retain"}
	return tea.Batch(save, m.schedulePoll(st), common.Emit(started))
}

// backToForm returns the keys to the form after a failed or cancelled submit, on the
// field to fix when there is one.
func (m *Model) backToForm(st *bankState) tea.Cmd {
	if st != m.cur || !m.focused || !st.sub.fromForm {
		return nil
	}
	m.zone = zoneForm
	if len(st.form.errs) > 0 {
		return st.form.focusField(firstError(st.form.errs))
	}
	return st.form.activate()
}

// mapErrors puts a 422's complaints under the fields its locations name; what names
// no field (and any other failure) becomes the form's error line.
func (m *Model) mapErrors(st *bankState, err error) {
	var ae *client.APIError
	errs := fieldErrors{}
	var rest []string
	if errors.As(err, &ae) {
		for _, fe := range ae.Fields {
			if f, ok := fieldForLoc(fe.Field()); ok {
				if errs[f] == "" {
					errs[f] = sanitize.Line(fe.Msg)
				}
				continue
			}
			rest = append(rest, fe.Field()+": "+fe.Msg)
		}
	}
	if len(errs) > 0 {
		st.form.errs = errs
	}
	switch {
	case len(rest) > 0:
		st.formErr = sanitize.Line(strings.Join(rest, "; "))
	case len(errs) > 0:
		st.formErr = "the server rejected " + common.Plural(len(errs), "field", "fields") + " (HTTP 422): see the marks"
	}
	st.sub.mapped = st.formErr != ""
}

// retained empties the form once the server confirmed its retain (and removes the
// draft with it), unless it was edited since it was sent: that text is new, and kept.
// The async switch stays as it was, as the user's preference.
func (m *Model) retained(st *bankState) tea.Cmd {
	sub := st.sub
	st.pending = nil
	st.gen++
	if sub != nil && st.form.values().equal(sub.values) {
		st.form.setValues(values{Async: sub.values.Async})
		st.form.focus = fContent
		st.scroll = 0
	}
	st.restoredAt = time.Time{}
	st.formErr = ""
	st.form.tags.Reload() // the retain may have added tags
	return m.flushDraft(st)
}

// cancel stops what runs in the current editor: the retain request, the operation
// follower, the check.
func (m *Model) cancel() tea.Cmd {
	st := m.cur
	if st == nil || st.sub == nil {
		return nil
	}
	sub := st.sub
	switch {
	case sub.busy:
		if sub.cancel != nil {
			sub.cancel()
		}
		return nil // the cancelled answer brings the form back
	case sub.follow.active:
		sub.follow.stop()
		return common.Toast("stopped following; the retain goes on on the server (r follows it again)")
	case sub.check.busy():
		sub.check.stop()
	}
	return nil
}

// resumeFollow follows the operation again after esc or repeated failures.
func (m *Model) resumeFollow() tea.Cmd {
	st := m.cur
	if st == nil || st.sub == nil || st.sub.follow.opID == "" || st.sub.follow.done || st.sub.follow.active {
		return nil
	}
	st.sub.follow.resume()
	m.zone = zoneIdle
	st.form.blurAll()
	return m.schedulePoll(st)
}

// onPollDue polls unless the follower moved on.
func (m *Model) onPollDue(msg pollDueMsg) tea.Cmd {
	st := m.banks[msg.bank]
	if st == nil || st.sub == nil || msg.seq != st.sub.follow.seq || !st.sub.follow.active {
		return nil
	}
	return pollCmd(m.c, st)
}

// onPolled takes a poll's answer: keep following, or act on the operation's end.
func (m *Model) onPolled(msg polledMsg) tea.Cmd {
	st := m.banks[msg.bank]
	if st == nil || st.sub == nil || msg.seq != st.sub.follow.seq || !st.sub.follow.active {
		return nil
	}
	sub := st.sub
	f := &sub.follow
	f.cancel = nil
	if client.IsCanceled(msg.err) {
		return nil
	}
	switch f.observe(msg.st, msg.err, msg.at) {
	case followProgress:
		return m.schedulePoll(st)
	case followCompleted:
		var clear tea.Cmd
		if sub.fromForm {
			clear = m.retained(st)
		}
		text := fmt.Sprintf("%s retained in %s; %s in Retain checks it is recallable",
			common.Plural(sub.items, "item", "items"), st.bank, m.keys.Retain.Check.Help().Key)
		return tea.Batch(clear, common.Toast(text), retainedIn(st.bank))
	case followFailed, followLost:
		var save tea.Cmd
		if sub.fromForm {
			st.pending = nil // the draft keeps the text: it was not stored
			st.gen++
			save = m.flushDraft(st)
		}
		return tea.Batch(save, m.backToForm(st), common.Emit(common.ErrorMsg{Op: "retain into " + st.bank, Err: f.failure()}))
	case followGaveUp:
		return common.Emit(common.ErrorMsg{Op: "follow the retain operation", Err: f.pollErr})
	}
	return nil
}

// startCheck runs the recallable check for the last retain.
func (m *Model) startCheck() tea.Cmd {
	st := m.cur
	if st == nil || !st.sub.accepted() {
		return nil
	}
	sub := st.sub
	switch {
	case sub.docID == "":
		return common.Toast("the batch items have no document_id, so their memories cannot be told apart")
	case sub.phrase == "":
		return common.Toast("the content has no words to recall")
	}
	sub.check.start(m.c.Now())
	return checkCmd(m.c, st)
}

// onCheck takes a check's answer and, while nothing is stored yet, tries again.
func (m *Model) onCheck(msg checkDoneMsg) tea.Cmd {
	st := m.banks[msg.bank]
	if st == nil || st.sub == nil || msg.seq != st.sub.check.seq || !st.sub.check.running {
		return nil
	}
	sub := st.sub
	ck := &sub.check
	if client.IsCanceled(msg.err) {
		ck.running, ck.cancel = false, nil
		return nil
	}
	if ck.observe(msg.res, msg.err, msg.at, sub.running()) {
		return m.c.After(ck.retry, checkDueMsg{bank: st.bank, seq: ck.seq})
	}
	if msg.err != nil {
		return common.Emit(common.ErrorMsg{Op: "check that recall finds the retained memory", Err: msg.err})
	}
	return nil
}

// retainedIn tells every pane that bank has new memories: the sidebar's counts, the
// overview and the lists reload.
func retainedIn(bank string) tea.Cmd {
	return common.Emit(common.MemoryChangedMsg{BankID: bank, Change: common.MemoryRetained})
}
