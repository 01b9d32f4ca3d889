package reflect

import (
	"encoding/json"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// The bank most tests ask, and a question the demo answers with every kind of
// evidence (memories, a mental model, directives).
const (
	alexBank      = uitest.DemoBank
	tokyoQuestion = "What are Alex's plans for the Tokyo trip?"
	reflectPath   = "/v1/default/banks/" + alexBank + "/reflect"
)

// ask types q into the composer and sends it.
func ask(h *uitest.Host, m *Model, q string) {
	h.T.Helper()
	h.Do(askHeld(h, m, q))
}

// askHeld types q into the composer and presses enter, holding the question's request
// (see uitest.Host.Hold): the question is out until the test runs it with Do.
func askHeld(h *uitest.Host, m *Model, q string) tea.Cmd {
	h.T.Helper()
	if m.zone != zoneComposer {
		h.Keys("i")
	}
	h.Type(q)
	return h.Hold("enter")
}

// reflects are the bodies of the reflect requests rec saw.
func reflects(rec *uitest.Recorder) []string { return rec.Bodies("POST", "/reflect") }

// lastToast is the newest toast, or "".
func lastToast(h *uitest.Host) string {
	if n := len(h.Toasts); n > 0 {
		return h.Toasts[n-1]
	}
	return ""
}

func TestAskShowsTheAnswerAndItsEvidence(t *testing.T) {
	rec := &uitest.Recorder{}
	m, h := uitest.Demo(t, New, uitest.WithClient(rec.Option()))
	if m.zone != zoneComposer || !m.Capturing() {
		t.Fatal("the pane should open on the composer")
	}
	ask(h, m, tokyoQuestion)
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
	bodies := reflects(rec)
	if len(bodies) != 1 || !strings.Contains(bodies[0], `"include":{"facts":{}}`) {
		t.Fatalf("requests %v", bodies)
	}
	view := uitest.Plain(uitest.View(t, m))
	for _, want := range []string{"› " + tokyoQuestion, "Flights: JL 67", "budget low", "tokens ", "▸ evidence"} {
		if !strings.Contains(view, want) {
			t.Errorf("view lacks %q:\n%s", want, view)
		}
	}

	// space shows the evidence and selects its first memory; enter opens it.
	h.Keys("esc", "space")
	if !tn.expanded || m.cur.sel.item != 0 {
		t.Fatalf("expanded %v, item %d", tn.expanded, m.cur.sel.item)
	}
	if !strings.Contains(uitest.Plain(uitest.View(t, m)), "▾ evidence") {
		t.Error("the evidence header did not change")
	}
	h.Keys("enter")
	d := uitest.Front[*components.MemoryDialog](h)
	if d.Memory() == nil || d.Memory().ID != tn.evidence[0].id {
		t.Fatalf("memory dialog %T", h.Front())
	}
	h.Keys("esc")

	// A mental model opens in place.
	for m.cur.sel.item < 0 || tn.evidence[m.cur.sel.item].kind != evModel {
		h.Keys("j")
	}
	h.Keys("enter")
	if !tn.open[m.cur.sel.item] || h.Front() != nil {
		t.Fatal("enter on a mental model should show its text in place")
	}
	// space hides the evidence and selects the turn again.
	h.Keys("space")
	if tn.expanded || m.cur.sel.item != -1 {
		t.Fatal("space did not hide the evidence")
	}
}

func TestComposerNewlinesAndEnter(t *testing.T) {
	rec := &uitest.Recorder{}
	m, h := uitest.Demo(t, New, uitest.WithClient(rec.Option()))
	h.Type("Where does Alex")
	h.Keys("alt+enter")
	h.Type("get coffee?")
	h.Keys("ctrl+j")
	h.Type("Be brief.")
	if got := m.composer.Value(); got != "Where does Alex\nget coffee?\nBe brief." {
		t.Fatalf("composer %q", got)
	}
	if len(reflects(rec)) != 0 {
		t.Fatal("a new line sent the question")
	}
	h.Keys("enter")
	bodies := reflects(rec)
	if len(bodies) != 1 || !strings.Contains(bodies[0], `"query":"Where does Alex\nget coffee?\nBe brief."`) {
		t.Fatalf("requests %v", bodies)
	}
	// An empty composer sends nothing.
	h.Keys("enter")
	if len(reflects(rec)) != 1 || lastToast(h) != "type a question" {
		t.Fatalf("empty question: %d requests, toast %q", len(reflects(rec)), lastToast(h))
	}
}

func TestDraftAndParametersSurviveSwitching(t *testing.T) {
	m, h := uitest.Demo(t, New)
	h.Type("half-typed question")
	m.cur.params.budget = "high"
	h.Do(m.setTags([]string{"trip:tokyo-2026"}))
	// Another pane takes the focus and gives it back.
	m.Blur()
	h.Focus("pane")
	if m.composer.Value() != "half-typed question" {
		t.Fatalf("after blur: %q", m.composer.Value())
	}
	// Another bank has its own draft and parameters.
	h.SelectBank("research-agent")
	if m.composer.Value() != "" || m.cur.params.budget != "" || len(m.bar.TagInput().Tags()) != 0 {
		t.Fatalf("research-agent starts with %q, budget %q, tags %v", m.composer.Value(), m.cur.params.budget, m.bar.TagInput().Tags())
	}
	h.Type("other draft")
	h.SelectBank(alexBank)
	if m.composer.Value() != "half-typed question" || m.cur.params.budget != "high" ||
		strings.Join(m.bar.TagInput().Tags(), ",") != "trip:tokyo-2026" {
		t.Fatalf("back in %s: %q, budget %q, tags %v", alexBank, m.composer.Value(), m.cur.params.budget, m.bar.TagInput().Tags())
	}
	h.SelectBank("research-agent")
	if m.composer.Value() != "other draft" {
		t.Fatalf("research-agent draft %q", m.composer.Value())
	}
}

// TestAnswerLandsInItsBank: a question out when the bank changes is answered into its
// own transcript.
func TestAnswerLandsInItsBank(t *testing.T) {
	m, h := uitest.Demo(t, New)
	held := askHeld(h, m, tokyoQuestion)
	h.SelectBank("research-agent")
	h.Do(held)
	if len(m.cur.turns) != 0 {
		t.Fatal("the answer landed in the other bank")
	}
	if tn := m.banks[alexBank].turns[0]; tn.state != turnAnswered {
		t.Fatalf("the asked bank's turn is %v", tn.state)
	}
}

func TestParameterBarEditsTheRequest(t *testing.T) {
	rec := &uitest.Recorder{}
	m, h := uitest.Demo(t, New, uitest.WithClient(rec.Option()))
	h.Keys("tab") // composer → bar, on budget
	if m.zone != zoneBar {
		t.Fatal("tab did not open the parameters")
	}
	h.Keys("space") // budget mid
	h.Keys("tab")   // max_tokens
	h.Type("600")
	h.Keys("tab") // tags
	h.Type("trip:tokyo-2026")
	h.Keys("enter")
	for m.bar.Cursor() != int(iWorld) {
		h.Keys("tab")
	}
	h.Keys("space") // world
	for m.bar.Cursor() != int(iTools) {
		h.Keys("tab")
	}
	h.Keys("space", "tab")
	h.Type("planning dinner")
	h.Keys("esc")
	h.Type("Where should Alex eat in Tokyo?")
	h.Keys("enter")
	bodies := reflects(rec)
	want := `{"query":"Where should Alex eat in Tokyo?","budget":"mid","context":"planning dinner","max_tokens":600,` +
		`"include":{"facts":{},"tool_calls":{"output":true}},"tags":["trip:tokyo-2026"],"fact_types":["world"]}`
	if len(bodies) != 1 || bodies[0] != want {
		t.Fatalf("request\n got %v\nwant %s", bodies, want)
	}
	tn := m.cur.turns[0]
	if tn.state != turnAnswered || len(tn.tools) == 0 {
		t.Fatalf("turn %v with %d tool calls", tn.state, len(tn.tools))
	}
	// An invalid value is marked and nothing is sent.
	h.Keys("esc", "p")
	for m.bar.Cursor() != int(iSchema) {
		h.Keys("tab")
	}
	h.Type(`{"type":`)
	h.Keys("esc") // back to the transcript, where p opened the bar
	if m.zone != zoneTranscript {
		t.Fatalf("esc from the bar went to zone %d", m.zone)
	}
	h.Keys("i")
	h.Type("again?")
	h.Keys("enter")
	if len(reflects(rec)) != 1 || !strings.Contains(lastToast(h), "not sent: response_schema: not valid JSON") {
		t.Fatalf("%d requests, toast %q", len(reflects(rec)), lastToast(h))
	}
	if m.composer.Value() != "again?" {
		t.Fatalf("the draft became %q", m.composer.Value())
	}
	if !strings.Contains(uitest.Plain(uitest.View(t, m)), "✗ response_schema: not valid JSON") {
		t.Errorf("the problem is not shown:\n%s", uitest.Plain(uitest.View(t, m)))
	}
}

func TestStructuredOutput(t *testing.T) {
	m, h := uitest.Demo(t, New)
	m.cur.params.schema = `{"type":"object","properties":{"summary":{"type":"string"},"count":{"type":"integer"}}}`
	ask(h, m, tokyoQuestion)
	tn := m.cur.turns[0]
	if !strings.Contains(tn.structured, "\"count\": ") || !strings.Contains(uitest.Plain(uitest.View(t, m)), "structured output") {
		t.Fatalf("structured %q", tn.structured)
	}
	// A schema the server cannot fill: 200 without structured_output.
	m.cur.params.schema = `{"type":"object","properties":{"mood":{"type":"string","enum":["ecstatic"]}},"required":["mood"]}`
	ask(h, m, tokyoQuestion)
	if tn := m.cur.turns[1]; tn.state != turnAnswered || tn.structured != "" {
		t.Fatalf("turn %v structured %q", tn.state, tn.structured)
	}
	if !strings.Contains(uitest.Plain(uitest.View(t, m)), "the server returned no structured output") {
		t.Errorf("no note:\n%s", uitest.Plain(uitest.View(t, m)))
	}
}

func TestCopyTheAnswer(t *testing.T) {
	m, h := uitest.Demo(t, New)
	ask(h, m, tokyoQuestion)
	h.Keys("esc", "y", "Y")
	if len(h.Clipboard) != 2 || h.Clipboard[0] != m.cur.turns[0].answer {
		t.Fatalf("clips %q", h.Clipboard)
	}
	var resp client.ReflectResponse
	if err := json.Unmarshal([]byte(h.Clipboard[1]), &resp); err != nil || resp.Text == "" || resp.BasedOn == nil {
		t.Fatalf("JSON copy: %v %q", err, h.Clipboard[1])
	}
}

// TestUntrustedAnswer: escape sequences in an answer do not survive sanitizing and
// rendering; glamour's own styling and the text do.
func TestUntrustedAnswer(t *testing.T) {
	body := `{"text":"Alex \u001b[31mred\u001b[0m and \u001b]52;c;c2VjcmV0\u0007 clip \u001b]0;title\u0007 [a link](https://example.com) **done**","based_on":{"memories":[{"id":"x","text":"evil \u001b[2J memory","type":"world"}],"mental_models":[],"directives":[]}}`
	m, h := uitest.Demo(t, New, uitest.Seed(hindsighttest.WithFault(hindsighttest.Fault{Method: "POST", Path: reflectPath, Status: 200, Body: body})))
	ask(h, m, "anything")
	h.Keys("esc", "space")
	view := uitest.View(t, m)
	for _, bad := range []string{"\x1b]52", "\x1b]0;", "\x1b]8;", "\x1b[31m", "\x1b[2J", "\a"} {
		if strings.Contains(view, bad) {
			t.Errorf("view contains %q", bad)
		}
	}
	text := uitest.Plain(view)
	for _, want := range []string{"Alex ␛[31mred␛[0m and", "clip", "done", "evil ␛[2J memory"} {
		if !strings.Contains(text, want) {
			t.Errorf("view lacks %q:\n%s", want, text)
		}
	}
}

func TestNoBank(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.Bank(""))
	h.Type("hello")
	h.Keys("enter")
	if len(m.cur.turns) != 0 || lastToast(h) != "select a bank to ask" {
		t.Fatalf("turns %d, toast %q", len(m.cur.turns), lastToast(h))
	}
	if m.Actions() != nil {
		t.Error("actions offered without a bank")
	}
}

