package health

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	hc "hindsight-tui/health"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// pollEvery is how often a followed fix asks for its operation; pollTries is how many
// failed polls in a row end the following (the operations pane still has it).
const (
	pollEvery = time.Second
	pollTries = 5
)

// The fixes the pane offers. Entity merges, empty documents and failed operations
// have none here: their fixes need a person to read first (the other panes act on
// them). Entity observation regeneration is not offered: the server answers 410.
const (
	fixConsolidate = "consolidate"
	fixRecover     = "recover"
	fixClearCopy   = "clear-copy"
	fixRefresh     = "refresh"
)

// fixOf is the fix the pane offers for check c ("" for none) and what f does, in
// words, for the help line under the check.
func fixOf(c *hc.Check) (kind, label string) {
	switch {
	case c.ID == hc.StrandedFacts && c.Status == hc.Fail:
		return fixConsolidate, "queue a consolidation (optionally of chosen scopes)"
	case c.ID == hc.FailedConsolidation && c.Status == hc.Fail:
		return fixRecover, "recover the failed facts and queue a consolidation"
	case c.ID == hc.DuplicateObservations && c.Status == hc.Warn && len(c.Evidence.Duplicates) > 0:
		return fixClearCopy, "clear the observations built on the chosen pair's B side, to be rebuilt"
	case c.ID == hc.StaleModels && c.Status != hc.OK && len(c.Evidence.Models) > 0:
		return fixRefresh, "refresh the chosen mental model"
	}
	return "", ""
}

// following is an operation a fix started, watched until it ends.
type following struct {
	check  string // the check the fix was for
	what   string // the fix in words, for the toast
	failed int    // polls in a row that failed
}

// fixStartedMsg says a confirmed fix was sent and which operation does the work.
type fixStartedMsg struct {
	bank, check, what, op, kind, note string
}

// pollMsg is the timer that asks for a followed operation again.
type pollMsg struct{ bank, op string }

// polledMsg answers one poll of a followed operation.
type polledMsg struct {
	bank, op string
	st       *client.OperationStatus
	err      error
}

// fix offers the selected check's fix: a confirmation naming what it acts on. For a
// check whose fix acts on one item of its evidence (a duplicate pair, a model), the
// first f shows the evidence, so the pair is seen side by side before anything goes.
func (m *Model) fix() tea.Cmd {
	c := m.selected()
	if c == nil || m.c.ReadOnly || m.bank == "" {
		return nil
	}
	kind, _ := fixOf(c)
	if kind == "" {
		return common.Toast("No one-key fix for " + c.ID + ": " + fixHint(c))
	}
	if (kind == fixClearCopy || kind == fixRefresh) && !m.expanded[c.ID] {
		m.expanded[c.ID] = true
		what := "pair"
		if kind == fixRefresh {
			what = "model"
		}
		return common.Toast("Choose the " + what + " with [ and ], then f")
	}
	switch kind {
	case fixConsolidate:
		return m.confirmConsolidate(c)
	case fixRecover:
		return m.confirmRecover(c)
	case fixClearCopy:
		return m.confirmClearCopy(c)
	}
	return m.confirmRefresh(c)
}

// fixHint is what to do about a check without a one-key fix.
func fixHint(c *hc.Check) string {
	if c.Fix == "" {
		return "nothing to do"
	}
	return sanitize.Line(c.Fix)
}

// confirmConsolidate asks before queuing a consolidation of the bank, or of the scopes
// typed in the note (tag sets separated by ";", tags by ","): scoped runs take only
// facts whose tags hold every tag of one scope.
func (m *Model) confirmConsolidate(c *hc.Check) tea.Cmd {
	bank, cl, check := m.bank, m.c.Client, c.ID
	var d *components.Confirm
	req := func(ctx context.Context) (tea.Cmd, error) {
		scopes := parseScopes(d.Typed())
		out, err := cl.Consolidate(ctx, bank, scopes)
		if err != nil {
			return nil, err
		}
		what := "consolidation of " + bank
		if scopes != nil {
			what = "consolidation of " + scopesText(scopes)
		}
		note := ""
		if out.Deduplicated {
			note = " (one was already pending)"
		}
		return common.Emit(fixStartedMsg{bank: bank, check: check, what: what, op: out.OperationID, kind: "consolidation", note: note}), nil
	}
	msg := "Queue a consolidation of bank " + bank + "? " + sanitize.Line(c.Summary) +
		". It turns them into observations with LLM calls. Type scopes to take only their facts (tags a,b; c), or leave it empty for the whole bank."
	d = components.NewConfirm(m.c, "Consolidate", msg, "", "queue consolidation", "consolidate", req).
		WithNote("scopes (optional): tag,tag; tag")
	return common.OpenDialog(d)
}

