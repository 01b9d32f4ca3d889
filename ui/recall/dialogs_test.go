package recall

import (
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/ui/codegen"
	"hindsight-tui/ui/components"
)

// TestCopyAsCodePassesTheCurrentRequest checks each target gets exactly the request
// the pane would send (the snippets themselves are the codegen package's business).
func TestCopyAsCodePassesTheCurrentRequest(t *testing.T) {
	srv := demoServer(t)
	c := newCommon(t, srv)
	c.KeySet = true
	r, m := startPane(t, c, "user-alex-prefs", 88, 35)
	m.cur.filters = filters{types: [3]bool{true, false, false}, tags: []string{"source:chat"}, match: "any_strict",
		budget: "high", maxTokens: "1500", timestamp: "2026-11-01", trace: true, chunks: true}
	m.search.SetValue("what coffee does Alex like")
	r.keys("esc", "c")
	req, _ := buildRequest("what coffee does Alex like", m.cur.filters)
	in := codegen.Input{BaseURL: goldenURL, BankID: "user-alex-prefs", KeySet: true, Req: req}
	for i, target := range codegen.Targets() {
		d, ok := r.front().(*codeDialog)
		if !ok {
			t.Fatalf("front dialog %T", r.front())
		}
		if d.cur != i {
			t.Fatalf("target %d selected, want %d", d.cur, i)
		}
		want := codegen.Recall(target, in)
		if d.snippets[i] != want {
			t.Errorf("%s snippet differs from codegen.Recall of the current request", target)
		}
		if !strings.Contains(plain(d.View()), target.String()) {
			t.Errorf("menu lacks %s", target)
		}
		r.keys("down")
	}
	r.keys("up", "enter") // the last target
	if len(r.clips) != 1 || r.clips[0] != codegen.Recall(codegen.SmolAgents, in) {
		t.Fatalf("clipboard got %q", r.clips)
	}
	if r.front() != nil {
		t.Error("enter did not close the menu")
	}
	if len(r.toasts) == 0 || !strings.Contains(r.toasts[len(r.toasts)-1], "copied") {
		t.Errorf("toasts %v", r.toasts)
	}
	for _, s := range codegen.Targets() {
		if strings.Contains(codegen.Recall(s, in), "secret") {
			t.Errorf("%s leaks a key", s)
		}
	}
}

func TestCopyAsCodeRefusesAnInvalidRequest(t *testing.T) {
	srv := demoServer(t)
	r, m := startPane(t, newCommon(t, srv), "user-alex-prefs", 88, 35)
	m.cur.filters.maxTokens = "many"
	r.keys("esc", "c")
	if r.front() != nil {
		t.Fatal("the menu opened for a request that cannot be sent")
	}
	if len(r.toasts) == 0 || !strings.Contains(r.toasts[0], "max_tokens") {
		t.Errorf("toasts %v", r.toasts)
	}
}

func TestPromptPreview(t *testing.T) {
	srv := demoServer(t)
	r, m := startPane(t, newCommon(t, srv), "user-alex-prefs", 88, 35)
	r.query("coffee")
	r.keys("p")
	d, ok := r.front().(*promptDialog)
	if !ok {
		t.Fatalf("front dialog %T", r.front())
	}
	want := codegen.PromptBlock(m.res.results())
	if d.text != want || d.tokens != codegen.EstimateTokens(want) {
		t.Errorf("prompt block or its count differ from codegen's")
	}
	if !strings.Contains(plain(d.View()), "tokens") {
		t.Errorf("no token count in the title:\n%s", plain(d.View()))
	}
	r.keys("j", "enter")
	if len(r.clips) != 1 || r.clips[0] != want {
		t.Error("enter did not copy the block")
	}
}

func TestOpenMemoryShowsHistoryOfObservations(t *testing.T) {
	srv := demoServer(t)
	r, m := startPane(t, newCommon(t, srv), "user-alex-prefs", 88, 35)
	m.cur.filters.types = [3]bool{false, false, true}
	r.query("coffee")
	if len(m.res.rows) == 0 {
		t.Fatal("no observations")
	}
	r.keys("enter")
	d, ok := r.front().(*components.MemoryDialog)
	if !ok {
		t.Fatalf("front dialog %T", r.front())
	}
	if d.Loading() || d.Memory() == nil {
		t.Fatal("memory not loaded")
	}
	if d.Memory().ID != m.selectedID() || d.Memory().FactType != client.FactObservation {
		t.Errorf("opened %s %s", d.Memory().ID, d.Memory().FactType)
	}
	doc := plain(strings.Join(components.MemoryDoc(d.Memory(), d.History(), testNow).Lines(m.c.Styles, 90), "\n"))
	for _, want := range []string{"Built from", "History (oldest first)"} {
		if !strings.Contains(doc, want) {
			t.Errorf("memory view lacks %q:\n%s", want, doc)
		}
	}
	r.keys("y")
	if len(r.clips) != 1 || r.clips[0] != m.selectedID() {
		t.Errorf("y copied %q", r.clips)
	}
	r.keys("esc")
	if r.front() != nil {
		t.Error("esc did not close the memory")
	}
}
