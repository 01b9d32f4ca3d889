package hindsighttest

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// refreshNow queues a refresh of id and completes it (async delay is zero, so the
// next request finishes it); it returns the finished operation.
func refreshNow(t *testing.T, srv *Server, bank, id string) map[string]any {
	t.Helper()
	r := mustStatus(t, send(t, srv, "POST", modelsPath(bank)+"/"+id+"/refresh", nil), 200).obj(t)
	return getOperation(t, srv, bank, r["operation_id"].(string))
}

func historyLen(t *testing.T, srv *Server, bank, id string) int {
	t.Helper()
	return len(mustStatus(t, send(t, srv, "GET", modelsPath(bank)+"/"+id+"/history", nil), 200).json(t).([]any))
}

// TestRefreshOutcomes walks the outcome table: what each outcome does to the
// content, last_refreshed_at, last_memory_seen_at, the history and the operation.
func TestRefreshOutcomes(t *testing.T) {
	unfillable := map[string]any{"type": "object", "required": []string{"n"},
		"properties": map[string]any{"n": map[string]any{"type": "array", "items": map[string]any{"type": "number"}}}}
	tests := []struct {
		name      string
		model     map[string]any
		prepare   func(t *testing.T, srv *Server, id string) // after the first refresh
		skipFirst bool                                       // the outcome is the first refresh's
		outcome   string
		reason    string
		status    string
		content   string // "same", "changed"
		moved     bool   // last_refreshed_at advanced
		history   int    // history rows added
	}{
		{name: "written", model: map[string]any{"source_query": "What does Alice prefer?"}, skipFirst: true,
			outcome: outcomeWritten, status: "completed", content: "changed", moved: true, history: 1},
		{name: "unchanged", model: map[string]any{"source_query": "What does Alice prefer?"},
			outcome: outcomeUnchanged, status: "completed", content: "same", moved: true, history: 1},
		{name: "written after a relevant memory", model: map[string]any{"source_query": "What does Alice prefer?"},
			prepare: func(t *testing.T, srv *Server, id string) {
				retainSync(t, srv, "team", map[string]any{"content": "Alice now prefers DuckDB for analytics."})
			}, outcome: outcomeWritten, status: "completed", content: "changed", moved: true, history: 1},
		{name: "delta without new facts", model: map[string]any{"source_query": "What does Alice prefer?",
			"trigger": map[string]any{"mode": "delta"}},
			outcome: outcomePreserved, status: "completed", content: "same", moved: true},
		{name: "delta with a relevant fact", model: map[string]any{"source_query": "What does Alice prefer?",
			"trigger": map[string]any{"mode": "delta"}},
			prepare: func(t *testing.T, srv *Server, id string) {
				retainSync(t, srv, "team", map[string]any{"content": "Alice now prefers DuckDB for analytics."})
			}, outcome: outcomeWritten, status: "completed", content: "changed", moved: true, history: 1},
		{name: "delta with only unrelated facts", model: map[string]any{"source_query": "What does Alice prefer?",
			"trigger": map[string]any{"mode": "delta"}},
			prepare: func(t *testing.T, srv *Server, id string) {
				retainSync(t, srv, "team", map[string]any{"content": "The kettle in the kitchen is broken."})
			}, outcome: outcomeDeltaNotApplied, reason: "delta_ops_all_skipped", status: "failed", content: "same"},
		{name: "nothing in scope", model: map[string]any{"source_query": "What does Alice prefer?", "tags": []string{"nowhere"}},
			skipFirst: true, outcome: outcomeEmptyCandidate, reason: "empty_candidate", status: "failed", content: "same"},
		{name: "unfillable response_schema", model: map[string]any{"source_query": "What does Alice prefer?",
			"trigger": map[string]any{"response_schema": unfillable}}, skipFirst: true,
			outcome: outcomeStructured, reason: "structured_output_failed", status: "failed", content: "same"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv, clock := clockedServer(t, WithSeed(smallSeed()), WithAsyncDelay(30*time.Second))
			body := map[string]any{"name": "Probe"}
			for k, v := range tc.model {
				body[k] = v
			}
			id, firstOp := createModel(t, srv, "team", body)
			if !tc.skipFirst {
				clock.Advance(time.Minute)
				if op := getOperation(t, srv, "team", firstOp); op["status"] != "completed" {
					t.Fatalf("first refresh %v", op)
				}
				if tc.prepare != nil {
					tc.prepare(t, srv, id)
				}
			}
			before := getModel(t, srv, "team", id, "")
			hist := historyLen(t, srv, "team", id)
			opID := firstOp
			if !tc.skipFirst {
				r := mustStatus(t, send(t, srv, "POST", modelsPath("team")+"/"+id+"/refresh", nil), 200).obj(t)
				opID = r["operation_id"].(string)
			}
			clock.Advance(time.Minute)
			op := getOperation(t, srv, "team", opID)
			after := getModel(t, srv, "team", id, "")
			details, _ := op["details"].(map[string]any)
			if op["status"] != tc.status || details["outcome"] != tc.outcome || details["operation_type"] != "refresh_mental_model" {
				t.Fatalf("op %v, want %s/%s", op, tc.status, tc.outcome)
			}
			meta := op["result_metadata"].(map[string]any)
			if meta["outcome"] != tc.outcome || meta["mental_model_id"] != id {
				t.Errorf("result_metadata %v", meta)
			}
			if tc.reason != "" {
				if details["failure_reason"] != tc.reason || meta["failure_reason"] != tc.reason {
					t.Errorf("failure_reason %v / %v, want %s", details["failure_reason"], meta["failure_reason"], tc.reason)
				}
				if _, ok := meta["content_len"]; ok {
					t.Errorf("a failed refresh records only outcome and failure_reason: %v", meta)
				}
			} else if _, ok := meta["based_on_counts"]; !ok || meta["populated_content"] != true {
				t.Errorf("result_metadata of a completed refresh: %v", meta)
			}
			if changed := after["content"] != before["content"]; changed != (tc.content == "changed") {
				t.Errorf("content changed = %v, want %s", changed, tc.content)
			}
			if moved := after["last_refreshed_at"] != before["last_refreshed_at"]; moved != tc.moved {
				t.Errorf("last_refreshed_at moved = %v, want %v", moved, tc.moved)
			}
			if !tc.moved && after["last_memory_seen_at"] != before["last_memory_seen_at"] {
				t.Errorf("a failed refresh keeps last_memory_seen_at: %v -> %v", before["last_memory_seen_at"], after["last_memory_seen_at"])
			}
			if n := historyLen(t, srv, "team", id) - hist; n != tc.history {
				t.Errorf("history rows added = %d, want %d", n, tc.history)
			}
		})
	}
}

