package reflect

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// fakeEditor is an $EDITOR for the tests: a shell script that records its arguments,
// the file it was given and that file's mode, then "saves" the content the test set
// (or fails, exit status 1, when the test asks it to).
type fakeEditor struct {
	t   *testing.T
	dir string
}

const fakeEditorScript = `#!/bin/sh
dir=$(dirname "$0")
for f in "$@"; do file=$f; done
printf '%s\n' "$0" "$@" > "$dir/argv"
cp "$file" "$dir/before"
ls -l "$file" | cut -c1-10 > "$dir/mode"
[ -f "$dir/fail" ] && exit 1
cp "$dir/content" "$file"
`

// newFakeEditor installs the script as $EDITOR, with flags, and $VISUAL unset.
func newFakeEditor(t *testing.T, flags string) *fakeEditor {
	dir := t.TempDir()
	script := filepath.Join(dir, "editor")
	if err := os.WriteFile(script, []byte(fakeEditorScript), 0o700); err != nil {
		t.Fatal(err)
	}
	t.Setenv("VISUAL", "")
	t.Setenv("EDITOR", script+" "+flags)
	return &fakeEditor{t: t, dir: dir}
}

// save sets what the editor saves next.
func (f *fakeEditor) save(content string) {
	f.t.Helper()
	if err := os.WriteFile(filepath.Join(f.dir, "content"), []byte(content), 0o600); err != nil {
		f.t.Fatal(err)
	}
}

// fail makes the editor exit with an error without saving.
func (f *fakeEditor) fail() { f.save(""); f.write("fail", "") }

func (f *fakeEditor) write(name, content string) {
	f.t.Helper()
	if err := os.WriteFile(filepath.Join(f.dir, name), []byte(content), 0o600); err != nil {
		f.t.Fatal(err)
	}
}

// read is a file the editor wrote.
func (f *fakeEditor) read(name string) string {
	f.t.Helper()
	b, err := os.ReadFile(filepath.Join(f.dir, name))
	if err != nil {
		f.t.Fatalf("the editor did not run: %v", err)
	}
	return string(b)
}

// argv is the editor's command line, the file last.
func (f *fakeEditor) argv() []string { return strings.Fields(f.read("argv")) }

// path is the file the editor was given.
func (f *fakeEditor) path() string { a := f.argv(); return a[len(a)-1] }

func TestSchemaInEditor(t *testing.T) {
	ed := newFakeEditor(t, "--wait")
	m, h := uitest.Demo(t, New)
	ed.save("{\n  \"type\": \"object\",\n  \"properties\": {\"summary\": {\"type\": \"string\"}}\n}\n")
	h.Keys("tab", "ctrl+e") // from the parameter bar
	if argv := ed.argv(); len(argv) != 3 || argv[1] != "--wait" || !strings.HasSuffix(argv[2], ".json") {
		t.Fatalf("editor argv %q", argv)
	}
	if mode := strings.TrimSpace(ed.read("mode")); mode != "-rw-------" {
		t.Errorf("the editor's file has mode %s, want -rw-------", mode)
	}
	if before := ed.read("before"); before != schemaExample {
		t.Errorf("the editor started with %q", before)
	}
	if _, err := os.Stat(ed.path()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the temporary file is still there: %v", err)
	}
	if got := m.cur.params.schema; got != `{"type":"object","properties":{"summary":{"type":"string"}}}` {
		t.Fatalf("schema %q", got)
	}
	if lastToast(h) != "response schema set: answers come with structured output" {
		t.Errorf("toast %q", lastToast(h))
	}
	for m.bar.Cursor() != int(iSchema) {
		h.Keys("tab")
	}

	// Editing again starts from the schema, indented; an invalid edit is kept (not
	// lost) and blocks sending.
	ed.save(`{"type": "object", "properties": }`)
	h.Keys("ctrl+e")
	if before := ed.read("before"); !strings.Contains(before, "\n  \"properties\": {") {
		t.Errorf("the editor started with %q", before)
	}
	if m.cur.params.schema != `{"type": "object", "properties": }` || !strings.Contains(lastToast(h), "not valid JSON") {
		t.Fatalf("schema %q, toast %q", m.cur.params.schema, lastToast(h))
	}
	// The bar's input holds the edited schema: typing goes on from it.
	h.Type("x")
	if m.cur.params.schema != `{"type": "object", "properties": }x` {
		t.Fatalf("typing after the edit gave %q", m.cur.params.schema)
	}
	// Emptying the file removes the schema.
	ed.save("\n")
	h.Keys("ctrl+e")
	if m.cur.params.schema != "" || lastToast(h) != "response schema removed" {
		t.Fatalf("schema %q, toast %q", m.cur.params.schema, lastToast(h))
	}
	// The example saved unchanged is not a schema.
	ed.save(schemaExample)
	h.Keys("ctrl+e")
	if m.cur.params.schema != "" || !strings.Contains(lastToast(h), "example was left unchanged") {
		t.Fatalf("schema %q, toast %q", m.cur.params.schema, lastToast(h))
	}
	// An editor that fails changes nothing, removes its file and is logged.
	m.cur.params.schema = `{"type":"object","properties":{"a":{}}}`
	ed.fail()
	h.Keys("ctrl+e")
	if m.cur.params.schema != `{"type":"object","properties":{"a":{}}}` || len(h.Errors) != 1 {
		t.Fatalf("schema %q, errors %v", m.cur.params.schema, h.Errors)
	}
	if _, err := os.Stat(ed.path()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the temporary file is still there: %v", err)
	}
}

