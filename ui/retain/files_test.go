package retain

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// editorScript is an executable that stands in for $VISUAL: it runs body with the
// file to edit as $1.
func editorScript(t *testing.T, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "editor")
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body+"\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestEditorRoundTrip: ctrl+e puts the content in a private file and runs $VISUAL on
// it; the edited text comes back (without the newline editors add) and the file is
// removed. A failed editor changes nothing.
func TestEditorRoundTrip(t *testing.T) {
	m, r := uitest.Demo(t, New, uitest.OnServer(uitest.Server(t)), uitest.Bank("b"))
	r.Type("first draft")
	given := filepath.Join(t.TempDir(), "given")
	t.Setenv("VISUAL", editorScript(t, `ls -l "$1" > `+given+` && printf 'edited\r\nin the editor\n' > "$1"`))
	r.Keys("ctrl+e")
	if got := m.cur.form.content.Value(); got != "edited\nin the editor" {
		t.Fatalf("content %q", got)
	}
	listing, err := os.ReadFile(given)
	if err != nil || !strings.HasPrefix(string(listing), "-rw------- ") {
		t.Errorf("the editor was given %q (%v), want a file only the user can read", listing, err)
	}
	edited := strings.Fields(string(listing))
	if _, err := os.Stat(edited[len(edited)-1]); !os.IsNotExist(err) {
		t.Error("the temporary file was left behind")
	}

	t.Setenv("VISUAL", editorScript(t, `printf 'lost' > "$1"; exit 1`))
	r.Keys("ctrl+e")
	if got := m.cur.form.content.Value(); got != "edited\nin the editor" || len(r.Errors) != 1 ||
		r.Errors[0].Op != "edit the content in $EDITOR" {
		t.Fatalf("a failed editor: content %q errors %v", got, r.Errors)
	}

	// The command runs $VISUAL, then $EDITOR, with their arguments.
	t.Setenv("VISUAL", "")
	t.Setenv("EDITOR", "code --wait")
	if c := editorCommand("/tmp/x.md"); strings.Join(c.Args, " ") != "code --wait /tmp/x.md" {
		t.Errorf("editor %v", c.Args)
	}
	t.Setenv("VISUAL", "nano")
	if c := editorCommand("f"); strings.Join(c.Args, " ") != "nano f" {
		t.Errorf("visual %v", c.Args)
	}
}

