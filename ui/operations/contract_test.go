package operations

import (
	"testing"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/uitest"
)

// TestContract drives the pane through everything it asks the server, through the
// validating transport: the list with every filter and paging, the single operation
// with and without its payload, cancel, retry and delete, the 409 of an action on an
// operation whose state changed, and the not_found of a deleted one. Every request
// the pane sends, and every answer it reads, must match Hindsight's OpenAPI document.
func TestContract(t *testing.T) {
	srv := uitest.DemoServer(t, hindsighttest.WithAsyncDelay(time.Hour), hindsighttest.WithSeed(opsSeed(130)))

	// Paging and the auto-refresh of every loaded page.
	m, h, check := uitest.Contract(t, New, uitest.OnServer(srv), uitest.Bank("ops"))
	c := h.C
	h.Keys("G", "G")
	if len(m.list.rows) != 130 {
		t.Fatalf("paging: %d rows", len(m.list.rows))
	}
	tick(h)

	// Every filter value, alone, and parents hidden.
	for range statusValues() {
		h.Keys("s")
	}
	for range typeValues() {
		h.Keys("t")
	}
	h.Keys("b", "s", "t", "b")

	m = New(c)
	h = uitest.Start(t, c, m, uitest.Bank(uitest.DemoBank))
	selectRow(t, h, m, isStatus(client.StatusFailed))
	h.Keys("i") // GET with include_payload
	h.Fire(uitest.Is[detailDueMsg])
	h.Keys("R", "enter") // retry
	selectRow(t, h, m, isStatus(client.StatusPending))
	h.Keys("c", "enter") // cancel
	h.Keys("D", "enter") // delete the cancelled one
	selectRow(t, h, m, isStatus(client.StatusCompleted))
	id := m.selectedID()
	if _, err := c.Client.DeleteOperation(t.Context(), "user-alex-prefs", id); err != nil {
		t.Fatal(err)
	}
	h.Keys("D", "enter") // 404: the record is gone; explained, the dialog closes
	delete(m.det.entries, id)
	h.Deliver(nudge{}) // GET answers not_found
	h.Fire(uitest.Is[detailDueMsg])
	selectRow(t, h, m, isStatus(client.StatusPending))
	srv.CompleteOperations()
	h.Keys("c", "enter") // 409: it completed meanwhile

	check()
}
