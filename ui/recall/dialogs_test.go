package recall

import (
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/ui/codegen"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// TestCopyAsCodePassesTheCurrentRequest checks each target gets exactly the request
// the pane would send (the snippets themselves are the codegen package's business).
func TestCopyAsCodePassesTheCurrentRequest(t *testing.T) {
	m, h := uitest.Demo(t, New)
	h.C.KeySet = true
	m.cur.filters = filters{types: [3]bool{true, false, false}, tags: []string{"source:chat"}, match: "any_strict",
		budget: "high", maxTokens: "1500", timestamp: "2026-11-01", trace: true, chunks: true}
	m.search.SetValue("what coffee does Alex like")
	h.Keys("esc", "c")
	req, _ := buildRequest("what coffee does Alex like", m.cur.filters, uitest.Now)
	in := codegen.Input{BaseURL: uitest.GoldenURL, BankID: "user-alex-prefs", KeySet: true, Req: req}
	for i, target := range codegen.Targets() {
		d := uitest.Front[*codeDialog](h)
		if d.cur != i {
			t.Fatalf("target %d selected, want %d", d.cur, i)
		}
		want := codegen.Recall(target, in)
		if d.snippets[i] != want {
			t.Errorf("%s snippet differs from codegen.Recall of the current request", target)
		}
		if !strings.Contains(uitest.Plain(uitest.View(t, d)), target.String()) {
			t.Errorf("menu lacks %s", target)
		}
		h.Keys("down")
	}
	h.Keys("up", "enter") // the last target
	if len(h.Clipboard) != 1 || h.Clipboard[0] != codegen.Recall(codegen.SmolAgents, in) {
		t.Fatalf("clipboard got %q", h.Clipboard)
	}
	if h.Front() != nil {
		t.Error("enter did not close the menu")
	}
	if len(h.Toasts) == 0 || !strings.Contains(h.Toasts[len(h.Toasts)-1], "to the terminal clipboard") {
		t.Errorf("toasts %v", h.Toasts)
	}
	for _, s := range codegen.Targets() {
		if strings.Contains(codegen.Recall(s, in), "secret") {
			t.Errorf("%s leaks a key", s)
		}
	}
}

func TestCopyAsCodeRefusesAnInvalidRequest(t *testing.T) {
	m, h := uitest.Demo(t, New)
	m.cur.filters.maxTokens = "many"
	h.Keys("esc", "c")
	if h.Front() != nil {
		t.Fatal("the menu opened for a request that cannot be sent")
	}
	if len(h.Toasts) == 0 || !strings.Contains(h.Toasts[0], "max_tokens") {
		t.Errorf("toasts %v", h.Toasts)
	}
}

func TestPromptPreview(t *testing.T) {
	m, h := uitest.Demo(t, New)
	query(h, m, "coffee")
	h.Keys("p")
	d := uitest.Front[*promptDialog](h)
	want := codegen.PromptBlock(m.res.results())
	if d.text != want || d.tokens != codegen.EstimateTokens(want) {
		t.Errorf("prompt block or its count differ from codegen's")
	}
	if !strings.Contains(uitest.Plain(uitest.View(t, d)), "tokens") {
		t.Errorf("no token count in the title:\n%s", uitest.Plain(uitest.View(t, d)))
	}
	h.Keys("j", "enter")
	if len(h.Clipboard) != 1 || h.Clipboard[0] != want {
		t.Error("enter did not copy the block")
	}
}

func TestOpenMemoryShowsHistoryOfObservations(t *testing.T) {
	m, h := uitest.Demo(t, New)
	m.cur.filters.types = [3]bool{false, false, true}
	query(h, m, "coffee")
	if len(m.res.rows) == 0 {
		t.Fatal("no observations")
	}
	h.Keys("enter")
	d := uitest.Front[*components.MemoryDialog](h)
	if d.Loading() || d.Memory() == nil {
		t.Fatal("memory not loaded")
	}
	if d.Memory().ID != m.selectedID() || d.Memory().FactType != client.FactObservation {
		t.Errorf("opened %s %s", d.Memory().ID, d.Memory().FactType)
	}
	doc := uitest.Plain(strings.Join(components.MemoryDoc(d.Memory(), d.History(), uitest.Now).Lines(m.c.Styles, 90), "\n"))
	for _, want := range []string{"Built from", "History (oldest first)"} {
		if !strings.Contains(doc, want) {
			t.Errorf("memory view lacks %q:\n%s", want, doc)
		}
	}
	h.Keys("y")
	if len(h.Clipboard) != 1 || h.Clipboard[0] != m.selectedID() {
		t.Errorf("y copied %q", h.Clipboard)
	}
	h.Keys("esc")
	if h.Front() != nil {
		t.Error("esc did not close the memory")
	}
}
