package documents

import (
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/contracttest"
	"hindsight-tui/ui/common"
)

// TestContract drives the pane through everything it asks the server, through the
// validating transport: the list with the id search, a tags filter with each match
// mode and paging; a document with its chunks; tag editing, reprocess and delete.
// Every request the pane sends, and every answer it reads, must match Hindsight's
// OpenAPI document.
func TestContract(t *testing.T) {
	doc := contracttest.Load(t)
	srv := demoServer(t)
	seedDocuments(t, newCommon(t, srv), "paging", 130)
	v := contracttest.New(t, doc, srv.URL())
	c := newCommon(t, srv, client.WithHTTPClient(v.Client()))

	r := startPane(t, c, "paging", 88, 35)
	r.keys("G")
	if len(r.ids()) != 130 {
		t.Fatalf("paging: %d", len(r.ids()))
	}

	r = startPane(t, c, demoBank, 88, 35)
	r.keys("/")
	r.typeText("chat")
	r.keys("esc", "t")
	r.typeText("source:chat")
	r.keys("enter", "esc", "M", "M", "M")
	r.keys("enter") // the document and its chunks
	r.keys("e")     // tags
	r.typeText("checked")
	r.keys("ctrl+s")
	r.keys("P", "enter") // reprocess
	r.keys("D", "enter") // delete
	if len(rootMsgs[common.BanksChangedMsg](r)) != 2 {
		t.Fatalf("writes: %+v", r.root)
	}

	v.Report(t)
	if n := v.Counts().Violations; n != 0 {
		t.Fatalf("%d contract violations", n)
	}
}
