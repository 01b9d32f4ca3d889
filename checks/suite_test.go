package checks

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
)

// exampleSuite is the shipped example suite, parsed.
func exampleSuite(t *testing.T) *Suite {
	t.Helper()
	data, err := os.ReadFile("../examples/demo-checks.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := Parse("demo-checks.json", data)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestParseExample(t *testing.T) {
	s := exampleSuite(t)
	var ranked, forbids bool
	for _, c := range s.Cases {
		for _, e := range c.Expect {
			ranked = ranked || e.WithinRank > 0
		}
		forbids = forbids || len(c.Forbid) > 0
	}
	if len(s.Cases) < 4 || !ranked || !forbids {
		t.Errorf("%d cases, a within_rank %v, a forbid %v", len(s.Cases), ranked, forbids)
	}
}

func TestParseTargets(t *testing.T) {
	s, err := Parse("f.json", []byte(`{"bank": "b", "cases": [{"query": "q",
		"expect": ["1E1C250F-D979-5AB5-9881-EA2B45BB2252", "TP 671", {"text": "Memmo", "within_rank": 3}, {"id": "6bf63e3e-ba4f-575c-bfba-08f4bc94346f"}],
		"forbid": ["vegetarian"]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	c := s.Cases[0]
	want := []Target{{ID: "1e1c250f-d979-5ab5-9881-ea2b45bb2252"}, {Text: "TP 671"}, {Text: "Memmo", WithinRank: 3}, {ID: "6bf63e3e-ba4f-575c-bfba-08f4bc94346f"}}
	if !reflect.DeepEqual(c.Expect, want) || !reflect.DeepEqual(c.Forbid, []Target{{Text: "vegetarian"}}) {
		t.Errorf("expect %+v forbid %+v", c.Expect, c.Forbid)
	}
	if c.Name != "case 1" || s.BankOf(c) != "b" {
		t.Errorf("name %q bank %q", c.Name, s.BankOf(c))
	}
}

// Every problem names the file, the case (by number and name) and the field.
func TestParseErrors(t *testing.T) {
	const q = `"query": "where?", "expect": ["x"]`
	tests := []struct{ file, want string }{
		{``, "f.json: the file ends before its JSON does"},
		{`{"cases": [}`, "f.json: line 1, column 12: invalid character '}'"},
		{`{"cases": []}`, "f.json: cases: the file has no cases"},
		{`{"banks": "b", "cases": []}`, `f.json: unknown field "banks" (a suite has about, bank and cases)`},
		{`{"cases": [{` + q + `}]}`, `f.json: case 1: bank: no bank`},
		{`{"bank": "b", "cases": [{"name": "n", "query": "  "}]}`, `f.json: case 1 ("n"): query: a query with at least one word is required`},
		{`{"bank": "b", "cases": [{"name": "n", ` + q + `, "budget": "huge"}]}`, `case 1 ("n"): budget: "huge" is not a budget (want low, mid or high)`},
		{`{"bank": "b", "cases": [{` + q + `}, {` + q + `, "max_tokens": "many"}]}`, `case 2: max_tokens: want a number, got a JSON string`},
		{`{"bank": "b", "cases": [{` + q + `, "max_token": 5}]}`, `case 1: max_token: not a field of a case`},
		{`{"bank": "b", "cases": [{` + q + `, "types": ["world", "opinion"]}]}`, `case 1: types[1]: "opinion" is not a fact type`},
		{`{"bank": "b", "cases": [{` + q + `, "tags_match": "some"}]}`, `case 1: tags_match: "some" is not a tag match mode`},
		{`{"bank": "b", "cases": [{` + q + `, "tags": ["a"], "tag_groups": [{"tags": ["b"]}]}]}`, `case 1: tag_groups: tags and tag_groups cannot both be set`},
		{`{"bank": "b", "cases": [{` + q + `, "max_tokens": -1}]}`, `case 1: max_tokens: must be 0 or more`},
		{`{"bank": "b", "cases": [{` + q + `, "query_timestamp": "yesterday"}]}`, `case 1: query_timestamp: "yesterday" is not an ISO 8601`},
		{`{"bank": "b", "cases": [{` + q + `, "temporal_window": {"start": "2026-02-01", "end": "2026-01-01"}}]}`, `case 1: temporal_window.end: ends before it starts`},
		{`{"bank": "b", "cases": [{"name": "n", "query": "q"}]}`, `case 1 ("n"): the case checks nothing`},
		{`{"bank": "b", "cases": [{"name": "n", "query": "q", "expect": [""]}]}`, `case 1 ("n"): expect[0]: an empty target`},
		{`{"bank": "b", "cases": [{"query": "q", "expect": ["a", {"id": "x", "text": "y"}]}]}`, `case 1: expect[1]: give exactly one of id and text`},
		{`{"bank": "b", "cases": [{"query": "q", "expect": [{"id": "not-a-uuid"}]}]}`, `case 1: expect[0].id: "not-a-uuid" is not a memory id`},
		{`{"bank": "b", "cases": [{"query": "q", "expect": [{"text": "a", "within_rank": 0}]}]}`, `case 1: expect[0].within_rank: must be 1 or more, got 0`},
		{`{"bank": "b", "cases": [{"query": "q", "expect": [{"text": "a", "rank": 2}]}]}`, `case 1: expect[0].rank: not a field of a case`},
		{`{"bank": "b", "cases": [{"query": "q", "forbid": [{"text": "a", "within_rank": 2}]}]}`, `case 1: forbid[0].within_rank: only expectations have a rank`},
		{`{"bank": "b", "cases": [{"query": "q", "forbid": [7]}]}`, `case 1: forbid[0]: want an object, got a JSON number`},
		{`{"bank": "b", "cases": [7]}`, `case 1: want an object, got a JSON number`},
		{`{"bank": "b", "cases": [{"query": "q", "expect": ["a"]}]} {}`, `f.json: unexpected data after the JSON value`},
	}
	for _, tt := range tests {
		_, err := Parse("f.json", []byte(tt.file))
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "f.json: ") {
			t.Errorf("%s\n got %v\nwant …%s…", tt.file, err, tt.want)
		}
	}
}

// FuzzParse: any input either fails with a located error or parses to a suite that
// survives a round trip through its own JSON unchanged.
func FuzzParse(f *testing.F) {
	if data, err := os.ReadFile("../examples/demo-checks.json"); err == nil {
		f.Add(data)
	}
	f.Add([]byte(`{"bank": "b", "cases": [{"query": "q", "expect": ["a", {"text": "b", "within_rank": 2}], "forbid": ["c"]}]}`))
	f.Add([]byte(`{"cases": [{"bank": "b", "query": "q", "tag_groups": [{"or": [{"tags": ["a"]}, {"not": {"tags": ["b"]}}]}], "expect": ["x"]}]}`))
	f.Add([]byte(`{"cases": [{"bank": "b", "query": "q", "min_scores": {"reranker": 0.5}, "temporal_window": {"start": "2026-01-01", "end": "2026-02-01"}, "expect": ["x"]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse("fuzz.json", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.json: ") {
				t.Fatalf("unlocated error %q", err)
			}
			return
		}
		out, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		again, err := Parse("fuzz.json", out)
		if err != nil {
			t.Fatalf("%s\nre-parse: %v", out, err)
		}
		if back, _ := json.Marshal(again); string(back) != string(out) {
			t.Fatalf("round trip changed the suite:\n%s\n%s", out, back)
		}
	})
}
