package reflect

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

func TestAskShowsTheAnswerAndItsEvidence(t *testing.T) {
	rec := &recorder{}
	c := newCommon(t, demoServer(t), client.WithHTTPClient(&http.Client{Transport: rec}))
	r, m := startPane(t, c, alexBank, 88, 35)
	if m.zone != zoneComposer || !m.Capturing() {
		t.Fatal("the pane should open on the composer")
	}
	r.ask(tokyoQuestion)
	if n := len(m.cur.turns); n != 1 {
		t.Fatalf("%d turns", n)
	}
	tn := m.cur.turns[0]
	if tn.state != turnAnswered || !strings.Contains(tn.answer, "Flights: JL 67") {
		t.Fatalf("turn %v: %q %s", tn.state, tn.answer, tn.reason)
	}
	mem, mod, dir := tn.counts()
	if mem == 0 || mod == 0 || dir == 0 {
		t.Fatalf("evidence: %d memories, %d models, %d directives", mem, mod, dir)
	}
	if m.composer.Value() != "" {
		t.Errorf("the composer kept %q after sending", m.composer.Value())
	}
	bodies := rec.reflects()
	if len(bodies) != 1 || !strings.Contains(bodies[0], `"include":{"facts":{}}`) {
		t.Fatalf("requests %v", bodies)
	}
	view := plain(m.View())
	for _, want := range []string{"› " + tokyoQuestion, "Flights: JL 67", "budget low", "tokens ", "▸ evidence"} {
		if !strings.Contains(view, want) {
			t.Errorf("view lacks %q:\n%s", want, view)
		}
	}

	// space shows the evidence and selects its first memory; enter opens it.
	r.keys("esc", "space")
	if !tn.expanded || m.cur.sel.item != 0 {
		t.Fatalf("expanded %v, item %d", tn.expanded, m.cur.sel.item)
	}
	if !strings.Contains(plain(m.View()), "▾ evidence") {
		t.Error("the evidence header did not change")
	}
	r.keys("enter")
	d, ok := r.front().(*components.MemoryDialog)
	if !ok || d.Memory() == nil || d.Memory().ID != tn.evidence[0].id {
		t.Fatalf("memory dialog %T", r.front())
	}
	r.keys("esc")

	// A mental model opens in place.
	for m.cur.sel.item < 0 || tn.evidence[m.cur.sel.item].kind != evModel {
		r.keys("j")
	}
	r.keys("enter")
	if !tn.open[m.cur.sel.item] || r.front() != nil {
		t.Fatal("enter on a mental model should show its text in place")
	}
	// space hides the evidence and selects the turn again.
	r.keys("space")
	if tn.expanded || m.cur.sel.item != -1 {
		t.Fatal("space did not hide the evidence")
	}
}

func TestComposerNewlinesAndEnter(t *testing.T) {
	rec := &recorder{}
	c := newCommon(t, demoServer(t), client.WithHTTPClient(&http.Client{Transport: rec}))
	r, m := startPane(t, c, alexBank, 88, 35)
	r.typeText("Where does Alex")
	r.keys("alt+enter")
	r.typeText("get coffee?")
	r.keys("ctrl+j")
	r.typeText("Be brief.")
	if got := m.composer.Value(); got != "Where does Alex\nget coffee?\nBe brief." {
		t.Fatalf("composer %q", got)
	}
	if len(rec.reflects()) != 0 {
		t.Fatal("a new line sent the question")
	}
	r.keys("enter")
	bodies := rec.reflects()
	if len(bodies) != 1 || !strings.Contains(bodies[0], `"query":"Where does Alex\nget coffee?\nBe brief."`) {
		t.Fatalf("requests %v", bodies)
	}
	// An empty composer sends nothing.
	r.keys("enter")
	if len(rec.reflects()) != 1 || r.lastToast() != "type a question" {
		t.Fatalf("empty question: %d requests, toast %q", len(rec.reflects()), r.lastToast())
	}
}

