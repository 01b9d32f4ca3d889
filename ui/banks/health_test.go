package banks

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

func isHealthDue(m tea.Msg) bool { _, ok := m.(healthDueMsg); return ok }

// The bank the cursor rests on gets its quick checks (only those, ≤9 requests): a
// failing one is marked ✗ in the list and the overview names the failing checks;
// moving on before the timer fires costs nothing.
func TestHealthMark(t *testing.T) {
	rec := &uitest.Recorder{}
	srv := uitest.DemoServer(t, hindsighttest.WithBankHealthSeed(), hindsighttest.WithBackgroundConsolidation())
	h, s, o := hostBanks(t, uitest.NewCommon(t, srv, rec.Option()), "ops-runbook")
	h.Keys("j") // the cursor moves on at once: its timer is stale
	h.Keys("k")
	rec.Reset()
	if n := h.Fire(isHealthDue); n != 3 {
		t.Fatalf("fired %d health timers", n)
	}
	if n := len(rec.All()); n == 0 || n > 9 {
		t.Fatalf("the quick checks of one bank made %d requests", n)
	}
	if strings.Contains(rec.All()[0].Path, "recall") {
		t.Errorf("the quick checks recalled")
	}
	v := uitest.Plain(uitest.View(t, s))
	if !strings.Contains(v, "✗ ") {
		t.Errorf("no mark on the failing bank:\n%s", v)
	}
	ov := strings.Join(strings.Fields(uitest.Plain(uitest.View(t, o))), " ")
	if !strings.Contains(ov, "Health ✗ failing: stranded_facts, failed_consolidation, failed_operations (quick checks") {
		t.Errorf("the overview does not name the failing checks:\n%s", ov)
	}
	// The Health pane's full run wins over a later quick one, and clears the mark.
	h.Send(common.BankHealthMsg{BankID: "ops-runbook", Worst: "warn", Full: true})
	h.Send(common.BankHealthMsg{BankID: "ops-runbook", Worst: "fail", Failing: []string{"stranded_facts"}})
	if v := uitest.Plain(uitest.View(t, s)); strings.Contains(v, "✗ ") {
		t.Errorf("a quick result overwrote the full one:\n%s", v)
	}
	if ov := uitest.Plain(uitest.View(t, o)); !strings.Contains(ov, "Health ! no check fails; some warn") {
		t.Errorf("the overview after the full run:\n%s", ov)
	}
	// A bank checked in full gets no quick check when selected again.
	h.Keys("j", "k")
	rec.Reset()
	if n := h.Fire(isHealthDue); n != 1 {
		t.Fatalf("fired %d health timers", n)
	}
	if len(rec.All()) != 0 {
		t.Errorf("a bank checked in full was checked again: %v", rec.All())
	}
}
