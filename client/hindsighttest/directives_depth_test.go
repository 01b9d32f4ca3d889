package hindsighttest

import (
	"fmt"
	"hindsight-tui/client"
	"strings"
	"testing"
	"time"
)

// directiveSeed has directives with every tag shape the matching rules distinguish.
func directiveSeed() *Seed {
	d := func(name string, priority int, active bool, tags ...string) SeedDirective {
		return SeedDirective{Name: name, Content: name + " rule.", Priority: priority, IsActive: active, Tags: tags}
	}
	return &Seed{Banks: []SeedBank{{BankID: "rules", CreatedAt: "2026-09-01T00:00:00Z",
		Memories: []SeedMemory{{Key: "m", Text: "Alice likes rules.", MentionedAt: "2026-10-01T00:00:00Z", Tags: []string{"a"}}},
		Directives: []SeedDirective{
			d("global", 5, true),
			d("a", 4, true, "a"),
			d("ab", 3, true, "a", "b"),
			d("ba", 3, true, "b", "a"),
			d("c", 2, true, "c"),
			d("off", 9, false),
			d("off-a", 9, false, "a"),
		}}}}
}

// tiedOrder is how directiveSeed's ab and ba list: they have the same priority and
// creation time, so id DESC decides between them.
func tiedOrder() string {
	if derivedID("rules", "directive", "ba") > derivedID("rules", "directive", "ab") {
		return "ba,ab"
	}
	return "ab,ba"
}

func TestDirectiveListMatching(t *testing.T) {
	srv := newTestServer(t, WithSeed(directiveSeed()))
	names := func(query string) string {
		r := getObj(t, srv, "/v1/default/banks/rules/directives"+query)
		return strings.Join(pluck(r["items"], "name"), ",")
	}
	same := tiedOrder()
	tests := []struct{ query, want string }{
		{"", "global,a," + same + ",c"},
		{"?active_only=false", "off,off-a,global,a," + same + ",c"},
		{"?active_only=true&tags=a", "global,a," + same},
		{"?tags=a&tags_match=any", "global,a," + same},
		{"?tags=a&tags=b&tags_match=all", "global," + same},
		{"?tags=b&tags=a&tags_match=exact", "global," + same}, // a set: order does not matter
		{"?tags=a&tags_match=exact", "global,a"},
		{"?tags=zzz", "global"},
		{"?tags=a&active_only=false", "off,off-a,global,a," + same},
		{"?limit=2&offset=1", "a," + strings.Split(same, ",")[0]},
	}
	for _, tc := range tests {
		if got := names(tc.query); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.query, got, tc.want)
		}
	}
	mustStatus(t, send(t, srv, "GET", "/v1/default/banks/rules/directives?tags_match=all_strict", nil), 422)
	mustStatus(t, send(t, srv, "GET", "/v1/default/banks/rules/directives?active_only=maybe", nil), 422)
}

func TestDirectiveWrites(t *testing.T) {
	srv, clock := clockedServer(t, WithSeed(directiveSeed()))
	b := "/v1/default/banks/rules/directives"
	r := mustStatus(t, send(t, srv, "POST", "/v1/default/banks/nobody/directives", map[string]any{"name": "x", "content": "y"}), 500)
	if !strings.Contains(detailOf(t, r), "foreign key") {
		t.Errorf("missing bank: %s", r.body)
	}
	mustStatus(t, send(t, srv, "GET", "/v1/default/banks/nobody/directives", nil), 200)
	for _, m := range []string{"GET", "PATCH", "DELETE"} {
		r := mustStatus(t, send(t, srv, m, b+"/not-a-uuid", map[string]any{"name": "x"}), 500)
		if !strings.Contains(detailOf(t, r), "invalid UUID 'not-a-uuid'") {
			t.Errorf("%s non-UUID: %s", m, r.body)
		}
	}
	d := mustStatus(t, send(t, srv, "POST", b, map[string]any{"name": "", "content": "", "priority": -3}), 200).obj(t)
	if d["name"] != "" || d["priority"] != -3.0 || d["is_active"] != true {
		t.Errorf("strings are not checked, any priority: %v", d)
	}
	clock.Advance(time.Minute)
	p := mustStatus(t, send(t, srv, "PATCH", b+"/"+d["id"].(string), map[string]any{}), 200).obj(t)
	if p["updated_at"] == d["updated_at"] || p["created_at"] != d["created_at"] {
		t.Errorf("PATCH {} bumps updated_at: %v", p)
	}
	mustStatus(t, send(t, srv, "GET", b+"/"+strings.ToUpper(d["id"].(string)), nil), 200)
}

func TestReflectDirectiveScope(t *testing.T) {
	srv := newTestServer(t, WithSeed(directiveSeed()))
	applied := func(body map[string]any) string {
		body["query"] = "What does Alice like?"
		body["include"] = map[string]any{"facts": map[string]any{}}
		r := mustStatus(t, send(t, srv, "POST", "/v1/default/banks/rules/reflect", body), 200).obj(t)
		return strings.Join(pluck(r["based_on"].(map[string]any)["directives"], "name"), ",")
	}
	same := tiedOrder()
	tests := []struct {
		name string
		body map[string]any
		want string
	}{
		{"no tags: untagged only", map[string]any{}, "global"},
		{"any overlaps", map[string]any{"tags": []string{"a"}}, "global,a," + same},
		{"any_strict overlaps", map[string]any{"tags": []string{"b"}, "tags_match": "any_strict"}, "global," + same},
		{"all: directive covers the request", map[string]any{"tags": []string{"a", "b"}, "tags_match": "all"}, "global," + same},
		{"all_strict", map[string]any{"tags": []string{"a"}, "tags_match": "all_strict"}, "global,a," + same},
		{"exact: same set", map[string]any{"tags": []string{"b", "a"}, "tags_match": "exact"}, "global," + same},
		{"tag_groups", map[string]any{"tag_groups": []any{map[string]any{"tags": []string{"c"}}}}, "global,c"},
		{"apply_all_directives", map[string]any{"apply_all_directives": true}, "global,a," + same + ",c"},
	}
	for _, tc := range tests {
		if got := applied(tc.body); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestReflectAppliesAtMostAHundredDirectives(t *testing.T) {
	seed := directiveSeed()
	for i := 0; i < 120; i++ {
		seed.Banks[0].Directives = append(seed.Banks[0].Directives, SeedDirective{Name: fmt.Sprintf("bulk-%03d", i),
			Content: "Bulk.", Priority: i, IsActive: true})
	}
	srv := newTestServer(t, WithSeed(seed))
	r := mustStatus(t, send(t, srv, "POST", "/v1/default/banks/rules/reflect", map[string]any{"query": "rules",
		"include": map[string]any{"facts": map[string]any{}}}), 200).obj(t)
	ds := r["based_on"].(map[string]any)["directives"].([]any)
	if len(ds) != client.MaxAppliedDirectives || ds[0].(map[string]any)["name"] != "bulk-119" || ds[99].(map[string]any)["name"] != "bulk-020" {
		t.Errorf("%d directives, first %v, last %v", len(ds), ds[0], ds[len(ds)-1])
	}
}
