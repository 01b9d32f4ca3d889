package hindsighttest

import (
	"strings"
	"testing"
	"time"
)

// operationsOf lists a bank's operations of one type, newest first.
func operationsOf(t *testing.T, srv *Server, bank, opType string) []map[string]any {
	t.Helper()
	r := getObj(t, srv, "/v1/default/banks/"+bank+"/operations?limit=100&type="+opType)
	var out []map[string]any
	for _, it := range r["operations"].([]any) {
		out = append(out, it.(map[string]any))
	}
	return out
}

// observations lists a bank's observations.
func observations(t *testing.T, srv *Server, bank string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, it := range getObj(t, srv, "/v1/default/banks/"+bank+"/memories/list?type=observation")["items"].([]any) {
		out = append(out, it.(map[string]any))
	}
	return out
}

func TestBackgroundConsolidation(t *testing.T) {
	srv, clock := clockedServer(t, WithBackgroundConsolidation(), WithAsyncDelay(10*time.Second))
	retainSync(t, srv, "bg", map[string]any{"content": "Ana prefers green tea. Ana drinks it without sugar.",
		"tags": []string{"user:ana"}, "document_id": "chat-1", "entities": []any{map[string]any{"text": "Ana", "type": "PERSON"}}})
	if got := listTexts(t, srv, "bg", "?consolidation_state=pending"); len(got) != 2 {
		t.Fatalf("retained facts wait for consolidation: %q", got)
	}
	ops := operationsOf(t, srv, "bg", "consolidation")
	if len(ops) != 1 || ops[0]["status"] != "pending" || ops[0]["items_count"] != 2.0 {
		t.Fatalf("consolidation queued by the retain: %v", ops)
	}
	// A second retain while the run is pending reuses it.
	retainSync(t, srv, "bg", map[string]any{"content": "Ana keeps a tea diary.", "tags": []string{"user:ana"}, "document_id": "chat-2", "entities": []any{map[string]any{"text": "Ana", "type": "PERSON"}}})
	if ops := operationsOf(t, srv, "bg", "consolidation"); len(ops) != 1 {
		t.Fatalf("a pending run is reused: %v", ops)
	}
	if st := statsOf(t, srv, "bg"); st["pending_consolidation"] != 3.0 || st["pending_operations"] != 1.0 {
		t.Errorf("stats while pending: %v", st)
	}
	clock.Advance(5 * time.Second)
	op := opStatus(t, srv, "bg", ops[0]["id"].(string))
	if op["status"] != "processing" || op["progress"].(map[string]any)["stage"] != "consolidating" {
		t.Errorf("processing: %v", op)
	}
	clock.Advance(5 * time.Second)
	op = opStatus(t, srv, "bg", ops[0]["id"].(string))
	if op["status"] != "completed" || op["result_metadata"].(map[string]any)["observations_created"] != 1.0 {
		t.Fatalf("completed: %v", op)
	}
	obs := observations(t, srv, "bg")
	if len(obs) != 1 || obs[0]["proof_count"] != 3.0 || joinAny(obs[0]["tags"]) != "user:ana" ||
		obs[0]["text"] != "Ana prefers green tea. Ana drinks it without sugar. Ana keeps a tea diary." {
		t.Fatalf("one observation about Ana citing all three facts: %v", obs)
	}
	st := statsOf(t, srv, "bg")
	if st["pending_consolidation"] != 0.0 || st["total_observations"] != 1.0 || st["last_consolidated_at"] != "2026-11-30T09:00:10+00:00" {
		t.Errorf("stats after the run: %v", st)
	}

	// A later fact about Ana updates her observation and records the change.
	clock.Advance(time.Minute)
	retainSync(t, srv, "bg", map[string]any{"content": "Ana switched to oolong in November.", "tags": []string{"user:ana"}, "document_id": "chat-3", "entities": []any{map[string]any{"text": "Ana", "type": "PERSON"}}})
	clock.Advance(10 * time.Second)
	send(t, srv, "GET", "/health", nil)
	obs = observations(t, srv, "bg")
	if len(obs) != 1 || obs[0]["proof_count"] != 4.0 || !strings.HasSuffix(obs[0]["text"].(string), "Ana switched to oolong in November.") {
		t.Fatalf("observation updated: %v", obs)
	}
	hist := mustStatus(t, send(t, srv, "GET", "/v1/default/banks/bg/memories/"+obs[0]["id"].(string)+"/history", nil), 200).json(t).([]any)
	if len(hist) != 1 || !strings.HasPrefix(hist[0].(map[string]any)["previous_text"].(string), "Ana prefers green tea.") ||
		len(hist[0].(map[string]any)["new_source_memory_ids"].([]any)) != 1 {
		t.Errorf("history of the update: %v", hist)
	}
	if runs := operationsOf(t, srv, "bg", "consolidation"); len(runs) != 2 || runs[0]["status"] != "completed" {
		t.Errorf("second run: %v", runs)
	}
}

