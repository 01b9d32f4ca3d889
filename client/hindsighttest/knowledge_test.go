package hindsighttest

import (
	"strings"
	"testing"
	"time"
)

const kbPath = "/v1/default/banks/team/knowledge-base"

func createFolder(t *testing.T, srv *Server, name, parent string) string {
	t.Helper()
	body := map[string]any{"name": name}
	if parent != "" {
		body["parent_id"] = parent
	}
	n := mustStatus(t, send(t, srv, "POST", kbPath+"/folders", body), 201).obj(t)
	return n["id"].(string)
}

func createPage(t *testing.T, srv *Server, body map[string]any) map[string]any {
	t.Helper()
	return mustStatus(t, send(t, srv, "POST", kbPath+"/pages", body), 201).obj(t)
}

func TestKnowledgeBaseTree(t *testing.T) {
	srv, clock := clockedServer(t, WithSeed(smallSeed()))
	empty := mustStatus(t, send(t, srv, "GET", "/v1/default/banks/nobody/knowledge-base/tree", nil), 200)
	if strings.TrimSpace(string(empty.body)) != `{"roots":[]}` {
		t.Errorf("missing bank tree %s", empty.body)
	}
	runbooks := createFolder(t, srv, "Runbooks", "")
	if !strings.HasPrefix(runbooks, "kf-") || len(runbooks) != 35 {
		t.Errorf("folder id %q", runbooks)
	}
	nested := createFolder(t, srv, "databases", runbooks)
	createFolder(t, srv, "Runbooks", "") // names may repeat
	page := createPage(t, srv, map[string]any{"name": "Postgres", "source_query": "What does Alice prefer?",
		"parent_id": nested, "tags": []string{"team:platform"}, "trigger": map[string]any{"keep_trace": true}})
	pageID, modelID := page["page_id"].(string), page["mental_model_id"].(string)
	if !strings.HasPrefix(pageID, "kp-") || !strings.HasPrefix(modelID, "mm-") || page["operation_id"] == nil {
		t.Errorf("page %v", page)
	}
	op := getOperation(t, srv, "team", page["operation_id"].(string))
	if op["operation_type"] != "refresh_mental_model" || op["status"] != "completed" {
		t.Errorf("page refresh %v", op)
	}

	tree := getObj(t, srv, kbPath+"/tree")
	roots := tree["roots"].([]any)
	if len(roots) != 2 {
		t.Fatalf("roots %v", roots)
	}
	first := roots[0].(map[string]any)
	if first["id"] != runbooks {
		first = roots[1].(map[string]any)
	}
	if first["id"] != runbooks || first["managed"] != false || first["kind"] != "folder" || first["tags"] == nil {
		t.Errorf("folder node %v", first)
	}
	if _, ok := first["parent_id"]; ok {
		t.Error("a root folder has no parent_id key")
	}
	db := first["children"].([]any)[0].(map[string]any)
	pg := db["children"].([]any)[0].(map[string]any)
	trig := pg["trigger"].(map[string]any)
	if pg["kind"] != "page" || pg["mental_model_id"] != modelID || pg["description"] != "What does Alice prefer?" ||
		pg["is_stale"] != false || pg["parent_id"] != nested {
		t.Errorf("page node %v", pg)
	}
	if trig["mode"] != "delta" || trig["refresh_after_consolidation"] != true || trig["exclude_mental_models"] != true ||
		trig["keep_trace"] != true || len(trig["fact_types"].([]any)) != 1 {
		t.Errorf("default page trigger merged with the sent fields: %v", trig)
	}

	// Pages are mental models too.
	getModel(t, srv, "team", modelID, "")
	clock.Advance(time.Minute)
	retainSync(t, srv, "team", map[string]any{"content": "Alice now prefers DuckDB.", "tags": []string{"team:platform"}})
	// The page scope is observations only: a new world fact does not make it stale.
	if pg := treePage(t, srv); pg["is_stale"] != false {
		t.Errorf("is_stale %v", pg["is_stale"])
	}
}

