package reflect

import (
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
)

// reflectDoneMsg answers one attempt at a question. bank and turn find the turn,
// attempt drops an answer that a cancel or a retry made stale; started and took
// measure the call itself, not the time the answer waited in the event loop.
type reflectDoneMsg struct {
	bank    string
	turn    int
	attempt int
	resp    *client.ReflectResponse
	err     error
	took    time.Duration
}

// send asks the composer's question with the bank's parameters. Nothing is sent
// while a parameter has an error or another question to this bank is out; the draft
// stays in the composer then.
func (m *Model) send() tea.Cmd {
	if m.bank == "" {
		return common.Toast("select a bank to ask")
	}
	if m.cur.waiting() != nil {
		return common.Toast("one question at a time: wait for the answer, or esc cancels it")
	}
	question := m.composer.Value()
	req, errs := buildRequest(question, m.cur.params)
	if msg := errs["query"]; msg != "" {
		return common.Toast(msg)
	}
	if len(errs) > 0 {
		return common.Toast("not sent: " + m.bar.Problems(errs) + " (p opens the parameters)")
	}
	m.nextTurn++
	t := &turn{id: m.nextTurn, question: strings.TrimSpace(question), req: req, p: m.cur.params.clone(), asked: m.c.Now()}
	m.cur.turns = append(m.cur.turns, t)
	m.cur.serverErrs = nil
	m.clearDraft()
	m.cur.sel = selection{turn: len(m.cur.turns) - 1, item: -1}
	m.cur.follow = true
	return tea.Batch(m.saveDraft(m.cur), m.ask(t))
}

// ask starts an attempt at t's request.
func (m *Model) ask(t *turn) tea.Cmd {
	m.seq++
	ctx, cancel := m.questionContext()
	t.state, t.attempt, t.cancel, t.started, t.err, t.reason = turnWaiting, m.seq, cancel, m.c.Now(), nil, ""
	t.rev++
	m.cur.asking = t
	bank, id, attempt, cl, clock, req := m.bank, t.id, t.attempt, m.c.Client, m.c.Now, t.req
	call := func() tea.Msg {
		defer cancel()
		started := clock()
		resp, err := cl.Reflect(ctx, bank, req)
		took := clock().Sub(started)
		if err != nil {
			err = fmt.Errorf("reflect in %s: %w", bank, err)
		}
		return reflectDoneMsg{bank: bank, turn: id, attempt: attempt, resp: resp, err: err, took: took}
	}
	return tea.Batch(call, m.startSpinner())
}

// onAnswer fills the turn the answer belongs to, unless a cancel or a retry made it
// stale. A failure becomes part of the turn, and goes to the error log too.
func (m *Model) onAnswer(msg reflectDoneMsg) tea.Cmd {
	b := m.banks[msg.bank]
	if b == nil {
		return nil
	}
	var t *turn
	idx := -1
	for i, x := range b.turns {
		if x.id == msg.turn {
			t, idx = x, i
		}
	}
	if t == nil || t.state != turnWaiting || t.attempt != msg.attempt {
		return nil
	}
	t.cancel, t.took = nil, msg.took
	if b.asking == t {
		b.asking = nil
	}
	if msg.err != nil {
		if client.IsCanceled(msg.err) {
			// Cancelled without esc (esc makes the answer stale before it arrives).
			t.state = turnCancelled
			t.rev++
			return nil
		}
		t.setFailed(m.c, msg.err)
		b.serverErrs = m.serverFieldErrors(msg.err)
		if b == m.cur {
			m.reveal(idx)
		}
		return common.Emit(common.ErrorMsg{Op: "reflect", Err: msg.err})
	}
	t.setAnswer(msg.resp)
	if b == m.cur {
		m.reveal(idx)
	}
	return m.learnNames(b, t)
}

// cancelQuestion is esc while the bank's question is out: the request stops, the turn
// says it was cancelled, and the question goes back into the composer so it can be
// edited and sent again (unless something new is being typed there: then r on the
// turn asks it again).
func (m *Model) cancelQuestion() tea.Cmd {
	t := m.cur.waiting()
	if t == nil {
		return nil
	}
	if t.cancel != nil {
		t.cancel()
		t.cancel = nil
	}
	t.state, t.took = turnCancelled, m.c.Now().Sub(t.started)
	t.attempt = -1 // an answer already on its way is stale
	m.cur.asking = nil
	t.rev++
	if m.setDraft(t.question) {
		return tea.Batch(m.focusZone(zoneComposer), common.Toast("cancelled: the question is back in the composer"))
	}
	return common.Toast("cancelled: " + m.keys.Global.Refresh.Help().Key + " on the turn asks it again")
}

// retry asks a failed or cancelled turn's question again, with the parameters it was
// asked with, in place.
func (m *Model) retry() tea.Cmd {
	t := m.cur.selected()
	if t == nil || (t.state != turnFailed && t.state != turnCancelled) {
		return nil
	}
	if m.cur.waiting() != nil {
		return common.Toast("one question at a time: wait for the answer, or esc cancels it")
	}
	t.resp, t.evidence, t.tools = nil, nil, nil
	m.cur.serverErrs = nil
	if t.state == turnCancelled && strings.TrimSpace(m.composer.Value()) == t.question {
		m.clearDraft() // it was put back there; now it is asked again
	}
	return m.ask(t)
}

func (m *Model) startSpinner() tea.Cmd {
	if m.spinning {
		return nil
	}
	m.spinning = true
	return m.spin.Tick
}

// serverFieldErrors maps a 422's locations to the parameters they concern
// (["body","response_schema"] → response_schema, ["body","fact_types",0] →
// fact_types). It returns nil when the error names no parameter.
func (m *Model) serverFieldErrors(err error) fieldErrors {
	return m.bar.ServerErrors(err, func(loc string) string {
		name, _, _ := strings.Cut(loc, ".")
		return name
	})
}