func TestBackgroundConsolidationAsyncRetain(t *testing.T) {
	srv, clock := clockedServer(t, WithBackgroundConsolidation(), WithAsyncDelay(10*time.Second))
	mustStatus(t, send(t, srv, "POST", "/v1/default/banks/a/memories", map[string]any{"async": true,
		"items": []any{map[string]any{"content": "Bo runs on Sundays."}}}), 200)
	if ops := operationsOf(t, srv, "a", "consolidation"); len(ops) != 0 {
		t.Fatalf("consolidation before the facts are stored: %v", ops)
	}
	clock.Advance(10 * time.Second)
	send(t, srv, "GET", "/health", nil) // the retain completes and queues consolidation
	ops := operationsOf(t, srv, "a", "consolidation")
	if len(ops) != 1 || ops[0]["created_at"] != "2026-11-30T09:00:10+00:00" {
		t.Fatalf("consolidation queued when the retain completed: %v", ops)
	}
	srv.CompleteOperations()
	if obs := observations(t, srv, "a"); len(obs) != 1 {
		t.Errorf("observations: %v", obs)
	}
}

func TestConsolidationSettings(t *testing.T) {
	tests := []struct {
		name        string
		config      map[string]any
		pending     float64 // facts left pending
		runs        int     // consolidation operations in the end
		observation int
	}{
		{"defaults", nil, 0, 1, 1},
		{"auto consolidation off strands facts", map[string]any{"enable_auto_consolidation": false}, 3, 0, 0},
		{"observations off", map[string]any{"enable_observations": false}, 0, 0, 0},
		{"one fact per round chains runs", map[string]any{"consolidation_max_memories_per_round": 1}, 0, 3, 1},
		{"batches of two", map[string]any{"consolidation_llm_batch_size": 2}, 0, 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newTestServer(t, WithBackgroundConsolidation(), WithAsyncDelay(time.Hour))
			if tt.config != nil {
				mustStatus(t, send(t, srv, "PATCH", "/v1/default/banks/c/config", map[string]any{"updates": tt.config}), 200)
			}
			retainSync(t, srv, "c", map[string]any{"content": "Cy likes maps. Cy collects atlases. Cy reads travel books.", "entities": []any{map[string]any{"text": "Cy", "type": "PERSON"}}})
			srv.CompleteOperations()
			st := statsOf(t, srv, "c")
			if st["pending_consolidation"] != tt.pending {
				t.Errorf("pending %v, want %v", st["pending_consolidation"], tt.pending)
			}
			if n := len(operationsOf(t, srv, "c", "consolidation")); n != tt.runs {
				t.Errorf("%d consolidation runs, want %d", n, tt.runs)
			}
			if n := len(observations(t, srv, "c")); n != tt.observation {
				t.Errorf("%d observations, want %d", n, tt.observation)
			}
		})
	}
}

