package documents

import (
	"bytes"
	"context"
	"io"
	"mime/multipart"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// startTransfer is the pane on a demo server whose operations stay pending until the
// test completes them; seed adds server options (faults).
func startTransfer(t *testing.T, seed ...hindsighttest.Option) (*Model, *uitest.Host, *hindsighttest.Server, *uitest.Recorder) {
	t.Helper()
	srv := uitest.DemoServer(t, append([]hindsighttest.Option{hindsighttest.WithAsyncDelay(1e12)}, seed...)...)
	rec := &uitest.Recorder{}
	m, r := uitest.Demo(t, New, uitest.OnServer(srv), uitest.WithClient(rec.Option()))
	return m, r, srv, rec
}

// completeFollowed finishes the server's operations and fires the followed
// operation's poll.
func completeFollowed(r *uitest.Host, srv *hindsighttest.Server) {
	srv.CompleteOperations()
	r.Fire(nil)
}

// saveTo types path into the front save dialog and saves.
func saveTo(t *testing.T, r *uitest.Host, path string) *components.Form {
	t.Helper()
	f := uitest.Front[*components.Form](r)
	f.Fields()[0].(*components.TextField).SetValue(path)
	r.Keys("enter")
	return f
}

// serverArchive is the archive the server stored for export operation op.
func serverArchive(t *testing.T, c *common.Common, bank, op string) []byte {
	t.Helper()
	st, err := c.Client.GetOperation(context.Background(), bank, op, false)
	if err != nil || st.ExportResult() == nil {
		t.Fatalf("export operation: %v %+v", err, st)
	}
	f, err := c.Client.DownloadFile(context.Background(), st.ExportResult().DownloadURL)
	if err != nil {
		t.Fatal(err)
	}
	return f.Data
}

// TestExportDownloadsAndSaves follows an export to its end: the archive the server
// built is written, private, where the save dialog says, and the toast says where and
// how big; a second export to the same path asks before it replaces the file.
func TestExportDownloadsAndSaves(t *testing.T) {
	m, r, srv, rec := startTransfer(t)
	r.Keys("X")
	uitest.Front[*components.Form](r)
	r.Keys("enter")
	if got := rec.Matching("POST", "/document-transfer/export"); len(got) != 1 || got[0].Query != "" {
		t.Fatalf("export request: %+v", got)
	}
	d := uitest.Front[*components.OperationDialog](r)
	if d.Status() != client.StatusPending || len(r.Started) != 1 || r.Started[0].Kind != "export_documents" {
		t.Fatalf("following: %s %+v", d.Status(), r.Started)
	}
	completeFollowed(r, srv)
	if !d.Closed() {
		t.Fatalf("the dialog did not hand over to the save dialog: %s", d.Err())
	}
	path := filepath.Join(t.TempDir(), "out.zip")
	saveTo(t, r, path)
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v", fi.Mode().Perm())
	}
	got, _ := os.ReadFile(path)
	if want := serverArchive(t, r.C, m.bank, d.OperationID()); !bytes.Equal(got, want) || len(got) == 0 {
		t.Fatalf("wrote %d bytes, the server has %d", len(got), len(want))
	}
	last := r.Toasts[len(r.Toasts)-1]
	if !strings.Contains(last, path) || !strings.Contains(last, components.ByteSize(int64(len(got)))) {
		t.Fatalf("toast: %q", last)
	}

	// Again, to the same path: the first save says the file exists.
	r.Keys("X", "enter")
	completeFollowed(r, srv)
	f := saveTo(t, r, path)
	if f.Closed() || !strings.Contains(f.Fields()[0].Error(), "exists") {
		t.Fatalf("replaced silently: %q", f.Fields()[0].Error())
	}
	r.Keys("enter")
	if !f.Closed() {
		t.Fatalf("the second save did not replace: %q", f.Fields()[0].Error())
	}
}

