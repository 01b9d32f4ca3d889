package llmlog

import (
	"bufio"
	"context"
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/keymap"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

func TestKeys(t *testing.T) {
	km := keymap.Default()
	if p := keymap.Check(km.LLMLog, km.Global, km.List); len(p) > 0 {
		t.Fatal(strings.Join(p, "\n"))
	}
	if p := keymap.Check(km.LLMLog.Bar); len(p) > 0 {
		t.Fatal(strings.Join(p, "\n"))
	}
}

// The list is the bank's runs, newest first, each with its calls; the request asks
// for runs (group=true).
func TestGroupedList(t *testing.T) {
	rec := &uitest.Recorder{}
	m, _ := uitest.Demo(t, New, seed(), uitest.Bank(logBank), uitest.WithClient(rec.Option()))
	if len(m.runs) != 3 || len(m.calls) != 15 {
		t.Fatalf("%d runs, %d calls", len(m.runs), len(m.calls))
	}
	reqs := rec.Matching("GET", "/llm-requests")
	if len(reqs) != 1 {
		t.Fatalf("requests %+v", reqs)
	}
	q, _ := url.ParseQuery(reqs[0].Query)
	if q.Get("group") != "true" || q.Get("limit") != "20" {
		t.Errorf("query %q", reqs[0].Query)
	}
	v := view(t, m)
	for _, want := range []string{"LLM requests of travel-concierge", "3 runs · page 1/1", "reflect · 5 calls",
		"consolidation · 4 calls", "1 failed", "reflect_tool_call", "openai/gpt-4o-mini", "✗ error", "✓ ok",
		"tokens per day, last 7 days", "consolidation        "} {
		if !strings.Contains(v, want) {
			t.Errorf("no %q in\n%s", want, v)
		}
	}
	// The newest run first, its calls oldest first.
	if m.runs[0].Operation != "reflect" || !m.runs[0].Calls[0].StartedAt.Before(m.runs[0].Calls[4].StartedAt.Time) {
		t.Errorf("order: %s first, calls %v … %v", m.runs[0].Operation, m.runs[0].Calls[0].StartedAt, m.runs[0].Calls[4].StartedAt)
	}
	if !strings.ContainsAny(v, "▁▂▃▄▅▆▇█") {
		t.Errorf("no sparkline in\n%s", v)
	}
	h := uitest.Key("t")
	m.Update(h)
	if strings.Contains(view(t, m), "tokens per day") {
		t.Error("t did not hide the chart")
	}
}

// Each filter is sent as its parameter; choices list again at once, typed ones when
// submitted.
func TestFiltersSentAsParams(t *testing.T) {
	rec := &uitest.Recorder{}
	m, h := uitest.Demo(t, New, seed(), uitest.Bank(logBank), uitest.WithClient(rec.Option()))
	rec.Reset()
	h.Keys("/")
	if !m.Capturing() {
		t.Fatal("the bar does not capture typing")
	}
	h.Keys("space", "space")        // operation: retain, consolidation
	h.Keys("tab", "space", "space") // status: success, error
	if len(m.runs) != 2 {
		t.Errorf("consolidation errors: %d runs", len(m.runs))
	}
	h.Keys("tab")
	h.Type("groq")
	h.Keys("tab")
	h.Type("doc-1")
	h.Keys("tab")
	h.Type("mem-1")
	h.Keys("tab")
	h.Type("trace-1")
	h.Keys("enter")
	if m.Capturing() {
		t.Error("enter did not leave the bar")
	}
	reqs := rec.Matching("GET", "/llm-requests")
	last, _ := url.ParseQuery(reqs[len(reqs)-1].Query)
	for k, want := range map[string]string{"operation": "consolidation", "status": "error", "provider": "groq",
		"document_id": "doc-1", "memory_id": "mem-1", "trace_id": "trace-1", "group": "true", "offset": ""} {
		if got := last.Get(k); got != want {
			t.Errorf("%s = %q, want %q (query %s)", k, got, want, reqs[len(reqs)-1].Query)
		}
	}
	// Typing sent nothing until enter: two choices twice each, then the submit.
	if len(reqs) != 5 {
		t.Errorf("%d list requests: %+v", len(reqs), reqs)
	}
	if v := view(t, m); !strings.Contains(v, "operation consolidation") || !strings.Contains(v, "No LLM calls match.") {
		t.Errorf("view:\n%s", v)
	}
}

// hostile is a call whose input, output and error try to drive the terminal.
func hostile() client.LLMRequest {
	in, _ := json.Marshal([]map[string]string{{"role": "user", "content": "hi \x1b]52;c;cHduZWQ=\x07 there\x1b[2J" + strings.Repeat(" long line", 200)}})
	out, _ := json.Marshal("answer \x1b[31mred\x1b[0m \u202eevil")
	n := 42
	return client.LLMRequest{ID: "call-1", TraceID: "trace-1", Operation: "reflect", Scope: "reflect_tool_call",
		Provider: "openai", Model: "gpt\x1b[5m", Status: client.LLMStatusError, Error: "Boom\x1b]0;title\x07: bad",
		Input: in, Output: out, TotalTokens: &n, DurationMS: &n}
}

// The detail shows input, output, tokens and error, every string sanitized, and
// scrolls.
func TestDetailSanitized(t *testing.T) {
	m, h := uitest.Demo(t, New, seed(), uitest.Bank(logBank))
	m.Update(listMsg{seq: m.seq, bank: logBank, list: &client.LLMRequestList{Items: []client.LLMRequest{hostile()}, Page: client.Page{Total: 1}}})
	h.Keys("enter")
	if !m.detail {
		t.Fatal("enter did not open the detail")
	}
	v := uitest.View(t, m)
	if strings.ContainsRune(v, '\x07') || strings.Contains(v, "\x1b]") || strings.Contains(v, "\x1b[2J") || strings.Contains(v, "\x1b[5m") || strings.ContainsRune(v, '\u202e') {
		t.Errorf("control sequences reach the terminal: %q", v)
	}
	plain := uitest.Plain(v)
	for _, want := range []string{"[user]", "Input", "✗ Boom", "42 total", "42ms", "openai/gpt"} {
		if !strings.Contains(plain, want) {
			t.Errorf("no %q in\n%s", want, plain)
		}
	}
	before := m.dscroll
	h.Keys("pgdown")
	if m.dscroll == before {
		t.Error("pgdown did not scroll the long input")
	}
	h.Keys("G")
	v = uitest.View(t, m)
	if strings.ContainsRune(v, '\u202e') || strings.Contains(v, "\x1b[31m") {
		t.Errorf("control sequences reach the terminal: %q", v)
	}
	if plain := uitest.Plain(v); !strings.Contains(plain, "Output") || !strings.Contains(plain, "answer") {
		t.Errorf("the end of the detail lacks the output:\n%s", plain)
	}
	h.Keys("esc")
	if m.detail {
		t.Error("esc did not close the detail")
	}
}

// S writes the selected run (or the marked ones) to a new private JSONL file, one
// call a line, and refuses a file that exists.
func TestSaveJSONL(t *testing.T) {
	m, h := uitest.Demo(t, New, seed(), uitest.Bank(logBank))
	h.Keys("space") // mark the reflect run
	h.Keys("G")     // the last call: the second consolidation
	h.Keys("space")
	path := filepath.Join(t.TempDir(), "runs.jsonl")
	save := func() {
		h.Keys("S")
		f := uitest.Front[*components.Form](h)
		_ = f
		h.Keys("ctrl+u")
		for i := 0; i < 200; i++ {
			h.Keys("backspace")
		}
		h.Type(path)
		h.Keys("enter")
	}
	save()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", fi.Mode().Perm())
	}
	f, _ := os.Open(path)
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n, traces := 0, map[string]bool{}
	for sc.Scan() {
		var c map[string]any
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("line %d: %v", n, err)
		}
		traces[c["trace_id"].(string)] = true
		if c["llm_info"] == nil || c["input"] == nil {
			t.Errorf("line %d lacks llm_info or input: %v", n, c)
		}
		n++
	}
	if n != 5+6 || len(traces) != 2 {
		t.Errorf("%d lines over %d runs", n, len(traces))
	}
	if len(h.Toasts) == 0 || !strings.Contains(h.Toasts[len(h.Toasts)-1], "wrote 2 runs (11 calls) to "+path) {
		t.Errorf("toasts %v", h.Toasts)
	}
	// Again: the file exists and stays as it was.
	h.Toasts = nil
	save()
	if fi2, _ := os.Stat(path); fi2.Size() != fi.Size() {
		t.Error("the existing file was replaced")
	}
	if h.Front() == nil || !strings.Contains(uitest.Plain(h.Front().View()), "exists") {
		t.Errorf("no refusal shown; toasts %v", h.Toasts)
	}
	_ = m
}

