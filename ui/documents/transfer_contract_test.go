package documents

import (
	"os"
	"path/filepath"
	"testing"

	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// TestTransferContract drives every request of the transfer through the validating
// transport: exports of the whole bank (with observations), of the selected document
// and of the listed ones, the operation polls, a cancel, the download; then imports
// with each conflict policy and their polls, and an archive the server refuses (a 400
// the spec does not list, counted but allowed). Every request the pane sends, and every
// answer it reads, must match Hindsight's OpenAPI document.
func TestTransferContract(t *testing.T) {
	srv := uitest.DemoServer(t, hindsighttest.WithAsyncDelay(1e12))
	m, r, check := uitest.Contract(t, New, uitest.OnServer(srv))
	dir := t.TempDir()

	r.Keys("X", "tab", "right", "enter") // whole bank, with observations
	completeFollowed(r, srv)
	archive := filepath.Join(dir, "archive.zip")
	saveTo(t, r, archive)
	if _, err := os.Stat(archive); err != nil {
		t.Fatal(err)
	}

	r.Keys("X", "right", "enter", "c", "enter") // the selected document, cancelled

	r.Keys("/")
	r.Type("tokyo")
	r.Keys("esc")
	r.Keys("X", "right", "right", "enter", "esc") // the listed documents, not followed
	if len(ids(m)) != 2 {
		t.Fatalf("listed %v", ids(m))
	}

	for right := range 3 {
		importForm(r, archive, "contract-copy", right)
		r.Keys("enter")
		d := uitest.Front[*components.OperationDialog](r)
		completeFollowed(r, srv)
		if !d.Done() {
			t.Fatalf("import %d: %q", right, d.Err())
		}
		r.Keys("enter")
	}

	// An archive that looks like a zip but is not one: the server's 400 stays in the
	// confirmation.
	bad := filepath.Join(dir, "bad.zip")
	if err := os.WriteFile(bad, []byte("PK\x03\x04 not really a zip"), 0o600); err != nil {
		t.Fatal(err)
	}
	importForm(r, bad, "contract-copy", 0)
	r.Keys("enter")
	if c := uitest.Front[*components.Confirm](r); c.Err() == "" {
		t.Fatal("the bad archive was taken")
	}
	r.Keys("esc")

	check()
}