func TestDraftAndParametersSurviveSwitching(t *testing.T) {
	r, m := startPane(t, newCommon(t, demoServer(t)), alexBank, 88, 35)
	r.typeText("half-typed question")
	m.cur.params.budget = "high"
	m.setTags([]string{"trip:tokyo-2026"})
	// Another pane takes the focus and gives it back.
	m.Blur()
	r.send(run(t, m.Focus())...)
	if m.composer.Value() != "half-typed question" {
		t.Fatalf("after blur: %q", m.composer.Value())
	}
	// Another bank has its own draft and parameters.
	r.send(common.BankSelectedMsg{BankID: "research-agent"})
	if m.composer.Value() != "" || m.cur.params.budget != "" || len(m.bar.tags.Tags()) != 0 {
		t.Fatalf("research-agent starts with %q, budget %q, tags %v", m.composer.Value(), m.cur.params.budget, m.bar.tags.Tags())
	}
	r.typeText("other draft")
	r.send(common.BankSelectedMsg{BankID: alexBank})
	if m.composer.Value() != "half-typed question" || m.cur.params.budget != "high" ||
		strings.Join(m.bar.tags.Tags(), ",") != "trip:tokyo-2026" {
		t.Fatalf("back in %s: %q, budget %q, tags %v", alexBank, m.composer.Value(), m.cur.params.budget, m.bar.tags.Tags())
	}
	r.send(common.BankSelectedMsg{BankID: "research-agent"})
	if m.composer.Value() != "other draft" {
		t.Fatalf("research-agent draft %q", m.composer.Value())
	}
}

// TestAnswerLandsInItsBank: a question out when the bank changes is answered into its
// own transcript.
func TestAnswerLandsInItsBank(t *testing.T) {
	r, m := startPane(t, newCommon(t, demoServer(t)), alexBank, 88, 35)
	r.hold = true
	r.ask(tokyoQuestion)
	r.hold = false
	r.send(common.BankSelectedMsg{BankID: "research-agent"})
	r.release()
	if len(m.cur.turns) != 0 {
		t.Fatal("the answer landed in the other bank")
	}
	if tn := m.banks[alexBank].turns[0]; tn.state != turnAnswered {
		t.Fatalf("the asked bank's turn is %v", tn.state)
	}
}

func TestParameterBarEditsTheRequest(t *testing.T) {
	rec := &recorder{}
	c := newCommon(t, demoServer(t), client.WithHTTPClient(&http.Client{Transport: rec}))
	r, m := startPane(t, c, alexBank, 88, 35)
	r.keys("tab") // composer → bar, on budget
	if m.zone != zoneBar {
		t.Fatal("tab did not open the parameters")
	}
	r.keys("space") // budget mid
	r.keys("tab")   // max_tokens
	r.typeText("600")
	r.keys("tab") // tags
	r.typeText("trip:tokyo-2026")
	r.keys("enter")
	r.keys("tab", "tab", "space") // world
	for m.bar.cursor != iTools {
		r.keys("tab")
	}
	r.keys("space", "tab")
	r.typeText("planning dinner")
	r.keys("esc")
	r.typeText("Where should Alex eat in Tokyo?")
	r.keys("enter")
	bodies := rec.reflects()
	want := `{"query":"Where should Alex eat in Tokyo?","budget":"mid","context":"planning dinner","max_tokens":600,` +
		`"include":{"facts":{},"tool_calls":{"output":false}},"tags":["trip:tokyo-2026"],"fact_types":["world"]}`
	if len(bodies) != 1 || bodies[0] != want {
		t.Fatalf("request\n got %v\nwant %s", bodies, want)
	}
	tn := m.cur.turns[0]
	if tn.state != turnAnswered || len(tn.tools) == 0 {
		t.Fatalf("turn %v with %d tool calls", tn.state, len(tn.tools))
	}
	// An invalid value is marked and nothing is sent.
	r.keys("esc", "p")
	for m.bar.cursor != iSchema {
		r.keys("tab")
	}
	r.typeText(`{"type":`)
	r.keys("esc") // back to the transcript, where p opened the bar
	if m.zone != zoneTranscript {
		t.Fatalf("esc from the bar went to zone %d", m.zone)
	}
	r.keys("i")
	r.typeText("again?")
	r.keys("enter")
	if len(rec.reflects()) != 1 || !strings.Contains(r.lastToast(), "not sent: response_schema: not valid JSON") {
		t.Fatalf("%d requests, toast %q", len(rec.reflects()), r.lastToast())
	}
	if m.composer.Value() != "again?" {
		t.Fatalf("the draft became %q", m.composer.Value())
	}
	if !strings.Contains(plain(m.View()), "✗ response_schema: not valid JSON") {
		t.Errorf("the problem is not shown:\n%s", plain(m.View()))
	}
}

