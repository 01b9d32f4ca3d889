package health

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client/hindsighttest"
	hc "hindsight-tui/health"
	"hindsight-tui/keymap"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// seed is the demo with the bank-health banks, consolidation in the background and
// the LLM probe on, as --demo runs it.
func seed() uitest.Option {
	return uitest.Seed(hindsighttest.WithBankHealthSeed(), hindsighttest.WithBackgroundConsolidation(), hindsighttest.WithBankLLMHealth())
}

// healthServer is a demo server with the bank-health banks.
func healthServer(t *testing.T, opts ...hindsighttest.Option) *hindsighttest.Server {
	t.Helper()
	return uitest.DemoServer(t, append([]hindsighttest.Option{hindsighttest.WithBankHealthSeed(),
		hindsighttest.WithBackgroundConsolidation(), hindsighttest.WithBankLLMHealth()}, opts...)...)
}

// view is the pane's plain text.
func view(t *testing.T, m *Model) string { t.Helper(); return ansi.Strip(uitest.View(t, m)) }

// status is the status of check id in the last run.
func status(t *testing.T, m *Model, id string) hc.Status {
	t.Helper()
	for _, c := range m.checks() {
		if c.ID == id {
			return c.Status
		}
	}
	t.Fatalf("no check %s in %v", id, m.checks())
	return ""
}

// on puts the cursor on check id.
func on(t *testing.T, m *Model, id string) {
	t.Helper()
	for i, c := range m.checks() {
		if c.ID == id {
			m.cursor = i
			m.settle()
			return
		}
	}
	t.Fatalf("no check %s", id)
}

func TestKeys(t *testing.T) {
	km := keymap.Default()
	if p := keymap.Check(km.Health, km.Global, km.List); len(p) > 0 {
		t.Fatal(strings.Join(p, "\n"))
	}
}

// Every check is a row with its status as a word, and the title line counts them.
func TestShowsEveryCheck(t *testing.T) {
	m, h := uitest.Demo(t, New, seed(), uitest.Bank("ops-runbook"))
	if len(m.checks()) != 10 {
		t.Fatalf("%d checks", len(m.checks()))
	}
	v := view(t, m)
	for _, want := range []string{"Health of ops-runbook", "3 fail · 1 warn · 5 ok · 1 skip",
		"✗ fail ▸f stranded_facts", "! warn ▸  empty_documents", "- skip ▸  llm_probe"} {
		if !strings.Contains(v, want) {
			t.Errorf("no %q in\n%s", want, v)
		}
	}
	msgs := uitest.Messages[common.BankHealthMsg](h)
	if len(msgs) != 1 || msgs[0].Worst != "fail" || !msgs[0].Full ||
		!slices.Equal(msgs[0].Failing, []string{hc.StrandedFacts, hc.FailedConsolidation, hc.FailedOperations}) {
		t.Errorf("announced %+v", msgs)
	}
}

// The fix of stranded facts queues a consolidation of the bank; once it has run the
// facts are observations and the check is ok.
func TestFixStrandedFacts(t *testing.T) {
	m, h, _ := fixRoundTrip(t, "sales-notes", hc.StrandedFacts)
	if s := status(t, m, hc.StrandedFacts); s != hc.OK {
		t.Fatalf("stranded_facts %s after the fix:\n%s", s, view(t, m))
	}
	if !strings.Contains(h.Toasts[len(h.Toasts)-1], "consolidation of sales-notes ended completed") {
		t.Errorf("toasts %q", h.Toasts)
	}
}

// Typed scopes make the consolidation take only their facts.
func TestConsolidateScopes(t *testing.T) {
	rec := &uitest.Recorder{}
	m, h := uitest.Demo(t, New, seed(), uitest.Bank("sales-notes"), uitest.WithClient(rec.Option()))
	on(t, m, hc.StrandedFacts)
	h.Keys("f")
	h.Type("acme, q4; globex")
	h.Keys("enter")
	bodies := rec.Bodies("POST", "/consolidate")
	if len(bodies) != 1 || bodies[0] != `{"observation_scopes":[["acme","q4"],["globex"]]}` {
		t.Fatalf("consolidate bodies %q", bodies)
	}
	if len(h.Started) != 1 || !strings.Contains(h.Toasts[0], "consolidation of scopes acme,q4; globex") {
		t.Errorf("started %+v, toasts %q", h.Started, h.Toasts)
	}
}

