package hindsighttest

import (
	"strings"
	"testing"
)

func TestDirectives(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	b := "/v1/default/banks/team/directives"
	names := func(query string) string {
		r := getObj(t, srv, b+query)
		return strings.Join(pluck(r["items"], "name"), ",")
	}
	tests := []struct{ query, want string }{
		{"", "Cite sources,Be concise"},                            // active only, priority desc
		{"?active_only=false", "Old rule,Cite sources,Be concise"}, // inactive included
		{"?tags=other", "Be concise"},                              // untagged directives always apply
		{"?tags=team:platform", "Cite sources,Be concise"},
		{"?limit=1&offset=1", "Be concise"},
	}
	for _, tc := range tests {
		if got := names(tc.query); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.query, got, tc.want)
		}
	}

	d := mustStatus(t, send(t, srv, "POST", b, map[string]any{"name": "Tone", "content": "Be warm.", "priority": 7}), 200).obj(t)
	id := d["id"].(string)
	if d["is_active"] != true || d["priority"] != 7.0 || len(d["tags"].([]any)) != 0 || d["bank_id"] != "team" {
		t.Errorf("created %v", d)
	}
	if _, ok := canonicalUUID(id); !ok {
		t.Errorf("directive id %q is not a UUID", id)
	}
	d = mustStatus(t, send(t, srv, "PATCH", b+"/"+id, map[string]any{"is_active": false, "tags": []string{"x"}}), 200).obj(t)
	if d["is_active"] != false || d["content"] != "Be warm." {
		t.Errorf("patched %v", d)
	}
	mustStatus(t, send(t, srv, "GET", b+"/"+id, nil), 200)
	r := mustStatus(t, send(t, srv, "DELETE", b+"/"+id, nil), 200)
	if strings.TrimSpace(string(r.body)) != `{"status":"deleted"}` {
		t.Errorf("delete %s", r.body)
	}
	r = mustStatus(t, send(t, srv, "GET", b+"/"+id, nil), 404)
	if detailOf(t, r) != "Directive '"+id+"' not found" {
		t.Errorf("detail %s", r.body)
	}
	mustStatus(t, send(t, srv, "POST", b, map[string]any{"name": "x"}), 422)
	mustStatus(t, send(t, srv, "POST", b, map[string]any{"name": "x", "content": nil}), 422)
	mustStatus(t, send(t, srv, "GET", b+"?limit=1001", nil), 422)
}
