package reflect

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/components"
)

// fakeEditor stands in for tea.ExecProcess: it checks the file the pane wrote, then
// "saves" content (or fails), and reports back as the real editor's exit would.
type fakeEditor struct {
	t       *testing.T
	argv    []string
	path    string
	before  string
	content string
	fail    error
}

func (f *fakeEditor) run(cmd *exec.Cmd, done tea.ExecCallback) tea.Cmd {
	return func() tea.Msg {
		f.argv = cmd.Args
		f.path = cmd.Args[len(cmd.Args)-1]
		fi, err := os.Stat(f.path)
		if err != nil {
			f.t.Fatalf("the editor's file: %v", err)
		}
		if perm := fi.Mode().Perm(); perm != 0o600 {
			f.t.Errorf("the editor's file has mode %o, want 600", perm)
		}
		b, _ := os.ReadFile(f.path)
		f.before = string(b)
		if f.fail == nil {
			if err := os.WriteFile(f.path, []byte(f.content), 0o600); err != nil {
				f.t.Fatal(err)
			}
		}
		return done(f.fail)
	}
}

func TestSchemaInEditor(t *testing.T) {
	t.Setenv("VISUAL", "")
	t.Setenv("EDITOR", "myeditor --wait")
	r, m := startPane(t, newCommon(t, demoServer(t)), alexBank, 88, 35)
	ed := &fakeEditor{t: t, content: "{\n  \"type\": \"object\",\n  \"properties\": {\"summary\": {\"type\": \"string\"}}\n}\n"}
	m.runEditor = ed.run
	r.keys("tab", "ctrl+e") // from the parameter bar
	if strings.Join(ed.argv[:2], " ") != "myeditor --wait" || !strings.HasSuffix(ed.path, ".json") {
		t.Fatalf("editor argv %q", ed.argv)
	}
	if ed.before != schemaExample {
		t.Errorf("the editor started with %q", ed.before)
	}
	if _, err := os.Stat(ed.path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the temporary file is still there: %v", err)
	}
	if got := m.cur.params.schema; got != `{"type":"object","properties":{"summary":{"type":"string"}}}` {
		t.Fatalf("schema %q", got)
	}
	if r.lastToast() != "response schema set: answers come with structured output" {
		t.Errorf("toast %q", r.lastToast())
	}

	// Editing again starts from the schema, indented; an invalid edit is kept (not
	// lost) and blocks sending.
	ed.content = `{"type": "object", "properties": }`
	r.keys("ctrl+e")
	if !strings.Contains(ed.before, "\n  \"properties\": {") {
		t.Errorf("the editor started with %q", ed.before)
	}
	if m.cur.params.schema != ed.content || !strings.Contains(r.lastToast(), "not valid JSON") {
		t.Fatalf("schema %q, toast %q", m.cur.params.schema, r.lastToast())
	}
	// Emptying the file removes the schema.
	ed.content = "\n"
	r.keys("ctrl+e")
	if m.cur.params.schema != "" || r.lastToast() != "response schema removed" {
		t.Fatalf("schema %q, toast %q", m.cur.params.schema, r.lastToast())
	}
	// The example saved unchanged is not a schema.
	ed.content = schemaExample
	r.keys("ctrl+e")
	if m.cur.params.schema != "" || !strings.Contains(r.lastToast(), "example was left unchanged") {
		t.Fatalf("schema %q, toast %q", m.cur.params.schema, r.lastToast())
	}
	// An editor that fails changes nothing, removes its file and is logged.
	m.cur.params.schema = `{"type":"object","properties":{"a":{}}}`
	ed.fail = errors.New("exit status 1")
	r.keys("ctrl+e")
	if m.cur.params.schema != `{"type":"object","properties":{"a":{}}}` || len(r.errors) != 1 {
		t.Fatalf("schema %q, errors %v", m.cur.params.schema, r.errors)
	}
	if _, err := os.Stat(ed.path); !errors.Is(err, os.ErrNotExist) {
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
	r, m := startPane(t, newCommon(t, demoServer(t)), alexBank, 88, 35)
	m.cur.params.tools = true
	m.cur.params.schema = `{"type":"object","properties":{"summary":{"type":"string"}}}`
	askAll(t, r, m, tokyoQuestion)
	m.cur.params = params{}
	r.ask("a question that fails? no: a second one")
	r.keys("esc", "e")
	form, ok := r.front().(*components.Form)
	if !ok {
		t.Fatalf("no export prompt: %T", r.front())
	}
	field := form.Fields()[0].(*components.TextField)
	if want := "./hindsight-reflect-user-alex-prefs-20261130-0900.md"; field.Value() != want {
		t.Fatalf("default path %q, want %q", field.Value(), want)
	}
	r.keys("enter")
	path := filepath.Join(dir, "hindsight-reflect-user-alex-prefs-20261130-0900.md")
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatalf("no file: %v (toasts %v)", err, r.toasts)
	}
	if perm := fi.Mode().Perm(); perm != 0o600 {
		t.Errorf("mode %o, want 600", perm)
	}
	if r.lastToast() != "exported 2 turns to "+path || r.front() != nil {
		t.Errorf("toast %q, dialog %T", r.lastToast(), r.front())
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
	r, m := startPane(t, newCommon(t, demoServer(t)), alexBank, 88, 35)
	askAll(t, r, m, "How does Alex take coffee?")
	r.keys("esc", "e")
	form := r.front().(*components.Form)
	field := form.Fields()[0].(*components.TextField)
	missing := filepath.Join(t.TempDir(), "no", "such", "dir", "x.md")
	field.SetValue(missing)
	r.keys("enter")
	if r.front() != form || !strings.Contains(field.Error(), "cannot write in") {
		t.Fatalf("dialog %T, field error %q", r.front(), field.Error())
	}
	field.SetValue(t.TempDir())
	r.keys("enter")
	if !strings.Contains(field.Error(), "is a directory") {
		t.Fatalf("field error %q", field.Error())
	}
	r.keys("esc")
	if r.front() != nil {
		t.Fatal("esc did not close the prompt")
	}
}

func TestExportNeedsATurn(t *testing.T) {
	r, m := startPane(t, newCommon(t, demoServer(t)), alexBank, 88, 35)
	if m.keys.Reflect.Export.Enabled() {
		t.Error("export is offered with an empty transcript")
	}
	r.send(action{owner: m, do: doExport})
	if r.front() != nil || !strings.Contains(r.lastToast(), "nothing to export") {
		t.Fatalf("dialog %T, toast %q", r.front(), r.lastToast())
	}
}

func TestFileSafe(t *testing.T) {
	for in, want := range map[string]string{"user-alex-prefs": "user-alex-prefs", "a/b c": "a-b-c", "鮨": "bank", "..x..": "x"} {
		if got := fileSafe(in); got != want {
			t.Errorf("fileSafe(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestExportMarkdownStates: turns without an answer say why, and untrusted text is
// sanitized.
func TestExportMarkdownStates(t *testing.T) {
	req, _ := buildRequest("q", params{budget: "mid", tags: []string{"a`b"}, context: "ctx\x1b[31m"})
	turns := []*turn{
		{question: "failed one", req: req, asked: testNow, state: turnFailed, reason: "the server refused the request (HTTP 400): no"},
		{question: "cancelled one\nsecond line", req: req, asked: testNow, state: turnCancelled, took: 3e9},
		{question: "still out", req: req, asked: testNow, state: turnWaiting},
	}
	doc := exportMarkdown("bank\x1b]0;x\a", goldenURL, testNow, turns)
	for _, want := range []string{
		"# Reflect transcript: bank", "Exported 2026-11-30 09:00 UTC from " + goldenURL + " with hindsight-tui; 3 turns.",
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