func TestRefreshWatermarkAndDelta(t *testing.T) {
	srv, clock := clockedServer(t, WithSeed(smallSeed()))
	id, _ := createModel(t, srv, "team", map[string]any{"name": "Alice", "source_query": "What does Alice prefer?",
		"tags": []string{"team:platform"}, "trigger": map[string]any{"mode": "delta"}})
	clock.Advance(time.Minute)
	m := getModel(t, srv, "team", id, "")
	// all_strict on the model's tag: m1, m2 and o1 are in scope; o1 is the newest.
	if m["last_memory_seen_at"] != "2026-11-26T08:00:00+00:00" {
		t.Errorf("watermark %v", m["last_memory_seen_at"])
	}
	first := citedIDs(m)

	clock.Advance(time.Minute)
	retainSync(t, srv, "team", map[string]any{"content": "Alice now prefers DuckDB for analytics.", "tags": []string{"team:platform"}})
	retainSync(t, srv, "team", map[string]any{"content": "Alice prefers tea.", "tags": []string{"team:data"}}) // out of scope
	op := refreshNow(t, srv, "team", id)
	if op["result_metadata"].(map[string]any)["delta_ops_applied"] != 1.0 {
		t.Errorf("delta ops %v", op["result_metadata"])
	}
	m = getModel(t, srv, "team", id, "")
	if m["last_memory_seen_at"] != "2026-11-30T09:02:00+00:00" {
		t.Errorf("watermark advanced to the new memory: %v", m["last_memory_seen_at"])
	}
	second := citedIDs(m)
	if len(second) != len(first)+1 || !strings.Contains(m["content"].(string), "DuckDB") || strings.Contains(m["content"].(string), "tea") {
		t.Errorf("delta accumulates based_on: %v -> %v\n%s", first, second, m["content"])
	}
	for _, id := range first {
		if !strings.Contains(strings.Join(second, ","), id) {
			t.Errorf("delta dropped %s", id)
		}
	}
}