// TestLoadContentFile: ctrl+o asks for a path; the text goes in at the cursor; a bad
// path is explained under the field and nothing changes.
func TestLoadContentFile(t *testing.T) {
	m, r := uitest.Demo(t, New, uitest.OnServer(uitest.Server(t)), uitest.Bank("b"))
	dir := t.TempDir()
	file := filepath.Join(dir, "notes.md")
	if err := os.WriteFile(file, []byte("\ufeffMeeting notes:\r\nAlex \x1b[31mmoved\x1b[0m.\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	r.Type("Intro. ")
	r.Keys("ctrl+o")
	form := uitest.Front[*components.Form](r)
	r.Type(filepath.Join(dir, "missing.md"))
	r.Keys("enter")
	if form.Closed() || !strings.Contains(uitest.Plain(uitest.View(t, form)), "cannot open it") {
		t.Fatalf("bad path:\n%s", uitest.Plain(uitest.View(t, form)))
	}
	form.Fields()[0].(*components.TextField).SetValue(file)
	r.Keys("enter")
	if r.Front() != nil {
		t.Fatal("the dialog stayed open")
	}
	if got := m.cur.form.content.Value(); got != "Intro. Meeting notes:\nAlex ␛[31mmoved␛[0m.\n" {
		t.Fatalf("content %q", got)
	}
	if !strings.HasPrefix(r.Toasts[len(r.Toasts)-1], "inserted notes.md") {
		t.Errorf("toasts %v", r.Toasts)
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

// TestBatchDialog: ctrl+b asks for a file, whose preview reads it as it opens,
// refuses what has problems, and retains the rest as one request the pane follows; a
// file that cannot be read goes back to the path with the reason.
func TestBatchDialog(t *testing.T) {
	rec := &uitest.Recorder{}
	m, r := uitest.Demo(t, New, uitest.WithClient(rec.Option()))
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.jsonl")
	good := filepath.Join(dir, "good.jsonl")
	_ = os.WriteFile(bad, []byte("{\"content\":\"ok\"}\n{\"content\":\"x\",\"timestamp\":\"soon\"}\n"), 0o600)
	_ = os.WriteFile(good, []byte(`{"content":"Alex moved to Lisbon.","document_id":"batch-1","tags":["move"]}
{"content":"Alex works remotely.","document_id":"batch-2"}
{"content":"Alex adopted a cat.","document_id":"batch-3","metadata":{"source":"chat"}}
`), 0o600)

	r.Keys("ctrl+b")
	uitest.Front[*batchPathDialog](r)
	r.Keys("enter")
	if v := uitest.Plain(uitest.View(t, r.Front())); !strings.Contains(v, "type the path of a .json or .jsonl file") {
		t.Fatalf("no path:\n%s", v)
	}
	r.Type(filepath.Join(dir, "missing.jsonl"))
	r.Keys("enter")
	p := uitest.Front[*batchPathDialog](r)
	if len(r.Dialogs()) != 1 {
		t.Fatalf("an unreadable file left %d dialogs open", len(r.Dialogs()))
	}
	if v := uitest.Plain(uitest.View(t, p)); !strings.Contains(v, "missing.jsonl") || !strings.Contains(v, "✗ cannot open it") {
		t.Fatalf("unreadable file:\n%s", v)
	}
	r.Keys("esc", "ctrl+b")
	r.Paste(bad)
	r.Keys("enter")
	d := uitest.Front[*batchDialog](r)
	if len(r.Dialogs()) != 1 {
		t.Fatalf("dialog %T (%d dialogs)", r.Front(), len(r.Dialogs()))
	}
	view := uitest.Plain(uitest.View(t, d))
	if !strings.Contains(view, "bad.jsonl · 2 items") || !strings.Contains(view, "item 2 (line 2): timestamp: not a date or time") {
		t.Fatalf("preview:\n%s", view)
	}
	r.Keys("enter")
	if len(rec.Bodies("POST", "/memories")) != 0 || r.Front() != d {
		t.Fatal("a batch with problems was sent")
	}
	r.Keys("space", "backspace") // another file: back to the path, the switch kept
	p = uitest.Front[*batchPathDialog](r)
	if len(r.Dialogs()) != 1 || p.input.Value() != bad || !p.async {
		t.Fatalf("backspace: %T (%d dialogs)", r.Front(), len(r.Dialogs()))
	}
	p.input.SetValue(good)
	r.Keys("enter")
	d = uitest.Front[*batchDialog](r)
	if !d.async {
		t.Fatal("the async switch was lost")
	}
	view = uitest.Plain(uitest.View(t, d))
	if !strings.Contains(view, "good.jsonl · 3 items") || !strings.Contains(view, "1. Alex moved to Lisbon.") ||
		!strings.Contains(view, "document batch-1 · tags move") {
		t.Fatalf("preview:\n%s", view)
	}
	r.Keys("enter")
	if r.Front() != nil {
		t.Fatal("the dialog stayed open")
	}
	bodies := rec.Bodies("POST", "/memories")
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
	r.Fire(uitest.Is[pollDueMsg])
	r.Keys("v")
	if sub.check.res == nil || sub.check.res.rank == 0 {
		t.Fatalf("check %+v %v", sub.check.res, sub.check.err)
	}
}

// TestBatchAsyncConflicts: an async batch that repeats a document_id is refused before
// sending (the server would answer 400), and allowed once async is off.
func TestBatchAsyncConflicts(t *testing.T) {
	m, r := uitest.Demo(t, New)
	file := filepath.Join(t.TempDir(), "dup.json")
	_ = os.WriteFile(file, []byte(`{"items":[{"content":"a","document_id":"d"},{"content":"b","document_id":"d"}],"async":true}`), 0o600)
	r.Keys("ctrl+b")
	r.Type(file)
	r.Keys("enter")
	d := uitest.Front[*batchDialog](r)
	if v := uitest.Plain(uitest.View(t, d)); !d.async || !strings.Contains(v, `document_id "d" is on more than one item`) {
		t.Fatalf("preview:\n%s", v)
	}
	r.Keys("enter")
	if r.Front() != d {
		t.Fatal("sent with a conflict")
	}
	r.Keys("space", "enter")
	if r.Front() != nil || m.cur.sub == nil || m.cur.sub.items != 2 {
		t.Fatal("sync batch not sent")
	}
}

// TestLongContentEditsInPlace: a 1,000-line text is edited in the form like a short
// one (no read-only preview, no $EDITOR needed): typing lands at the cursor, the view
// follows it, the draft is saved, and the whole text is sent.
func TestLongContentEditsInPlace(t *testing.T) {
	m, r := uitest.Demo(t, keepingDrafts(t.TempDir()), uitest.OnServer(uitest.Server(t)), uitest.Bank("b"))
	var b strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&b, "line %d of a long transcript\n", i+1)
	}
	long := strings.TrimSuffix(b.String(), "\n")
	r.Deliver(contentLoadedMsg{bank: "b", name: "t.txt", text: long})
	f := m.cur.form
	if f.content.Value() != long || f.focus != fContent || m.zone != zoneForm {
		t.Fatal("the file did not land in the content")
	}
	gen := m.cur.gen
	r.Type(" (end)")
	if !strings.HasSuffix(f.content.Value(), "line 1000 of a long transcript (end)") {
		t.Fatalf("typing at the end: %q", components.Head(f.content.Value(), 60))
	}
	view := uitest.Plain(uitest.View(t, m))
	if !strings.Contains(view, "┃ line 1000 of a long transcript (end)") || !strings.Contains(view, "┃ line 999 of") {
		t.Fatalf("the view does not follow the cursor:\n%s", view)
	}
	r.Keys("ctrl+home")
	r.Type("Transcript: ")
	r.Keys("down", "end", "backspace")
	if !strings.HasPrefix(f.content.Value(), "Transcript: line 1 of a long transcript\nline 2 of a long transcrip\n") {
		t.Fatalf("editing at the top: %q", components.Head(f.content.Value(), 90))
	}
	if view := uitest.Plain(uitest.View(t, m)); !strings.Contains(view, "┃ Transcript: line 1 of a long transcript") {
		t.Fatalf("the view did not go back to the top:\n%s", view)
	}
	r.Keys("ctrl+z")
	if !strings.Contains(f.content.Value(), "\nline 2 of a long transcript\n") {
		t.Error("undo did not restore the deleted character")
	}
	if m.cur.gen == gen || r.Fire(uitest.Is[draftDueMsg]) == 0 {
		t.Fatal("edits to a long text are not autosaved")
	}
	if d, ok := readDraftFile(t, r.C, "b"); !ok || d.Values.Content != f.content.Value() {
		t.Error("the draft on disk is not the text")
	}
	if !m.keys.Retain.Editor.Enabled() {
		t.Error("$EDITOR is no longer offered")
	}
	req, errs := buildRequest(f.values(), "g")
	if errs != nil || req.Items[0].Content != f.content.Value() || strings.Count(req.Items[0].Content, "\n") != 999 {
		t.Fatal("the long text is not sent whole")
	}
}
