package hindsighttest

import (
	"strings"
	"testing"
	"time"
)

func dryRun(t *testing.T, srv *Server, bank, id string) map[string]any {
	t.Helper()
	return mustStatus(t, send(t, srv, "POST", modelsPath(bank)+"/"+id+"/dry-run-refresh", nil), 200).obj(t)
}

func TestDryRunRefresh(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	r := mustStatus(t, send(t, srv, "POST", modelsPath("team")+"/nope/dry-run-refresh", nil), 404)
	if detailOf(t, r) != "Mental model nope not found" {
		t.Errorf("detail %s", r.body)
	}

	before := getModel(t, srv, "team", "platform-stack", "full")
	ops := len(refreshOps(t, srv, "team"))
	dry := dryRun(t, srv, "team", "platform-stack")
	for _, k := range []string{"mental_model_id", "name", "requested_mode", "effective_mode", "outcome", "would_persist",
		"scope", "window", "facts", "based_on", "current_content", "candidate_content", "preview_content", "diff",
		"trace", "usage", "duration_ms", "warnings"} {
		if _, ok := dry[k]; !ok {
			t.Errorf("dry run lacks %q", k)
		}
	}
	if dry["outcome"] != outcomeWritten || dry["would_persist"] != true || dry["preview_content"] != dry["candidate_content"] ||
		dry["current_content"] != "The team prefers **Postgres**." {
		t.Errorf("dry run %v", dry)
	}
	diff := dry["diff"].(string)
	if !strings.HasPrefix(diff, "--- current\n+++ preview\n@@ -1 +1,") || !strings.Contains(diff, "\n-The team prefers **Postgres**.") {
		t.Errorf("diff:\n%s", diff)
	}
	window := dry["window"].(map[string]any)
	if window["created_before"] != "2026-11-30T09:00:00+00:00" || window["watermark"] != "2026-11-26T08:00:00+00:00" || window["created_after"] != nil {
		t.Errorf("window %v", window)
	}
	scope := dry["scope"].(map[string]any)
	if scope["tags_match"] != "any" || scope["exclude_mental_models"] != false ||
		!strings.Contains(strings.Join(asStrings(scope["exclude_mental_model_ids"]), ","), "platform-stack") {
		t.Errorf("scope %v", scope)
	}
	facts := dry["facts"].(map[string]any)
	if facts["retrieved"].(map[string]any)["world"] == nil || facts["used"].(map[string]any)["world"] == nil {
		t.Errorf("facts %v", facts)
	}
	tr := dry["trace"].(map[string]any)
	call := tr["tool_calls"].([]any)[0].(map[string]any)
	if _, ok := call["output"]; !ok || call["tool"] != "search_observations" {
		t.Errorf("a dry-run trace keeps tool outputs: %v", call)
	}
	if after := getModel(t, srv, "team", "platform-stack", "full"); after["content"] != before["content"] ||
		after["last_refreshed_at"] != before["last_refreshed_at"] || len(refreshOps(t, srv, "team")) != ops {
		t.Error("a dry run persists nothing")
	}

	// Once refreshed, a dry run with nothing new predicts content_unchanged and an
	// empty diff.
	refreshNow(t, srv, "team", "platform-stack")
	dry = dryRun(t, srv, "team", "platform-stack")
	if dry["outcome"] != outcomeUnchanged || dry["diff"] != "" || dry["would_persist"] != true {
		t.Errorf("unchanged dry run %v / %q", dry["outcome"], dry["diff"])
	}
}

func TestDryRunModesAndFailures(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()), WithAsyncDelay(time.Hour))
	createModel(t, srv, "team", map[string]any{"id": "delta", "name": "D", "source_query": "What does Alice prefer?",
		"trigger": map[string]any{"mode": "delta"}})
	dry := dryRun(t, srv, "team", "delta")
	if dry["requested_mode"] != "delta" || dry["effective_mode"] != "full" || dry["mode_fallback_reason"] != "no_baseline_content" {
		t.Errorf("placeholder content falls back to full: %v", dry)
	}
	if w := dry["warnings"].([]any); len(w) == 0 || !strings.Contains(w[0].(string), "no_baseline_content") {
		t.Errorf("warnings %v", w)
	}
	srv.CompleteOperations()
	dry = dryRun(t, srv, "team", "delta")
	if dry["effective_mode"] != "delta" || dry["outcome"] != outcomePreserved || dry["would_persist"] != false ||
		dry["delta_operations"] == nil || dry["window"].(map[string]any)["created_after"] == nil {
		t.Errorf("delta without new facts: %v", dry)
	}
	mustStatus(t, send(t, srv, "PATCH", modelsPath("team")+"/delta", map[string]any{"source_query": "Who is Bob?"}), 200)
	if dry = dryRun(t, srv, "team", "delta"); dry["mode_fallback_reason"] != "source_query_changed" {
		t.Errorf("a changed query runs in full: %v", dry["mode_fallback_reason"])
	}

	createModel(t, srv, "team", map[string]any{"id": "empty", "name": "E", "source_query": "q", "tags": []string{"nowhere"}})
	dry = dryRun(t, srv, "team", "empty")
	if dry["outcome"] != outcomeEmptyCandidate || dry["would_persist"] != false || dry["diff"] != "" ||
		dry["preview_content"] != placeholderContent || dry["candidate_content"] != "" {
		t.Errorf("empty candidate %v", dry)
	}
	schema := map[string]any{"type": "object", "required": []string{"n"},
		"properties": map[string]any{"n": map[string]any{"type": "array", "items": map[string]any{"type": "number"}}}}
	createModel(t, srv, "team", map[string]any{"id": "schema", "name": "S", "source_query": "What does Alice prefer?",
		"trigger": map[string]any{"response_schema": schema}})
	if dry = dryRun(t, srv, "team", "schema"); dry["outcome"] != outcomeWritten {
		t.Errorf("a dry run never reports refresh_failed_structured_output: %v", dry["outcome"])
	}
}
