package explain

import (
	"context"
	"encoding/json"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
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

// standInTrace records, once, a recall of the test server's synthetic bank whose trace
// holds 2,052 fused candidates (3,000 memories, budget high; a 1.9 MB trace with every
// lane's texts), and reads 20 memories spread over the fused list, two of them ids
// the bank does not have.
func standInTrace(b *testing.B) (json.RawMessage, Input, []string) {
	b.Helper()
	srv := hindsighttest.NewServer(hindsighttest.WithSyntheticMemories("bench", 3000))
	defer srv.Close()
	c, err := client.New(srv.URL())
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	req := client.RecallRequest{Query: "billing migration Postgres", Budget: client.BudgetHigh}
	resp, err := c.Recall(ctx, "bench", tracedRequest(req))
	if err != nil {
		b.Fatal(err)
	}
	tr, err := DecodeTrace(resp.Trace)
	if err != nil || len(tr.Fused) < 2000 {
		b.Fatalf("%v: %d candidates", err, len(tr.Fused))
	}
	in := Input{BankID: "bench", Request: req, Results: resp.Results, Memories: map[string]*client.Memory{}}
	var ids []string
	for i := 0; len(ids) < 18; i += len(tr.Fused) / 18 {
		id := tr.Fused[i].NodeID
		m, err := c.GetMemory(ctx, "bench", id)
		if err != nil {
			b.Fatal(err)
		}
		in.Memories[id] = m
		ids = append(ids, id)
	}
	ids = append(ids, synthID(1), synthID(2))
	return resp.Trace, in, ids
}

// BenchmarkExplain2000 is one explanation, computed once: decode the trace of 2,052
// candidates and explain 20 pinned memories against it.
func BenchmarkExplain2000(b *testing.B) {
	raw, in, ids := standInTrace(b)
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

// BenchmarkAnalyze2000 is the explanation without decoding, on the heavier synthetic
// trace (2,000 fused and 1,500 reranked candidates): indexing it and 20 verdicts.
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