// Recovering failed consolidation makes the facts pending and queues the run that
// takes them: where the LLM works they are consolidated and the check is ok; where
// it is still unreachable (ops-runbook) they fail again, and the check says so.
func TestFixFailedConsolidation(t *testing.T) {
	m, _, _ := fixRoundTrip(t, "writer-agent", hc.FailedConsolidation)
	if s := status(t, m, hc.FailedConsolidation); s != hc.OK {
		t.Fatalf("failed_consolidation %s after the fix:\n%s", s, view(t, m))
	}
	m, h, _ := fixRoundTrip(t, "ops-runbook", hc.FailedConsolidation)
	if s := status(t, m, hc.FailedConsolidation); s != hc.Fail {
		t.Fatalf("failed_consolidation %s with the LLM still unreachable", s)
	}
	if !strings.Contains(h.Toasts[len(h.Toasts)-1], "ended failed: Consolidation failed") {
		t.Errorf("toasts %q", h.Toasts)
	}
}

// Clearing the observations built on a source of a pair's B side removes that copy;
// the bank's other pair goes the same way, and then the check is ok.
func TestFixDuplicateObservations(t *testing.T) {
	m, h, srv := fixRoundTrip(t, "family-assistant", hc.DuplicateObservations, "enter")
	c := m.selected()
	if c.Status != hc.Warn || len(c.Evidence.Duplicates) != 1 {
		t.Fatalf("after one fix: %s, %d pairs", c.Status, len(c.Evidence.Duplicates))
	}
	h.Keys("f", "enter")
	for range 5 {
		srv.CompleteOperations()
		h.Fire(nil)
	}
	if s := status(t, m, hc.DuplicateObservations); s != hc.OK {
		t.Fatalf("duplicate_observations %s after both fixes:\n%s", s, view(t, m))
	}
}

// The first f on a check whose fix acts on one pair shows the pairs; ] chooses the
// next, and the confirmation names the chosen pair's B side and its source memory.
func TestDuplicatePairShownFirst(t *testing.T) {
	m, h := uitest.Demo(t, New, seed(), uitest.Bank("family-assistant"))
	on(t, m, hc.DuplicateObservations)
	h.Keys("f")
	if h.Front() != nil || !m.expanded[hc.DuplicateObservations] || !strings.Contains(h.Toasts[0], "Choose the pair") {
		t.Fatalf("the first f: dialog %v, expanded %v, toasts %q", h.Front(), m.expanded, h.Toasts)
	}
	if v := view(t, m); !strings.Contains(v, "│ B: Noah has swimming lessons every") {
		t.Errorf("the pairs are not side by side:\n%s", v)
	}
	h.Keys("]", "f")
	d := uitest.Front[*components.Confirm](h)
	p := m.selected().Evidence.Duplicates[1]
	if v := strings.Join(strings.Fields(strings.ReplaceAll(uitest.Plain(d.View()), "│", "")), " "); !strings.Contains(v, "Noah has swimming lessons every Tuesday") ||
		!strings.Contains(v, "memory "+p.B.Sources[0]) {
		t.Errorf("the confirmation does not name the chosen pair:\n%s", uitest.Plain(d.View()))
	}
}

// Refreshing the stale model the check names makes the check ok.
func TestFixStaleModel(t *testing.T) {
	m, _, _ := fixRoundTrip(t, "writer-agent", hc.StaleModels, "enter")
	if s := status(t, m, hc.StaleModels); s != hc.OK {
		t.Fatalf("stale_models %s after the refresh:\n%s", s, view(t, m))
	}
}