// citedIDs lists the memory ids in a model's reflect_response.based_on.
func citedIDs(m map[string]any) []string {
	var ids []string
	for k, v := range m["reflect_response"].(map[string]any)["based_on"].(map[string]any) {
		if k == "directives" {
			continue
		}
		ids = append(ids, pluck(v, "id")...)
	}
	return ids
}

func TestRefreshKeepTraceAndDirectives(t *testing.T) {
	srv, clock := clockedServer(t, WithSeed(smallSeed()))
	id, _ := createModel(t, srv, "team", map[string]any{"name": "Stack", "source_query": "Which databases does Alice prefer?",
		"tags": []string{"team:platform"}, "trigger": map[string]any{"keep_trace": true}})
	clock.Advance(time.Minute)
	rr := getModel(t, srv, "team", id, "")["reflect_response"].(map[string]any)
	tr, ok := rr["trace"].(map[string]any)
	if !ok || tr["effective_mode"] != "full" || tr["outcome"] != outcomeWritten || tr["recorded_at"] != "2026-11-30T09:01:00+00:00" {
		t.Fatalf("stored trace %v", rr["trace"])
	}
	for _, c := range tr["tool_calls"].([]any) {
		if _, ok := c.(map[string]any)["output"]; ok {
			t.Error("a stored trace leaves out tool outputs")
		}
	}
	// A tagged model sees untagged directives and those whose tags cover its own.
	names := pluck(rr["based_on"].(map[string]any)["directives"], "name")
	if strings.Join(names, ",") != "Cite sources,Be concise" {
		t.Errorf("directives %v", names)
	}
	clock.Advance(time.Minute)
	refreshNow(t, srv, "team", id)
	hist := mustStatus(t, send(t, srv, "GET", modelsPath("team")+"/"+id+"/history", nil), 200).json(t).([]any)
	prev := hist[0].(map[string]any)["previous_reflect_response"].(map[string]any)
	if _, ok := prev["trace"]; !ok {
		t.Error("the history keeps the trace of the version it replaced")
	}
	tr = getModel(t, srv, "team", id, "")["reflect_response"].(map[string]any)["trace"].(map[string]any)
	if tr["recorded_at"] != "2026-11-30T09:02:00+00:00" {
		t.Errorf("only the latest trace is kept: %v", tr["recorded_at"])
	}

	untagged, _ := createModel(t, srv, "team", map[string]any{"name": "U", "source_query": "Alice?"})
	clock.Advance(time.Minute)
	getModel(t, srv, "team", untagged, "")
	rr = getModel(t, srv, "team", untagged, "")["reflect_response"].(map[string]any)
	if ds := rr["based_on"].(map[string]any)["directives"].([]any); len(ds) != 1 || ds[0].(map[string]any)["name"] != "Be concise" {
		t.Errorf("an untagged model sees only untagged directives: %v", ds)
	}
	if _, ok := rr["trace"]; ok {
		t.Error("no trace without keep_trace")
	}
}

func TestModelHistoryCap(t *testing.T) {
	srv, clock := clockedServer(t, WithSeed(smallSeed()))
	id, _ := createModel(t, srv, "team", map[string]any{"name": "Alice", "source_query": "What does Alice prefer?"})
	for i := 0; i < maxModelHistory+5; i++ {
		clock.Advance(time.Second)
		refreshNow(t, srv, "team", id)
	}
	hist := mustStatus(t, send(t, srv, "GET", modelsPath("team")+"/"+id+"/history", nil), 200).json(t).([]any)
	if len(hist) != maxModelHistory {
		t.Fatalf("history has %d entries, want %d", len(hist), maxModelHistory)
	}
	newest, oldest := hist[0].(map[string]any), hist[len(hist)-1].(map[string]any)
	if newest["changed_at"].(string) <= oldest["changed_at"].(string) {
		t.Errorf("history is newest first: %v .. %v", newest["changed_at"], oldest["changed_at"])
	}
	if oldest["previous_content"] == placeholderContent {
		t.Error("the oldest entries go first once the cap is reached")
	}
	if got := fmt.Sprint(newest["previous_content"]); got != getModel(t, srv, "team", id, "")["content"] {
		t.Errorf("content_unchanged writes a history row holding the same content: %q", got)
	}
}
