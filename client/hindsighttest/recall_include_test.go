package hindsighttest

import (
	"bytes"
	"slices"
	"testing"
)

func TestRecallScoresAndFields(t *testing.T) {
	s := newRecallServer(t)
	out, _ := recall(t, s, map[string]any{"query": "Alice leads Phoenix"})
	if len(out.Results) == 0 || out.Results[0].Text != tAlice {
		t.Fatalf("top result = %q, want %q", texts(out.Results), tAlice)
	}
	top := out.Results[0]
	if top.Scores == nil || top.Scores.Reranker == nil || top.Scores.Semantic == nil || top.Scores.Keyword == nil {
		t.Fatalf("top result lacks scores: %+v", top.Scores)
	}
	if top.Scores.Final <= 0 || top.Scores.Final > 1.25 || *top.Scores.Semantic > 1 {
		t.Errorf("scores out of range: %+v", top.Scores)
	}
	for i := 1; i < len(out.Results); i++ {
		if out.Results[i].Scores.Final > out.Results[i-1].Scores.Final {
			t.Errorf("results not ranked by final score at %d", i)
		}
	}
	if top.ChunkID == "" || top.Metadata == nil || !slices.Equal(top.Tags, []string{"work"}) {
		t.Errorf("fields missing on %+v", top)
	}
	if !slices.Equal(top.Entities, []string{"Alice", "Phoenix"}) {
		t.Errorf("entities = %q", top.Entities)
	}
}

func TestRecallIncludeOptions(t *testing.T) {
	s := newRecallServer(t)
	q := "Alice Phoenix April launch"

	out, raw := recall(t, s, map[string]any{"query": q})
	if len(out.Entities) == 0 || out.Chunks != nil || out.SourceFacts != nil || out.SourceFactsTruncated != nil {
		t.Errorf("defaults: entities on, the rest off; got %s", raw)
	}
	if !bytes.Contains(raw, []byte(`"observations":[]`)) {
		t.Errorf("entity states must carry empty observations: %s", raw)
	}

	_, raw = recall(t, s, map[string]any{"query": q, "include": map[string]any{"entities": nil}})
	if bytes.Contains(raw, []byte(`"entities"`)) {
		t.Errorf("include.entities null still returned entities: %s", raw)
	}

	out, _ = recall(t, s, map[string]any{"query": q, "include": map[string]any{"chunks": map[string]any{}}})
	if len(out.Chunks) != 2 {
		t.Fatalf("chunks = %d, want both chunks of the standup", len(out.Chunks))
	}
	for id, c := range out.Chunks {
		if c.ID != id || c.Truncated || c.Text == "" {
			t.Errorf("chunk %s = %+v", id, c)
		}
	}
	out, _ = recall(t, s, map[string]any{"query": q, "include": map[string]any{"chunks": map[string]any{"max_tokens": 25}}})
	truncated := 0
	for _, c := range out.Chunks {
		if c.Truncated {
			truncated++
			if estimateTokens(c.Text) > 25 {
				t.Errorf("truncated chunk is over budget: %q", c.Text)
			}
		}
	}
	if truncated != 1 {
		t.Errorf("want exactly the last chunk truncated, got %d of %d", truncated, len(out.Chunks))
	}

	out, _ = recall(t, s, map[string]any{"query": q, "include": map[string]any{"source_facts": map[string]any{}}})
	var obs *wireResult
	for i := range out.Results {
		if out.Results[i].Type == "observation" {
			obs = &out.Results[i]
		}
	}
	if obs == nil || len(obs.SourceFactIDs) != 2 {
		t.Fatalf("observation with its source ids missing: %+v", out.Results)
	}
	for _, id := range obs.SourceFactIDs {
		if _, ok := out.SourceFacts[id]; !ok {
			t.Errorf("source fact %s missing from source_facts", id)
		}
	}
	if out.SourceFactsTruncated == nil || *out.SourceFactsTruncated {
		t.Errorf("source_facts_truncated = %v, want false", out.SourceFactsTruncated)
	}
	out, _ = recall(t, s, map[string]any{"query": q, "include": map[string]any{"source_facts": map[string]any{"max_tokens": 1}}})
	if out.SourceFactsTruncated == nil || !*out.SourceFactsTruncated || len(out.SourceFacts) != 0 {
		t.Errorf("a 1-token budget must truncate: %v %v", out.SourceFactsTruncated, out.SourceFacts)
	}
}

