package ui

import (
	"strings"
	"testing"

	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// The audit log end to end in the app: on a bank that does not audit, the pane
// (opened from the palette) says so and A turns auditing on; a recall made in the
// Recall pane is then listed with its query, and p replays it in the Recall pane as
// a then/now comparison.
func TestAuditLogReplaysARecall(t *testing.T) {
	srv := uitest.DemoServer(t, hindsighttest.WithBankHealthSeed())
	h := realModel(t, srv, 120, 40)
	h.run(h.m.Init(), 0)
	h.send(common.BankSelectedMsg{BankID: "team-platform"})
	openAudit := func() {
		t.Helper()
		h.press(":")
		h.typeText("Audit log")
		mustContain(t, h.screen(), "Go to Audit log")
		h.press("enter")
		mustContain(t, h.screen(), "Audit log of team-platform")
	}
	openAudit()
	mustContain(t, h.screen(), "auditing is off", "A turns it on")
	h.press("A")
	mustContain(t, h.screen(), "Turn auditing on", "team-platform")
	h.press("enter")
	mustNotContain(t, h.screen(), "auditing is off")

	h.press("3")
	h.typeText("deploy freeze")
	h.press("enter")
	mustContain(t, h.screen(), "deploy freeze")

	openAudit()
	mustContain(t, h.screen(), "“deploy freeze”")
	lines := strings.Split(h.screen(), "\n")
	row := -1
	for i, l := range lines {
		if strings.Contains(l, "“deploy freeze”") {
			row = i
			break
		}
	}
	if row < 0 || !strings.Contains(lines[row], "▌") || !strings.Contains(lines[row], "recall") {
		t.Fatalf("the recall is not the selected row:\n%s", h.screen())
	}
	h.press("y") // the pane's own y: the request, not the id
	mustContain(t, h.screen(), "sent the request of audit entry")
	h.press("p")
	scr := h.screen()
	mustContain(t, scr, "then/now", "sent again now", "0 new · 0 gone · 0 moved", "total  then", "now ")
	if h.m.focused() == nil || !strings.Contains(scr, "Recall") {
		t.Fatalf("the Recall pane is not shown:\n%s", scr)
	}
}
