package hindsighttest

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
)

func TestDocuments(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	b := "/v1/default/banks/team"
	ids := func(query string) []string {
		r := getObj(t, srv, b+"/documents"+query)
		return pluck(r["items"], "id")
	}
	t.Run("list", func(t *testing.T) {
		tests := []struct{ query, want string }{
			{"", "notes-1,meeting/2026-11-20"},            // updated_at desc
			{"?q=MEETING", "meeting/2026-11-20"},          // id only, case-insensitive
			{"?q=standup", ""},                            // not the context
			{"?tags=team:platform", "meeting/2026-11-20"}, // any_strict by default
			{"?tags=team:platform&tags_match=any", "notes-1,meeting/2026-11-20"},
			{"?tags=team:platform&tags_match=whatever", "notes-1,meeting/2026-11-20"}, // unknown acts like any
		}
		for _, tc := range tests {
			if got := strings.Join(ids(tc.query), ","); got != tc.want {
				t.Errorf("%q: got %q, want %q", tc.query, got, tc.want)
			}
		}
		item := getObj(t, srv, b+"/documents?q=notes")["items"].([]any)[0].(map[string]any)
		if item["text_length"] != 32.0 || item["memory_unit_count"] != 1.0 || item["retain_params"] != nil {
			t.Errorf("item %v", item)
		}
	})
	t.Run("get keeps nulls", func(t *testing.T) {
		d := getObj(t, srv, b+"/documents/notes-1")
		if nulls := nullKeys(d, ""); !slices.Contains(nulls, "retain_params") || !slices.Contains(nulls, "document_metadata") {
			t.Errorf("nulls %v", nulls)
		}
		byType := d["nodes_by_fact_type"].(map[string]any)
		if byType["experience"] != 1.0 || byType["world"] != 0.0 {
			t.Errorf("nodes_by_fact_type %v", byType)
		}
		mustStatus(t, send(t, srv, "GET", b+"/documents/none", nil), 404)
	})
	t.Run("chunks", func(t *testing.T) {
		r := getObj(t, srv, b+"/documents/meeting/2026-11-20/chunks?limit=1&offset=1")
		items := r["items"].([]any)
		c := items[0].(map[string]any)
		if r["total"] != 2.0 || len(items) != 1 || c["chunk_index"] != 1.0 || c["chunk_id"] != "team_meeting/2026-11-20_1" {
			t.Errorf("chunks %v", r)
		}
		mustStatus(t, send(t, srv, "GET", b+"/documents/meeting/2026-11-20/chunks?limit=0", nil), 422)
		mustStatus(t, send(t, srv, "GET", b+"/documents/none/chunks", nil), 404)
		c = getObj(t, srv, "/v1/default/chunks/team_notes-1_0")
		if c["chunk_text"] != "I recommended Redis for caching." || c["document_id"] != "notes-1" {
			t.Errorf("chunk %v", c)
		}
		mustStatus(t, send(t, srv, "GET", "/v1/default/chunks/nope", nil), 404)
	})
	t.Run("retag", func(t *testing.T) {
		mustStatus(t, send(t, srv, "PATCH", b+"/documents/notes-1", map[string]any{"tags": []string{"ops"}}), 200)
		if got := listTexts(t, srv, "team", "?tags=ops&tags_match=any_strict"); !slices.Equal(got, []string{"I recommended Redis for caching."}) {
			t.Errorf("memories retagged: %q", got)
		}
		mustStatus(t, send(t, srv, "PATCH", b+"/documents/none", map[string]any{"tags": []string{}}), 404)
	})
	t.Run("delete cascades", func(t *testing.T) {
		r := mustStatus(t, send(t, srv, "DELETE", b+"/documents/meeting/2026-11-20", nil), 200).obj(t)
		if r["memory_units_deleted"] != 2.0 || r["message"] != "Document 'meeting/2026-11-20' and 2 associated memory units deleted successfully" {
			t.Errorf("delete %v", r)
		}
		if got := listTexts(t, srv, "team", "?q=alice%20prefers"); len(got) != 0 {
			t.Errorf("memories left %q", got)
		}
		mustStatus(t, send(t, srv, "GET", "/v1/default/chunks/team_meeting/2026-11-20_0", nil), 404)
		mustStatus(t, send(t, srv, "DELETE", b+"/documents/meeting/2026-11-20", nil), 404)
	})
	t.Run("reprocess", func(t *testing.T) {
		r := mustStatus(t, send(t, srv, "POST", b+"/documents/notes-1/reprocess", nil), 200).obj(t)
		if r["items_count"] != 1.0 || r["success"] != true {
			t.Errorf("reprocess %v", r)
		}
		st := getObj(t, srv, b+"/operations/"+r["operation_id"].(string))
		if st["status"] != "completed" {
			t.Errorf("reprocess op %v", st)
		}
		if got := listTexts(t, srv, "team", "?document_id=notes-1"); !slices.Equal(got, []string{"I recommended Redis for caching."}) {
			t.Errorf("re-extracted %q", got)
		}
	})
}

