package memories

import (
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/contracttest"
)

// TestContract drives the pane through everything it asks the server, through the
// validating transport: the list with every filter and paging, the single memory and
// an observation's history, an edit, and bulk invalidate and restore. Every request
// the pane sends, and every answer it reads, must match Hindsight's OpenAPI document.
func TestContract(t *testing.T) {
	doc := contracttest.Load(t)
	srv := demoServer(t)
	v := contracttest.New(t, doc, srv.URL())
	c := newCommon(t, srv, client.WithHTTPClient(v.Client()))
	r, m := startPane(t, c, demoBank, 88, 35)

	// Every filter value, and paging to the end.
	for range typeCycle() {
		r.keys("t")
	}
	for range consolidationCycle() {
		r.keys("c")
	}
	r.keys("f", "s", "o", "u", "r", "c", "e", ":", "c", "h", "a", "t", "enter")
	for range matchCycle() {
		r.keys("m")
	}
	r.keys("R", "s", "o", "a", "t", "enter", "R", "G", "g")
	if m.win.total == 0 {
		t.Fatal("nothing listed")
	}

	// Open an observation (memory and history), then edit and curate a world fact.
	r.keys("t", "t", "t", "enter", "esc", "t", "enter", "esc")
	r.keys("E", " ", "x", "enter", "enter")
	r.keys("space", "space", "x", "enter", "v", "A", "u", "enter")

	v.Report(t)
	if n := v.Counts().Violations; n != 0 {
		t.Fatalf("%d contract violations", n)
	}
}
