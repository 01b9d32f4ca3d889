package hindsighttest

import (
	"net/http"
	"slices"
	"strings"
	"testing"
)

func TestRecallTagModes(t *testing.T) {
	s := newRecallServer(t)
	tests := []struct {
		name string
		tags []string
		mode string
		want []string
	}{
		{"any includes untagged", []string{"phoenix"}, "any", []string{tLaunch, tAdvice, tDinner}},
		{"all includes untagged", []string{"work", "phoenix"}, "all", []string{tLaunch, tAdvice, tDinner}},
		{"any_strict excludes untagged", []string{"phoenix"}, "any_strict", []string{tLaunch, tDinner}},
		{"all_strict excludes untagged", []string{"work", "phoenix"}, "all_strict", []string{tLaunch, tDinner}},
		{"exact is set equality", []string{"work"}, "exact", []string{tAlice, tObs}},
		{"exact without tags is untagged only", nil, "exact", []string{tAdvice}},
		{"no tags filters nothing", nil, "any", []string{tAlice, tLaunch, tAdvice, tObs, tDinner}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			body := map[string]any{"query": "Phoenix", "tags_match": tc.mode}
			if tc.tags != nil {
				body["tags"] = tc.tags
			}
			out, _ := recall(t, s, body)
			checkSameStrings(t, texts(out.Results), tc.want)
		})
	}
}

func TestRecallTagGroups(t *testing.T) {
	s := newRecallServer(t)
	out, _ := recall(t, s, map[string]any{"query": "Phoenix", "tag_groups": []any{
		map[string]any{"tags": []string{"work"}},
		map[string]any{"not": map[string]any{"tags": []string{"phoenix"}}},
	}})
	got := texts(out.Results)
	slices.Sort(got)
	if want := []string{tObs, tAlice}; !slices.Equal(got, want) {
		t.Errorf("results = %q, want %q", got, want)
	}
	res := post(t, s, recallPath, map[string]any{"query": "x", "tags": []string{"a"}, "tag_groups": []any{map[string]any{"tags": []string{"a"}}}})
	e := must422(t, res, "value_error", "body")
	if !strings.Contains(e.Msg, "mutually exclusive") {
		t.Errorf("msg = %q", e.Msg)
	}
}

func TestRecallExcludesInvalidated(t *testing.T) {
	s := newRecallServer(t)
	out, _ := recall(t, s, map[string]any{"query": "Alice left Acme"})
	if hasText(out.Results, tLeft) {
		t.Error("an invalidated memory was recalled")
	}
}

func TestRecallTypes(t *testing.T) {
	s := newRecallServer(t)
	out, _ := recall(t, s, map[string]any{"query": "Phoenix", "types": []string{"experience", "opinion"}})
	if got := texts(out.Results); !slices.Equal(got, []string{tAdvice}) {
		t.Errorf("experience+opinion = %q", got)
	}
	res := post(t, s, recallPath, map[string]any{"query": "Phoenix", "types": []string{"opinion"}})
	if res.status != http.StatusOK || strings.TrimSpace(string(res.body)) != `{"results":[]}` {
		t.Errorf("opinion only: %d %s", res.status, res.body)
	}
	out, _ = recall(t, s, map[string]any{"query": "Phoenix", "types": []string{}})
	if len(out.Results) != 5 {
		t.Errorf("types [] gave %d results, want all 5", len(out.Results))
	}
	res = post(t, s, recallPath, map[string]any{"query": "Phoenix", "types": []string{"world", "zebra", "fact"}})
	msg, _ := detail(t, res.body)
	if res.status != http.StatusUnprocessableEntity || msg != "Invalid fact type(s): fact, zebra. Must be one of: experience, observation, world" {
		t.Errorf("bad type: %d %s", res.status, res.body)
	}
}

func TestRecallMinScores(t *testing.T) {
	s := newRecallServer(t)
	base, _ := recall(t, s, map[string]any{"query": "Alice Phoenix launch"})
	if len(base.Results) < 3 {
		t.Fatalf("need 3+ results, got %d", len(base.Results))
	}
	floor := base.Results[1].Scores.Final
	out, _ := recall(t, s, map[string]any{"query": "Alice Phoenix launch", "min_scores": map[string]any{"final": floor}})
	if got, want := texts(out.Results), texts(base.Results[:2]); !slices.Equal(got, want) {
		t.Errorf("final floor %v: %q, want %q", floor, got, want)
	}
	rr := *base.Results[0].Scores.Reranker
	out, _ = recall(t, s, map[string]any{"query": "Alice Phoenix launch", "min_scores": map[string]any{"reranker": rr}})
	for _, r := range out.Results {
		if *r.Scores.Reranker < rr {
			t.Errorf("reranker %v under the floor %v", *r.Scores.Reranker, rr)
		}
	}
	out, _ = recall(t, s, map[string]any{"query": "Alice Phoenix launch", "min_scores": map[string]any{"semantic": 1.01, "keyword": 1000}})
	for _, r := range out.Results {
		if r.Scores.Semantic != nil || r.Scores.Keyword != nil {
			t.Errorf("%q kept an arm score above an impossible floor", r.Text)
		}
	}
}