func TestEntities(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	b := "/v1/default/banks/team"
	r := getObj(t, srv, b+"/entities?limit=3")
	names := pluck(r["items"], "canonical_name")
	// mention_count desc, then last_seen desc.
	if strings.Join(names, ",") != "Alice,Redis,Bob" || r["total"] != 6.0 {
		t.Errorf("entities %v (total %v)", names, r["total"])
	}
	alice := derivedID("team", "entity", "alice")
	e := getObj(t, srv, b+"/entities/"+alice)
	if e["mention_count"] != 2.0 || e["first_seen"] != "2026-11-20T10:00:00+00:00" || len(e["observations"].([]any)) != 0 {
		t.Errorf("entity %v", e)
	}
	r2 := mustStatus(t, send(t, srv, "GET", b+"/entities/not-a-uuid", nil), 400)
	if detailOf(t, r2) != "Invalid entity_id: 'not-a-uuid' is not a valid UUID" {
		t.Errorf("detail %s", r2.body)
	}
	missing := newUUID()
	r2 = mustStatus(t, send(t, srv, "GET", b+"/entities/"+missing, nil), 404)
	if detailOf(t, r2) != "Entity "+missing+" not found" {
		t.Errorf("detail %s", r2.body)
	}

	g := getObj(t, srv, b+"/entities/graph")
	edges := g["edges"].([]any)
	// The totals count what this response holds: entities on an edge, not the bank's.
	if len(edges) != 2 || g["total_edges"] != 2.0 || g["total_entities"] != 3.0 {
		t.Fatalf("graph %v", g)
	}
	edge := edges[0].(map[string]any)["data"].(map[string]any)
	if edge["linkType"] != "cooccurrence" || edge["weight"] != 1.0 {
		t.Errorf("edge %v", edge)
	}
	g = getObj(t, srv, b+"/entities/graph?min_count=2")
	if len(g["edges"].([]any)) != 0 || len(g["nodes"].([]any)) != 0 {
		t.Errorf("min_count %v", g)
	}
}

func TestTags(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	tags := func(query string) string {
		r := getObj(t, srv, "/v1/default/banks/team/tags"+query)
		var out []string
		for _, it := range r["items"].([]any) {
			m := it.(map[string]any)
			out = append(out, fmt.Sprintf("%s=%v", m["tag"], m["count"]))
		}
		return strings.Join(out, " ")
	}
	tests := []struct{ query, want string }{
		{"", "team:platform=3 customer:acme=1 team:data=1"}, // count desc, tag asc
		{"?q=team", ""}, // anchored
		{"?q=TEAM:*", "team:platform=3 team:data=1"}, // * wildcard, case-insensitive
		{"?q=*acme", "customer:acme=1"},
		{"?q=team:dat_", "team:data=1"},
		{"?limit=1&offset=1", "customer:acme=1"},
	}
	for _, tc := range tests {
		if got := tags(tc.query); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.query, got, tc.want)
		}
	}
	mustStatus(t, send(t, srv, "GET", "/v1/default/banks/team/tags?source=models", nil), 422)
	mustStatus(t, send(t, srv, "GET", "/v1/default/banks/team/tags?source=mental_models", nil), 200)
}

func TestRoutePrecedence(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	b := "/v1/default/banks/team"
	tests := []struct {
		name, method, path string
		status             int
		check              func(t *testing.T, r reply)
	}{
		{"memories/list beats {memory_id}", "GET", b + "/memories/list", 200, hasKey("items")},
		{"recall is not a memory id for POST", "POST", b + "/memories/recall", 422, nil},
		{"recall is a memory id for GET", "GET", b + "/memories/recall", 400, detailContains("Invalid memory_id")},
		{"entities/graph beats {entity_id}", "GET", b + "/entities/graph", 200, hasKey("edges")},
		{"document id with a slash", "GET", b + "/documents/meeting/2026-11-20", 200, hasKey("original_text")},
		{"chunks of a slashed id", "GET", b + "/documents/meeting/2026-11-20/chunks", 200, hasKey("items")},
		{"reprocess of a slashed id", "POST", b + "/documents/meeting/2026-11-20/reprocess", 200, hasKey("operation_id")},
		{"DELETE …/chunks is a document id", "DELETE", b + "/documents/meeting/2026-11-20/chunks", 404, detailContains("Document not found")},
		{"GET …/reprocess is a document id", "GET", b + "/documents/notes-1/reprocess", 404, detailContains("Document not found")},
		{"chunk id with a slash", "GET", "/v1/default/chunks/team_meeting/2026-11-20_0", 200, hasKey("chunk_text")},
		{"wrong method on a known path", "POST", b + "/documents/notes-1", 405, detailContains("Method Not Allowed")},
		{"wrong method on a literal path", "DELETE", b + "/memories/list", 405, nil},
		{"unknown path", "GET", "/v1/default/nothing", 404, detailContains("Not Found")},
		{"empty bank id segment", "GET", "/v1/default/banks//stats", 404, nil},
		{"route not simulated", "GET", "/metrics", 501, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var body any
			if tc.method == "POST" {
				body = map[string]any{}
			}
			r := mustStatus(t, send(t, srv, tc.method, tc.path, body), tc.status)
			if tc.check != nil {
				tc.check(t, r)
			}
		})
	}
	t.Run("405 lists the allowed method", func(t *testing.T) {
		r := send(t, srv, "PUT", "/v1/default/banks", nil)
		if r.header.Get("Allow") != "GET, HEAD" {
			t.Errorf("Allow %q", r.header.Get("Allow"))
		}
	})
	t.Run("trailing slash redirects", func(t *testing.T) {
		client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		resp, err := client.Get(srv.URL() + "/v1/default/banks/?limit=1")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 307 || resp.Header.Get("Location") != "/v1/default/banks?limit=1" {
			t.Errorf("got %d %q", resp.StatusCode, resp.Header.Get("Location"))
		}
	})
}

func hasKey(key string) func(*testing.T, reply) {
	return func(t *testing.T, r reply) {
		t.Helper()
		if _, ok := r.obj(t)[key]; !ok {
			t.Errorf("no %q in %s", key, r.body)
		}
	}
}

func detailContains(s string) func(*testing.T, reply) {
	return func(t *testing.T, r reply) {
		t.Helper()
		if d := detailOf(t, r); !strings.Contains(d, s) {
			t.Errorf("detail %q does not contain %q", d, s)
		}
	}
}
