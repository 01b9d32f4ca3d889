package ui

import (
	"strings"
	"testing"

	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/audit"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/llmlog"
	"hindsight-tui/ui/operations"
	"hindsight-tui/ui/tail"
	"hindsight-tui/ui/uitest"
)

// O on a tail event opens it where it lives: an operation selected in the Operations
// pane, a failed LLM request selected among its run's calls in LLM requests, an
// audited call selected in the Audit log.
func TestTailOpensAnEventInItsPane(t *testing.T) {
	tp, h := uitest.Demo(t, tail.New, uitest.ID("tail"), uitest.Seed(hindsighttest.WithBankHealthSeed()))
	w, ht := uitest.PaneSize(120, 40)
	ops, llm, al := operations.New(h.C), llmlog.New(h.C), audit.New(h.C)
	h.Add(common.PaneOperations, ops, w, ht)
	h.Add(common.PaneLLMLog, llm, w, ht)
	h.Add(common.PaneAudit, al, w, ht)
	h.SelectBank("travel-concierge") // has operations and failed LLM requests
	h.Focus("tail")

	only := func(kind string) string {
		t.Helper()
		id, what, _, ok := tp.Selection()
		if !ok || !strings.HasPrefix(what, kind+" ") {
			t.Fatalf("the first %s event is %q", kind, what)
		}
		return id
	}
	h.Keys("a", "e") // operations only
	op := only("operation")
	h.Keys("O")
	if n := len(h.Shown); n == 0 || h.Shown[n-1].ID != common.PaneOperations {
		t.Fatalf("shown %+v", h.Shown)
	}
	if id, _, _, _ := ops.Selection(); id != op {
		t.Fatalf("the Operations pane selected %q, want %q", id, op)
	}

	h.Focus("tail")
	h.Keys("o", "e") // LLM errors only
	call := only("llm error")
	h.Keys("enter", "O") // from the event's detail too
	if n := len(h.Shown); h.Shown[n-1].ID != common.PaneLLMLog {
		t.Fatalf("shown %+v", h.Shown)
	}
	id, _, js, _ := llm.Selection()
	if id != call || !strings.Contains(js, `"status": "error"`) {
		t.Fatalf("LLM requests selected %q, want %q:\n%s", id, call, js)
	}
	if v := uitest.Plain(uitest.View(t, llm)); !strings.Contains(v, "run ") {
		t.Errorf("the list is not the run's calls:\n%s", v)
	}

	// An audited call of the demo bank, the only one auditing: not the newest, so the
	// cursor has somewhere to go.
	h.SelectBank(uitest.DemoBank)
	h.Focus("tail")
	h.Keys("e", "a") // audit entries only (operations are off, LLM errors were on)
	h.Keys("j")
	entry := only("audit")
	h.Keys("O")
	if n := len(h.Shown); h.Shown[n-1].ID != common.PaneAudit {
		t.Fatalf("shown %+v", h.Shown)
	}
	if id := al.SelectedID(); id != entry {
		t.Fatalf("the Audit log selected %q, want %q", id, entry)
	}
}