// WriteNew never replaces a file.
func TestWriteNewRefusesExisting(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.jsonl")
	if err := os.WriteFile(path, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := WriteNew(context.Background(), path, "new"); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Fatalf("err %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "keep" {
		t.Errorf("content %q", b)
	}
}

// L in the memory inspector opens this pane on the memory's provenance: the runs
// filtered on it, the extraction that produced it first and selected.
func TestProvenanceFromMemory(t *testing.T) {
	srv := server(t)
	m, h := uitest.Demo(t, New, uitest.OnServer(srv), uitest.Bank(logBank), uitest.ID(common.PaneLLMLog))
	id := retainFact(t, h.C.Client, logBank, "prov-doc", "Maya prefers aisle seats on overnight flights to Lisbon.")
	// A reflect that uses it, newer than the extraction.
	if _, err := h.C.Client.Reflect(context.Background(), logBank, client.ReflectRequest{Query: "Which seats does Maya like on flights to Lisbon?"}); err != nil {
		t.Fatal(err)
	}
	h.Open(components.NewMemoryDialog(h.C, logBank, id))
	h.Keys("L")
	if len(h.Shown) != 1 || h.Shown[0].ID != common.PaneLLMLog {
		t.Fatalf("shown %+v", h.Shown)
	}
	if m.provenance != id || m.sent.memory != id {
		t.Fatalf("provenance %q, memory filter %q", m.provenance, m.sent.memory)
	}
	if len(m.runs) == 0 || m.runs[0].Operation != "retain" {
		t.Fatalf("runs %+v", m.runs)
	}
	if c := m.selected(); c == nil || !producedBy(c, id) {
		t.Errorf("selected %+v", c)
	}
	v := view(t, m)
	if !strings.Contains(v, "Provenance of memory "+common.ShortID(id)) || !strings.Contains(v, "★") {
		t.Errorf("view:\n%s", v)
	}
	h.Keys("esc")
	if m.provenance != "" || m.sent.memory != "" {
		t.Error("esc did not go back to the whole log")
	}
}

// An answer for a list the user has moved on from is dropped.
func TestStaleAnswerDropped(t *testing.T) {
	m, _ := uitest.Demo(t, New, seed(), uitest.Bank(logBank))
	old := m.seq
	_ = m.load()
	m.Update(listMsg{seq: old, bank: logBank, list: &client.LLMRequestList{Items: []client.LLMRequest{hostile()}}})
	if len(m.calls) != 15 || !m.loading {
		t.Errorf("a stale answer was shown: %d calls", len(m.calls))
	}
	m.Update(statsMsg{seq: m.statsSeq - 1, bank: logBank, stats: nil, err: context.Canceled})
	if m.statsErr != nil {
		t.Error("a stale stats answer was shown")
	}
}

// r lists again with the cursor on the same call, wherever it moved.
func TestSelectionSurvivesReload(t *testing.T) {
	m, h := uitest.Demo(t, New, seed(), uitest.Bank(logBank))
	h.Keys("j", "j", "j", "j", "j", "j")
	want := m.selected().ID
	h.Keys("r")
	if got := m.selected(); got == nil || got.ID != want {
		t.Errorf("selected %v, want %s", got, want)
	}
	// A new run listed first moves the call down; the cursor follows it.
	retainFact(t, h.C.Client, logBank, "new-doc", "The hotel in Porto has a rooftop pool.")
	h.Keys("r")
	if got := m.selected(); got == nil || got.ID != want || m.cursor <= 6 {
		t.Errorf("after a new run: selected %v at %d, want %s", got, m.cursor, want)
	}
}

// Read-only mode keeps everything: the pane writes only local files.
func TestReadOnly(t *testing.T) {
	rec := &uitest.Recorder{}
	m, h := uitest.Demo(t, New, seed(), uitest.Bank(logBank), uitest.ReadOnly(), uitest.WithClient(rec.Option()))
	h.Keys("enter", "esc", "space", "r", "]", "[", "t")
	if w := rec.Writes(); len(w) != 0 {
		t.Errorf("writes %+v", w)
	}
	h.Keys("S")
	if uitest.Front[*components.Form](h) == nil {
		t.Error("saving a local file is not offered read-only")
	}
	_ = m
}
