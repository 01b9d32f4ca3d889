package hindsighttest

import (
	"bytes"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// budgetSeed is a bank with a long fact ranked right after a short one, and shorter
// facts ranked after both, so a greedy token cut can be seen not to back-fill; plus
// gadgets spread evenly over the three fact types, which the arms search separately.
func budgetSeed(gadgets int) *Seed {
	b := SeedBank{BankID: "budget", CreatedAt: "2024-01-01T00:00:00Z"}
	add := func(key, text, factType string) {
		b.Memories = append(b.Memories, SeedMemory{Key: key, Text: text, FactType: factType, MentionedAt: "2024-05-01T00:00:00Z"})
	}
	add("short", "Alpha beta.", "world")
	add("long", "Alpha and beta were both discussed at length in a meeting that covered "+strings.Repeat("many unrelated topics ", 12)+"today.", "world")
	for i := range 3 {
		add("only"+strconv.Itoa(i), "Alpha only.", "world")
	}
	for i := range gadgets {
		add("g"+strconv.Itoa(i), "Gadget number "+strconv.Itoa(i)+" shipped.", allFactTypes[i%3])
	}
	return &Seed{Banks: []SeedBank{b}}
}

func TestRecallMaxTokensIsGreedyWithoutBackfill(t *testing.T) {
	s := newTestServer(t, WithSeed(budgetSeed(0)))
	path := "/v1/default/banks/budget/memories/recall"
	get := func(maxTokens int) []string {
		res := post(t, s, path, map[string]any{"query": "alpha beta", "max_tokens": maxTokens})
		if res.status != http.StatusOK {
			t.Fatalf("status %d: %s", res.status, res.body)
		}
		var out wireRecall
		mustUnmarshal(t, res.body, &out)
		return texts(out.Results)
	}
	all := get(4096)
	if len(all) != 5 || all[0] != "Alpha beta." || !strings.HasPrefix(all[1], "Alpha and beta") {
		t.Fatalf("unexpected ranking: %q", all)
	}
	// Room for the first result and a short one, but not for the long second one:
	// the scan stops at the long one instead of skipping to the short ones after it.
	limit := estimateTokens(all[0]) + estimateTokens("Alpha only.")
	if got := get(limit); !slices.Equal(got, all[:1]) {
		t.Errorf("max_tokens %d: %q, want only %q", limit, got, all[0])
	}
	if got := get(0); len(got) != 0 {
		t.Errorf("max_tokens 0 returned %q", got)
	}
	total := 0
	for _, r := range all {
		total += estimateTokens(r)
	}
	if got := get(total); len(got) != len(all) {
		t.Errorf("max_tokens equal to the total should keep everything, got %d", len(got))
	}
}

func TestRecallBudgetCutsToTwiceTheThinkingBudget(t *testing.T) {
	// 150 gadgets per fact type: each arm keeps up to the thinking budget per type.
	s := newTestServer(t, WithSeed(budgetSeed(450)))
	count := func(budget string) int {
		res := post(t, s, "/v1/default/banks/budget/memories/recall", map[string]any{"query": "gadget shipped", "budget": budget, "max_tokens": 100000})
		var out wireRecall
		mustUnmarshal(t, res.body, &out)
		return len(out.Results)
	}
	// low: 3 x 100 candidates, cut to 2 x 100.
	if n := count("low"); n != 200 {
		t.Errorf("low budget: %d results, want 200", n)
	}
	// mid and high: 450 candidates, of which the reranker takes 300.
	if n := count("mid"); n != 300 {
		t.Errorf("mid budget: %d results, want 300", n)
	}
	if n := count("high"); n != 300 {
		t.Errorf("high budget: %d results, want 300", n)
	}
	res := post(t, s, "/v1/default/banks/budget/memories/recall", map[string]any{"query": "gadget", "budget": "huge"})
	e := must422(t, res, "enum", "body", "budget")
	if e.Msg != "Input should be 'low', 'mid' or 'high'" {
		t.Errorf("msg = %q", e.Msg)
	}
}

func TestRecallValidation(t *testing.T) {
	s := newRecallServer(t)
	e := must422(t, post(t, s, recallPath, map[string]any{"query": "  ?! "}), "value_error", "body", "query")
	if e.Msg != "Value error, query must contain at least one word character after normalization" {
		t.Errorf("msg = %q", e.Msg)
	}
	must422(t, post(t, s, recallPath, map[string]any{}), "missing", "body", "query")
	must422(t, post(t, s, recallPath, map[string]any{"query": "x", "tags_match": "some"}), "literal_error", "body", "tags_match")
	must422(t, post(t, s, recallPath, map[string]any{"query": "x", "max_tokens": "lots"}), "int_parsing", "body", "max_tokens")
	must422(t, post(t, s, recallPath, map[string]any{"query": "x", "include": map[string]any{"chunks": 3}}), "model_type", "body", "include", "chunks")

	res := post(t, s, recallPath, map[string]any{"query": strings.Repeat("word ", 401)})
	msg, _ := detail(t, res.body)
	if res.status != http.StatusBadRequest || !strings.HasPrefix(msg, "Query too long: ") {
		t.Errorf("long query: %d %s", res.status, res.body)
	}
	res = post(t, s, recallPath, map[string]any{"query": "x", "query_timestamp": "yesterday-ish"})
	msg, _ = detail(t, res.body)
	if res.status != http.StatusBadRequest || !strings.HasPrefix(msg, "Invalid query_timestamp format.") {
		t.Errorf("bad query_timestamp: %d %s", res.status, res.body)
	}
	res = post(t, s, recallPath, map[string]any{"query": "Phoenix", "serach": "typo"})
	if res.status != http.StatusOK || res.header.Get("X-Ignored-Params") != "serach" {
		t.Errorf("unknown key: %d %q", res.status, res.header.Get("X-Ignored-Params"))
	}
}

func TestRecallValidatesBeforeAuth(t *testing.T) {
	s := newRecallServer(t, WithAPIKey("secret"))
	if res := post(t, s, recallPath, map[string]any{"query": "   "}); res.status != http.StatusUnprocessableEntity {
		t.Errorf("invalid body without key: %d, want 422", res.status)
	}
	if res := post(t, s, recallPath, map[string]any{"query": strings.Repeat("w ", 1100)}); res.status != http.StatusBadRequest {
		t.Errorf("long query without key: %d, want 400", res.status)
	}
	// The fact-type check runs inside the engine, after authentication.
	if res := post(t, s, recallPath, map[string]any{"query": "Phoenix", "types": []string{"bogus"}}); res.status != http.StatusUnauthorized {
		t.Errorf("bad types without key: %d, want 401", res.status)
	}
	if res := post(t, s, recallPath, map[string]any{"query": "Phoenix"}, "Authorization", "Bearer secret"); res.status != http.StatusOK {
		t.Errorf("with key: %d", res.status)
	}
}

func TestRecallMissingBankIsEmpty(t *testing.T) {
	s := newRecallServer(t)
	res := post(t, s, "/v1/default/banks/nobody/memories/recall", map[string]any{"query": "Phoenix"})
	if res.status != http.StatusOK || strings.TrimSpace(string(res.body)) != `{"results":[]}` {
		t.Errorf("missing bank: %d %s", res.status, res.body)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.store.banks["nobody"] != nil {
		t.Error("recall created a bank")
	}
}

func TestRecallIsDeterministic(t *testing.T) {
	s := newRecallServer(t)
	body := map[string]any{"query": "Alice Phoenix launch last month", "trace": true,
		"include": map[string]any{"chunks": map[string]any{}, "source_facts": map[string]any{}}}
	_, first := recall(t, s, body)
	_, second := recall(t, s, body)
	if !bytes.Equal(first, second) {
		t.Error("the same request gave different bytes")
	}
}

func TestRecallIndexFollowsWrites(t *testing.T) {
	s := newRecallServer(t)
	out, _ := recall(t, s, map[string]any{"query": "zebra"})
	if len(out.Results) != 0 {
		t.Fatalf("unexpected zebra: %q", texts(out.Results))
	}
	s.mu.Lock()
	b := s.store.banks["team"]
	before := b.index
	m := &memory{id: "11111111-1111-4111-8111-111111111111", bankID: "team", text: "A zebra escaped from the zoo.",
		factType: "world", state: "valid", createdAt: testEpoch, updatedAt: testEpoch}
	b.memories[m.id] = m
	b.memoryOrder = append(b.memoryOrder, m.id)
	b.rev++
	s.mu.Unlock()

	out, _ = recall(t, s, map[string]any{"query": "zebra"})
	if !hasText(out.Results, m.text) {
		t.Errorf("new memory not found after a write: %q", texts(out.Results))
	}
	s.mu.Lock()
	rebuilt := b.index
	s.mu.Unlock()
	if rebuilt == before {
		t.Error("index was not rebuilt")
	}
	recall(t, s, map[string]any{"query": "zebra"})
	s.mu.Lock()
	defer s.mu.Unlock()
	if b.index != rebuilt {
		t.Error("index rebuilt without a write")
	}
}
