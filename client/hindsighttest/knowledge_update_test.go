package hindsighttest

import (
	"strings"
	"testing"
	"time"
)

func TestKnowledgeNodeUpdate(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	a := createFolder(t, srv, "A", "")
	b := createFolder(t, srv, "B", a)
	c := createFolder(t, srv, "C", "")
	page := createPage(t, srv, map[string]any{"name": "Stack", "source_query": "What does Alice prefer?", "parent_id": a,
		"trigger": map[string]any{"refresh_cron": "0 3 * * *"}})
	pageID, modelID := page["page_id"].(string), page["mental_model_id"].(string)
	createPage(t, srv, map[string]any{"name": "Taken", "source_query": "q", "parent_id": c})
	node := func(id string) string { return kbPath + "/nodes/" + id }
	tests := []struct {
		name   string
		id     string
		body   map[string]any
		status int
		detail string
	}{
		{"nothing to update", a, map[string]any{}, 400, "Provide name, parent_id, source_query, tags, max_tokens, and/or trigger to update"},
		{"unknown node", "kf-nope", map[string]any{"name": "x"}, 404, "Knowledge node 'kf-nope' not found"},
		{"own parent", a, map[string]any{"parent_id": a}, 400, "A node cannot be its own parent"},
		{"into own subtree", a, map[string]any{"parent_id": b}, 400, "Cannot move a node into its own subtree"},
		{"unknown parent", b, map[string]any{"parent_id": "kf-nope"}, 400, "Parent folder 'kf-nope' not found"},
		{"page as parent", b, map[string]any{"parent_id": pageID}, 400, "Parent '" + pageID + "' is not a folder"},
		{"page fields on a folder", b, map[string]any{"name": "B2", "source_query": "q"}, 404, "Knowledge page '" + b + "' not found"},
		{"move onto a taken name", pageID, map[string]any{"parent_id": c, "name": "taken"}, 500, ""},
		{"rename a folder", a, map[string]any{"name": "Alpha"}, 200, ""},
		{"move a folder to the root", b, map[string]any{"parent_id": nil}, 200, ""},
		{"move a page", pageID, map[string]any{"parent_id": c}, 200, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			wantReply(t, send(t, srv, "PATCH", node(tc.id), tc.body), tc.status, tc.detail)
		})
	}
	if n := getObj(t, srv, kbPath+"/tree")["roots"].([]any); len(n) != 3 {
		t.Errorf("after the moves the roots are Alpha, B, C: %v", n)
	}
	// The rename and move of the failed folder update happened before the 404.
	if got := mustStatus(t, send(t, srv, "PATCH", node(b), map[string]any{"name": "B3"}), 200).obj(t); got["name"] != "B3" {
		t.Errorf("folder %v", got)
	}

	ops := len(refreshOps(t, srv, "team"))
	got := mustStatus(t, send(t, srv, "PATCH", node(pageID), map[string]any{"name": "Stack v2", "tags": []string{},
		"max_tokens": 300, "trigger": map[string]any{"refresh_after_consolidation": true}}), 200).obj(t)
	if got["name"] != "Stack v2" || got["parent_id"] != c {
		t.Errorf("renamed page %v", got)
	}
	m := getModel(t, srv, "team", modelID, "")
	tr := m["trigger"].(map[string]any)
	if m["name"] != "Stack v2" || m["max_tokens"] != 300.0 || len(m["tags"].([]any)) != 0 || tr["mode"] != "delta" ||
		tr["refresh_after_consolidation"] != true || tr["refresh_cron"] != nil {
		t.Errorf("PATCH merges the trigger and renames the model: %v", m)
	}
	if n := len(refreshOps(t, srv, "team")); n != ops {
		t.Errorf("no refresh without a new source query: %d -> %d", ops, n)
	}
	mustStatus(t, send(t, srv, "PATCH", node(pageID), map[string]any{"source_query": "Who is Bob?"}), 200)
	if n := len(refreshOps(t, srv, "team")); n != ops+1 {
		t.Errorf("a new source query queues a refresh: %d -> %d", ops, n)
	}
	mustStatus(t, send(t, srv, "PATCH", node(pageID), map[string]any{"trigger": map[string]any{"mode": "sideways"}}), 422)
}