// confirmRecover asks before making the facts whose consolidation failed pending
// again, then queues the consolidation that takes them (recover queues nothing).
func (m *Model) confirmRecover(c *hc.Check) tea.Cmd {
	bank, cl, check := m.bank, m.c.Client, c.ID
	req := func(ctx context.Context) (tea.Cmd, error) {
		rec, err := cl.RecoverConsolidation(ctx, bank)
		if err != nil {
			return nil, err
		}
		out, err := cl.Consolidate(ctx, bank, nil)
		if err != nil {
			return nil, fmt.Errorf("recovered %s, then queue a consolidation: %w", common.Plural(rec.RetriedCount, "fact", "facts"), err)
		}
		return common.Emit(fixStartedMsg{bank: bank, check: check, op: out.OperationID, kind: "consolidation",
			what: "consolidation of " + common.Plural(rec.RetriedCount, "recovered fact", "recovered facts")}), nil
	}
	msg := "Recover the failed consolidation of bank " + bank + "? " + sanitize.Line(c.Summary) +
		". They become pending again and a consolidation is queued for them; if the cause (the LLM) is not fixed, they fail again."
	return common.OpenDialog(components.NewConfirm(m.c, "Recover consolidation", msg, "", "recover consolidation", "recover", req))
}

// confirmClearCopy asks before clearing the observations built on the first source
// memory of the chosen pair's B side: they are deleted and their sources re-queued,
// so the next consolidation can fold that knowledge into A. Observations cannot be
// edited or invalidated; this is the one repair the API has.
func (m *Model) confirmClearCopy(c *hc.Check) tea.Cmd {
	p := c.Evidence.Duplicates[m.itemOf(c)]
	if len(p.B.Sources) == 0 {
		return common.Toast("Observation " + common.ShortID(p.B.ID) + " lists no source memory to clear through")
	}
	bank, cl, check, source := m.bank, m.c.Client, c.ID, p.B.Sources[0]
	req := func(ctx context.Context) (tea.Cmd, error) {
		out, err := cl.ClearMemoryObservations(ctx, bank, source)
		if err != nil {
			return nil, err
		}
		// The server queues a consolidation itself when auto-consolidation is on; an
		// unscoped request answers with that pending one, or queues one when it is off.
		run, err := cl.Consolidate(ctx, bank, nil)
		if err != nil {
			return nil, fmt.Errorf("cleared %s, then queue a consolidation: %w", common.Plural(out.DeletedCount, "observation", "observations"), err)
		}
		return common.Emit(fixStartedMsg{bank: bank, check: check, op: run.OperationID, kind: "consolidation",
			what: "rebuild after clearing " + common.Plural(out.DeletedCount, "observation", "observations") + " of memory " + common.ShortID(source)}), nil
	}
	msg := fmt.Sprintf("Clear the observations built on memory %s, a source of B %s, so consolidation rebuilds them "+
		"(and can merge them into A %s)? A consolidation is queued.", source, quoteLine(p.B.Text, 50), quoteLine(p.A.Text, 50))
	return common.OpenDialog(components.NewConfirm(m.c, "Clear observations of one memory", msg, "", "clear observations of memory "+source, "clear", req))
}

// confirmRefresh asks before refreshing the chosen stale model.
func (m *Model) confirmRefresh(c *hc.Check) tea.Cmd {
	mm := c.Evidence.Models[m.itemOf(c)]
	bank, cl, check, id, name := m.bank, m.c.Client, c.ID, mm.ID, common.ItemName(mm.Name, mm.ID)
	req := func(ctx context.Context) (tea.Cmd, error) {
		out, err := cl.RefreshMentalModel(ctx, bank, id)
		if err != nil {
			return nil, err
		}
		return common.Emit(fixStartedMsg{bank: bank, check: check, op: out.OperationID, kind: "refresh_mental_model",
			what: "refresh of " + name}), nil
	}
	msg := "Refresh mental model " + name + "? " + modelProblem(mm) + " A refresh runs its source query again (a reflect, with LLM calls) and rewrites its content."
	return common.OpenDialog(components.NewConfirm(m.c, "Refresh mental model", msg, "", "refresh mental model "+name, "refresh", req))
}

// modelProblem says what is wrong with a model, in a sentence.
func modelProblem(mm hc.Model) string {
	var parts []string
	if mm.Stale {
		parts = append(parts, "it is stale")
	}
	if n := len(mm.Invalidated); n > 0 {
		parts = append(parts, "it cites "+common.Plural(n, "invalidated memory", "invalidated memories"))
	}
	if n := len(mm.Missing); n > 0 {
		parts = append(parts, "it cites "+common.Plural(n, "deleted memory", "deleted memories"))
	}
	if len(parts) == 0 {
		return ""
	}
	s := strings.Join(parts, " and ") + "."
	return strings.ToUpper(s[:1]) + s[1:]
}

