package operations

import (
	"testing"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/client/contracttest"
	"hindsight-tui/client/hindsighttest"
)

// TestContract drives the pane through everything it asks the server, through the
// validating transport: the list with every filter and paging, the single operation
// with and without its payload, cancel, retry and delete, the 409 of an action on an
// operation whose state changed, and the not_found of a deleted one. Every request
// the pane sends, and every answer it reads, must match Hindsight's OpenAPI document.
func TestContract(t *testing.T) {
	doc := contracttest.Load(t)
	srv := demoServer(t, hindsighttest.WithAsyncDelay(time.Hour), hindsighttest.WithSeed(opsSeed(130)))
	v := contracttest.New(t, doc, srv.URL())
	c := newCommon(t, srv, client.WithHTTPClient(v.Client()))

	// Paging and the auto-refresh of every loaded page.
	r, m := startPane(t, c, "ops", 88, 35)
	r.keys("G", "G")
	if len(m.list.rows) != 130 {
		t.Fatalf("paging: %d rows", len(m.list.rows))
	}
	r.fire()

	// Every filter value, alone, and parents hidden.
	for range statusValues() {
		r.keys("s")
	}
	for range typeValues() {
		r.keys("t")
	}
	r.keys("b", "s", "t", "b")

	r, m = startPane(t, c, "user-alex-prefs", 88, 35)
	r.selectRow(isStatus(client.StatusFailed))
	r.keys("i")          // GET with include_payload
	r.keys("R", "enter") // retry
	r.selectRow(isStatus(client.StatusPending))
	r.keys("c", "enter") // cancel
	r.keys("D", "enter") // delete the cancelled one
	r.selectRow(isStatus(client.StatusCompleted))
	id := m.selectedID()
	if _, err := c.Client.DeleteOperation(t.Context(), "user-alex-prefs", id); err != nil {
		t.Fatal(err)
	}
	r.keys("D", "enter") // 404: the record is gone; explained, the dialog closes
	delete(m.det.entries, id)
	r.send(nudge{}) // GET answers not_found
	r.selectRow(isStatus(client.StatusPending))
	srv.CompleteOperations()
	r.keys("c", "enter") // 409: it completed meanwhile

	v.Report(t)
	if n := v.Counts().Violations; n != 0 {
		t.Fatalf("%d contract violations", n)
	}
}