func TestStructuredOutput(t *testing.T) {
	r, m := startPane(t, newCommon(t, demoServer(t)), alexBank, 88, 35)
	m.cur.params.schema = `{"type":"object","properties":{"summary":{"type":"string"},"count":{"type":"integer"}}}`
	r.ask(tokyoQuestion)
	tn := m.cur.turns[0]
	if !strings.Contains(tn.structured, "\"count\": ") || !strings.Contains(plain(m.View()), "structured output") {
		t.Fatalf("structured %q", tn.structured)
	}
	// A schema the server cannot fill: 200 without structured_output.
	m.cur.params.schema = `{"type":"object","properties":{"mood":{"type":"string","enum":["ecstatic"]}},"required":["mood"]}`
	r.ask(tokyoQuestion)
	if tn := m.cur.turns[1]; tn.state != turnAnswered || tn.structured != "" {
		t.Fatalf("turn %v structured %q", tn.state, tn.structured)
	}
	if !strings.Contains(plain(m.View()), "the server returned no structured output") {
		t.Errorf("no note:\n%s", plain(m.View()))
	}
}

func TestCopyTheAnswer(t *testing.T) {
	r, m := startPane(t, newCommon(t, demoServer(t)), alexBank, 88, 35)
	r.ask(tokyoQuestion)
	r.keys("esc", "y", "Y")
	if len(r.clips) != 2 || r.clips[0] != m.cur.turns[0].answer {
		t.Fatalf("clips %q", r.clips)
	}
	var resp client.ReflectResponse
	if err := json.Unmarshal([]byte(r.clips[1]), &resp); err != nil || resp.Text == "" || resp.BasedOn == nil {
		t.Fatalf("JSON copy: %v %q", err, r.clips[1])
	}
}

// TestUntrustedAnswer: escape sequences in an answer do not survive sanitizing and
// rendering; glamour's own styling and the text do.
func TestUntrustedAnswer(t *testing.T) {
	body := `{"text":"Alex \u001b[31mred\u001b[0m and \u001b]52;c;c2VjcmV0\u0007 clip \u001b]0;title\u0007 [a link](https://example.com) **done**","based_on":{"memories":[{"id":"x","text":"evil \u001b[2J memory","type":"world"}],"mental_models":[],"directives":[]}}`
	srv := demoServer(t, hindsighttest.WithFault(hindsighttest.Fault{Method: "POST", Path: reflectPath, Status: 200, Body: body}))
	r, m := startPane(t, newCommon(t, srv), alexBank, 88, 35)
	r.ask("anything")
	r.keys("esc", "space")
	view := m.View()
	for _, bad := range []string{"\x1b]52", "\x1b]0;", "\x1b]8;", "\x1b[31m", "\x1b[2J", "\a"} {
		if strings.Contains(view, bad) {
			t.Errorf("view contains %q", bad)
		}
	}
	text := plain(view)
	for _, want := range []string{"Alex red and", "clip", "done", "evil memory"} {
		if !strings.Contains(text, want) {
			t.Errorf("view lacks %q:\n%s", want, text)
		}
	}
}

func TestNoBank(t *testing.T) {
	r, m := startPane(t, newCommon(t, demoServer(t)), "", 88, 35)
	r.typeText("hello")
	r.keys("enter")
	if len(m.cur.turns) != 0 || r.lastToast() != "select a bank to ask" {
		t.Fatalf("turns %d, toast %q", len(m.cur.turns), r.lastToast())
	}
	if m.Actions() != nil {
		t.Error("actions offered without a bank")
	}
}

// Esc leaves the composer even before the first question, keeping the draft, so the
// global keys (tab numbers, q) work again instead of being typed into the question.
func TestEscLeavesAnEmptyTranscriptsComposer(t *testing.T) {
	c := newCommon(t, demoServer(t))
	r, m := startPane(t, c, "user-alex-prefs", 88, 35)
	if !m.Capturing() {
		t.Fatal("the composer does not have focus on a fresh pane")
	}
	r.typeText("half a question")
	r.keys("esc")
	if m.Capturing() {
		t.Fatal("esc did not leave the composer")
	}
	if got := m.composer.Value(); got != "half a question" {
		t.Fatalf("draft after esc = %q", got)
	}
}
