package operations

import (
	"testing"

	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/uitest"
)

// loadedPane is a focused pane of a 120x40 terminal with 1,000 operations loaded (ten
// pages), the cursor in the middle of the list and the selected operation's record
// in the detail panel.
func loadedPane(b *testing.B) *Model {
	b.Helper()
	m, h := uitest.Demo(b, New, uitest.OnServer(uitest.Server(b, hindsighttest.WithSeed(opsSeed(1000)))), uitest.Bank("ops"))
	m.want = 1000
	h.Keys("r")
	if len(m.list.rows) != 1000 {
		b.Fatalf("%d operations loaded", len(m.list.rows))
	}
	for m.cursor < 500 {
		h.Keys("pgdown")
	}
	h.Fire(uitest.Is[detailDueMsg])
	if e := m.selectedEntry(); e == nil || e.st == nil {
		b.Fatal("no detail")
	}
	return m
}

// BenchmarkView is one frame of the list and the detail panel with 1,000 operations.
func BenchmarkView(b *testing.B) {
	uitest.BenchView(b, loadedPane(b))
}

// BenchmarkMoveCursor is one step down the list and the frame after it: two rows and
// the detail panel are drawn again (the record request is a command, not run here).
func BenchmarkMoveCursor(b *testing.B) {
	uitest.BenchKeys(b, loadedPane(b), "j", "k")
}

// BenchmarkRefreshAnswer is taking an auto-refresh's answer of 1,000 operations (the
// requests themselves excluded) and drawing the frame after it.
func BenchmarkRefreshAnswer(b *testing.B) {
	m := loadedPane(b)
	ops := make([]loadedMsg, 1)
	for i := range m.list.rows {
		ops[0].ops = append(ops[0].ops, m.list.rows[i].op)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = m.startLoad(false)
		msg := ops[0]
		msg.seq, msg.bank, msg.total = m.load.seq, m.bank, len(msg.ops)
		m.Update(msg)
		_ = m.View()
	}
}
