package hindsighttest

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"
)

// listTexts returns the texts of GET …/memories/list with the given query.
func listTexts(t *testing.T, srv *Server, bank, query string) []string {
	t.Helper()
	r := getObj(t, srv, "/v1/default/banks/"+bank+"/memories/list"+query)
	return pluck(r["items"], "text")
}

func TestMemoryListTagModes(t *testing.T) {
	srv := newTestServer(t)
	retainSync(t, srv, "tags",
		map[string]any{"content": "Untagged fact.", "document_id": "d0"},
		map[string]any{"content": "Platform fact.", "tags": []string{"platform"}, "document_id": "d1"},
		map[string]any{"content": "Platform billing fact.", "tags": []string{"billing", "platform"}, "document_id": "d2"},
		map[string]any{"content": "Billing fact.", "tags": []string{"billing"}, "document_id": "d3"},
		map[string]any{"content": "Data fact.", "tags": []string{"data"}, "document_id": "d4"},
	)
	tests := []struct {
		mode, tags string
		want       []string
	}{
		{"any", "platform,billing", []string{"Untagged fact.", "Platform fact.", "Platform billing fact.", "Billing fact."}},
		{"all", "platform,billing", []string{"Untagged fact.", "Platform billing fact."}},
		{"any_strict", "platform,billing", []string{"Platform fact.", "Platform billing fact.", "Billing fact."}},
		{"all_strict", "platform,billing", []string{"Platform billing fact."}},
		{"exact", "billing,platform", []string{"Platform billing fact."}},
		{"exact", "platform", []string{"Platform fact."}},
		{"exact", "", []string{"Untagged fact."}},
		{"any_strict", "", []string{"Untagged fact.", "Platform fact.", "Platform billing fact.", "Billing fact.", "Data fact."}},
		{"", "Platform", []string{"Untagged fact."}}, // case-sensitive; default mode any
	}
	for _, tc := range tests {
		t.Run(tc.mode+"/"+tc.tags, func(t *testing.T) {
			q := url.Values{}
			if tc.mode != "" {
				q.Set("tags_match", tc.mode)
			}
			for _, tag := range strings.Split(tc.tags, ",") {
				if tag != "" {
					q.Add("tags", tag)
				}
			}
			checkSameStrings(t, listTexts(t, srv, "tags", "?"+q.Encode()), tc.want)
		})
	}
}

func TestMemoryListFilters(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	alice := derivedID("team", "entity", "alice")
	tests := []struct {
		name, query string
		want        []string
	}{
		{"default order: mentioned_at desc, nulls last", "", []string{"Alice consistently favours Postgres.",
			"I recommended Redis for caching.", "Bob moved the billing review to Friday.",
			"Alice prefers Postgres for analytics.", "Carol joined the data team."}},
		{"type", "?type=experience", []string{"I recommended Redis for caching."}},
		{"unknown type is just empty", "?type=opinion", nil},
		{"q on text, case-insensitive", "?q=POSTGRES", []string{"Alice consistently favours Postgres.", "Alice prefers Postgres for analytics."}},
		{"q on context", "?q=standup", []string{"Alice prefers Postgres for analytics."}},
		{"q with % wildcard", "?q=" + url.QueryEscape("alice%analytics"), []string{"Alice prefers Postgres for analytics."}},
		{"q with _ wildcard", "?q=c_rol", []string{"Carol joined the data team."}},
		{"invalidated archive", "?state=invalidated", []string{"Dave owns the billing service."}},
		{"consolidation pending", "?consolidation_state=pending", []string{"I recommended Redis for caching."}},
		{"consolidation failed", "?consolidation_state=failed", []string{"Carol joined the data team."}},
		{"consolidation done", "?consolidation_state=done", []string{"Bob moved the billing review to Friday.", "Alice prefers Postgres for analytics."}},
		{"document", "?document_id=" + url.QueryEscape("meeting/2026-11-20"), []string{"Bob moved the billing review to Friday.", "Alice prefers Postgres for analytics."}},
		{"entity", "?entity_id=" + alice, []string{"Bob moved the billing review to Friday.", "Alice prefers Postgres for analytics."}},
		{"entity in the archive is always empty", "?state=invalidated&entity_id=" + derivedID("team", "entity", "dave"), nil},
		{"paging", "?limit=2&offset=1", []string{"I recommended Redis for caching.", "Bob moved the billing review to Friday."}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := listTexts(t, srv, "team", tc.query); !slices.Equal(got, tc.want) {
				t.Errorf("got %q\nwant %q", got, tc.want)
			}
		})
	}
	r := getObj(t, srv, "/v1/default/banks/team/memories/list?limit=1")
	if r["total"] != 5.0 || r["limit"] != 1.0 {
		t.Errorf("total/limit %v", r)
	}
	for _, q := range []string{"?entity_id=nope", "?consolidation_state=soon", "?state=archived"} {
		mustStatus(t, send(t, srv, "GET", "/v1/default/banks/team/memories/list"+q, nil), 400)
	}
}