// treePage is the first page found in the tree.
func treePage(t *testing.T, srv *Server) map[string]any {
	t.Helper()
	var find func(nodes []any) map[string]any
	find = func(nodes []any) map[string]any {
		for _, it := range nodes {
			n := it.(map[string]any)
			if n["kind"] == "page" {
				return n
			}
			if p := find(n["children"].([]any)); p != nil {
				return p
			}
		}
		return nil
	}
	return find(getObj(t, srv, kbPath+"/tree")["roots"].([]any))
}

func TestKnowledgePageRules(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	folder := createFolder(t, srv, "Guides", "")
	page := createPage(t, srv, map[string]any{"name": "Onboarding", "source_query": "q", "parent_id": folder})
	pageID := page["page_id"].(string)
	tests := []struct {
		name   string
		body   map[string]any
		status int
		detail string
	}{
		{"same name other case", map[string]any{"name": "ONBOARDING", "source_query": "q", "parent_id": folder}, 409,
			"A page named 'ONBOARDING' already exists in this folder"},
		{"same name elsewhere", map[string]any{"name": "Onboarding", "source_query": "q"}, 201, ""},
		{"unknown parent", map[string]any{"name": "X", "source_query": "q", "parent_id": "kf-nope"}, 400, "Parent folder 'kf-nope' not found"},
		{"page parent", map[string]any{"name": "X", "source_query": "q", "parent_id": pageID}, 400, "Parent '" + pageID + "' is not a folder"},
		{"missing source_query", map[string]any{"name": "X"}, 422, ""},
		{"max_tokens unchecked", map[string]any{"name": "Tiny", "source_query": "q", "max_tokens": 10}, 201, ""},
		{"cron drops after-consolidation", map[string]any{"name": "Cron", "source_query": "q",
			"trigger": map[string]any{"refresh_cron": "0 3 * * *"}}, 201, ""},
		{"bad cron", map[string]any{"name": "Bad", "source_query": "q", "trigger": map[string]any{"refresh_cron": "x"}}, 422, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			wantReply(t, send(t, srv, "POST", kbPath+"/pages", tc.body), tc.status, tc.detail)
		})
	}
	for _, it := range getObj(t, srv, modelsPath("team"))["items"].([]any) {
		m := it.(map[string]any)
		tr := m["trigger"].(map[string]any)
		switch m["name"] {
		case "Cron":
			if tr["refresh_cron"] != "0 3 * * *" || tr["refresh_after_consolidation"] != false {
				t.Errorf("cron page trigger %v", tr)
			}
		case "Tiny":
			if m["max_tokens"] != 10.0 {
				t.Errorf("max_tokens %v", m["max_tokens"])
			}
		}
	}
	r := mustStatus(t, send(t, srv, "GET", kbPath+"/pages/"+folder, nil), 404)
	if detailOf(t, r) != "Knowledge page '"+folder+"' not found" {
		t.Errorf("folder as page: %s", r.body)
	}
}

func TestKnowledgePageMarkdown(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	page := createPage(t, srv, map[string]any{"name": `Alice's "stack"`, "source_query": "What does Alice prefer?",
		"tags": []string{"team:platform", "type:profile", "type:ignored"}})
	id := page["page_id"].(string)
	v := getObj(t, srv, kbPath+"/pages/"+id)
	if v["type"] != "profile" || strings.Join(asStrings(v["tags"]), ",") != "team:platform" || v["description"] != "What does Alice prefer?" {
		t.Errorf("page %v", v)
	}
	want := "---\nid: \"" + id + "\"\ntype: \"profile\"\ntitle: \"Alice's \\\"stack\\\"\"\ndescription: \"What does Alice prefer?\"\n" +
		"tags:\n  - \"team:platform\"\ntimestamp: \"2026-11-30T09:00:00+00:00\"\n---\n\n" + v["body"].(string)
	if v["markdown"] != want {
		t.Errorf("markdown:\n%s\nwant:\n%s", v["markdown"], want)
	}
	plain := createPage(t, srv, map[string]any{"name": "Plain", "source_query": "q", "tags": []string{"nowhere"}})
	v = getObj(t, srv, kbPath+"/pages/"+plain["page_id"].(string))
	if v["type"] != "knowledge-page" || !strings.Contains(v["markdown"].(string), "tags:\n  - \"nowhere\"") {
		t.Errorf("untyped page %v", v)
	}
}
