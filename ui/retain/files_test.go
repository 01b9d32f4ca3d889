package retain

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/ui/components"
)

// TestEditorRoundTrip: the content goes to a private file, comes back edited (without
// the newline editors add), and the file is removed; a failed editor changes nothing.
func TestEditorRoundTrip(t *testing.T) {
	r, m := startPane(t, newCommon(t, newServer(t)), "b", 88, 35)
	r.typeText("first draft")
	orig := m.cur.form.content.Value()
	path, err := writeTemp(orig)
	if err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("temporary file mode %v", fi.Mode())
	}
	if err := os.WriteFile(path, []byte("edited\r\nin the editor\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	r.send(finishEdit(m.cur, path, orig, nil))
	if got := m.cur.form.content.Value(); got != "edited\nin the editor" {
		t.Fatalf("content %q", got)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Error("the temporary file was left behind")
	}

	orig = m.cur.form.content.Value()
	path, _ = writeTemp(orig)
	r.send(finishEdit(m.cur, path, orig, errors.New("exit status 1")))
	if m.cur.form.content.Value() != orig || len(r.errors) != 1 {
		t.Fatalf("a failed editor: content %q errors %v", m.cur.form.content.Value(), r.errors)
	}

	// The command runs $VISUAL, then $EDITOR, with their arguments.
	t.Setenv("VISUAL", "")
	t.Setenv("EDITOR", "code --wait")
	if c := defaultEditor("/tmp/x.md"); strings.Join(c.Args, " ") != "code --wait /tmp/x.md" {
		t.Errorf("editor %v", c.Args)
	}
	t.Setenv("VISUAL", "nano")
	if c := defaultEditor("f"); strings.Join(c.Args, " ") != "nano f" {
		t.Errorf("visual %v", c.Args)
	}
}

// TestLoadContentFile: ctrl+o asks for a path; the text goes in at the cursor; a bad
// path is explained under the field and nothing changes.
func TestLoadContentFile(t *testing.T) {
	r, m := startPane(t, newCommon(t, newServer(t)), "b", 88, 35)
	dir := t.TempDir()
	file := filepath.Join(dir, "notes.md")
	if err := os.WriteFile(file, []byte("\ufeffMeeting notes:\r\nAlex \x1b[31mmoved\x1b[0m.\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	r.typeText("Intro. ")
	r.keys("ctrl+o")
	form, ok := r.front().(*components.Form)
	if !ok {
		t.Fatalf("dialog %T", r.front())
	}
	r.typeText(filepath.Join(dir, "missing.md"))
	r.keys("enter")
	if form.Closed() || !strings.Contains(plain(form.View()), "cannot open it") {
		t.Fatalf("bad path:\n%s", plain(form.View()))
	}
	form.Fields()[0].(*components.TextField).SetValue(file)
	r.keys("enter")
	if len(r.dialogs) != 0 {
		t.Fatal("the dialog stayed open")
	}
	if got := m.cur.form.content.Value(); got != "Intro. Meeting notes:\nAlex moved.\n" {
		t.Fatalf("content %q", got)
	}
	if !strings.HasPrefix(r.toasts[len(r.toasts)-1], "inserted notes.md") {
		t.Errorf("toasts %v", r.toasts)
	}

	big := filepath.Join(dir, "big.txt")
	if err := os.WriteFile(big, make([]byte, maxFileBytes+1), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := readText(big); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Errorf("a file too large: %v", err)
	}
	if _, err := readText(dir); err == nil {
		t.Error("a directory is not text")
	}
	bin := filepath.Join(dir, "bin")
	_ = os.WriteFile(bin, []byte{0xff, 0xfe, 0x00}, 0o600)
	if _, err := readText(bin); err == nil || !strings.Contains(err.Error(), "UTF-8") {
		t.Errorf("binary: %v", err)
	}
}

// TestBatchDialog: ctrl+b reads a file, previews it, refuses what has problems, and
// retains the rest as one request the pane follows.
func TestBatchDialog(t *testing.T) {
	srv := demoServer(t)
	rec := &recorder{}
	r, m := startPane(t, newCommon(t, srv, client.WithHTTPClient(newHTTPClient(rec))), "user-alex-prefs", 88, 35)
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.jsonl")
	good := filepath.Join(dir, "good.jsonl")
	_ = os.WriteFile(bad, []byte("{\"content\":\"ok\"}\n{\"content\":\"x\",\"timestamp\":\"soon\"}\n"), 0o600)
	_ = os.WriteFile(good, []byte(`{"content":"Alex moved to Lisbon.","document_id":"batch-1","tags":["move"]}
{"content":"Alex works remotely.","document_id":"batch-2"}
{"content":"Alex adopted a cat.","document_id":"batch-3","metadata":{"source":"chat"}}
`), 0o600)

	r.keys("ctrl+b")
	d, ok := r.front().(*batchDialog)
	if !ok {
		t.Fatalf("dialog %T", r.front())
	}
	r.typeText(bad)
	r.keys("enter")
	view := plain(d.View())
	if !strings.Contains(view, "bad.jsonl · 2 items") || !strings.Contains(view, "item 2 (line 2): timestamp: not a time") {
		t.Fatalf("preview:\n%s", view)
	}
	r.keys("enter")
	if len(rec.retains()) != 0 || d.Closed() {
		t.Fatal("a batch with problems was sent")
	}
	r.keys("backspace")
	d.input.SetValue(good)
	r.keys("enter", "space") // async on
	view = plain(d.View())
	if !strings.Contains(view, "good.jsonl · 3 items") || !strings.Contains(view, "1. Alex moved to Lisbon.") ||
		!strings.Contains(view, "document batch-1 · tags move") {
		t.Fatalf("preview:\n%s", view)
	}
	r.keys("enter")
	if len(r.dialogs) != 0 {
		t.Fatal("the dialog stayed open")
	}
	bodies := rec.retains()
	if len(bodies) != 1 || !strings.Contains(bodies[0], `"async":true`) || strings.Count(bodies[0], `"content"`) != 3 {
		t.Fatalf("sent %v", bodies)
	}
	sub := m.cur.sub
	if sub.source != "good.jsonl" || sub.items != 3 || sub.docID != "batch-1" || !sub.follow.active {
		t.Fatalf("submission %+v", sub)
	}
	if m.cur.locked() {
		t.Error("a batch does not lock the form")
	}
	r.fire(isPollDue)
	r.keys("v")
	if sub.check.res == nil || sub.check.res.rank == 0 {
		t.Fatalf("check %+v %v", sub.check.res, sub.check.err)
	}
}

// TestBatchAsyncConflicts: an async batch that repeats a document_id is refused before
// sending (the server would answer 400), and allowed once async is off.
func TestBatchAsyncConflicts(t *testing.T) {
	r, _ := startPane(t, newCommon(t, demoServer(t)), "user-alex-prefs", 88, 35)
	file := filepath.Join(t.TempDir(), "dup.json")
	_ = os.WriteFile(file, []byte(`{"items":[{"content":"a","document_id":"d"},{"content":"b","document_id":"d"}],"async":true}`), 0o600)
	r.keys("ctrl+b")
	d := r.front().(*batchDialog)
	r.typeText(file)
	r.keys("enter")
	if !d.async || !strings.Contains(plain(d.View()), `document_id "d" is on more than one item`) {
		t.Fatalf("preview:\n%s", plain(d.View()))
	}
	r.keys("enter")
	if d.Closed() {
		t.Fatal("sent with a conflict")
	}
	r.keys("space", "enter")
	if !d.Closed() {
		t.Fatal("sync batch not sent")
	}
}

// TestLongContent: a text too long to edit in place is shown read-only, is still sent
// whole, and goes to $EDITOR for editing.
func TestLongContent(t *testing.T) {
	r, m := startPane(t, newCommon(t, newServer(t)), "b", 88, 35)
	long := strings.Repeat("a line of a long transcript\n", longContentLines+10)
	r.send(contentLoadedMsg{owner: m.cur, name: "t.txt", text: long})
	f := m.cur.form
	if !f.longContent() || f.content.Value() != long {
		t.Fatal("not in long mode")
	}
	r.typeText("x")
	if f.content.Value() != long {
		t.Fatal("typed into a long text")
	}
	view := plain(m.View())
	if !strings.Contains(view, "long content (511 lines): ctrl+e edits it in $EDITOR") || !strings.Contains(view, "┃ a line of a long transcript") {
		t.Fatalf("view:\n%s", view)
	}
	r.keys("down")
	if f.focus != fContext {
		t.Errorf("down leaves a long text: %d", f.focus)
	}
	req, errs := buildRequest(f.values(), "g")
	if errs != nil || req.Items[0].Content != long {
		t.Fatal("the long text is not sent whole")
	}
	f.setContent("short again")
	if f.longContent() {
		t.Error("short text is edited in place")
	}
}