func TestConsolidationScoped(t *testing.T) {
	srv := newTestServer(t, WithAsyncDelay(time.Hour))
	retainSync(t, srv, "sc",
		map[string]any{"content": "Ann reviews budgets.", "tags": []string{"team:fin", "user:ann"}, "document_id": "a"},
		map[string]any{"content": "Ben ships releases.", "tags": []string{"team:eng"}, "document_id": "b"})
	mustStatus(t, send(t, srv, "DELETE", "/v1/default/banks/sc/observations", nil), 200)
	mustStatus(t, send(t, srv, "POST", "/v1/default/banks/sc/consolidate",
		map[string]any{"observation_scopes": [][]string{{"team:fin"}, {"team:ops"}}}), 200)
	srv.CompleteOperations()
	if got := listTexts(t, srv, "sc", "?consolidation_state=pending"); len(got) != 1 || got[0] != "Ben ships releases." {
		t.Errorf("only facts covering a scope are consolidated; pending: %q", got)
	}
}

func TestConsolidationLLMFailures(t *testing.T) {
	srv := newTestServer(t, WithBackgroundConsolidation(), WithAsyncDelay(time.Hour))
	srv.SetBankLLM("f", "consolidation", LLMUnreachable)
	retainSync(t, srv, "f", map[string]any{"content": "Dee owns the pager. Dee rotates on Mondays.", "entities": []any{map[string]any{"text": "Dee", "type": "PERSON"}}})
	srv.CompleteOperations()
	runs := operationsOf(t, srv, "f", "consolidation")
	if len(runs) != 1 || runs[0]["status"] != "failed" ||
		runs[0]["error_message"] != "Consolidation failed: 2 memories could not be consolidated: APIConnectionError: Connection error." {
		t.Fatalf("failed run: %v", runs)
	}
	st := statsOf(t, srv, "f")
	if st["failed_consolidation"] != 2.0 || st["pending_consolidation"] != 0.0 || st["failed_operations"] != 1.0 {
		t.Errorf("stats: %v", st)
	}
	errs := getObj(t, srv, "/v1/default/banks/f/llm-requests?operation=consolidation&status=error")
	if errs["total"] != 3.0 { // the batch, then each fact alone
		t.Errorf("error calls: %v", errs["total"])
	}

	// Recovering makes the facts pending again; with the LLM back they consolidate.
	srv.SetBankLLM("f", "consolidation", LLMConnected)
	if r := mustStatus(t, send(t, srv, "POST", "/v1/default/banks/f/consolidation/recover", nil), 200).obj(t); r["retried_count"] != 2.0 {
		t.Errorf("recover: %v", r)
	}
	srv.CompleteOperations()
	if st := statsOf(t, srv, "f"); st["failed_consolidation"] != 0.0 || st["pending_consolidation"] != 0.0 || st["total_observations"] != 1.0 {
		t.Errorf("after recovery: %v", st)
	}

	// A flaky provider rate-limits the batched call; the retries fact by fact succeed,
	// so the log shows an error while no fact failed.
	srv.SetBankLLM("g", "consolidation", LLMFlaky)
	retainSync(t, srv, "g", map[string]any{"content": "Eve bakes bread. Eve sells it on Saturdays. Eve uses rye.", "entities": []any{map[string]any{"text": "Eve", "type": "PERSON"}}})
	srv.CompleteOperations()
	st = statsOf(t, srv, "g")
	calls := getObj(t, srv, "/v1/default/banks/g/llm-requests?operation=consolidation")
	if st["failed_consolidation"] != 0.0 || st["total_observations"] != 1.0 || calls["total"] != 4.0 {
		t.Errorf("flaky: stats %v, %v calls", st, calls["total"])
	}
	if errs := getObj(t, srv, "/v1/default/banks/g/llm-requests?status=error"); errs["total"] != 1.0 ||
		!strings.HasPrefix(errs["items"].([]any)[0].(map[string]any)["error"].(string), "RateLimitError: Error code: 429") {
		t.Errorf("flaky errors: %v", errs)
	}
}