func TestRecallPreferObservations(t *testing.T) {
	s := newRecallServer(t)
	q := map[string]any{"query": "Alice Phoenix April launch"}
	out, _ := recall(t, s, q)
	if !hasText(out.Results, tObs) || !hasText(out.Results, tAlice) || !hasText(out.Results, tLaunch) {
		t.Fatalf("precondition: %q", texts(out.Results))
	}
	q["prefer_observations"] = true
	pref, _ := recall(t, s, q)
	if !hasText(pref.Results, tObs) || hasText(pref.Results, tAlice) || hasText(pref.Results, tLaunch) {
		t.Errorf("sources of a returned observation must be dropped: %q", texts(pref.Results))
	}
	if len(pref.Results) != len(out.Results)-2 {
		t.Errorf("got %d results, want %d", len(pref.Results), len(out.Results)-2)
	}
	q["types"] = []string{"world", "experience"}
	raw, _ := recall(t, s, q)
	if !hasText(raw.Results, tAlice) {
		t.Error("without observations requested, prefer_observations must do nothing")
	}
}

func TestRecallTraceShape(t *testing.T) {
	s := newRecallServer(t)
	out, _ := recall(t, s, map[string]any{"query": "Alice Phoenix launch", "trace": true})
	for _, k := range []string{"query", "retrieval_results", "rrf_merged", "reranked", "entry_points", "visits", "pruned", "summary", "final_results"} {
		if _, ok := out.Trace[k]; !ok {
			t.Errorf("trace lacks %q", k)
		}
	}
	query := out.Trace["query"].(map[string]any)
	if query["budget"] != float64(300) || query["query_text"] != "Alice Phoenix launch" || query["timestamp"] != "2026-11-30T09:00:00+00:00" {
		t.Errorf("trace query = %v", query)
	}
	methods := map[string]bool{}
	for _, rr := range out.Trace["retrieval_results"].([]any) {
		m := rr.(map[string]any)
		methods[m["method_name"].(string)] = true
		for _, k := range []string{"fact_type", "results", "duration_seconds", "metadata"} {
			if _, ok := m[k]; !ok {
				t.Errorf("retrieval result lacks %q", k)
			}
		}
		for _, r := range m["results"].([]any) {
			for _, k := range []string{"rank", "node_id", "text", "context", "event_date", "fact_type", "score", "score_name"} {
				if _, ok := r.(map[string]any)[k]; !ok {
					t.Errorf("lane result lacks %q", k)
				}
			}
		}
	}
	if !methods["semantic"] || !methods["bm25"] || !methods["graph"] || methods["temporal"] {
		t.Errorf("lanes = %v (no temporal arm without a date)", methods)
	}
	rr := out.Trace["reranked"].([]any)[0].(map[string]any)
	for _, k := range []string{"node_id", "text", "rerank_score", "rerank_rank", "rrf_rank", "rank_change", "score_components"} {
		if _, ok := rr[k]; !ok {
			t.Errorf("reranked entry lacks %q", k)
		}
	}
	merged := out.Trace["rrf_merged"].([]any)[0].(map[string]any)
	if _, ok := merged["source_ranks"].(map[string]any); !ok {
		t.Errorf("rrf_merged entry = %v", merged)
	}
	summary := out.Trace["summary"].(map[string]any)
	phases := summary["phase_metrics"].([]any)
	if len(phases) == 0 || phases[0].(map[string]any)["phase_name"] == nil {
		t.Errorf("phase metrics = %v", phases)
	}
	if summary["results_returned"] != float64(len(out.Results)) {
		t.Errorf("results_returned = %v", summary["results_returned"])
	}
	if len(out.Trace["final_results"].([]any)) != len(out.Results) {
		t.Error("final_results do not match results")
	}
	plain, _ := recall(t, s, map[string]any{"query": "Alice Phoenix launch"})
	if plain.Trace != nil {
		t.Error("trace returned without trace:true")
	}
}
