package recall

import (
	"maps"
	"slices"
	"testing"

	"hindsight-tui/ui/uitest"
)

// TestBuildRequest checks the request sent for every kind of filter, as the JSON body
// that goes on the wire: options left alone are absent, so the server's defaults apply.
func TestBuildRequest(t *testing.T) {
	tests := []struct {
		name  string
		query string
		f     filters
		want  string
	}{
		{"defaults send only the query", "coffee", filters{}, `{"query":"coffee"}`},
		{"query is trimmed", "  coffee order \n", filters{}, `{"query":"coffee order"}`},
		{"one type", "q", filters{types: [3]bool{true, false, false}}, `{"query":"q","types":["world"]}`},
		{"two types", "q", filters{types: [3]bool{false, true, true}}, `{"query":"q","types":["experience","observation"]}`},
		{"all three types are sent as chosen", "q", filters{types: [3]bool{true, true, true}},
			`{"query":"q","types":["world","experience","observation"]}`},
		{"tags with the default mode", "q", filters{tags: []string{"source:chat", "trip:tokyo-2026"}},
			`{"query":"q","tags":["source:chat","trip:tokyo-2026"]}`},
		{"tags any", "q", filters{tags: []string{"a"}, match: "any"}, `{"query":"q","tags":["a"],"tags_match":"any"}`},
		{"tags all", "q", filters{tags: []string{"a", "b"}, match: "all"}, `{"query":"q","tags":["a","b"],"tags_match":"all"}`},
		{"tags any_strict", "q", filters{tags: []string{"a"}, match: "any_strict"}, `{"query":"q","tags":["a"],"tags_match":"any_strict"}`},
		{"tags all_strict", "q", filters{tags: []string{"a", "b"}, match: "all_strict"}, `{"query":"q","tags":["a","b"],"tags_match":"all_strict"}`},
		{"tags exact", "q", filters{tags: []string{"a"}, match: "exact"}, `{"query":"q","tags":["a"],"tags_match":"exact"}`},
		{"exact with no tags selects untagged", "q", filters{match: "exact"}, `{"query":"q","tags_match":"exact"}`},
		{"budget low", "q", filters{budget: "low"}, `{"query":"q","budget":"low"}`},
		{"budget high", "q", filters{budget: "high"}, `{"query":"q","budget":"high"}`},
		{"max_tokens", "q", filters{maxTokens: "2000"}, `{"query":"q","max_tokens":2000}`},
		{"max_tokens with separators", "q", filters{maxTokens: " 4,096 "}, `{"query":"q","max_tokens":4096}`},
		{"max_tokens zero is sent", "q", filters{maxTokens: "0"}, `{"query":"q","max_tokens":0}`},
		{"timestamp date", "q", filters{timestamp: "2024-01-15"}, `{"query":"q","query_timestamp":"2024-01-15T00:00:00Z"}`},
		{"timestamp date and time", "q", filters{timestamp: "2024-01-15 10:30"}, `{"query":"q","query_timestamp":"2024-01-15T10:30:00Z"}`},
		{"timestamp with T and seconds", "q", filters{timestamp: "2024-01-15T10:30:05"}, `{"query":"q","query_timestamp":"2024-01-15T10:30:05Z"}`},
		{"timestamp RFC 3339 kept as typed", "q", filters{timestamp: "2024-01-15T10:30:00+02:00"}, `{"query":"q","query_timestamp":"2024-01-15T10:30:00+02:00"}`},
		{"timestamp RFC 3339 Z with fraction", "q", filters{timestamp: "2024-01-15T10:30:00.250Z"}, `{"query":"q","query_timestamp":"2024-01-15T10:30:00.250Z"}`},
		{"timestamp now is the clock's time", "q", filters{timestamp: "now"}, `{"query":"q","query_timestamp":"2026-11-30T09:00:00Z"}`},
		{"window of dates", "q", filters{winStart: "2024-01-01", winEnd: "2024-01-31 23:59"},
			`{"query":"q","temporal_window":{"start":"2024-01-01T00:00:00Z","end":"2024-01-31T23:59:00Z"}}`},
		{"window of one instant", "q", filters{winStart: "2024-01-01T00:00:00Z", winEnd: "2024-01-01T00:00:00Z"},
			`{"query":"q","temporal_window":{"start":"2024-01-01T00:00:00Z","end":"2024-01-01T00:00:00Z"}}`},
		{"entities off sends null", "q", filters{noEntities: true}, `{"query":"q","include":{"entities":null}}`},
		{"chunks", "q", filters{chunks: true}, `{"query":"q","include":{"chunks":{}}}`},
		{"source facts", "q", filters{sourceFacts: true}, `{"query":"q","include":{"source_facts":{}}}`},
		{"every include", "q", filters{noEntities: true, chunks: true, sourceFacts: true},
			`{"query":"q","include":{"chunks":{},"entities":null,"source_facts":{}}}`},
		{"prefer observations", "q", filters{prefer: true}, `{"query":"q","prefer_observations":true}`},
		{"trace", "q", filters{trace: true}, `{"query":"q","trace":true}`},
		{"one min score", "q", filters{minScores: [4]string{"", "", "", "0.3"}}, `{"query":"q","min_scores":{"final":0.3}}`},
		{"every min score", "q", filters{minScores: [4]string{"0.5", "1", "0.25", ".1"}},
			`{"query":"q","min_scores":{"semantic":0.5,"keyword":1,"reranker":0.25,"final":0.1}}`},
		{"everything at once", "what does Alex drink", filters{
			types: [3]bool{true, false, true}, tags: []string{"source:chat"}, match: "any_strict", budget: "high",
			maxTokens: "1024", timestamp: "2026-11-30", winStart: "2026-11-01", winEnd: "2026-11-30",
			noEntities: true, chunks: true, sourceFacts: true, prefer: true, minScores: [4]string{"0.1", "", "", "0.2"}, trace: true},
			`{"query":"what does Alex drink","types":["world","observation"],"prefer_observations":true,"budget":"high",` +
				`"max_tokens":1024,"trace":true,"query_timestamp":"2026-11-30T00:00:00Z",` +
				`"include":{"chunks":{},"entities":null,"source_facts":{}},"tags":["source:chat"],"tags_match":"any_strict",` +
				`"min_scores":{"semantic":0.1,"final":0.2},"temporal_window":{"start":"2026-11-01T00:00:00Z","end":"2026-11-30T00:00:00Z"}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, errs := buildRequest(tt.query, tt.f, uitest.Now)
			if errs != nil {
				t.Fatalf("unexpected errors: %v", errs)
			}
			uitest.RequireWire(t, req, tt.want)
		})
	}
}

// TestBuildRequestValidation checks that bad filter text is caught before sending and
// filed under the filter to fix.
func TestBuildRequestValidation(t *testing.T) {
	tests := []struct {
		name  string
		query string
		f     filters
		keys  []string
	}{
		{"empty query", "", filters{}, []string{"query"}},
		{"query of punctuation", " ?! ", filters{}, []string{"query"}},
		{"max_tokens not a number", "q", filters{maxTokens: "lots"}, []string{"max_tokens"}},
		{"max_tokens negative", "q", filters{maxTokens: "-5"}, []string{"max_tokens"}},
		{"max_tokens fraction", "q", filters{maxTokens: "10.5"}, []string{"max_tokens"}},
		{"timestamp garbage", "q", filters{timestamp: "last tuesday"}, []string{"query_timestamp"}},
		{"timestamp bad month", "q", filters{timestamp: "2024-13-01"}, []string{"query_timestamp"}},
		{"window without end", "q", filters{winStart: "2024-01-01"}, []string{"window.end"}},
		{"window without start", "q", filters{winEnd: "2024-01-01"}, []string{"window.start"}},
		{"window end before start", "q", filters{winStart: "2024-02-01", winEnd: "2024-01-01"}, []string{"window"}},
		{"window bad start", "q", filters{winStart: "soon", winEnd: "2024-01-01"}, []string{"window.start"}},
		{"min score not a number", "q", filters{minScores: [4]string{"high", "", "", "NaN"}}, []string{"min_scores.final", "min_scores.semantic"}},
		{"several at once", "", filters{maxTokens: "x", timestamp: "y"}, []string{"max_tokens", "query", "query_timestamp"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, errs := buildRequest(tt.query, tt.f, uitest.Now)
			got := slices.Sorted(maps.Keys(errs))
			if !slices.Equal(got, tt.keys) {
				t.Errorf("errors on %v, want %v (%v)", got, tt.keys, errs)
			}
			for k, msg := range errs {
				if msg == "" {
					t.Errorf("%s: empty message", k)
				}
			}
		})
	}
}

// TestBudgetAndMatchCycles: space steps budget and tags_match through their values
// in the bar's order; a full cycle comes back to the default, which is not sent.
func TestBudgetAndMatchCycles(t *testing.T) {
	m, h := uitest.Demo(t, New)
	h.Keys("esc", "f")
	f := &m.cur.filters
	for m.bar.Cursor() != int(iBudget) {
		h.Keys("tab")
	}
	var budgets []string
	for range 3 {
		h.Keys("space")
		budgets = append(budgets, f.budget)
	}
	if !slices.Equal(budgets, []string{"high", "low", ""}) {
		t.Errorf("budget cycled through %q", budgets)
	}
	h.Keys("shift+tab", "space", "space")
	if req, _ := buildRequest("q", *f, uitest.Now); req.TagsMatch != "any_strict" {
		t.Errorf("tags_match %q after two steps, want any_strict", req.TagsMatch)
	}
	h.Keys("space", "space", "space")
	if f.match != "" {
		t.Errorf("tags_match %q after a full cycle, want unset", f.match)
	}
}