// onFixStarted announces a fix's operation (the operations pane follows it too) and
// starts polling it.
func (m *Model) onFixStarted(msg fixStartedMsg) tea.Cmd {
	if msg.bank != m.bank || msg.op == "" {
		return nil
	}
	m.follow[msg.op] = following{check: msg.check, what: msg.what}
	return tea.Batch(
		common.Emit(common.OperationStartedMsg{BankID: msg.bank, OperationID: msg.op, Kind: msg.kind}),
		common.Toast("Started the "+msg.what+msg.note+" (operation "+common.ShortID(msg.op)+")…"),
		m.poll(msg.op), m.tick())
}

// poll asks for a followed operation once.
func (m *Model) poll(op string) tea.Cmd {
	ctx, cancel := m.c.Context(context.Background())
	bank, cl := m.bank, m.c.Client
	return func() tea.Msg {
		defer cancel()
		st, err := cl.GetOperation(ctx, bank, op, false)
		return polledMsg{bank: bank, op: op, st: st, err: err}
	}
}

// onPoll runs the timer's poll if the operation is still followed.
func (m *Model) onPoll(msg pollMsg) tea.Cmd {
	if _, ok := m.follow[msg.op]; !ok || msg.bank != m.bank {
		return nil
	}
	return m.poll(msg.op)
}

// onPolled waits again while the operation runs; once it has ended it says how, and
// when no other fix is still running the checks run again, to show what it changed.
func (m *Model) onPolled(msg polledMsg) tea.Cmd {
	f, ok := m.follow[msg.op]
	if !ok || msg.bank != m.bank {
		return nil
	}
	if msg.err != nil {
		f.failed++
		m.follow[msg.op] = f
		if f.failed >= pollTries {
			delete(m.follow, msg.op)
			return errOp("follow the "+f.what+" (operation "+msg.op+"; the operations pane lists it)", msg.err)
		}
		return m.c.After(pollEvery*time.Duration(f.failed+1), pollMsg{bank: msg.bank, op: msg.op})
	}
	if !msg.st.Done() {
		f.failed = 0
		m.follow[msg.op] = f
		return m.c.After(pollEvery, pollMsg{bank: msg.bank, op: msg.op})
	}
	delete(m.follow, msg.op)
	outcome := msg.st.Status
	if msg.st.ErrorMessage != "" {
		outcome += ": " + sanitize.Line(msg.st.ErrorMessage)
	}
	cmds := []tea.Cmd{common.Toast("The " + f.what + " ended " + outcome + "; checking " + f.check + " again")}
	if len(m.follow) == 0 {
		m.keep = f.check
		cmds = append(cmds, m.run(false))
	}
	return tea.Batch(cmds...)
}

// itemKeys identify the pairs or models of c's evidence, in order: a model by its id,
// a pair by its two observations, so the choice survives a re-run.
func itemKeys(c *hc.Check) []string {
	var keys []string
	for _, p := range c.Evidence.Duplicates {
		keys = append(keys, p.A.ID+"/"+p.B.ID)
	}
	for _, mm := range c.Evidence.Models {
		keys = append(keys, mm.ID)
	}
	return keys
}

// itemOf is the chosen pair or model of c's evidence: the one chosen last if it is
// still there, else the first.
func (m *Model) itemOf(c *hc.Check) int {
	return max(slices.Index(itemKeys(c), m.item[c.ID]), 0)
}

// moveItem chooses the next or previous pair or model of the selected check's
// evidence, showing the evidence if it is folded.
func (m *Model) moveItem(d int) {
	c := m.selected()
	if c == nil {
		return
	}
	keys := itemKeys(c)
	if len(keys) == 0 {
		return
	}
	m.expanded[c.ID] = true
	m.item[c.ID] = keys[max(min(m.itemOf(c)+d, len(keys)-1), 0)]
	m.reveal = revealItem
}

// parseScopes reads typed scopes: tag sets separated by ";", tags by ","; nil when
// nothing is typed (the whole bank).
func parseScopes(s string) [][]string {
	var scopes [][]string
	for _, part := range strings.Split(s, ";") {
		var tags []string
		for _, t := range strings.Split(part, ",") {
			if t = strings.TrimSpace(t); t != "" {
				tags = append(tags, t)
			}
		}
		if len(tags) > 0 {
			scopes = append(scopes, tags)
		}
	}
	return scopes
}

// scopesText shows scopes as typed: "a,b; c".
func scopesText(scopes [][]string) string {
	parts := make([]string, len(scopes))
	for i, s := range scopes {
		parts[i] = strings.Join(s, ",")
	}
	return "scopes " + sanitize.Line(strings.Join(parts, "; "))
}

// quoteLine shows a server text on one line, sanitized, quoted and cut to n runes.
func quoteLine(s string, n int) string {
	s = strings.Join(strings.Fields(sanitize.Line(s)), " ")
	if r := []rune(s); len(r) > n {
		s = strings.TrimSpace(string(r[:n-1])) + "…"
	}
	return "“" + s + "”"
}
