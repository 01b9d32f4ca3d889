package hindsighttest

import (
	"fmt"
	"strings"
	"testing"
)

// factsOf renders a dry run's facts as "type: text [entities]" lines.
func factsOf(t *testing.T, r map[string]any) []string {
	t.Helper()
	var out []string
	for _, it := range r["facts"].([]any) {
		f := it.(map[string]any)
		out = append(out, fmt.Sprintf("%s: %s %v", f["fact_type"], f["text"], f["entities"]))
	}
	return out
}

func TestDryRunExtractMatchesRetain(t *testing.T) {
	long := strings.Repeat("Alice met Bob. ", 12)
	tests := []struct {
		name, content string
		want          []string // dry-run facts; nil = only compare with retain
	}{
		{"names and person", "Alice Chen joined the platform team. I recommended Redis to her.", []string{
			"world: Alice Chen joined the platform team. [Alice Chen]", "experience: I recommended Redis to her. [Redis]"}},
		{"a known entity opening a sentence", "Postgres is still the default. Carol likes it.", []string{
			"world: Postgres is still the default. [Postgres]", "world: Carol likes it. [Carol]"}},
		{"first names of known entities", "Dave said the review moved. Bob agreed with Dave.", nil},
		{"capped at eight facts", long, nil},
		{"no names", "the deploy failed twice.", []string{"world: the deploy failed twice. []"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := newTestServer(t, WithSeed(smallSeed()))
			dry := mustStatus(t, send(t, srv, "POST", "/v1/default/banks/team/memories/dry-run-extract",
				map[string]any{"content": tc.content, "context": "chat"}), 200).obj(t)
			got := factsOf(t, dry)
			if tc.want != nil && strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("dry run:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			usage := dry["usage"].(map[string]any)
			if usage["input_tokens"] != float64(estimateTokens(tc.content)) || usage["total_tokens"].(float64) <= usage["input_tokens"].(float64) {
				t.Errorf("usage %v", usage)
			}
			if n := getObj(t, srv, "/v1/default/banks/team/memories/list?document_id=probe")["total"]; n != 0.0 {
				t.Fatal("a dry run stores nothing")
			}
			ret := mustStatus(t, send(t, srv, "POST", "/v1/default/banks/team/memories", map[string]any{"items": []any{
				map[string]any{"content": tc.content, "context": "chat", "document_id": "probe"}}}), 200).obj(t)
			if ret["usage"].(map[string]any)["output_tokens"] != usage["output_tokens"] {
				t.Errorf("retain usage %v vs dry run %v", ret["usage"], usage)
			}
			list := getObj(t, srv, "/v1/default/banks/team/memories/list?document_id=probe")["items"].([]any)
			stored := map[string]string{}
			for _, it := range list {
				m := it.(map[string]any)
				stored[m["text"].(string)] = m["fact_type"].(string)
			}
			facts := dry["facts"].([]any)
			if len(facts) != len(list) {
				t.Fatalf("dry run found %d facts, retain stored %d", len(facts), len(list))
			}
			for _, it := range facts {
				f := it.(map[string]any)
				if stored[f["text"].(string)] != f["fact_type"] {
					t.Errorf("fact %v not stored the same way: %v", f, stored)
				}
			}
		})
	}
}

func TestDryRunExtractRequest(t *testing.T) {
	srv := newTestServer(t)
	path := "/v1/default/banks/nobody/memories/dry-run-extract"
	for _, body := range []map[string]any{
		{"content": "  "},
		{},
		{"content": "x y z", "timestamp": "yesterday"},
		{"content": "x y z", "retain_chunk_size": "big"},
		{"content": "x y z", "entity_labels": []any{map[string]any{"values": []any{}}}},
	} {
		mustStatus(t, send(t, srv, "POST", path, body), 422)
	}
	r := mustStatus(t, send(t, srv, "POST", path, map[string]any{"content": "Zoe ships the release.", "timestamp": "2026-11-30T10:00:00Z",
		"retain_extraction_mode": "verbatim", "retain_mission": "m", "llm_output_language": "fr", "agent_name": "a",
		"entity_labels": []any{map[string]any{"key": "team"}}}), 200).obj(t)
	if len(r["facts"].([]any)) != 1 {
		t.Errorf("facts %v", r)
	}
	mustStatus(t, send(t, srv, "GET", "/v1/default/banks/nobody/profile", nil), 404) // never creates the bank
}
