package trace

import (
	"encoding/json"
	"fmt"
	"testing"

	"hindsight-tui/ui/uitest"
)

// largeTrace is a trace of about 2,000 rows: four lanes over three fact types with 100
// hits each, and 400 fused and reranked candidates.
func largeTrace(tb testing.TB) json.RawMessage {
	tb.Helper()
	text := func(i int) string {
		return fmt.Sprintf("Memory %d: Alex mentioned 好きな店 🍣 and a long sentence that will need truncating in any pane.", i)
	}
	var lanes []any
	for _, method := range canonicalLanes() {
		for _, ft := range []string{"world", "experience", "observation"} {
			var hits []any
			for i := range 100 {
				hits = append(hits, map[string]any{"rank": i + 1, "node_id": fmt.Sprintf("%s-%s-%d", method, ft, i), "text": text(i),
					"event_date": "2026-06-11T15:35:00+00:00", "fact_type": ft, "score": 1 / float64(i+1), "score_name": method + "_score"})
			}
			lanes = append(lanes, map[string]any{"method_name": method, "fact_type": ft, "results": hits,
				"duration_seconds": 0.002, "metadata": map[string]any{"limit": 300}})
		}
	}
	var fused, reranked []any
	for i := range 400 {
		fused = append(fused, map[string]any{"node_id": fmt.Sprint("n", i), "text": text(i), "rrf_score": 0.05 / float64(i+1),
			"final_rrf_rank": i + 1, "source_ranks": map[string]any{"semantic_rank": i + 1, "bm25_rank": 400 - i}})
		reranked = append(reranked, map[string]any{"node_id": fmt.Sprint("n", i), "text": text(i), "rerank_score": 1 / float64(i+1),
			"rerank_rank": i + 1, "rrf_rank": (i*7)%400 + 1, "rank_change": (i*7)%400 - i})
	}
	raw, err := json.Marshal(map[string]any{"retrieval_results": lanes, "rrf_merged": fused, "reranked": reranked,
		"summary": map[string]any{"total_duration_seconds": 0.1, "phase_metrics": []any{
			map[string]any{"phase_name": "parallel_retrieval", "duration_seconds": 0.05, "details": map[string]any{"semantic_count": 300}},
		}}})
	if err != nil {
		tb.Fatal(err)
	}
	return raw
}

// The benchmark's trace is as large as it claims, and its CJK and emoji text (two
// cells a character) still gives exact frames, cut mid-word or not.
func TestLargeTrace(t *testing.T) {
	m := newViewer(t, string(largeTrace(t)), 118, 30)
	rows := 0
	for _, s := range m.sections {
		rows += len(s.tbl.rows)
	}
	if rows < 2000 {
		t.Fatalf("%d rows", rows)
	}
	for _, sz := range [][2]int{{118, 30}, {58, 12}, {37, 7}, {20, 5}} {
		allViews(t, m, sz[0], sz[1])
	}
}

// BenchmarkView is one frame of a lane of the 2,000-row trace at the recall pane's size
// in a 120x40 terminal, with the cursor moved between frames as when the user scrolls.
func BenchmarkView(b *testing.B) {
	m := newViewer(b, string(largeTrace(b)), 118, 30)
	sendKeys(b, m, "G")
	uitest.BenchKeys(b, m, "k")
}

// BenchmarkViewFused is a frame of the widest table (a rank column per lane).
func BenchmarkViewFused(b *testing.B) {
	m := newViewer(b, string(largeTrace(b)), 118, 30)
	sendKeys(b, m, "h", "h", "h")
	uitest.BenchView(b, m)
}

// BenchmarkSwitchSection is a press of l and the frame after it (the bar is redrawn).
func BenchmarkSwitchSection(b *testing.B) {
	uitest.BenchKeys(b, newViewer(b, string(largeTrace(b)), 118, 30), "l")
}

// BenchmarkSetTrace decodes and lays out a trace: the demo answer's, and the 2,000-row
// one.
func BenchmarkSetTrace(b *testing.B) {
	for _, tc := range []struct {
		name  string
		trace func(testing.TB) json.RawMessage
	}{{"demo", demoTrace}, {"large", largeTrace}} {
		b.Run(tc.name, func(b *testing.B) {
			raw := tc.trace(b)
			m := newViewer(b, "", 118, 30)
			b.ReportAllocs()
			for b.Loop() {
				m.SetTrace(raw)
			}
		})
	}
}

// BenchmarkResize re-lays out the 2,000 rows for a new width (a terminal resize).
func BenchmarkResize(b *testing.B) {
	m := newViewer(b, string(largeTrace(b)), 118, 30)
	w := 0
	b.ReportAllocs()
	for b.Loop() {
		w = 1 - w
		m.SetSize(100+w*18, 30)
	}
}
