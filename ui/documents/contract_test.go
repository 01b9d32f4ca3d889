package documents

import (
	"testing"

	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// TestContract drives the pane through everything it asks the server, through the
// validating transport: the list with the id search, a tags filter with each match
// mode and paging; a document with its chunks; tag editing, reprocess and delete.
// Every request the pane sends, and every answer it reads, must match Hindsight's
// OpenAPI document.
func TestContract(t *testing.T) {
	srv := uitest.DemoServer(t)
	seedDocuments(t, uitest.NewCommon(t, srv), "paging", 130)
	m, r, check := uitest.Contract(t, New, uitest.OnServer(srv), uitest.Bank("paging"))
	r.Keys("G")
	if len(ids(m)) != 130 {
		t.Fatalf("paging: %d", len(ids(m)))
	}

	m = New(r.C)
	r = uitest.Start(t, r.C, m, uitest.Bank(uitest.DemoBank))
	r.Keys("/")
	r.Type("chat")
	r.Keys("esc", "t")
	r.Type("source:chat")
	r.Keys("enter", "esc", "M", "M", "M")
	r.Keys("enter") // the document and its chunks
	r.Keys("e")     // tags
	r.Type("checked")
	r.Keys("ctrl+s")
	r.Keys("P", "enter") // reprocess
	r.Keys("D", "enter") // delete
	if len(uitest.Messages[common.BanksChangedMsg](r)) != 2 {
		t.Fatalf("writes: %+v", r.Up)
	}

	check()
}
