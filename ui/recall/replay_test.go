package recall

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// A replay keeps the logged answer as "then", sends the logged request as it was
// recorded as "now", and shows the comparison under those names: what entered, left
// and moved. The bar takes the request's parameters; r sends the same request again.
func TestReplayComparesThenWithNow(t *testing.T) {
	rec := &uitest.Recorder{}
	m, h := uitest.Demo(t, New, uitest.WithClient(rec.Option()))
	mt, ent := 2048, 500
	req := client.RecallRequest{Query: "Tokyo trip", Budget: client.BudgetHigh, MaxTokens: &mt, Tags: []string{"trip:tokyo-2026"},
		TagsMatch: "any_strict", Types: []string{client.FactWorld, client.FactExperience}, QueryTimestamp: "2026-11-20T10:00:00Z",
		Include: &client.RecallInclude{Entities: &client.EntitiesInclude{MaxTokens: &ent}}}
	now, err := h.C.Client.Recall(t.Context(), uitest.DemoBank, req)
	if err != nil || len(now.Results) < 2 {
		t.Fatalf("recall: %v, %d results", err, len(now.Results))
	}
	// Then: the first result was not there, a memory since forgotten was first, and
	// the second result ranked lower.
	then := &client.RecallResponse{Results: []client.RecallResult{
		{ID: "gone-1", Text: "a memory since invalidated", Type: client.FactWorld, Scores: &client.Scores{Final: .9}}}}
	then.Results = append(then.Results, now.Results[2:]...)
	then.Results = append(then.Results, now.Results[1])
	rec.Reset()
	h.Deliver(common.ReplayRecallMsg{BankID: uitest.DemoBank, EntryID: "e-1", At: time.Date(2026, 11, 20, 10, 0, 5, 0, time.UTC),
		Took: 300 * time.Millisecond, Request: req, Response: then})
	bodies := rec.Bodies("POST", "/memories/recall")
	if len(bodies) != 1 {
		t.Fatalf("recalls sent: %v", bodies)
	}
	want, _ := json.Marshal(req)
	if bodies[0] != string(want) {
		t.Errorf("sent %s\nwant %s", bodies[0], want)
	}
	if !m.cmp.show || m.cmp.b == nil || m.cmp.a.resp != then {
		t.Fatalf("no comparison: show %v b %v", m.cmp.show, m.cmp.b)
	}
	d := m.cmp.diff
	if len(d.Entered) != 1 || d.Entered[0].ID != now.Results[0].ID || len(d.Left) != 1 || d.Left[0].ID != "gone-1" || len(d.Moved) == 0 {
		t.Errorf("diff %+v", d)
	}
	v := uitest.Plain(uitest.View(t, m))
	for _, s := range []string{"then/now", "then/now · logged 2026-11-20 10:00, sent again now", "1 new · 1 gone", "then  now  move",
		"total  then", "now " + common.Plural(len(now.Results), "result", "results")} {
		if !strings.Contains(v, s) {
			t.Errorf("no %q in\n%s", s, v)
		}
	}
	if got := m.search.Value(); got != "Tokyo trip" {
		t.Errorf("query %q", got)
	}
	f := m.cur.filters
	if f.budget != client.BudgetHigh || f.match != "any_strict" || !slices.Equal(f.tags, req.Tags) || f.maxTokens != "2048" ||
		f.timestamp != req.QueryTimestamp || f.types != [3]bool{true, true, false} {
		t.Errorf("filters %+v", f)
	}
	h.Keys("r")
	if bodies := rec.Bodies("POST", "/memories/recall"); len(bodies) != 2 || bodies[1] != string(want) {
		t.Errorf("r sent %v", bodies)
	}
	md := compareMarkdown(uitest.DemoBank, "", uitest.Now, &m.cmp)
	for _, s := range []string{"# Recall replay, then and now: user-alex-prefs", "recorded at 2026-11-20 10:00 UTC",
		"| parameter | then | now |", "| then | now | move | final then | final now |"} {
		if !strings.Contains(md, s) {
			t.Errorf("no %q in\n%s", s, md)
		}
	}
}