// TestExportScopes sends the document ids of the scope chosen, and observations only
// with the whole bank.
func TestExportScopes(t *testing.T) {
	m, r, _, rec := startTransfer(t)
	id := "chat-2026-11-02-tokyo-food"
	m.cursor = slices.Index(ids(m), id)

	r.Keys("X", "right", "enter") // the selected document
	got := rec.Matching("POST", "/document-transfer/export")
	if q, _ := url.ParseQuery(got[len(got)-1].Query); !slices.Equal(q["document_id"], []string{id}) {
		t.Fatalf("selected: %v", q)
	}
	r.Keys("esc")

	r.Keys("X", "tab", "right", "enter") // the whole bank with observations
	got = rec.Matching("POST", "/document-transfer/export")
	if q, _ := url.ParseQuery(got[len(got)-1].Query); q.Get("include_observations") != "true" || q.Has("document_id") {
		t.Fatalf("whole bank: %v", q)
	}
	r.Keys("esc")

	r.Keys("X", "right", "tab", "right", "enter") // a document with observations: refused here
	f := uitest.Front[*components.Form](r)
	if f.Closed() || len(rec.Matching("POST", "/document-transfer/export")) != 2 || f.Fields()[1].Error() == "" {
		t.Fatalf("observations with one document were sent: %+v", f.Fields()[1].Error())
	}
	r.Keys("esc")

	// The listed documents, once a filter narrows the list.
	r.Keys("/")
	r.Type("tokyo")
	r.Keys("esc")
	r.Keys("X", "right", "right", "enter")
	got = rec.Matching("POST", "/document-transfer/export")
	q, _ := url.ParseQuery(got[len(got)-1].Query)
	if want := ids(m); !slices.Equal(q["document_id"], want) || len(want) != 2 {
		t.Fatalf("listed: %v, want %v", q["document_id"], want)
	}
}

// TestExportCancelAndStop: c cancels the pending export on the server; esc stops
// following without cancelling anything.
func TestExportCancelAndStop(t *testing.T) {
	_, r, _, rec := startTransfer(t)
	r.Keys("X", "enter")
	d := uitest.Front[*components.OperationDialog](r)
	r.Keys("c")
	if len(rec.Matching("DELETE", "/operations/"+d.OperationID())) != 1 || !d.Failed() || d.Status() != client.StatusCancelled {
		t.Fatalf("cancel: %s %q", d.Status(), d.Err())
	}
	r.Keys("enter")
	if r.Front() != nil {
		t.Fatal("enter did not close the cancelled export")
	}

	r.Keys("X", "enter")
	d = uitest.Front[*components.OperationDialog](r)
	r.Keys("esc")
	if r.Front() != nil || len(rec.Matching("DELETE", "")) != 1 {
		t.Fatal("esc cancelled the operation or left the dialog open")
	}
	if last := r.Toasts[len(r.Toasts)-1]; !strings.Contains(last, "Stopped following") {
		t.Fatalf("toast: %q", last)
	}
	r.Fire(nil) // a poll that was due reaches no dialog
	if len(rec.Matching("GET", "/operations/"+d.OperationID())) != 1 {
		t.Fatal("polled after esc")
	}
}

