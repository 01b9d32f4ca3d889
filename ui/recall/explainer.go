package recall

import (
	"context"
	"errors"
	"regexp"
	"slices"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/checks"
	"hindsight-tui/client"
	"hindsight-tui/explain"
	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
)

// The explainer: for the answer shown and each pinned memory of the bank, the verdict
// of package explain (the first stage of the server's pipeline where the memory
// dropped out, the evidence, the smallest change that would bring it in). It is
// computed once per answer, in a command (one traced recall and a read per pin), and
// drawn by settle; enter tries a verdict's fix (explain.Retry) and shows whether the
// memory comes back and what else moved.

// explainState is the explainer of the answer shown.
type explainState struct {
	seq     int // of the explanation in flight; a newer answer or pin supersedes it
	cancel  context.CancelFunc
	running bool
	// rep explains res (the answer it was computed for); err is its failure.
	rep *explain.Report
	res *resultSet
	err error

	cursor int // the selected verdict
	offset int // the first line in view
	tried  map[string]*tryState

	// The pin box takes an id or a text fragment; resolving says a look-up runs.
	box       bool
	resolving bool
	boxErr    string

	// lines are the verdicts as settle drew them, starts the first line of each;
	// drawn keeps each verdict's drawing while gen (bumped by every change of what a
	// verdict shows) and its place stay, so a step of the cursor redraws two.
	lines  []string
	starts []int
	drawn  map[string]drawnVerdict
	gen    int
}

// drawnVerdict is one verdict's drawing and what it was drawn for.
type drawnVerdict struct {
	key   verdictKey
	lines []string
}

type verdictKey struct {
	gen, width       int
	selected, active bool
	styles           *styles.Styles
}

// tryState is a fix being tried, or what trying it did.
type tryState struct {
	running bool
	out     *explain.Outcome
	err     error
}

// explainDoneMsg answers an explanation.
type explainDoneMsg struct {
	seq  int
	bank string
	res  *resultSet
	rep  *explain.Report
	err  error
}

// retryDoneMsg answers a tried fix; seq is the explanation's, so a try of an older
// answer is dropped.
type retryDoneMsg struct {
	seq int
	id  string
	out *explain.Outcome
	err error
}

// resolvedMsg answers the pin box's look-up.
type resolvedMsg struct {
	bank, input, id string
	text            string // the memory's text, when a fragment named it
	err             error
}

// drop forgets a memory's verdict (it was unpinned).
func (e *explainState) drop(id string) {
	if e.rep != nil {
		rep := *e.rep
		rep.Verdicts = slices.DeleteFunc(slices.Clone(rep.Verdicts), func(v explain.Verdict) bool { return v.MemoryID == id })
		e.rep = &rep
		e.cursor = min(e.cursor, max(len(rep.Verdicts)-1, 0))
	}
	delete(e.tried, id)
	e.gen++
}

// stop cancels the explanation in flight.
func (e *explainState) stop() {
	if e.cancel != nil {
		e.cancel()
		e.cancel = nil
	}
	e.running = false
}

// explainNow explains the answer shown against the bank's pins; with no pins or no
// answer there is nothing to explain.
func (m *Model) explainNow() tea.Cmd {
	e := &m.exp
	e.stop()
	e.seq++
	s := m.curPins()
	if m.res == nil || s == nil || len(s.pins) == 0 {
		e.rep, e.res, e.err = nil, nil, nil
		return nil
	}
	ctx, cancel := m.c.Context(context.Background())
	e.cancel, e.running = cancel, true
	seq, bank, res, ids, cl := e.seq, m.bank, m.res, s.ids(), m.c.Client
	req := res.req
	return func() tea.Msg {
		defer cancel()
		rep, err := explain.Explain(ctx, cl, bank, req, ids)
		return explainDoneMsg{seq: seq, bank: bank, res: res, rep: rep, err: err}
	}
}

// onExplained takes an explanation unless a newer answer or pin superseded it.
func (m *Model) onExplained(msg explainDoneMsg) tea.Cmd {
	e := &m.exp
	if msg.seq != e.seq || msg.bank != m.bank || msg.res != m.res {
		return nil
	}
	e.running, e.cancel = false, nil
	e.err = msg.err
	e.gen++
	if msg.err != nil {
		if client.IsCanceled(msg.err) {
			return nil
		}
		return common.Emit(common.ErrorMsg{Op: "explain the pinned memories", Err: msg.err})
	}
	prev := m.selectedVerdict()
	e.rep, e.res, e.tried = msg.rep, msg.res, nil
	e.cursor = 0
	if prev != nil {
		if i := slices.IndexFunc(msg.rep.Verdicts, func(v explain.Verdict) bool { return v.MemoryID == prev.MemoryID }); i >= 0 {
			e.cursor = i
		}
	}
	return nil
}

