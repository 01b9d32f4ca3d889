package components

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

func TestChoiceField(t *testing.T) {
	c := testCommon(t)
	f := NewChoiceField(c, "On conflict", []Choice{{Value: "skip", Label: "skip", Note: "keeps"}, {Value: "replace", Label: "replace"},
		{Value: "new-id", Label: "new id"}}, "on_conflict")
	f.Update(uitest.Key("right")) // not focused: ignored
	if f.Value() != "skip" {
		t.Fatalf("unfocused field moved to %q", f.Value())
	}
	f.Focus()
	for range 5 {
		f.Update(uitest.Key("right"))
	}
	if f.Value() != "new-id" {
		t.Fatalf("should stop at the last choice, got %q", f.Value())
	}
	f.SetError("bad")
	f.Update(uitest.Key("left"))
	if f.Value() != "replace" || f.Error() != "" {
		t.Fatalf("left: %q, error %q", f.Value(), f.Error())
	}
	f.SetValue("skip")
	if !f.Accepts("on_conflict") || !strings.Contains(f.View(), "keeps") || f.Value() != "skip" {
		t.Fatalf("value %q view %q", f.Value(), f.View())
	}
}

// followed starts an operation on a server whose operations wait for the test, and
// opens a dialog that follows it.
func followed(t *testing.T, finish Finish, faults ...hindsighttest.Fault) (*uitest.Host, *OperationDialog, *hindsighttest.Server) {
	t.Helper()
	opts := []hindsighttest.Option{hindsighttest.WithAsyncDelay(1e12)}
	for _, f := range faults {
		opts = append(opts, hindsighttest.WithFault(f))
	}
	srv := uitest.DemoServer(t, opts...)
	c := uitest.NewCommon(t, srv)
	sub, err := c.Client.ExportDocuments(context.Background(), uitest.DemoBank, client.ExportDocumentsParams{})
	if err != nil {
		t.Fatal(err)
	}
	h := uitest.NewHost(t, c)
	d := NewOperationDialog(c, "Exporting", "document export", uitest.DemoBank, sub.OperationID, finish)
	h.Open(d)
	return h, d, srv
}

// TestOperationDialogFinishes runs Finish once the operation completed and shows its
// lines; enter hands Then to the owner.
func TestOperationDialogFinishes(t *testing.T) {
	var got *client.OperationStatus
	h, d, srv := followed(t, func(_ context.Context, st *client.OperationStatus) (Outcome, error) {
		got = st
		return Outcome{Lines: []string{"all done"}, Then: common.Toast("then")}, nil
	})
	if d.Status() != client.StatusPending || d.Done() || len(h.Timers()) != 1 {
		t.Fatalf("status %s done %v timers %d", d.Status(), d.Done(), len(h.Timers()))
	}
	h.Fire(nil) // still pending: another poll, later
	if len(h.Timers()) != 1 || h.Timers()[0].D <= opPollFirst {
		t.Fatalf("timers %+v", h.Timers())
	}
	srv.CompleteOperations()
	h.Fire(nil)
	if !d.Done() || got == nil || got.ExportResult() == nil || !strings.Contains(d.View(), "all done") {
		t.Fatalf("done %v finish saw %+v", d.Done(), got)
	}
	h.Keys("enter")
	if h.Front() != nil || len(h.Toasts) != 1 || h.Toasts[0] != "then" {
		t.Fatalf("closed with %v", h.Toasts)
	}
}

// TestOperationDialogGivesUp: failed polls back off, and enough of them in a row end
// the following with the reason on screen and in the error log.
func TestOperationDialogGivesUp(t *testing.T) {
	h, d, _ := followed(t, nil, hindsighttest.Fault{Method: "GET", Path: "/v1/default/banks/" + uitest.DemoBank + "/operations/*", Status: 503,
		Body: `{"detail":"busy"}`})
	for i := 1; i < opPollMaxErrors; i++ {
		if d.Failed() || len(h.Timers()) != 1 {
			t.Fatalf("poll %d: failed %v timers %d", i, d.Failed(), len(h.Timers()))
		}
		h.Fire(nil)
	}
	if !d.Failed() || len(h.Errors) != 1 || !strings.Contains(d.View(), "not followed") {
		t.Fatalf("failed %v errors %v:\n%s", d.Failed(), h.Errors, d.View())
	}
	h.Keys("enter")
	if h.Front() != nil {
		t.Fatal("enter did not close")
	}
}

// TestOperationDialogFailure shows an operation that failed on the server, and an
// operation the server does not know, and logs both.
func TestOperationDialogFailure(t *testing.T) {
	h, d, _ := followed(t, func(context.Context, *client.OperationStatus) (Outcome, error) {
		t.Fatal("finish ran for a failed operation")
		return Outcome{}, nil
	})
	d.Update(opPolledMsg{seq: d.seq, st: &client.OperationStatus{Status: client.StatusFailed, ErrorMessage: "disk \x1b[31mfull"}})
	if !d.Failed() || !strings.Contains(d.View(), "disk ␛[31mfull") {
		t.Fatalf("view:\n%s", d.View())
	}
	if h.Front() != d {
		t.Fatal("the dialog closed")
	}

	h, d, _ = followed(t, nil, hindsighttest.Fault{Method: "GET", Path: "/v1/default/banks/" + uitest.DemoBank + "/operations/*", Status: 404,
		Body: `{"detail":"Operation not found"}`})
	if !d.Failed() || !strings.Contains(d.View(), "unknown operation") || len(h.Errors) != 1 {
		t.Fatalf("lost: %v\n%s", h.Errors, d.View())
	}
}

// TestSaveFileDoesNotOverwriteSilently: an existing file is named and kept; saving to
// the same path again replaces it; another path is written at once.
func TestSaveFileDoesNotOverwriteSilently(t *testing.T) {
	c := testCommon(t)
	h := uitest.NewHost(t, c)
	path := filepath.Join(t.TempDir(), "out.txt")
	_ = os.WriteFile(path, []byte("old"), 0o644)
	h.Open(SaveFile(c, "the thing", "out.txt", func() string { return "new" })().(common.OpenDialogMsg).Dialog)
	f := uitest.Front[*Form](h)
	f.Fields()[0].(*TextField).SetValue(path)
	h.Keys("enter")
	if b, _ := os.ReadFile(path); string(b) != "old" || f.Closed() || !strings.Contains(f.Fields()[0].Error(), "exists (3 bytes)") {
		t.Fatalf("first save: %q %q", b, f.Fields()[0].Error())
	}
	h.Keys("enter")
	fi, _ := os.Stat(path)
	if b, _ := os.ReadFile(path); string(b) != "new" || !f.Closed() || fi.Mode().Perm() != 0o600 {
		t.Fatalf("second save: %q closed %v mode %v", b, f.Closed(), fi.Mode().Perm())
	}
}