// --read-only: no fix key, no fix in help, the palette or the evidence, and f does
// nothing.
func TestReadOnlyHasNoFixes(t *testing.T) {
	m, h := uitest.Demo(t, New, seed(), uitest.Bank("sales-notes"), uitest.ReadOnly())
	on(t, m, hc.StrandedFacts)
	h.Keys("enter", "f")
	if h.Front() != nil || len(h.Toasts) != 0 {
		t.Fatalf("f under --read-only: dialog %v, toasts %q", h.Front(), h.Toasts)
	}
	v := view(t, m)
	if strings.Contains(v, "f: ") || strings.Contains(v, "▸f") || strings.Contains(v, "▾f") || strings.Contains(v, "one-key fix") {
		t.Errorf("a fix shows under --read-only:\n%s", v)
	}
	for _, group := range m.FullHelp() {
		for _, b := range group {
			if b.Enabled() && b.Help().Key == "f" {
				t.Errorf("help lists f under --read-only")
			}
		}
	}
	for _, a := range m.Actions() {
		if strings.HasPrefix(a.Name, "Fix") {
			t.Errorf("palette offers %q under --read-only", a.Name)
		}
	}
	m2, _ := uitest.Demo(t, New, seed(), uitest.Bank("sales-notes"))
	on(t, m2, hc.StrandedFacts)
	if !slices.ContainsFunc(m2.Actions(), func(a common.Action) bool { return strings.HasPrefix(a.Name, "Fix stranded_facts") }) {
		t.Errorf("no fix in the palette without --read-only: %+v", m2.Actions())
	}
}

// A re-run keeps the cursor on its check by id, and a check's evidence stays open.
func TestSelectionSurvivesRerun(t *testing.T) {
	m, h := uitest.Demo(t, New, seed(), uitest.Bank("ops-runbook"))
	on(t, m, hc.FailedOperations)
	h.Keys("enter")
	// The report of the re-run comes back in another order: the cursor follows the id.
	cmd := h.Hold("r")
	h.Do(cmd)
	if c := m.selected(); c == nil || c.ID != hc.FailedOperations || !m.expanded[hc.FailedOperations] {
		t.Fatalf("after r: selected %v, expanded %v", c, m.expanded)
	}
	r := *m.report
	r.Checks = slices.Clone(r.Checks)
	slices.Reverse(r.Checks)
	h.Hold("r")
	h.Deliver(reportMsg{seq: m.seq, bank: "ops-runbook", report: r})
	if c := m.selected(); c == nil || c.ID != hc.FailedOperations || m.cursor != 1 {
		t.Fatalf("after a reordered report: cursor %d on %v", m.cursor, c)
	}
	if v := view(t, m); !strings.Contains(v, "▌ ✗ fail ▾  failed_operations") {
		t.Errorf("the row does not show as selected and open:\n%s", v)
	}
}

// An answer for a run the user has moved on from is dropped: an earlier run's, and one
// for another bank; the run held in flight still lands. esc stops a run.
func TestStaleAnswerDropped(t *testing.T) {
	m, h := uitest.Demo(t, New, seed(), uitest.Bank("ops-runbook"))
	cmd := h.Hold("r")
	if !m.loading {
		t.Fatal("r did not run the checks")
	}
	empty := hc.BankReport{BankID: "ops-runbook"}
	h.Deliver(reportMsg{seq: m.seq - 1, bank: m.bank, report: empty})
	h.Deliver(reportMsg{seq: m.seq, bank: "garden-planner", report: empty})
	if len(m.checks()) != 10 || !m.loading {
		t.Fatalf("a stale answer was taken: %d checks, loading %v", len(m.checks()), m.loading)
	}
	h.Do(cmd)
	if len(m.checks()) != 10 || m.loading {
		t.Fatalf("the current answer: %d checks, loading %v", len(m.checks()), m.loading)
	}
	cmd = h.Hold("r")
	h.Keys("esc")
	if m.loading || !strings.Contains(h.Toasts[len(h.Toasts)-1], "Stopped") {
		t.Fatalf("esc: loading %v, toasts %q", m.loading, h.Toasts)
	}
	before := len(uitest.Messages[common.BankHealthMsg](h))
	h.Do(cmd)
	if n := len(uitest.Messages[common.BankHealthMsg](h)); n != before {
		t.Errorf("the stopped run's answer was announced")
	}
}