// verdicts are the verdicts of the answer shown (none while it is being explained).
func (m *Model) verdicts() []explain.Verdict {
	if m.exp.rep == nil || m.exp.res != m.res {
		return nil
	}
	return m.exp.rep.Verdicts
}

// selectedVerdict is the verdict under the explainer's cursor, or nil.
func (m *Model) selectedVerdict() *explain.Verdict {
	vs := m.verdicts()
	if m.exp.cursor < 0 || m.exp.cursor >= len(vs) {
		return nil
	}
	return &vs[m.exp.cursor]
}

// tryFix re-runs the selected verdict's recall with its fix.
func (m *Model) tryFix() tea.Cmd {
	v := m.selectedVerdict()
	if v == nil {
		return nil
	}
	if v.Recalled() {
		return common.Toast("recalled at #" + strconv.Itoa(v.Rank) + ": nothing to fix")
	}
	if v.Fix.Request == nil {
		return common.Toast(sanitize.Line(v.Fix.Text()))
	}
	e := &m.exp
	if e.tried == nil {
		e.tried = map[string]*tryState{}
	}
	if t := e.tried[v.MemoryID]; t != nil && t.running {
		return nil
	}
	e.tried[v.MemoryID] = &tryState{running: true}
	e.gen++
	ctx, cancel := m.c.Context(context.Background())
	seq, bank, cl, before, verdict := e.seq, m.bank, m.c.Client, e.rep.Results, *v
	return func() tea.Msg {
		defer cancel()
		out, err := explain.Retry(ctx, cl, bank, before, verdict)
		return retryDoneMsg{seq: seq, id: verdict.MemoryID, out: out, err: err}
	}
}

// onRetried keeps what a tried fix did.
func (m *Model) onRetried(msg retryDoneMsg) tea.Cmd {
	e := &m.exp
	t := e.tried[msg.id]
	if msg.seq != e.seq || t == nil {
		return nil
	}
	t.running, t.out, t.err = false, msg.out, msg.err
	e.gen++
	if msg.err != nil && !client.IsCanceled(msg.err) {
		return common.Emit(common.ErrorMsg{Op: "try the fix", Err: msg.err})
	}
	return nil
}

// uuidLike is how the pin box tells an id from a text fragment.
var uuidLike = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// target reads the pin box: a memory id (a UUID, or anything after "id:") as it is,
// anything else as a fragment of a memory's text.
func target(input string) checks.Target {
	s := strings.TrimSpace(input)
	if rest, ok := strings.CutPrefix(s, "id:"); ok {
		return checks.Target{ID: strings.TrimSpace(rest)}
	}
	if uuidLike.MatchString(s) {
		return checks.Target{ID: s}
	}
	return checks.Target{Text: s}
}

// resolvePin looks the pin box's text up on the server (checks.Resolve: an id as it
// is, a fragment that must name exactly one memory) and pins what it names.
func (m *Model) resolvePin(input string) tea.Cmd {
	t := target(input)
	if t.ID == "" && t.Text == "" {
		return common.Toast("type a memory id or a fragment of its text")
	}
	m.exp.resolving, m.exp.boxErr = true, ""
	ctx, cancel := m.c.Context(context.Background())
	bank, cl := m.bank, m.c.Client
	return func() tea.Msg {
		defer cancel()
		mem, err := checks.Find(ctx, cl, bank, t)
		if err != nil {
			return resolvedMsg{bank: bank, input: input, err: err}
		}
		return resolvedMsg{bank: bank, input: input, id: mem.ID, text: mem.Text, err: err}
	}
}

// onResolved pins the memory the box named, or says why it names none.
func (m *Model) onResolved(msg resolvedMsg) tea.Cmd {
	if msg.bank != m.bank || !m.exp.resolving {
		return nil
	}
	m.exp.resolving = false
	if msg.err != nil {
		var re *checks.ResolveError
		if errors.As(msg.err, &re) {
			m.exp.boxErr = sanitize.Line(re.Error())
			return nil
		}
		m.exp.boxErr = m.c.Describe(msg.err)
		return common.Emit(common.ErrorMsg{Op: "look up the memory to pin", Err: msg.err})
	}
	m.closeBox()
	// The pin and its notice show the memory's own words, not the fragment typed.
	return common.Emit(common.PinMemoryMsg{BankID: msg.bank, MemoryID: msg.id, Text: msg.text})
}