// A temporal window adds the temporal arm and so lifts the memories in it in the
// fused list, but the final order is CE x boosts (§26): fusion keeps the record of
// the first arm that surfaced a memory, and only a temporal record carries the
// arm's proximity into the temporal boost. A note the semantic arm found first keeps
// a neutral temporal component, and recency still favours the newer one.
func TestRecallTemporalWindowRanks(t *testing.T) {
	s := newRecallServer(t)
	q := map[string]any{"query": "quarterly review notes", "types": []string{"world"}, "trace": true}
	out, _ := recall(t, s, q)
	if len(out.Results) != 2 {
		t.Fatalf("want both review notes, got %q", texts(out.Results))
	}
	recent, old := out.Results[0].ID, out.Results[1].ID
	q["temporal_window"] = map[string]any{"start": "2023-01-01T00:00:00Z", "end": "2023-01-31T23:59:59"}
	out, raw := recall(t, s, q)
	tr := decodeTrace(t, raw)
	if lanes := tr.lanesWith(old); len(lanes) != 3 || lanes[2].MethodName != "temporal" {
		t.Errorf("the old note should be in the semantic, bm25 and temporal lanes: %+v", lanes)
	}
	if len(tr.lanesWith(recent)) != 2 || tr.RRFMerged[0].NodeID != old {
		t.Errorf("the window should lift the old note to the top of the fused list: %+v", tr.RRFMerged)
	}
	if len(out.Results) != 2 || out.Results[0].ID != recent {
		t.Errorf("final order should still favour the newer note: %q", texts(out.Results))
	}
	for _, r := range tr.Reranked {
		if r.ScoreComponents["temporal"] != 0.5 {
			t.Errorf("%s: temporal = %v, want neutral (semantic record)", r.NodeID, r.ScoreComponents["temporal"])
		}
	}
	if _, ok := tr.finalResult(old)["temporal_proximity"]; ok {
		t.Error("a semantic record carries no temporal_proximity")
	}

	delete(q, "temporal_window")
	q["query"] = "quarterly review notes from 2023"
	_, raw = recall(t, s, q)
	if c := decodeTrace(t, raw).Query.TemporalConstraint; c == nil || c["start"] == nil || *c["start"] != "2023-01-01T00:00:00+00:00" {
		t.Errorf("a year in the query should become the temporal constraint: %v", c)
	}

	// Only the temporal arm finds Bob's tea: its record brings the arm's proximity.
	q["query"] = "quarterly review notes"
	q["temporal_window"] = map[string]any{"start": "2025-05-25T00:00:00Z", "end": "2025-06-08T00:00:00Z"}
	out, raw = recall(t, s, q)
	tr = decodeTrace(t, raw)
	var tea string
	for _, r := range out.Results {
		if r.Text == "Bob prefers tea over coffee." {
			tea = r.ID
		}
	}
	fr := tr.finalResult(tea)
	rr, _ := tr.reranked(tea)
	if tea == "" || fr == nil || fr["temporal_proximity"] == nil || fr["semantic_similarity"] == nil {
		t.Fatalf("the temporal record should be returned with its proximity and similarity: %v", fr)
	}
	if p := fr["temporal_proximity"].(float64); p < 0.9 || rr.ScoreComponents["temporal"] != p {
		t.Errorf("temporal component %v, proximity %v", rr.ScoreComponents["temporal"], p)
	}

	res := post(t, s, recallPath, map[string]any{"query": "x", "temporal_window": map[string]any{"start": "2024-02-01T00:00:00Z", "end": "2024-01-01T00:00:00Z"}})
	e := must422(t, res, "value_error", "body", "temporal_window")
	if e.Msg != "Value error, temporal_window.end must not be earlier than temporal_window.start" {
		t.Errorf("msg = %q", e.Msg)
	}
}