func TestEditorArgv(t *testing.T) {
	for _, tt := range []struct{ visual, editor, want string }{
		{"", "", "vi"}, {"", "nano", "nano"}, {"code -w", "nano", "code -w"}, {"  ", "hx", "hx"},
	} {
		if got := strings.Join(editorArgv(tt.visual, tt.editor), " "); got != tt.want {
			t.Errorf("editorArgv(%q, %q) = %q, want %q", tt.visual, tt.editor, got, tt.want)
		}
	}
}

func TestExport(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	m, h := uitest.Demo(t, New)
	m.cur.params.tools = true
	m.cur.params.schema = `{"type":"object","properties":{"summary":{"type":"string"}}}`
	askAll(t, h, m, tokyoQuestion)
	m.cur.params = params{}
	ask(h, m, "a question that fails? no: a second one")
	h.Keys("esc", "e")
	form := uitest.Front[*components.Form](h)
	field := form.Fields()[0].(*components.TextField)
	if want := "./hindsight-reflect-user-alex-prefs-20261130-0900.md"; field.Value() != want {
		t.Fatalf("default path %q, want %q", field.Value(), want)
	}
	h.Keys("enter")
	path := filepath.Join(dir, "hindsight-reflect-user-alex-prefs-20261130-0900.md")
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatalf("no file: %v (toasts %v)", err, h.Toasts)
	}
	if perm := fi.Mode().Perm(); perm != 0o600 {
		t.Errorf("mode %o, want 600", perm)
	}
	if lastToast(h) != "wrote the transcript to "+path || h.Front() != nil {
		t.Errorf("toast %q, dialog %T", lastToast(h), h.Front())
	}
	b, _ := os.ReadFile(path)
	doc := string(b)
	for _, want := range []string{
		"# Reflect transcript: user-alex-prefs",
		"## 1. " + tokyoQuestion, "> " + tokyoQuestion,
		"- budget: low (default)", "- tool calls: yes", "- response schema:", `"summary": {`,
		"### Answer", "Flights: JL 67", "### Structured output", "```json",
		"### Evidence", "**Memories**", "**Mental models**", "**Directives**", "### Tool calls", "| 1 | search_mental_models |",
		"## 2. a question that fails? no: a second one", "- tool calls: no",
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("the export lacks %q", want)
		}
	}
	if regexp.MustCompile(`\x1b`).MatchString(doc) {
		t.Error("the export contains an escape character")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("the directory holds %d entries, want only the export", len(entries))
	}
}

func TestExportErrorsStayInThePrompt(t *testing.T) {
	m, h := uitest.Demo(t, New)
	askAll(t, h, m, "How does Alex take coffee?")
	h.Keys("esc", "e")
	form := uitest.Front[*components.Form](h)
	field := form.Fields()[0].(*components.TextField)
	missing := filepath.Join(t.TempDir(), "no", "such", "dir", "x.md")
	field.SetValue(missing)
	h.Keys("enter")
	if h.Front() != form || !strings.Contains(field.Error(), "cannot write in") {
		t.Fatalf("dialog %T, field error %q", h.Front(), field.Error())
	}
	field.SetValue(t.TempDir())
	h.Keys("enter")
	if !strings.Contains(field.Error(), "is a directory") {
		t.Fatalf("field error %q", field.Error())
	}
	h.Keys("esc")
	if h.Front() != nil {
		t.Fatal("esc did not close the prompt")
	}
}

func TestExportNeedsATurn(t *testing.T) {
	m, h := uitest.Demo(t, New)
	if m.keys.Reflect.Export.Enabled() {
		t.Error("export is offered with an empty transcript")
	}
	h.Deliver(common.ActionMsg{Kind: doExport})
	if h.Front() != nil || !strings.Contains(lastToast(h), "nothing to export") {
		t.Fatalf("dialog %T, toast %q", h.Front(), lastToast(h))
	}
}

func TestFileSafe(t *testing.T) {
	for in, want := range map[string]string{"user-alex-prefs": "user-alex-prefs", "a/b c": "a-b-c", "鮨": "bank", "..x..": "x"} {
		if got := components.FileSafe(in); got != want {
			t.Errorf("components.FileSafe(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestExportMarkdownStates: turns without an answer say why, and untrusted text is
// sanitized.
func TestExportMarkdownStates(t *testing.T) {
	req, _ := buildRequest("q", params{budget: "mid", tags: []string{"a`b"}, context: "ctx\x1b[31m"})
	turns := []*turn{
		{question: "failed one", req: req, asked: uitest.Now, state: turnFailed, reason: "the server refused the request (HTTP 400): no"},
		{question: "cancelled one\nsecond line", req: req, asked: uitest.Now, state: turnCancelled, took: 3e9},
		{question: "still out", req: req, asked: uitest.Now, state: turnWaiting},
	}
	doc := exportMarkdown("bank\x1b]0;x\a", uitest.GoldenURL, uitest.Now, turns, nil)
	for _, want := range []string{
		"# Reflect transcript: bank", "Exported 2026-11-30 09:00 UTC from " + uitest.GoldenURL + " with hindsight-tui; 3 turns.",
		"## 1. failed one", "### Failed\n\nthe server refused the request (HTTP 400): no",
		"## 2. cancelled one\n", "> cancelled one\n> second line\n", "_Cancelled after 3.00 s._",
		"## 3. still out", "_Still waiting for the answer when the transcript was exported._",
		"- budget: mid", "- tags: `a`b`", "- context: ctx",
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("export lacks %q:\n%s", want, doc)
		}
	}
	if strings.ContainsAny(doc, "\x1b\a") {
		t.Error("the export contains control characters")
	}
}
