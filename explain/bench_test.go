package explain

import (
	"encoding/json"
	"testing"

	"hindsight-tui/client"
)

// benchInput is a recall whose trace holds 2,000 candidates (lanes of up to 1,000
// per arm and fact type, 2,000 fused, 1,500 reranked) and 20 pinned memories spread
// over the stages: recalled, max_tokens, budget, past the reranker's candidates, never
// fused, and two missing.
func benchInput(tb testing.TB) (json.RawMessage, Input, []string) {
	tb.Helper()
	tr, _ := synthSpec{n: 2000, budget: 1000, fused: 2000, reranked: 1500}.build()
	tr.Query.Budget = 300 // a mid recall: the cut is at 600
	raw, err := json.Marshal(tr)
	if err != nil {
		tb.Fatal(err)
	}
	var mems []*client.Memory
	var ids []string
	for i := 0; i < 1980; i += 110 {
		mems = append(mems, synthMemory(i))
		ids = append(ids, synthID(i))
	}
	ids = append(ids, synthID(5000), synthID(5001)) // missing
	in := synthInput(tr, client.RecallRequest{Query: "billing Postgres"}, 150, mems...)
	return raw, in, ids
}

func TestBenchInputCoversTheStages(t *testing.T) {
	_, in, ids := benchInput(t)
	if len(ids) != 20 || len(in.Trace.Fused) != 2000 {
		t.Fatalf("%d ids, %d candidates", len(ids), len(in.Trace.Fused))
	}
	seen := map[Stage]int{}
	for _, v := range Analyze(in, ids) {
		seen[v.Stage]++
	}
	for _, s := range []Stage{StageRecalled, StageMaxTokens, StageBudget, StageRetrieval, StageMissing} {
		if seen[s] == 0 {
			t.Errorf("no %s verdict: %v", s, seen)
		}
	}
}

// BenchmarkExplain2000 is one explanation, computed once: decode a trace of 2,000
// candidates and explain 20 pinned memories against it.
func BenchmarkExplain2000(b *testing.B) {
	raw, in, ids := benchInput(b)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		tr, err := DecodeTrace(raw)
		if err != nil {
			b.Fatal(err)
		}
		in.Trace = tr
		if v := Analyze(in, ids); len(v) != len(ids) {
			b.Fatal(len(v))
		}
	}
}

// BenchmarkAnalyze2000 is the explanation without decoding: indexing the decoded
// trace and the 20 verdicts.
func BenchmarkAnalyze2000(b *testing.B) {
	_, in, ids := benchInput(b)
	tr := *in.Trace
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		fresh := tr
		fresh.ix = nil
		in.Trace = &fresh
		if v := Analyze(in, ids); len(v) != len(ids) {
			b.Fatal(len(v))
		}
	}
}