// Esc leaves the composer even before the first question, keeping the draft, so the
// global keys (tab numbers, q) work again instead of being typed into the question.
func TestEscLeavesAnEmptyTranscriptsComposer(t *testing.T) {
	m, h := uitest.Demo(t, New)
	if !m.Capturing() {
		t.Fatal("the composer does not have focus on a fresh pane")
	}
	h.Type("half a question")
	h.Keys("esc")
	if m.Capturing() {
		t.Fatal("esc did not leave the composer")
	}
	if got := m.composer.Value(); got != "half a question" {
		t.Fatalf("draft after esc = %q", got)
	}
}

// TestBankSwitchWithTheBarOnTheTags: when the bank changes under the parameter bar
// open on the tags (the bank list reloads and selects another), the new bank's tags
// load. The pane used to drop that load, and the tags said "loading tags…" for good.
func TestBankSwitchWithTheBarOnTheTags(t *testing.T) {
	m, h := uitest.Demo(t, New)
	h.Keys("tab", "tab", "tab")
	if m.bar.Cursor() != int(iTags) || len(m.bar.TagInput().Known()) == 0 {
		t.Fatalf("cursor %d, %d tags known", m.bar.Cursor(), len(m.bar.TagInput().Known()))
	}
	h.SelectBank("research-agent")
	tags := m.bar.TagInput()
	if tags.Loading() || len(tags.Known()) == 0 {
		t.Fatalf("research-agent's tags: loading %v, %d known", tags.Loading(), len(tags.Known()))
	}
	if !strings.Contains(uitest.Plain(uitest.View(t, m)), tags.Known()[0].Tag) {
		t.Errorf("no completion offered:\n%s", uitest.Plain(m.View()))
	}
}
