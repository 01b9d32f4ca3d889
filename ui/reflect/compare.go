package reflect

import (
	"context"
	"fmt"
	"slices"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// A comparison asks an answered question again with changes, and shows the original
// (A) and the new answer (B) side by side, each with its evidence and what only one of
// them used. Its setup lists the mental models A used, then the bank's others, each
// with a box that leaves it out of B (exclude_mental_model_ids), and B's parameters
// in a bar of their own, starting from A's. B is asked in a command with its own
// attempt number: esc cancels it, and an answer to an older attempt is dropped. The
// transcript, the composer's draft and the bank's parameters are not touched: esc
// goes back to them as they were. A bank keeps its last comparison for the session.

// cmpPhase is where a comparison stands.
type cmpPhase int

const (
	cmpSetup  cmpPhase = iota // choosing what B leaves out and B's parameters
	cmpAsking                 // B is out
	cmpResult                 // A and B side by side
)

// cmpModel is one row of the setup: a mental model B may leave out.
type cmpModel struct {
	id    string
	usedA bool // A's answer was based on it
}

// comparison is a bank's comparison of one answer (A) with a new one (B).
type comparison struct {
	a      *turn
	p      params // B's parameters; p.excludeIDs are the boxes ticked
	models []cmpModel
	// The bank's other models are listed once, when the setup opens; gen drops the
	// answer of a list a newer comparison superseded.
	loading bool
	listErr string
	gen     int
	cursor  int
	phase   cmpPhase
	inBar   bool // B's parameter bar has the keys
	open    bool // shown in place of the transcript

	attempt int // the attempt B's answer must belong to
	cancel  context.CancelFunc
	started time.Time
	req     client.ReflectRequest // B's request, as last asked
	b       *turn                 // B's answer (or failure), once one came back
	errs    fieldErrors           // the server's complaints about B's parameters
	side    int                   // 0 A, 1 B: the column shown when there is room for one
	top     int                   // the first line of the result's body in view
	view    resultCache           // the result's lines as last built (compare_view.go)
}

// cmpModelsMsg is the bank's list of mental models, for the setup.
type cmpModelsMsg struct {
	bank   string
	gen    int
	models []client.MentalModel
	err    error
}

// cmpDoneMsg answers one attempt at B.
type cmpDoneMsg struct {
	bank    string
	attempt int
	resp    *client.ReflectResponse
	err     error
	took    time.Duration
}

// newCompareBar is the bar that edits B's parameters: the parameter bar's items, with
// enter asking B.
func newCompareBar(c *common.Common) *components.FilterBar[params] {
	kr := c.Keys.Reflect
	keys := components.FilterBarKeys{Next: kr.NextItem, Prev: kr.PrevItem, Toggle: kr.Toggle, Leave: kr.Leave}
	b := components.NewFilterBar(c, keys, nil, barItems()...)
	b.SetKeyLine([]string{"enter asks B"}, "back to the models")
	return b
}

// comparing reports whether the comparison is shown in place of the transcript.
func (m *Model) comparing() bool { return m.cur.cmp != nil && m.cur.cmp.open }

// openCompare starts a comparison of the selected answer, or goes back to the one
// the bank has for it (its result, or its setup while B is not asked yet).
func (m *Model) openCompare() tea.Cmd {
	t := m.cur.selected()
	if t == nil || t.state != turnAnswered {
		return common.Toast("select an answer to compare")
	}
	cmd := m.focusZone(zoneTranscript) // the composer's draft is written, and stays
	b := m.cur
	if c := b.cmp; c != nil && c.a == t {
		c.open = true
		return tea.Batch(cmd, m.cmpBar.Bind(b.bank, &c.p))
	}
	c := &comparison{a: t, p: t.p.clone(), open: true, loading: m.c.Client != nil}
	if b.cmp != nil {
		if b.cmp.cancel != nil {
			b.cmp.cancel()
		}
		c.gen = b.cmp.gen + 1
	}
	for _, e := range t.evidence {
		if e.kind == evModel && e.id != "" && !slices.ContainsFunc(c.models, func(x cmpModel) bool { return x.id == e.id }) {
			c.models = append(c.models, cmpModel{id: e.id, usedA: true})
		}
	}
	for _, id := range c.p.excludeIDs { // A's own exclusions stay ticked, and listed
		if !slices.ContainsFunc(c.models, func(x cmpModel) bool { return x.id == id }) {
			c.models = append(c.models, cmpModel{id: id})
		}
	}
	b.cmp = c
	return tea.Batch(cmd, m.cmpBar.Bind(b.bank, &c.p), m.listModels(b.bank, c.gen))
}

// listModels lists the bank's mental models for the setup.
func (m *Model) listModels(bank string, gen int) tea.Cmd {
	if m.c.Client == nil {
		return nil
	}
	c, cl := m.c, m.c.Client
	return func() tea.Msg {
		ctx, cancel := c.Context(context.Background())
		defer cancel()
		l, err := cl.ListMentalModels(ctx, bank, client.ListMentalModelsParams{Detail: client.DetailMetadata})
		if err != nil {
			return cmpModelsMsg{bank: bank, gen: gen, err: fmt.Errorf("mental models of %s: %w", bank, err)}
		}
		return cmpModelsMsg{bank: bank, gen: gen, models: l.Items}
	}
}

// onCmpModels adds the bank's other models to the setup, after the ones A used, and
// learns their names.
func (m *Model) onCmpModels(msg cmpModelsMsg) tea.Cmd {
	b := m.banks[msg.bank]
	if b == nil || b.cmp == nil || b.cmp.gen != msg.gen {
		return nil
	}
	c := b.cmp
	c.loading = false
	if msg.err != nil {
		c.listErr = m.c.Describe(msg.err)
		return common.Emit(common.ErrorMsg{Op: "list mental models", Err: msg.err})
	}
	if b.names == nil {
		b.names, b.naming = map[string]string{}, map[string]bool{}
	}
	for _, mm := range msg.models {
		b.names[mm.ID] = mm.Name
		if !slices.ContainsFunc(c.models, func(x cmpModel) bool { return x.id == mm.ID }) {
			c.models = append(c.models, cmpModel{id: mm.ID})
		}
	}
	b.applyNames()
	return nil
}

// closeCompare goes back to the transcript; the comparison stays for c to reopen.
func (m *Model) closeCompare() tea.Cmd {
	c := m.cur.cmp
	c.open, c.inBar = false, false
	m.cmpBar.Blur()
	return nil
}

// compareKey handles a key while the comparison is shown.
func (m *Model) compareKey(k tea.KeyPressMsg) tea.Cmd {
	c, kc, kl := m.cur.cmp, m.keys.Compare, m.keys.List
	if c.inBar {
		return m.cmpBarKey(k)
	}
	switch c.phase {
	case cmpAsking:
		if key.Matches(k, kc.Back) {
			return m.cancelB()
		}
		return nil
	case cmpResult:
		page := max(m.lay.cmpBody-2, 1)
		switch {
		case key.Matches(k, kc.Back):
			return m.closeCompare()
		case key.Matches(k, kc.Open):
			c.phase = cmpSetup
		case key.Matches(k, kc.Side):
			c.side = 1 - c.side
			c.top = 0
		case key.Matches(k, kl.Up):
			c.top--
		case key.Matches(k, kl.Down):
			c.top++
		case key.Matches(k, kl.PageUp):
			c.top -= page
		case key.Matches(k, kl.PageDown):
			c.top += page
		case key.Matches(k, kl.Top):
			c.top = 0
		case key.Matches(k, kl.Bottom):
			c.top = 1 << 30 // clamped when laid out
		}
		return nil
	}
	switch {
	case key.Matches(k, kc.Back):
		return m.closeCompare()
	case key.Matches(k, kc.Run):
		return m.askB()
	case key.Matches(k, kc.Params):
		c.inBar = true
		return m.cmpBar.Focus()
	case key.Matches(k, kc.Exclude):
		m.toggleExclude()
	case key.Matches(k, kl.Up):
		c.cursor = max(c.cursor-1, 0)
	case key.Matches(k, kl.Down):
		c.cursor = min(c.cursor+1, max(len(c.models)-1, 0))
	case key.Matches(k, kl.Top):
		c.cursor = 0
	case key.Matches(k, kl.Bottom):
		c.cursor = max(len(c.models)-1, 0)
	}
	return nil
}

// cmpBarKey handles a key (or a paste) in B's parameter bar.
func (m *Model) cmpBarKey(msg tea.Msg) tea.Cmd {
	c := m.cur.cmp
	cmd, ev := m.cmpBar.Update(msg)
	switch ev {
	case components.FilterChanged:
		c.errs = nil
	case components.FilterSubmit:
		return tea.Batch(cmd, m.askB())
	case components.FilterLeave:
		c.inBar = false
		m.cmpBar.Blur()
	}
	return cmd
}

// toggleExclude ticks or unticks the model under the cursor.
func (m *Model) toggleExclude() {
	c := m.cur.cmp
	if c.cursor < 0 || c.cursor >= len(c.models) {
		return
	}
	id := c.models[c.cursor].id
	if i := slices.Index(c.p.excludeIDs, id); i >= 0 {
		c.p.excludeIDs = slices.Delete(c.p.excludeIDs, i, i+1)
	} else {
		c.p.excludeIDs = append(c.p.excludeIDs, id)
	}
	c.errs = nil
}

// askB asks A's question with B's parameters. Nothing is asked while they have an
// error: the bar marks it and the toast names it.
func (m *Model) askB() tea.Cmd {
	c := m.cur.cmp
	if c.phase == cmpAsking {
		return nil
	}
	req, errs := buildRequest(c.a.question, c.p)
	if len(errs) > 0 {
		msg := "B not asked: " + m.cmpBar.Problems(errs)
		if !c.inBar {
			msg += " (" + m.keys.Compare.Params.Help().Key + " edits B's parameters)"
		}
		return common.Toast(msg)
	}
	if c.inBar {
		c.inBar = false
		m.cmpBar.Blur()
	}
	m.seq++
	ctx, cancel := m.questionContext()
	c.phase, c.attempt, c.cancel, c.started, c.req, c.errs = cmpAsking, m.seq, cancel, m.c.Now(), req, nil
	bank, attempt, cl, clock := m.bank, c.attempt, m.c.Client, m.c.Now
	call := func() tea.Msg {
		defer cancel()
		started := clock()
		resp, err := cl.Reflect(ctx, bank, req)
		took := clock().Sub(started)
		if err != nil {
			err = fmt.Errorf("reflect in %s: %w", bank, err)
		}
		return cmpDoneMsg{bank: bank, attempt: attempt, resp: resp, err: err, took: took}
	}
	return tea.Batch(call, m.startSpinner())
}

// cancelB stops B: the setup comes back as it was, and an answer already on its way
// is stale.
func (m *Model) cancelB() tea.Cmd {
	c := m.cur.cmp
	if c.cancel != nil {
		c.cancel()
		c.cancel = nil
	}
	c.phase, c.attempt = cmpSetup, -1
	return common.Toast("B cancelled")
}

// onCmpDone files B's answer, unless a cancel or a newer attempt made it stale.
func (m *Model) onCmpDone(msg cmpDoneMsg) tea.Cmd {
	b := m.banks[msg.bank]
	if b == nil || b.cmp == nil {
		return nil
	}
	c := b.cmp
	if c.phase != cmpAsking || c.attempt != msg.attempt {
		return nil
	}
	c.cancel = nil
	if msg.err != nil && client.IsCanceled(msg.err) {
		c.phase = cmpSetup
		return nil
	}
	m.nextTurn++
	bt := &turn{id: m.nextTurn, question: c.a.question, req: c.req, p: c.p.clone(), asked: m.c.Now(),
		started: c.started, took: msg.took}
	c.b, c.phase, c.top, c.side = bt, cmpResult, 0, 1
	if msg.err != nil {
		bt.setFailed(m.c, msg.err)
		c.errs = m.serverFieldErrors(msg.err)
		return common.Emit(common.ErrorMsg{Op: "reflect (B)", Err: msg.err})
	}
	bt.setAnswer(msg.resp)
	return m.learnNames(b, bt)
}

// rebindCompare points B's bar at the selected bank's comparison after a bank
// switch; the comparison left behind keeps its values but not the keys.
func (m *Model) rebindCompare(old *bankState) tea.Cmd {
	if old != nil && old.cmp != nil {
		old.cmp.inBar = false
	}
	m.cmpBar.Blur()
	if c := m.cur.cmp; c != nil {
		return m.cmpBar.Bind(m.cur.bank, &c.p)
	}
	return nil
}

// compareWaiting reports whether a bank's B is out (the spinner runs).
func (b *bankState) compareWaiting() bool { return b.cmp != nil && b.cmp.phase == cmpAsking }