// nullKeys lists the keys of obj whose value is JSON null, recursively.
func nullKeys(v any, prefix string) []string {
	var out []string
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if x == nil {
				out = append(out, prefix+k)
			}
			out = append(out, nullKeys(x, prefix+k+".")...)
		}
	case []any:
		for _, x := range v {
			out = append(out, nullKeys(x, prefix)...)
		}
	}
	return out
}

func TestMemoryShapesAndNulls(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	b := "/v1/default/banks/team"
	m3 := derivedID("team", "memory", "m3")

	item := getObj(t, srv, b+"/memories/list?type=experience")["items"].([]any)[0].(map[string]any)
	if item["fact_type"] != "experience" || item["entities"] != "Redis" || item["context"] != "" {
		t.Errorf("list item %v", item)
	}
	if _, ok := item["type"]; ok {
		t.Error("list items use fact_type, not type")
	}
	if nulls := nullKeys(item, ""); !slices.Contains(nulls, "occurred_start") || !slices.Contains(nulls, "edited_at") {
		t.Errorf("dict items keep nulls, got nulls %v", nulls)
	}

	one := getObj(t, srv, b+"/memories/"+strings.ToUpper(m3))
	if one["type"] != "experience" || one["context"] != "" || one["date"] == "" {
		t.Errorf("detail %v", one)
	}
	if ents, ok := one["entities"].([]any); !ok || len(ents) != 1 {
		t.Errorf("detail entities %v", one["entities"])
	}
	if _, ok := one["source_memory_ids"]; ok {
		t.Error("raw facts have no source_memory_ids")
	}
	if nulls := nullKeys(one, ""); !slices.Contains(nulls, "occurred_end") || !slices.Contains(nulls, "invalidated_at") {
		t.Errorf("untyped detail keeps nulls, got %v", nulls)
	}

	// Typed routes drop nulls.
	for _, p := range []string{b + "/entities", b + "/mental-models", b + "/directives", b + "/stats",
		b + "/operations/" + derivedID("team", "operation", "op-pending"), b + "/documents/notes-1/chunks", "/v1/default/banks"} {
		r := mustStatus(t, send(t, srv, "GET", p, nil), 200)
		if nulls := nullKeys(r.json(t), ""); len(nulls) > 0 {
			t.Errorf("%s has nulls %v", p, nulls)
		}
	}
	archived := getObj(t, srv, b+"/memories/"+derivedID("team", "memory", "m5"))
	if archived["state"] != "invalidated" || archived["invalidation_reason"] != "superseded" {
		t.Errorf("archive fallback %v", archived)
	}
	r := mustStatus(t, send(t, srv, "GET", b+"/memories/"+newUUID(), nil), 404)
	if !strings.HasPrefix(detailOf(t, r), "Memory unit '") {
		t.Errorf("detail %s", r.body)
	}
}

func TestCurateMemory(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	path := "/v1/default/banks/team/memories/" + derivedID("team", "memory", "m1")
	patch := func(body any) reply { return send(t, srv, "PATCH", path, body) }

	t.Run("edit fields", func(t *testing.T) {
		m := mustStatus(t, patch(map[string]any{"text": "Alice prefers Postgres 17.", "occurred_start": "2026-11-01T00:00:00Z",
			"entities": []string{"alice", "Postgres 17", " "}, "context": ""}), 200).obj(t)
		if m["text"] != "Alice prefers Postgres 17." || m["occurred_start"] != "2026-11-01T00:00:00+00:00" || m["context"] != "" || m["edited_at"] == nil {
			t.Errorf("edited %v", m)
		}
		if got := toStrings(m["entities"].([]any)); strings.Join(got, ",") != "Alice,Postgres 17" {
			t.Errorf("entities %v (names resolve case-insensitively)", got)
		}
		m = mustStatus(t, patch(map[string]any{"occurred_start": nil}), 200).obj(t)
		if m["occurred_start"] != nil {
			t.Errorf("explicit null clears: %v", m["occurred_start"])
		}
	})
	t.Run("invalidate and revert", func(t *testing.T) {
		m := mustStatus(t, patch(map[string]any{"state": "invalidated", "reason": "wrong"}), 200).obj(t)
		if m["state"] != "invalidated" || m["invalidation_reason"] != "wrong" {
			t.Errorf("invalidated %v", m)
		}
		if got := listTexts(t, srv, "team", "?state=invalidated"); len(got) != 2 {
			t.Errorf("archive %q", got)
		}
		r := mustStatus(t, patch(map[string]any{"text": "nope"}), 400)
		if !strings.Contains(detailOf(t, r), "revert it to 'valid' first") {
			t.Errorf("detail %s", r.body)
		}
		m = mustStatus(t, patch(map[string]any{"state": "valid"}), 200).obj(t)
		if m["state"] != "valid" || m["invalidated_at"] != nil {
			t.Errorf("reverted %v", m)
		}
	})
	t.Run("rules", func(t *testing.T) {
		tests := []struct {
			name   string
			path   string
			body   any
			status int
			want   string
		}{
			{"nothing to change", path, map[string]any{"reason": "x"}, 422, "Provide at least one field to update."},
			{"bad state", path, map[string]any{"state": "deleted"}, 422, "state must be"},
			{"bad fact type", path, map[string]any{"fact_type": "observation"}, 422, "fact_type must be"},
			{"blank text", path, map[string]any{"text": "  "}, 400, "text must not be empty."},
			{"bad date", path, map[string]any{"occurred_end": "soon"}, 400, "Invalid isoformat string"},
			{"observation", "/v1/default/banks/team/memories/" + derivedID("team", "memory", "o1"), map[string]any{"text": "x"}, 400, "only world/experience facts can be curated"},
			{"missing", "/v1/default/banks/team/memories/" + newUUID(), map[string]any{"text": "x"}, 404, "not found"},
		}
		for _, tc := range tests {
			r := mustStatus(t, send(t, srv, "PATCH", tc.path, tc.body), tc.status)
			if !strings.Contains(string(r.body), tc.want) {
				t.Errorf("%s: %s", tc.name, r.body)
			}
		}
	})
}

