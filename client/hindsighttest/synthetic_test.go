package hindsighttest

import (
	"fmt"
	"slices"
	"testing"
	"time"
)

func TestSyntheticMemories(t *testing.T) {
	const n = 2000
	a := newTestServer(t, WithSyntheticMemories("big", n))
	b := newTestServer(t, WithSyntheticMemories("big", n))

	st := getObj(t, a, "/v1/default/banks/big/stats")
	nodes := st["nodes_by_fact_type"].(map[string]any)
	if st["total_nodes"] != float64(n) || nodes["world"] == nil || nodes["experience"] == nil || nodes["observation"] == nil {
		t.Fatalf("stats %v", st)
	}
	if st["total_documents"].(float64) < n/20 || st["links_by_link_type"].(map[string]any)["entity"] == nil {
		t.Errorf("documents and links %v", st)
	}
	for _, q := range []string{"?limit=50", "?limit=20&offset=700&type=observation", "?tags=project:atlas&tags_match=any_strict&limit=10"} {
		got := mustStatus(t, send(t, a, "GET", "/v1/default/banks/big/memories/list"+q, nil), 200).body
		want := mustStatus(t, send(t, b, "GET", "/v1/default/banks/big/memories/list"+q, nil), 200).body
		if string(got) != string(want) {
			t.Errorf("%s differs between two servers", q)
		}
	}
	texts := listTexts(t, a, "big", "?limit=200")
	slices.Sort(texts)
	if distinct := len(slices.Compact(texts)); distinct < 150 {
		t.Errorf("only %d distinct texts in 200", distinct)
	}
	ents := getObj(t, a, "/v1/default/banks/big/entities?limit=1")
	if ents["total"].(float64) < 20 {
		t.Errorf("entities %v", ents["total"])
	}
	oldest := getObj(t, a, fmt.Sprintf("/v1/default/banks/big/memories/list?limit=1&offset=%d", n-1))
	mentioned, _ := time.Parse(time.RFC3339, oldest["items"].([]any)[0].(map[string]any)["mentioned_at"].(string))
	if age := testEpoch.Sub(mentioned); age < 300*24*time.Hour || age > 366*24*time.Hour {
		t.Errorf("oldest memory is %v old, want dates spread over a year", age)
	}
}

func BenchmarkSyntheticMemories100k(b *testing.B) {
	for range b.N {
		s, err := newServer(WithClock(func() time.Time { return testEpoch }), WithSyntheticMemories("big", 100_000))
		if err != nil {
			b.Fatal(err)
		}
		if got := len(s.store.banks["big"].memories); got != 100_000 {
			b.Fatalf("got %d memories", got)
		}
	}
}
