package checks

import (
	"strings"
	"testing"

	"hindsight-tui/client"
)

// TestAppendCase: a case made from a recall request reads back with the same request
// and expectations, into a new file or after the cases of an existing one, which are
// kept as written; a file that is not a suite is refused, not replaced.
func TestAppendCase(t *testing.T) {
	five := 5200
	req := client.RecallRequest{Query: "aisle seat", Types: []string{"world"}, Budget: "high", MaxTokens: &five,
		Tags: []string{"trip:tokyo"}, TagsMatch: "any", Trace: true}
	id := "0a8e9a57-b8b7-59cf-9385-e0da0f683cf4"
	c := CaseFrom("aisle seat", "user-alex-prefs", req, []Target{{ID: id}})

	doc, err := AppendCase("new.json", nil, c)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Parse("new.json", doc)
	if err != nil {
		t.Fatalf("%v\n%s", err, doc)
	}
	if len(s.Cases) != 1 || s.BankOf(s.Cases[0]) != "user-alex-prefs" || s.Cases[0].Expect[0].ID != id {
		t.Fatalf("read back %+v", s.Cases)
	}
	got := s.Cases[0].Request()
	if got.Query != req.Query || got.Budget != "high" || *got.MaxTokens != five || got.TagsMatch != "any" ||
		len(got.Types) != 1 || got.Trace {
		t.Errorf("request read back as %+v", got)
	}

	existing := []byte(`{"bank": "user-alex-prefs", "cases": [{"name": "first", "query": "tokyo", "expect": ["Tokyo"]}]}`)
	doc, err = AppendCase("old.json", existing, c)
	if err != nil {
		t.Fatal(err)
	}
	if s, err = Parse("old.json", doc); err != nil || len(s.Cases) != 2 || s.Cases[0].Name != "first" || s.Cases[1].Name != "aisle seat" {
		t.Fatalf("%v: %s", err, doc)
	}
	if !strings.Contains(string(doc), `"Tokyo"`) || strings.Contains(string(doc), `"text": "Tokyo"`) {
		t.Errorf("the first case was not kept as written:\n%s", doc)
	}

	for _, bad := range []string{`{"cases": [{"query": "x", "bank": "b", "budgett": "high"}]}`, `not json`} {
		if _, err := AppendCase("bad.json", []byte(bad), c); err == nil {
			t.Errorf("appended to %q", bad)
		}
	}
	if _, err := AppendCase("x.json", nil, CaseFrom("x", "", req, nil)); err == nil {
		t.Error("a case without a bank was written")
	}
}