func TestKnowledgeDeleteSubtree(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	top := createFolder(t, srv, "Top", "")
	sub := createFolder(t, srv, "Sub", top)
	p1 := createPage(t, srv, map[string]any{"name": "One", "source_query": "q", "parent_id": top})
	p2 := createPage(t, srv, map[string]any{"name": "Two", "source_query": "q", "parent_id": sub})
	p3 := createPage(t, srv, map[string]any{"name": "Three", "source_query": "q"})
	r := mustStatus(t, send(t, srv, "DELETE", kbPath+"/nodes/"+top, nil), 200)
	if strings.TrimSpace(string(r.body)) != `{"status":"deleted"}` {
		t.Errorf("delete %s", r.body)
	}
	for _, p := range []map[string]any{p1, p2} {
		mustStatus(t, send(t, srv, "GET", modelsPath("team")+"/"+p["mental_model_id"].(string), nil), 404)
		mustStatus(t, send(t, srv, "GET", kbPath+"/pages/"+p["page_id"].(string), nil), 404)
	}
	mustStatus(t, send(t, srv, "DELETE", kbPath+"/nodes/"+sub, nil), 404)
	// Deleting a page's model through the mental-model routes deletes the page.
	mustStatus(t, send(t, srv, "DELETE", modelsPath("team")+"/"+p3["mental_model_id"].(string), nil), 200)
	mustStatus(t, send(t, srv, "GET", kbPath+"/pages/"+p3["page_id"].(string), nil), 404)
	if roots := getObj(t, srv, kbPath+"/tree")["roots"].([]any); len(roots) != 0 {
		t.Errorf("tree %v", roots)
	}
}

func TestKnowledgeSearchAndExport(t *testing.T) {
	srv, clock := clockedServer(t, WithSeed(smallSeed()))
	folder := createFolder(t, srv, "Profiles", "")
	alice := createPage(t, srv, map[string]any{"name": "Alice", "source_query": "What does Alice prefer for analytics?", "parent_id": folder,
		"trigger": map[string]any{"mode": "full", "fact_types": nil}})
	createPage(t, srv, map[string]any{"name": "Billing", "source_query": "Who moved the billing review?",
		"trigger": map[string]any{"mode": "full", "fact_types": nil}})
	clock.Advance(time.Minute)
	refreshNow(t, srv, "team", alice["mental_model_id"].(string))

	res := getObj(t, srv, kbPath+"/search?q=analytics+postgres")
	hits := res["results"].([]any)
	if res["total"] != float64(len(hits)) || len(hits) == 0 {
		t.Fatalf("search %v", res)
	}
	top := hits[0].(map[string]any)
	if top["id"] != alice["page_id"] || top["mental_model_id"] != alice["mental_model_id"] || top["score"].(float64) <= 1.0/61 ||
		len([]rune(top["snippet"].(string))) > 280 || top["updated_at"] != "2026-11-30T09:01:00+00:00" {
		t.Errorf("top hit %v", top)
	}
	if got := getObj(t, srv, kbPath+"/search?q=billing&limit=1"); got["total"] != 1.0 {
		t.Errorf("limit %v", got)
	}
	mustStatus(t, send(t, srv, "GET", kbPath+"/search", nil), 422)
	mustStatus(t, send(t, srv, "GET", kbPath+"/search?q=", nil), 422)
	mustStatus(t, send(t, srv, "GET", kbPath+"/search?q=x&limit=51", nil), 422)

	files := getObj(t, srv, kbPath+"/export")["files"].([]any)
	byPath := map[string]string{}
	for _, f := range files {
		m := f.(map[string]any)
		byPath[m["path"].(string)] = m["content"].(string)
	}
	aid, bid := alice["page_id"].(string), ""
	for p := range byPath {
		if strings.HasPrefix(p, "kp-") && !strings.HasPrefix(p, aid) {
			bid = strings.TrimSuffix(strings.TrimSuffix(p, ".log.md"), ".md")
		}
	}
	wantIndex := "- [Billing](./" + bid + ".md) — Who moved the billing review?\n- **Profiles/**\n" +
		"  - [Alice](./" + aid + ".md) — What does Alice prefer for analytics?\n"
	if byPath["index.md"] != wantIndex {
		t.Errorf("index.md:\n%s\nwant:\n%s", byPath["index.md"], wantIndex)
	}
	if !strings.HasPrefix(byPath[aid+".md"], "---\nid: \""+aid+"\"") {
		t.Errorf("page file %q", byPath[aid+".md"])
	}
	if log := byPath[aid+".log.md"]; !strings.Contains(log, "## 2026-11-30T09:01:00+00:00\n\n") || !strings.Contains(log, placeholderContent) {
		t.Errorf("history file %q", log)
	}
	if files[0].(map[string]any)["path"] != "index.md" {
		t.Error("index.md comes first")
	}
	empty := mustStatus(t, send(t, srv, "GET", "/v1/default/banks/nobody/knowledge-base/export", nil), 200)
	if strings.TrimSpace(string(empty.body)) != `{"files":[]}` {
		t.Errorf("empty export %s", empty.body)
	}
}
