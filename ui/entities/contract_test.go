package entities

import (
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/contracttest"
	"hindsight-tui/ui/uitest"
)

// TestContract drives both panes through everything they ask the server, through the
// validating transport: the entities list, an entity and its linked memories, the tags
// list with and without a wildcard search. Every request and every answer must match
// Hindsight's OpenAPI document.
func TestContract(t *testing.T) {
	doc := contracttest.Load(t)
	srv := uitest.DemoServer(t)
	v := contracttest.New(t, doc, srv.URL())
	c := uitest.NewCommon(t, srv, client.WithHTTPClient(v.Client()))

	m := New(c)
	uitest.Start(t, c, m, uitest.Bank(alex)).Keys("j", "j", "G")

	tg := NewTags(c)
	uitest.Start(t, c, tg, uitest.Bank(alex)).Keys("/", "*", "t", "r", "i", "p", "*", "enter")

	v.Report(t)
	if n := v.Counts().Violations; n != 0 {
		t.Fatalf("%d contract violations", n)
	}
	if len(m.rows) == 0 || len(m.det.mems) == 0 || len(tg.rows) == 0 {
		t.Fatal("nothing was loaded")
	}
}
