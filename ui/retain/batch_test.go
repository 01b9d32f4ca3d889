package retain

import (
	"encoding/json"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
)

func TestParseBatchShapes(t *testing.T) {
	tests := []struct {
		name  string
		data  string
		n     int
		async *bool
	}{
		{"array", `[{"content":"a"},{"content":"b"}]`, 2, nil},
		{"request", `{"items":[{"content":"a"}],"async":true}`, 1, client.Ptr(true)},
		{"single object", "{\n  \"content\": \"a\"\n}\n", 1, nil},
		{"jsonl", "{\"content\":\"a\"}\n\n{\"content\":\"b\"}\n{\"content\":\"c\"}\n", 3, nil},
		{"jsonl with CRLF and BOM", "\ufeff{\"content\":\"a\"}\r\n{\"content\":\"b\"}\r\n", 2, nil},
	}
	for _, tt := range tests {
		items, probs, async, err := parseBatch([]byte(tt.data))
		if err != nil || len(probs) > 0 || len(items) != tt.n {
			t.Errorf("%s: %d items, problems %v, err %v", tt.name, len(items), probs, err)
			continue
		}
		if (async == nil) != (tt.async == nil) || async != nil && *async != *tt.async {
			t.Errorf("%s: async hint %v", tt.name, async)
		}
	}
	for _, bad := range []string{"", "   ", "hello", "[1,", `{"content":"a"}` + "\nnot json", "[]"} {
		if _, _, _, err := parseBatch([]byte(bad)); err == nil {
			t.Errorf("parseBatch(%q) should fail", bad)
		}
	}
}

// TestParseBatchItems checks each field like the form does, and the item sent.
func TestParseBatchItems(t *testing.T) {
	data := `{"content":"Alex moved.","context":"chat","timestamp":"2024-01-15 10:30","document_id":"d1","update_mode":"append","tags":["a","a","b"],"metadata":{"k":"v"},"entities":["Alex:PERSON",{"text":"Lisbon","type":"PLACE"},"Acme, Inc."]}
{"content":"Second.","tags":"solo","timestamp":"unset"}`
	items, probs, _, err := parseBatch([]byte(data))
	if err != nil || len(probs) > 0 {
		t.Fatalf("%v %v", probs, err)
	}
	b, _ := json.Marshal(items)
	want := `[{"content":"Alex moved.","timestamp":"2024-01-15T10:30:00Z","context":"chat","metadata":{"k":"v"},` +
		`"document_id":"d1","entities":[{"text":"Alex","type":"PERSON"},{"text":"Lisbon","type":"PLACE"},{"text":"Acme, Inc."}],` +
		`"tags":["a","b"],"update_mode":"append"},{"content":"Second.","timestamp":"unset","tags":["solo"]}]`
	if string(b) != want {
		t.Errorf("items:\n got %s\nwant %s", b, want)
	}

	bad := `[{"content":" "},{"content":"x","timestamp":"soon"},{"content":"x","metadata":{"n":3}},{"content":"x","text":"y"},` +
		`{"content":"x","update_mode":"merge"},{"content":"x","entities":["Alex","alex"]},{"content":"x","tags":[1]},{"content":5}, 7]`
	_, probs, _, err = parseBatch([]byte(bad))
	if err != nil {
		t.Fatal(err)
	}
	wants := []string{
		"item 1: content: cannot be empty",
		"item 2: timestamp: " + common.ErrWhen.Error(),
		"item 3: metadata.n: values must be strings",
		"item 4: text: unknown field",
		"item 5: update_mode: must be replace or append",
		`item 6: entities.1: "alex" is listed twice`,
		"item 7: tags: must be a list of strings",
		"item 8: content: must be a string",
		"item 9: not a JSON object",
	}
	got := make([]string, len(probs))
	for i, p := range probs {
		got[i] = p.String()
	}
	all := strings.Join(got, "\n")
	for _, w := range wants {
		if !strings.Contains(all, w) {
			t.Errorf("missing problem %q in:\n%s", w, all)
		}
	}

	_, probs, _, _ = parseBatch([]byte("{\"content\":\"ok\"}\n{\"content\":\"\"}\n"))
	if len(probs) != 1 || probs[0].String() != "item 2 (line 2): content: cannot be empty" {
		t.Errorf("a JSONL problem names its line: %v", probs)
	}
}

func TestAsyncConflictsAndCheckTarget(t *testing.T) {
	items, _, _, _ := parseBatch([]byte(`[{"content":"a"},{"content":"Bee sting. Ouch","document_id":"x"},{"content":"c","document_id":"x"},{"content":"d","document_id":"y"}]`))
	if dup := asyncConflicts(items); len(dup) != 1 || dup[0] != "x" {
		t.Errorf("conflicts %v", dup)
	}
	if doc, phrase := checkTarget(items); doc != "x" || phrase != "Bee sting" {
		t.Errorf("check target %q %q", doc, phrase)
	}
	if doc, _ := checkTarget(items[:1]); doc != "" {
		t.Errorf("no document ids: %q", doc)
	}
}

// FuzzParseBatch: any file either fails as a whole with a reason, or gives at least
// one item, every problem names an item that exists, and an item without problems
// has content to send, encodes as a retain request would, and never panics.
func FuzzParseBatch(f *testing.F) {
	for _, seed := range []string{
		`[{"content":"a"},{"content":"b"}]`,
		`{"items":[{"content":"a","tags":["x"],"metadata":{"k":"v"}}],"async":true}`,
		`{"content":"one","timestamp":"2026-01-02","update_mode":"append","document_id":"d"}`,
		"{\"content\":\"a\"}\n{\"content\":\"b\",\"entities\":[{\"text\":\"Alex\"}]}\n",
		"\ufeff[{\"content\":\"\\u001b]hidden\"}]",
		`[{"content":""},{"tags":3},null,[],"x"]`,
		``, `[]`, `{`, `{"items":{}}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		items, problems, _, err := parseBatch(data)
		if err != nil {
			if err.Error() == "" || items != nil || problems != nil {
				t.Fatalf("failure %q with %d items and %d problems", err, len(items), len(problems))
			}
			return
		}
		if len(items) == 0 {
			t.Fatal("no items and no error")
		}
		bad := map[int]bool{}
		for _, p := range problems {
			if p.item < 1 || p.item > len(items) || p.msg == "" {
				t.Fatalf("problem %+v for %d items", p, len(items))
			}
			bad[p.item] = true
		}
		for i, it := range items {
			if bad[i+1] {
				continue
			}
			if strings.TrimSpace(it.Content) == "" {
				t.Fatalf("item %d has no problem and no content", i+1)
			}
			if _, err := json.Marshal(it); err != nil {
				t.Fatalf("item %d does not encode: %v", i+1, err)
			}
		}
	})
}
