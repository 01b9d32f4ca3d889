package hindsighttest

import (
	"strings"
	"testing"
)

// TestDemoModelStates checks that the demo holds a mental model in every state the
// UI has to show, and the rest of models.json.
func TestDemoModelStates(t *testing.T) {
	srv := newTestServer(t, WithDemoSeed())
	list := func(bank string) map[string]map[string]any {
		out := map[string]map[string]any{}
		r := getObj(t, srv, modelsPath(bank))
		for _, it := range r["items"].([]any) {
			m := it.(map[string]any)
			out[m["id"].(string)] = m
		}
		return out
	}
	alex, research, writer, team := list("user-alex-prefs"), list("research-agent"), list("writer-agent"), list("team-platform")

	if alex["alex-travel-profile"]["is_stale"] != false || team["incident-patterns"]["is_stale"] != true {
		t.Error("a fresh and a stale model")
	}
	if research["retrieval-findings"]["is_stale"] != false || getModel(t, srv, "research-agent", "retrieval-findings", "full")["is_stale"] != true {
		t.Error("evidence rot: fresh by the list, stale on GET because a cited memory was invalidated")
	}
	if team["service-ownership"]["is_stale"] != false || getModel(t, srv, "team-platform", "service-ownership", "full")["is_stale"] != true {
		t.Error("evidence rot: fresh by the list, stale on GET because a cited memory was deleted")
	}
	world := team["service-ownership"]["reflect_response"].(map[string]any)["based_on"].(map[string]any)["world"].([]any)
	gone := world[len(world)-1].(map[string]any)["id"].(string)
	mustStatus(t, send(t, srv, "GET", "/v1/default/banks/team-platform/memories/"+gone, nil), 404)
	never := research["open-questions"]
	if never["content"] != placeholderContent || never["last_refreshed_at"] != never["created_at"] || never["last_memory_seen_at"] != nil ||
		never["reflect_response"] != nil {
		t.Errorf("never refreshed %v", never)
	}
	if h := mustStatus(t, send(t, srv, "GET", modelsPath("research-agent")+"/open-questions/history", nil), 200).json(t).([]any); len(h) != 0 {
		t.Errorf("never refreshed, no history: %v", h)
	}
	if tr := team["black-friday-readiness"]["trigger"].(map[string]any); tr["refresh_cron"] != "0 7 * * *" || tr["min_refresh_interval_seconds"] != 3600.0 {
		t.Errorf("cron trigger %v", tr)
	}
	trace := writer["revision-plan"]["reflect_response"].(map[string]any)["trace"].(map[string]any)
	if writer["revision-plan"]["trigger"].(map[string]any)["keep_trace"] != true || trace["effective_mode"] != "delta" ||
		trace["recorded_at"] != writer["revision-plan"]["last_refreshed_at"] || len(trace["tool_calls"].([]any)) == 0 {
		t.Errorf("stored trace %v", trace)
	}
	hist := mustStatus(t, send(t, srv, "GET", modelsPath("user-alex-prefs")+"/alex-travel-profile/history", nil), 200).json(t).([]any)
	if len(hist) != 3 || hist[2].(map[string]any)["previous_content"] != placeholderContent ||
		hist[0].(map[string]any)["previous_content"] == hist[1].(map[string]any)["previous_content"] {
		t.Fatalf("history %v", hist)
	}
	based := func(h any) int {
		return len(h.(map[string]any)["previous_reflect_response"].(map[string]any)["based_on"].(map[string]any)["world"].([]any))
	}
	if based(hist[0]) == based(hist[1]) || hist[0].(map[string]any)["changed_at"].(string) <= hist[1].(map[string]any)["changed_at"].(string) {
		t.Errorf("two versions with different based_on, newest first: %v", hist)
	}

	r := getObj(t, srv, "/v1/default/banks/research-agent/directives?active_only=false")
	active, tagged := 0, 0
	for _, it := range r["items"].([]any) {
		d := it.(map[string]any)
		if d["is_active"] == true {
			active++
		}
		if len(d["tags"].([]any)) > 0 {
			tagged++
		}
	}
	if r["total"] != 4.0 || active != 3 || tagged != 3 {
		t.Errorf("research directives: %v total, %d active, %d tagged", r["total"], active, tagged)
	}
}

func TestDemoKnowledgeAndConfig(t *testing.T) {
	srv := newTestServer(t, WithDemoSeed())
	tree := getObj(t, srv, "/v1/default/banks/team-platform/knowledge-base/tree")["roots"].([]any)
	if len(tree) != 2 {
		t.Fatalf("roots %v", tree)
	}
	handbook, runbooks := tree[0].(map[string]any), tree[1].(map[string]any)
	if handbook["name"] != "On-call handbook" || runbooks["name"] != "Runbooks" || len(runbooks["children"].([]any)) != 2 {
		t.Errorf("tree %v", tree)
	}
	page := runbooks["children"].([]any)[0].(map[string]any)
	v := getObj(t, srv, "/v1/default/banks/team-platform/knowledge-base/pages/"+page["id"].(string))
	if v["type"] != "runbook" || !strings.Contains(v["markdown"].(string), "title: \"Certificate renewal\"") {
		t.Errorf("page %v", v)
	}
	if tr := page["trigger"].(map[string]any); tr["mode"] != "delta" || tr["refresh_after_consolidation"] != true || tr["tags_match"] != "any_strict" {
		t.Errorf("page trigger %v", tr)
	}
	cfg := getObj(t, srv, "/v1/default/banks/team-platform/config")
	ov := cfg["overrides"].(map[string]any)
	if len(ov) != 3 || ov["recall_max_tokens"] != 4096.0 || ov["memory_defense"].(map[string]any)["enabled"] != true {
		t.Errorf("overrides %v", ov)
	}
	mustStatus(t, send(t, srv, "GET", "/v1/default/banks/team-platform/export", nil), 200)
	// Memory defense redacts what the team pastes.
	retainSync(t, srv, "team-platform", map[string]any{"content": "Connect with postgres://app:hunter2@pg-ledger:5432/ledger for now.", "document_id": "paste"})
	m := getObj(t, srv, "/v1/default/banks/team-platform/memories/list?document_id=paste")["items"].([]any)
	if text := m[0].(map[string]any)["text"].(string); strings.Contains(text, "hunter2") {
		t.Errorf("stored %q", text)
	}
}

// TestDemoExtensionsKeepMemories guards the UI goldens: models.json adds no memory
// or document to the demo banks.
func TestDemoExtensionsKeepMemories(t *testing.T) {
	seed, err := DemoSeed()
	if err != nil {
		t.Fatal(err)
	}
	srv := newTestServer(t, WithDemoSeed())
	for _, sb := range seed.Banks {
		b := srv.store.banks[sb.BankID]
		if len(b.memories) != len(sb.Memories) || len(b.documents) != len(sb.Documents) {
			t.Errorf("%s: %d memories, %d documents", sb.BankID, len(b.memories), len(b.documents))
		}
	}
	if _, ok := seed.Extensions["scratch"]; ok {
		t.Error("the scratch bank stays empty of models")
	}
}