// A bank change drops what was shown and followed, and runs the new bank's checks.
func TestBankChange(t *testing.T) {
	m, h := uitest.Demo(t, New, seed(), uitest.Bank("ops-runbook"))
	on(t, m, hc.FailedOperations)
	h.Keys("enter")
	h.SelectBank("garden-planner")
	if m.report == nil || m.report.BankID != "garden-planner" || m.cursor != 0 || len(m.expanded) != 0 {
		t.Fatalf("after the bank change: %+v cursor %d expanded %v", m.report, m.cursor, m.expanded)
	}
	if v := view(t, m); !strings.Contains(v, "9 ok · 1 skip") {
		t.Errorf("the healthy bank:\n%s", v)
	}
}

// fixRoundTrip presses f on check id of bank (after keys), confirms, sees the
// operation announced and followed while it runs, completes it on the server and
// returns once the checks have run again, the cursor still on the check.
func fixRoundTrip(t *testing.T, bank, id string, keys ...string) (*Model, *uitest.Host, *hindsighttest.Server) {
	t.Helper()
	srv := healthServer(t, hindsighttest.WithAsyncDelay(time.Hour))
	m, h := uitest.Demo(t, New, uitest.OnServer(srv), uitest.Bank(bank))
	on(t, m, id)
	h.Keys(keys...)
	h.Keys("f")
	if d := uitest.Front[*components.Confirm](h); !d.Ready() {
		t.Fatalf("the confirmation is not ready: %s", uitest.Plain(d.View()))
	}
	h.Keys("enter")
	if h.Front() != nil {
		t.Fatalf("the confirmation is still open: %s", uitest.Plain(h.Front().View()))
	}
	if len(h.Started) != 1 || len(m.follow) != 1 || h.Started[0].BankID != bank {
		t.Fatalf("operations started %+v, following %v, errors %v", h.Started, m.follow, h.Errors)
	}
	if v := view(t, m); !strings.Contains(v, "1 fix running…") {
		t.Errorf("the title line does not say a fix runs:\n%s", v)
	}
	if h.Fire(nil) == 0 || len(m.follow) != 1 {
		t.Fatal("no poll while the operation runs")
	}
	runs := len(uitest.Messages[common.BankHealthMsg](h))
	for range 10 {
		if len(m.follow) == 0 {
			break
		}
		srv.CompleteOperations()
		h.Fire(nil)
	}
	if len(m.follow) != 0 || m.loading || len(uitest.Messages[common.BankHealthMsg](h)) != runs+1 {
		t.Fatalf("still following %v, loading %v; no new run", m.follow, m.loading)
	}
	if c := m.selected(); c == nil || c.ID != id {
		t.Fatalf("the cursor left %s for %v", id, c)
	}
	return m, h, srv
}

// P runs the checks with the LLM probe: ops-runbook's consolidation LLM is
// unreachable, and the probe says so; r runs without it again.
func TestProbe(t *testing.T) {
	m, h := uitest.Demo(t, New, seed(), uitest.Bank("ops-runbook"))
	if s := status(t, m, hc.LLMProbe); s != hc.Skip {
		t.Fatalf("llm_probe %s before P", s)
	}
	on(t, m, hc.LLMProbe)
	h.Keys("P", "enter")
	if s := status(t, m, hc.LLMProbe); s != hc.Fail {
		t.Fatalf("llm_probe %s after P", s)
	}
	if v := view(t, m); !strings.Contains(v, "· consolidation: failed (unreachable") {
		t.Errorf("the probe's evidence:\n%s", v)
	}
	h.Keys("r")
	if s := status(t, m, hc.LLMProbe); s != hc.Skip || m.selected().ID != hc.LLMProbe {
		t.Errorf("llm_probe %s after r, cursor on %s", s, m.selected().ID)
	}
}

