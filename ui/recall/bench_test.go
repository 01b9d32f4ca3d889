package recall

import (
	"fmt"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/explain"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// loadedPane is a focused pane (the main pane of a 120x40 terminal) showing 2,000
// results with their trace loaded into the viewer. The server's reranker takes at most
// 300 candidates, so a real answer (with its trace) from a synthetic bank is stretched
// to 2,000 results of the same shapes.
func loadedPane(b *testing.B) (*uitest.Host, *Model) {
	b.Helper()
	srv := uitest.Server(b, hindsighttest.WithSyntheticMemories("big", 6000))
	m, h := uitest.Demo(b, New, uitest.OnServer(srv), uitest.Bank("big"))
	m.cur.filters = filters{budget: "high", maxTokens: "10000000", trace: true}
	m.search.SetValue("Alice Chen said the billing review moved; Postgres migration pricing at Acme Corp in Berlin")
	done := answers(uitest.Run(b, m.searchNow()))
	if len(done) != 1 || done[0].resp == nil || len(done[0].resp.Results) == 0 || len(done[0].resp.Trace) == 0 {
		b.Fatalf("no answer with a trace: %+v", done)
	}
	d := done[0]
	real := d.resp.Results
	results := make([]client.RecallResult, 2000)
	for i := range results {
		results[i] = real[i%len(real)]
		results[i].ID = fmt.Sprintf("%s-%d", results[i].ID, i)
		results[i].Text = fmt.Sprintf("%s (copy %d)", results[i].Text, i)
	}
	d.resp.Results = results
	h.Deliver(d)
	if m.res == nil || len(m.res.rows) != 2000 || !m.hasTrace() {
		b.Fatal("the 2,000 results did not load")
	}
	m.moveTo(1000) // the middle of the list, not the cheap top
	m.settle()
	return h, m
}

// BenchmarkView is one frame of the results and the detail panel with 2,000 results
// and a trace loaded.
func BenchmarkView(b *testing.B) {
	h, m := loadedPane(b)
	h.Keys("esc")
	uitest.BenchView(b, m)
}

// BenchmarkViewTrace is one frame of the trace view of the same answer.
func BenchmarkViewTrace(b *testing.B) {
	h, m := loadedPane(b)
	h.Keys("esc", "t")
	if !m.showTrace {
		b.Fatal("trace not shown")
	}
	uitest.BenchView(b, m)
}

// BenchmarkSearchKeypress is one key typed into the search box with 2,000 results
// shown: Update and the frame after it (the search it schedules runs later, in a
// command, and is not part of it).
func BenchmarkSearchKeypress(b *testing.B) {
	_, m := loadedPane(b)
	m.focusZone(zoneSearch)
	uitest.BenchKeys(b, m, "x", "backspace")
}

// BenchmarkMoveCursor is one step down the list: the detail panel is redrawn for the
// newly selected result.
func BenchmarkMoveCursor(b *testing.B) {
	h, m := loadedPane(b)
	h.Keys("esc")
	uitest.BenchKeys(b, m, "j", "k")
}

// explainedPane is a focused pane on the explain lab with 20 memories pinned and the
// explainer shown for a broad recall (budget high, so the trace holds every
// candidate the lanes found).
func explainedPane(b *testing.B) (*uitest.Host, *Model) {
	b.Helper()
	m, h := uitest.Demo(b, New, uitest.Seed(hindsighttest.WithExplainLab()), uitest.Bank("explain-lab"))
	return pinAndExplain(b, h, m, "explain-lab", filters{budget: "high"}, "Which trips are coming up for Priya?")
}

// pinAndExplain pins the first 20 memories of bank, searches query with f and shows
// the explainer, the cursor on the eleventh verdict.
func pinAndExplain(b *testing.B, h *uitest.Host, m *Model, bank string, f filters, query string) (*uitest.Host, *Model) {
	b.Helper()
	list, err := h.C.Client.ListMemories(b.Context(), bank, client.ListMemoriesParams{Limit: 20})
	if err != nil || len(list.Items) < 20 {
		b.Fatalf("memories: %v", err)
	}
	for _, mem := range list.Items {
		h.Send(common.PinMemoryMsg{BankID: bank, MemoryID: mem.ID, Text: mem.Text})
	}
	m.cur.filters = f
	m.search.SetValue(query)
	h.Do(m.searchNow())
	h.Keys("esc", "e")
	if !m.showExplain || len(m.verdicts()) != 20 {
		b.Fatalf("%d verdicts", len(m.verdicts()))
	}
	m.exp.cursor = 10
	m.settle()
	return h, m
}

// BenchmarkViewExplainer is one frame of the explainer with 20 pinned memories.
func BenchmarkViewExplainer(b *testing.B) {
	_, m := explainedPane(b)
	uitest.BenchView(b, m)
}

// BenchmarkExplainerMove is one step through the verdicts: Update, which redraws
// them in settle, and the frame after it.
func BenchmarkExplainerMove(b *testing.B) {
	_, m := explainedPane(b)
	uitest.BenchKeys(b, m, "j", "k")
}

// comparedPane is loadedPane's 2,000 results compared with the same results in the
// reverse order and every tenth one left out (3,800 moves, 200 gone), the cursor in
// the middle.
func comparedPane(b *testing.B) (*uitest.Host, *Model) {
	b.Helper()
	h, m := loadedPane(b)
	h.Keys("esc")
	a := m.res.results()
	var rev []client.RecallResult
	for i := len(a) - 1; i >= 0; i-- {
		if i%10 != 0 {
			rev = append(rev, a[i])
		}
	}
	m.cmp = compareState{seq: 1, a: m.res, show: true, running: true}
	h.Deliver(compareDoneMsg{seq: 1, bank: m.bank, req: m.res.req, resp: &client.RecallResponse{Results: rev}})
	if m.cmp.b == nil || len(m.cmp.rows) != 2000 {
		b.Fatalf("%d rows", len(m.cmp.rows))
	}
	m.cmp.cursor = 1000
	m.settle()
	return h, m
}

// BenchmarkViewCompare is one frame of the A/B comparison of 2,000 results.
func BenchmarkViewCompare(b *testing.B) {
	_, m := comparedPane(b)
	uitest.BenchView(b, m)
}

// BenchmarkCompareMove is one step through the comparison: Update, which draws the
// rows in view in settle, and the frame after it.
func BenchmarkCompareMove(b *testing.B) {
	_, m := comparedPane(b)
	uitest.BenchKeys(b, m, "j", "k")
}

// explained2000Pane is a focused pane on a synthetic bank of 3,000 memories whose
// broad recall (budget high) has a trace of at least 2,000 fused candidates, with 20
// memories pinned and the explainer shown.
func explained2000Pane(b *testing.B) (*uitest.Host, *Model) {
	b.Helper()
	srv := uitest.Server(b, hindsighttest.WithSyntheticMemories("bench", 3000))
	m, h := uitest.Demo(b, New, uitest.OnServer(srv), uitest.Bank("bench"))
	pinAndExplain(b, h, m, "bench", filters{budget: "high", trace: true}, "billing migration Postgres")
	if tr, err := explain.DecodeTrace(m.res.resp.Trace); err != nil || len(tr.Fused) < 2000 {
		b.Fatalf("%v: %d candidates", err, len(tr.Fused))
	}
	return h, m
}

// BenchmarkViewExplainer2000 is one frame of the explainer of 20 pins against a trace
// of 2,000 candidates. The explanation is computed once, when the answer arrives:
// the frames and the moves through the verdicts ask for none.
func BenchmarkViewExplainer2000(b *testing.B) {
	_, m := explained2000Pane(b)
	seq := m.exp.seq
	uitest.BenchView(b, m)
	if m.exp.seq != seq {
		b.Fatalf("the frames explained again (%d explanations)", m.exp.seq-seq)
	}
}

// BenchmarkExplainer2000Move is one step through those verdicts and the frame after.
func BenchmarkExplainer2000Move(b *testing.B) {
	_, m := explained2000Pane(b)
	seq := m.exp.seq
	uitest.BenchKeys(b, m, "j", "k")
	if m.exp.seq != seq {
		b.Fatalf("moving explained again (%d explanations)", m.exp.seq-seq)
	}
}
