package reflect

import (
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// TestContract sends the pane's reflect requests for a table of parameter
// combinations through the validating transport, against the demo server: every
// request the pane builds, and every answer it reads, must match Hindsight's OpenAPI
// document. It also covers the other requests the pane makes: the tags list behind
// the tag input, and the memory (and an observation's history) behind enter on the
// evidence, and a comparison's requests: the bank's mental models, and B.
func TestContract(t *testing.T) {
	m, h, check := uitest.Contract(t, New)

	schema := `{"type":"object","properties":{"summary":{"type":"string"},"facts":{"type":"array","items":{"type":"string"}},` +
		`"count":{"type":"integer"},"share":{"type":"number"},"grounded":{"type":"boolean"}},"required":["summary"]}`
	combos := []struct {
		name string
		p    params
	}{
		{"defaults", params{}},
		{"budget mid", params{budget: "mid"}},
		{"budget high", params{budget: "high"}},
		{"max_tokens", params{maxTokens: "256"}},
		{"tags default mode", params{tags: []string{"trip:tokyo-2026"}}},
		{"tags any", params{tags: []string{"trip:tokyo-2026", "source:chat"}, match: "any"}},
		{"tags all", params{tags: []string{"trip:tokyo-2026", "source:chat"}, match: "all"}},
		{"tags any_strict", params{tags: []string{"trip:tokyo-2026"}, match: "any_strict"}},
		{"tags all_strict", params{tags: []string{"trip:tokyo-2026", "source:chat"}, match: "all_strict"}},
		{"tags exact", params{tags: []string{"source:chat"}, match: "exact"}},
		{"exact without tags", params{match: "exact"}},
		{"world", params{types: [3]bool{true, false, false}}},
		{"experience and observation", params{types: [3]bool{false, true, true}}},
		{"every fact type", params{types: [3]bool{true, true, true}}},
		{"exclude mental models", params{noModels: true}},
		{"tool calls", params{tools: true}},
		{"tag groups leaf", params{groups: "trip:tokyo-2026"}},
		{"tag groups compound", params{groups: "(trip:tokyo-2026 | all[source:chat, topic:food]) & !exact[archived]"}},
		{"apply all directives", params{allDirs: true}},
		{"exclude some mental models", params{excludeIDs: []string{"alex-travel-profile"}}},
		{"context", params{context: "planning the trip"}},
		{"response schema", params{schema: schema}},
		{"unfillable schema", params{schema: `{"type":"object","properties":{"mood":{"type":"string","enum":["ecstatic"]}},"required":["mood"]}`}},
		{"everything", params{budget: "high", maxTokens: "1024", tags: []string{"trip:tokyo-2026"}, match: "any_strict",
			types: [3]bool{true, true, true}, noModels: true, tools: true, context: "for a packing list", schema: schema}},
	}
	for _, tc := range combos {
		m.cur.params = tc.p.clone()
		h.Do(m.bar.Sync())
		ask(h, m, tokyoQuestion)
		tn := m.cur.turns[len(m.cur.turns)-1]
		if tn.state != turnAnswered {
			t.Fatalf("%s: %v %s", tc.name, tn.state, tn.reason)
		}
	}

	// The tag input's first load.
	m.cur.params = params{}
	h.Keys("tab", "tab", "tab")
	if m.bar.Cursor() != int(iTags) || len(m.bar.TagInput().Known()) == 0 {
		t.Fatalf("tags not loaded (cursor %d)", m.bar.Cursor())
	}
	h.Keys("esc", "esc")

	// enter on the evidence: GET memory, and an observation's history.
	h.Keys("space")
	tn := m.cur.selected()
	for i, e := range tn.evidence {
		if e.kind == evMemory && e.badge == client.FactObservation {
			m.cur.sel.item = i
			break
		}
	}
	h.Keys("enter")
	if d := uitest.Front[*components.MemoryDialog](h); d.Memory() == nil {
		t.Fatalf("memory not opened: %T", h.Front())
	}
	h.Keys("esc")

	// A comparison: the bank's mental models listed, then B without one of A's
	// models, with tag groups and every directive.
	m.cur.sel.item = -1
	h.Keys("c")
	c := m.cur.cmp
	if c == nil || c.loading || c.listErr != "" || len(c.models) < 2 {
		t.Fatalf("comparison setup %+v", c)
	}
	c.p.excludeIDs = []string{c.models[0].id}
	c.p.tags, c.p.groups, c.p.allDirs = nil, "(trip:tokyo-2026 | source:chat) & !archived", true
	h.Keys("enter")
	if c.b == nil || c.b.state != turnAnswered {
		t.Fatalf("B: %+v", c.b)
	}
	check()
}