// enter opens each kind of evidence: scopes and the copied text, entity clusters and
// the facts not naming the entity, LLM errors, failed operations, models.
func TestEvidenceOfEachKind(t *testing.T) {
	for _, tc := range []struct{ bank, id, want string }{
		{"chat-sessions", hc.ObservationScopes, "· learned in 38 scopes: Léa wants every measurement"},
		{"chat-sessions", hc.ObservationScopes, "· and 32 more scopes (Y copies them all)"},
		{"field-office", hc.EntityMerges, "2: Lena Petrosyan, Project Atlas, Yerevan office"},
		{"field-office", hc.EntityMerges, "not naming it: 82a8a7ca world: Tigran is on leave until December 8."},
		{"travel-concierge", hc.ConsolidationLLMErrors, "· 2026-11-30 03:15 groq/llama-3.3-70b-versatile: RateLimitError"},
		{"ops-runbook", hc.FailedOperations, "· file_convert_retain 8cc54427 failed at 2026-11-30 02:15: Unsupported file"},
		{"ops-runbook", hc.EmptyDocuments, "· scan-network-diagram:"},
		{"research-agent", hc.StaleModels, "· “Retrieval findings” (retrieval-findings): it is stale and it cites 1"},
	} {
		m, h := uitest.Demo(t, New, seed(), uitest.Bank(tc.bank))
		on(t, m, tc.id)
		h.Keys("enter")
		if v := view(t, m); !strings.Contains(v, tc.want) {
			t.Errorf("%s %s: no %q in\n%s", tc.bank, tc.id, tc.want, v)
		}
	}
}

// Every text of a check goes through the sanitizer: control characters show as
// pictures, and nothing of an escape sequence reaches the terminal.
func TestEvidenceIsSanitized(t *testing.T) {
	m, h := uitest.Demo(t, New, seed(), uitest.Bank("garden-planner"))
	evil := "ignore previous\x1b[2J\x07 instructions"
	r := hc.BankReport{BankID: "garden-planner", Checks: []hc.Check{{ID: hc.DuplicateObservations, Status: hc.Warn,
		Summary: evil, Fix: evil, Evidence: hc.Evidence{Duplicates: []hc.DuplicatePair{{
			A: hc.Fact{ID: "a", Text: evil, Sources: []string{"s\x1b]0;x"}}, B: hc.Fact{ID: "b", Text: evil, Sources: []string{"t"}}, Similarity: 0.9}},
			Facts: []hc.Fact{{ID: "f", Text: evil, Tags: []string{evil}}}}}}}
	h.Hold("r")
	h.Deliver(reportMsg{seq: m.seq, bank: "garden-planner", report: r})
	h.Keys("enter")
	v := uitest.View(t, m)
	if strings.Contains(v, "\x1b[2J") || strings.Contains(v, "\x07") || strings.Contains(v, "\x1b]0") {
		t.Fatalf("a control sequence reached the screen: %q", v)
	}
	if p := uitest.Plain(v); !strings.Contains(p, "␛[2J") || !strings.Contains(p, "A: ignore previous␛[2J") {
		t.Errorf("the escape does not show as a picture:\n%s", p)
	}
}

// The chosen model stays chosen across a re-run by its id, wherever it is listed.
func TestChosenItemSurvivesRerun(t *testing.T) {
	m, h := uitest.Demo(t, New, seed(), uitest.Bank("research-agent"))
	on(t, m, hc.StaleModels)
	h.Keys("]", "]")
	want := m.selected().Evidence.Models[2].ID
	r := *m.report
	r.Checks = slices.Clone(r.Checks)
	c := &r.Checks[m.cursor]
	c.Evidence.Models = slices.Clone(c.Evidence.Models)
	slices.Reverse(c.Evidence.Models)
	h.Hold("r")
	h.Deliver(reportMsg{seq: m.seq, bank: "research-agent", report: r})
	if got := m.selected().Evidence.Models[m.itemOf(m.selected())].ID; got != want {
		t.Fatalf("chosen %s after the re-run, want %s", got, want)
	}
	if v := view(t, m); !strings.Contains(v, "▸ “Retrieval findings”") {
		t.Errorf("the chosen model is not marked:\n%s", v)
	}
}