func TestObservationHistory(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	m1, m2, o1 := derivedID("team", "memory", "m1"), derivedID("team", "memory", "m2"), derivedID("team", "memory", "o1")
	srv.mu.Lock()
	obs := srv.store.banks["team"].memories[o1]
	obs.history = []observationChange{
		{previousText: "", changedAt: testEpoch.Add(-96 * time.Hour), newSourceIDs: []string{m1}},
		{previousText: "Alice likes Postgres.", previousTags: []string{"team:platform"}, changedAt: testEpoch.Add(-72 * time.Hour), newSourceIDs: []string{m2}},
	}
	srv.mu.Unlock()

	r := mustStatus(t, send(t, srv, "GET", "/v1/default/banks/team/memories/"+o1+"/history", nil), 200)
	hist := r.json(t).([]any)
	if len(hist) != 2 {
		t.Fatalf("history %s", r.body)
	}
	first, second := hist[0].(map[string]any), hist[1].(map[string]any)
	if first["changed_at"] != "2026-11-26T09:00:00+00:00" || second["previous_text"] != "Alice likes Postgres." {
		t.Errorf("oldest first: %v", hist)
	}
	if srcs := first["source_facts"].([]any); len(srcs) != 1 || srcs[0].(map[string]any)["is_new"] != true {
		t.Errorf("first change sources %v", srcs)
	}
	if srcs := second["source_facts"].([]any); len(srcs) != 2 {
		t.Errorf("second change sources %v", srcs)
	}
	r = mustStatus(t, send(t, srv, "GET", "/v1/default/banks/team/memories/"+m1+"/history", nil), 200)
	if strings.TrimSpace(string(r.body)) != "[]" {
		t.Errorf("raw fact history %s", r.body)
	}
}

func TestClearMemories(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	b := "/v1/default/banks/team"
	r := mustStatus(t, send(t, srv, "DELETE", b+"/memories/"+derivedID("team", "memory", "m1")+"/observations", nil), 200).obj(t)
	if r["deleted_count"] != 1.0 {
		t.Errorf("per-memory clear %v", r)
	}
	// The cleared observation cited m1 and m2: both go back to pending, next to m3.
	if got := listTexts(t, srv, "team", "?consolidation_state=pending"); len(got) != 3 {
		t.Errorf("facts re-queued for consolidation: %q", got)
	}
	r = mustStatus(t, send(t, srv, "DELETE", b+"/observations", nil), 200).obj(t)
	if r["message"] != "Cleared 0 observations" || r["deleted_count"] != 0.0 {
		t.Errorf("observations clear %v", r)
	}
	mustStatus(t, send(t, srv, "DELETE", b+"/memories?type=experience", nil), 200)
	if got := listTexts(t, srv, "team", "?type=experience"); len(got) != 0 {
		t.Errorf("experience left: %q", got)
	}
	cleared := mustStatus(t, send(t, srv, "DELETE", b+"/memories", nil), 200)
	if strings.TrimSpace(string(cleared.body)) != `{"success":true}` {
		t.Errorf("body %s", cleared.body)
	}
	if got := listTexts(t, srv, "team", ""); len(got) != 0 {
		t.Errorf("left: %q", got)
	}
	mustStatus(t, send(t, srv, "GET", b+"/profile", nil), 200)
	if n := getObj(t, srv, b+"/entities")["total"]; n != 0.0 {
		t.Errorf("entities left %v", n)
	}
}

func BenchmarkListMemories100k(b *testing.B) {
	srv := NewServer(WithClock(func() time.Time { return testEpoch }), WithSyntheticMemories("big", 100_000))
	defer srv.Close()
	for _, q := range []string{"?limit=50", "?limit=50&q=postgres", "?limit=50&tags=project:atlas&tags_match=all_strict&offset=500"} {
		b.Run(q, func(b *testing.B) {
			for range b.N {
				resp, err := http.Get(srv.URL() + "/v1/default/banks/big/memories/list" + q)
				if err != nil || resp.StatusCode != 200 {
					b.Fatalf("%v %v", err, resp)
				}
				resp.Body.Close()
			}
		})
	}
}
