package recall

import (
	"encoding/json"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// TestContract sends the pane's requests for a table of filter combinations through
// the validating transport, against the demo server: every request the pane builds,
// and every answer it reads, must match Hindsight's OpenAPI document. It also covers
// the other requests the pane makes: the tags list behind the tag input, and the
// memory and its history behind enter.
func TestContract(t *testing.T) {
	m, h, check := uitest.Contract(t, New)

	combos := []struct {
		name  string
		query string
		f     filters
	}{
		{"defaults", "coffee", filters{}},
		{"each type", "coffee", filters{types: [3]bool{true, true, true}}},
		{"observations preferred", "coffee", filters{types: [3]bool{true, false, true}, prefer: true}},
		{"tags default mode", "tokyo", filters{tags: []string{"trip:tokyo-2026"}}},
		{"tags any", "tokyo", filters{tags: []string{"trip:tokyo-2026", "source:chat"}, match: "any"}},
		{"tags all", "tokyo", filters{tags: []string{"trip:tokyo-2026", "source:chat"}, match: "all"}},
		{"tags any_strict", "tokyo", filters{tags: []string{"trip:tokyo-2026"}, match: "any_strict"}},
		{"tags all_strict", "tokyo", filters{tags: []string{"trip:tokyo-2026", "source:chat"}, match: "all_strict"}},
		{"tags exact", "tokyo", filters{tags: []string{"source:chat"}, match: "exact"}},
		{"exact without tags", "tokyo", filters{match: "exact"}},
		{"budget low", "run", filters{budget: "low"}},
		{"budget high", "run", filters{budget: "high"}},
		{"max_tokens", "run", filters{maxTokens: "300"}},
		{"max_tokens zero", "run", filters{maxTokens: "0"}},
		{"timestamp date", "last week", filters{timestamp: "2026-11-20"}},
		{"timestamp date and time", "last week", filters{timestamp: "2026-11-20 10:30"}},
		{"timestamp RFC 3339", "last week", filters{timestamp: "2026-11-20T10:30:00-08:00"}},
		{"temporal window", "trip", filters{winStart: "2026-11-01", winEnd: "2026-11-30 23:00"}},
		{"no entities", "coffee", filters{noEntities: true}},
		{"chunks", "calendar", filters{chunks: true}},
		{"source facts", "coffee", filters{sourceFacts: true, types: [3]bool{false, false, true}}},
		{"min scores", "coffee", filters{minScores: [4]string{"0.1", "0.5", "0.2", "0.05"}}},
		{"trace", "coffee", filters{trace: true}},
		{"everything", "what does Alex drink", filters{types: [3]bool{true, true, true}, tags: []string{"source:chat"},
			match: "any_strict", budget: "high", maxTokens: "2048", timestamp: "2026-11-30", winStart: "2026-01-01",
			winEnd: "2026-11-30", noEntities: true, chunks: true, sourceFacts: true, prefer: true,
			minScores: [4]string{"0.1", "", "", "0.01"}, trace: true}},
	}
	for _, tc := range combos {
		m.cur.filters = tc.f.clone()
		h.Do(m.bar.Sync())
		m.search.SetValue(tc.query)
		h.Do(m.searchNow())
		if m.err != nil || m.res == nil {
			t.Fatalf("%s: %v", tc.name, m.err)
		}
	}

	// The tag input's first load, and a server-side completion.
	h.Keys("esc", "f")
	h.Do(m.bar.Open(int(iTags)))
	if len(m.bar.TagInput().Known()) == 0 {
		t.Fatal("tags were not loaded")
	}
	if _, err := h.C.Client.ListTags(t.Context(), "user-alex-prefs", client.ListTagsParams{Q: "*tokyo*", Limit: 32}); err != nil {
		t.Fatal(err)
	}
	h.Keys("esc")

	// enter on an observation: GET memory and its history.
	m.cur.filters = filters{types: [3]bool{false, false, true}}
	query(h, m, "coffee")
	h.Keys("enter")
	if d := uitest.Front[*components.MemoryDialog](h); d.Memory() == nil {
		t.Fatalf("memory not opened: %T", h.Front())
	}
	h.Keys("esc")

	// A replay sends a recall exactly as the audit log recorded it, the defaults the
	// server filled in included.
	l, err := h.C.Client.ListAuditLogs(t.Context(), uitest.DemoBank, client.ListAuditLogsParams{Action: "recall", Limit: 1})
	if err != nil || len(l.Items) != 1 {
		t.Fatalf("audit log: %v", err)
	}
	var replay common.ReplayRecallMsg
	replay.BankID, replay.Response = uitest.DemoBank, &client.RecallResponse{}
	if json.Unmarshal(l.Items[0].Request, &replay.Request) != nil || json.Unmarshal(l.Items[0].Response, replay.Response) != nil {
		t.Fatalf("entry %s", l.Items[0].Request)
	}
	h.Deliver(replay)
	if m.cmp.b == nil || m.cmp.err != nil {
		t.Fatalf("replay: %v", m.cmp.err)
	}
	check()
}