// writeArchive exports bank through the client and writes the archive to a file.
func writeArchive(t *testing.T, c *common.Common, srv *hindsighttest.Server, bank string) string {
	t.Helper()
	sub, err := c.Client.ExportDocuments(context.Background(), bank, client.ExportDocumentsParams{})
	if err != nil {
		t.Fatal(err)
	}
	srv.CompleteOperations()
	path := filepath.Join(t.TempDir(), "archive.zip")
	if err := os.WriteFile(path, serverArchive(t, c, bank, sub.OperationID), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// importForm opens the import form and fills it: the archive, the bank, and the
// conflict choice moved right steps from skip.
func importForm(r *uitest.Host, path, bank string, right int) {
	r.Keys("I")
	f := uitest.Front[*components.Form](r)
	f.Fields()[0].(*components.TextField).SetValue(path)
	f.Fields()[1].(*components.TextField).SetValue(bank)
	r.Keys("tab", "tab")
	for range right {
		r.Keys("right")
	}
	r.Keys("enter")
}

// multipartFile reads the file part of a recorded multipart body: its form name, file
// name and content.
func multipartFile(t *testing.T, body string) (field, name string, data []byte) {
	t.Helper()
	first, _, _ := strings.Cut(body, "\r\n")
	mr := multipart.NewReader(strings.NewReader(body+"\r\n"), strings.TrimPrefix(first, "--"))
	for {
		p, err := mr.NextPart()
		if err != nil {
			t.Fatalf("no file part: %v", err)
		}
		if p.FileName() != "" {
			data, _ = io.ReadAll(p)
			return p.FormName(), p.FileName(), data
		}
	}
}

// TestImportEachConflictChoice imports an archive with each conflict policy: the
// confirmation names the bank and the policy, the request carries the archive and
// on_conflict, and the result's counts show.
func TestImportEachConflictChoice(t *testing.T) {
	for i, policy := range []string{client.ConflictSkip, client.ConflictReplace, client.ConflictNewID} {
		t.Run(policy, func(t *testing.T) {
			_, r, srv, rec := startTransfer(t)
			path := writeArchive(t, r.C, srv, uitest.DemoBank)
			archive, _ := os.ReadFile(path)
			importForm(r, path, "copy-bank", i)
			confirm := uitest.Front[*components.Confirm](r)
			text := boxText(confirm.View())
			if !strings.Contains(text, "into bank copy-bank?") || !strings.Contains(text, conflictSentence(policy)) {
				t.Fatalf("confirmation: %s", text)
			}
			if len(rec.Matching("POST", "/document-transfer")) != 0 {
				t.Fatal("sent before the confirmation")
			}
			r.Keys("enter")
			got := rec.Matching("POST", "/banks/copy-bank/document-transfer")
			if len(got) != 1 || got[0].Query != "on_conflict="+policy {
				t.Fatalf("import request: %+v", got)
			}
			field, name, data := multipartFile(t, got[0].Body)
			if field != "file" || name != "archive.zip" || !bytes.Equal(data, archive) {
				t.Fatalf("part %q %q, %d bytes of %d", field, name, len(data), len(archive))
			}
			d := uitest.Front[*components.OperationDialog](r)
			completeFollowed(r, srv)
			if !d.Done() || !strings.Contains(strings.Join(d.Lines(), " "), "Imported 5 documents") {
				t.Fatalf("result: %v %q", d.Lines(), d.Err())
			}
			r.Keys("enter")
			if len(uitest.Messages[common.BanksChangedMsg](r)) != 1 {
				t.Fatal("the banks were not reloaded")
			}
		})
	}
}

// TestImportReloadsKeepingTheSelection imports into the pane's own bank: the counts
// say what was skipped, and the list comes back with the cursor on its document.
func TestImportReloadsKeepingTheSelection(t *testing.T) {
	m, r, srv, rec := startTransfer(t)
	path := writeArchive(t, r.C, srv, uitest.DemoBank)
	id := "calendar-2026-w38"
	m.cursor = slices.Index(ids(m), id)
	importForm(r, path, uitest.DemoBank, 0)
	r.Keys("enter")
	d := uitest.Front[*components.OperationDialog](r)
	completeFollowed(r, srv)
	if lines := strings.Join(d.Lines(), " "); !strings.Contains(lines, "Skipped 5 documents") {
		t.Fatalf("result: %s", lines)
	}
	lists := len(rec.Matching("GET", "/documents"))
	r.Keys("enter")
	if len(rec.Matching("GET", "/documents")) != lists+1 || m.selected() == nil || m.selected().ID != id {
		t.Fatalf("after the import the cursor is on %v", m.selected())
	}
}

// TestImportFormChecksTheFile refuses a missing path, a directory and a file that is
// not a zip, under the path field, before anything is sent.
func TestImportFormChecksTheFile(t *testing.T) {
	_, r, _, rec := startTransfer(t)
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.txt")
	_ = os.WriteFile(text, []byte("not a zip"), 0o600)
	for path, want := range map[string]string{"": "type the path", dir: "is a directory",
		filepath.Join(dir, "missing.zip"): "cannot open", text: "not a zip archive"} {
		importForm(r, path, "copy-bank", 0)
		f := uitest.Front[*components.Form](r)
		if got := f.Fields()[0].Error(); !strings.Contains(got, want) {
			t.Fatalf("%q: %q, want %q", path, got, want)
		}
		r.Keys("esc")
	}
	if len(rec.Matching("POST", "")) != 0 {
		t.Fatal("sent a bad archive")
	}
}

// TestImportErrorsKeepTheInput: a server's refusal and an unreachable server leave
// the confirmation open with the archive, saying why, and in the error log.
func TestImportErrorsKeepTheInput(t *testing.T) {
	for name, fault := range map[string]hindsighttest.Fault{
		"422":         {Method: "POST", Path: "/v1/default/banks/copy-bank/document-transfer", Status: 422, Body: `{"detail":[{"loc":["query","on_conflict"],"msg":"Input should be 'skip', 'replace' or 'new-id'","type":"enum"}]}`},
		"unreachable": {Method: "POST", Path: "/v1/default/banks/copy-bank/document-transfer", Drop: true},
	} {
		t.Run(name, func(t *testing.T) {
			_, r, srv, _ := startTransfer(t, hindsighttest.WithFault(fault))
			path := writeArchive(t, r.C, srv, uitest.DemoBank)
			importForm(r, path, "copy-bank", 1)
			r.Keys("enter")
			c := uitest.Front[*components.Confirm](r)
			if c.Closed() || c.Err() == "" || len(r.Errors) != 1 {
				t.Fatalf("error not kept: %q %+v", c.Err(), r.Errors)
			}
			if !strings.Contains(strings.ReplaceAll(boxText(c.View()), " ", ""), path) {
				t.Fatal("the confirmation lost the archive")
			}
		})
	}
}

// TestExportErrorsKeepTheForm: a refused or unreachable export leaves its form open.
func TestExportErrorsKeepTheForm(t *testing.T) {
	for name, fault := range map[string]hindsighttest.Fault{
		"422":         {Method: "POST", Path: "/v1/default/banks/" + uitest.DemoBank + "/document-transfer/export", Status: 422, Body: `{"detail":[{"loc":["query","include_observations"],"msg":"Input should be a valid boolean","type":"bool_parsing"}]}`},
		"unreachable": {Method: "POST", Path: "/v1/default/banks/" + uitest.DemoBank + "/document-transfer/export", Drop: true},
	} {
		t.Run(name, func(t *testing.T) {
			_, r, _, _ := startTransfer(t, hindsighttest.WithFault(fault))
			r.Keys("X", "tab", "right", "enter")
			f := uitest.Front[*components.Form](r)
			if f.Closed() || (f.Err() == "" && f.Fields()[1].Error() == "") || len(r.Errors) != 1 {
				t.Fatalf("error not kept: %q %q", f.Err(), f.Fields()[1].Error())
			}
		})
	}
}

// TestTransferReadOnly: export reads and stays; import is absent by key, from the
// help and from the palette.
func TestTransferReadOnly(t *testing.T) {
	m, r := uitest.Demo(t, New, uitest.ReadOnly())
	r.Keys("I")
	if r.Front() != nil {
		t.Fatal("I opened a dialog in read-only mode")
	}
	r.Deliver(common.ActionMsg{Kind: doImport})
	if r.Front() != nil {
		t.Fatal("the import action acted in read-only mode")
	}
	for _, a := range m.Actions() {
		if a.Name == "Import documents" {
			t.Fatal("import offered in the palette")
		}
	}
	for _, g := range m.FullHelp() {
		for _, b := range g {
			if b.Enabled() && b.Help().Desc == "import documents" {
				t.Fatal("import in the help")
			}
		}
	}
	r.Keys("X")
	uitest.Front[*components.Form](r)
}

// boxText is the text of a dialog's box, its frame gone and its lines joined by
// single spaces.
func boxText(view string) string {
	return strings.Join(strings.Fields(strings.NewReplacer("│", " ", "╭", " ", "╮", " ", "╰", " ", "╯", " ", "─", "").Replace(ansi.Strip(view))), " ")
}

// TestTransferInThePalette: both actions are one palette search away, with their keys.
func TestTransferInThePalette(t *testing.T) {
	m, r := uitest.Demo(t, New)
	want := map[string]string{"Export documents": "X", "Import documents": "I"}
	for _, a := range m.Actions() {
		if k, ok := want[a.Name]; ok && a.Key == k {
			delete(want, a.Name)
		}
	}
	if len(want) != 0 {
		t.Fatalf("missing from the palette: %v", want)
	}
	r.Deliver(common.ActionMsg{Kind: doImport})
	uitest.Front[*components.Form](r)
}
