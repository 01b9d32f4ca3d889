package hindsighttest

import (
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
