package reflect

import (
	"strings"
	"testing"

	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/uitest"
)

// selectItem shows the selected turn's evidence if needed and moves the selection to
// its first item that ok accepts.
func selectItem(t *testing.T, h *uitest.Host, m *Model, ok func(e evItem) bool) int {
	t.Helper()
	tn := m.cur.selected()
	if !tn.expanded {
		h.Keys("space")
	}
	for i := 0; i <= len(tn.evidence); i++ {
		if s := m.cur.sel.item; s >= 0 && ok(tn.evidence[s]) {
			return s
		}
		h.Keys("j")
	}
	t.Fatal("no such evidence item")
	return -1
}

// lineWith is the view's first line holding s, or "".
func lineWith(view, s string) string {
	for _, l := range strings.Split(view, "\n") {
		if strings.Contains(l, s) {
			return l
		}
	}
	return ""
}

// TestMentalModelEvidenceShowsItsName: reflect's based_on names a mental model only
// by id, so the pane looks the name up, once per model, and shows it with the id
// beside it. With a trace that has the tools' outputs, the name comes from there and
// nothing is looked up.
func TestMentalModelEvidenceShowsItsName(t *testing.T) {
	rec := &uitest.Recorder{}
	m, h := uitest.Demo(t, New, uitest.WithClient(rec.Option()))
	ask(h, m, tokyoQuestion)
	h.Keys("esc", "space")
	view := uitest.Plain(uitest.View(t, m))
	row := lineWith(view, "model Tokyo trip 2026")
	if row == "" || !strings.Contains(row, "alex-travel-profile") {
		t.Fatalf("no named model row:\n%s", view)
	}
	if strings.Contains(view, "alex-travel-profile: ") {
		t.Errorf("the id still leads the row:\n%s", view)
	}
	lookups := len(rec.Matching("GET", "/mental-models/alex-travel-profile"))
	if lookups != 1 {
		t.Fatalf("%d lookups of the model's name", lookups)
	}
	// The same model cited again is not looked up again.
	ask(h, m, tokyoQuestion)
	if n := len(rec.Matching("GET", "/mental-models/alex-travel-profile")); n != lookups {
		t.Errorf("%d lookups after a second answer", n)
	}

	// Tool calls with outputs carry the names: no lookup at all.
	rec2 := &uitest.Recorder{}
	m2, h2 := uitest.Demo(t, New, uitest.WithClient(rec2.Option()))
	m2.cur.params.tools = true
	ask(h2, m2, tokyoQuestion)
	if got := rec2.Matching("GET", "/mental-models/alex-travel-profile"); len(got) != 0 {
		t.Errorf("looked up a name the trace gave: %v", got)
	}
	h2.Keys("esc", "space")
	if lineWith(uitest.Plain(uitest.View(t, m2)), "model Tokyo trip 2026") == "" {
		t.Errorf("no name from the trace:\n%s", uitest.Plain(uitest.View(t, m2)))
	}
}

// TestMentalModelWithoutANameShowsItsID: a model the server no longer has (404)
// keeps its id, with no error.
func TestMentalModelWithoutANameShowsItsID(t *testing.T) {
	body := `{"text":"ok","based_on":{"memories":[],"mental_models":[{"id":"gone-model","text":"## Old\n\ntext"}],"directives":[]}}`
	m, h := uitest.Demo(t, New, uitest.Faults(hindsighttest.Fault{Method: "POST", Path: reflectPath, Status: 200, Body: body}))
	ask(h, m, "anything")
	h.Keys("esc", "space")
	tn := m.cur.turns[0]
	if tn.evidence[0].name != "" || len(h.Errors) != 0 {
		t.Fatalf("name %q, errors %v", tn.evidence[0].name, h.Errors)
	}
	if lineWith(uitest.Plain(uitest.View(t, m)), "model gone-model") == "" {
		t.Errorf("the id is not shown:\n%s", uitest.Plain(uitest.View(t, m)))
	}
}

// TestMentalModelContentIsMarkdown: an open mental model shows its content rendered
// (no heading marks, no emphasis stars), through the answers' render cache.
func TestMentalModelContentIsMarkdown(t *testing.T) {
	m, h := uitest.Demo(t, New)
	ask(h, m, tokyoQuestion)
	h.Keys("esc")
	selectItem(t, h, m, func(e evItem) bool { return e.kind == evModel })
	if raw := m.cur.selected().evidence[m.cur.sel.item].full; !strings.Contains(raw, "## Tokyo") || !strings.Contains(raw, "**Flights:**") {
		t.Fatalf("the demo model is not the markdown this test expects: %q", raw)
	}
	if strings.Contains(uitest.Plain(uitest.View(t, m)), "Flights: JL 67 out") {
		t.Fatal("the content shows before the model is opened")
	}
	renders := m.md.renders
	h.Keys("enter")
	view := uitest.Plain(uitest.View(t, m))
	for _, want := range []string{"Tokyo, 12–22 November 2026", "• Flights: JL 67 out on 12 Nov"} {
		if !strings.Contains(view, want) {
			t.Errorf("view lacks %q:\n%s", want, view)
		}
	}
	for _, raw := range []string{"## Tokyo", "**Flights:**", "- **"} {
		if strings.Contains(view, raw) {
			t.Errorf("raw markdown %q shown:\n%s", raw, view)
		}
	}
	if m.md.renders != renders+1 {
		t.Fatalf("%d renders for one model", m.md.renders-renders)
	}
	// Closing and opening again, and moving around, read the cache.
	h.Keys("enter", "enter", "k", "j")
	_ = uitest.View(t, m)
	if m.md.renders != renders+1 {
		t.Errorf("%d renders after closing and opening again", m.md.renders-renders)
	}
}

// TestToolCallsShowInputAndOutput: a tool call is an evidence item; collapsed it
// shows its input on one line, open its input and output as JSON, a long output cut
// with a note of what is left; enter closes it again.
func TestToolCallsShowInputAndOutput(t *testing.T) {
	rec := &uitest.Recorder{}
	m, h := uitest.Demo(t, New, uitest.WithClient(rec.Option()))
	m.cur.params.tools = true
	ask(h, m, tokyoQuestion)
	if bodies := reflects(rec); len(bodies) != 1 || !strings.Contains(bodies[0], `"tool_calls":{"output":true}`) {
		t.Fatalf("the request does not ask for the outputs: %v", bodies)
	}
	h.Keys("esc")
	selectItem(t, h, m, func(e evItem) bool { return e.kind == evTool && m.cur.selected().tools[e.call].tool == "recall" })
	view := uitest.Plain(uitest.View(t, m))
	row := lineWith(view, "recall")
	if !strings.Contains(row, "ms") || !strings.Contains(row, "query: What are Alex") {
		t.Fatalf("the collapsed row lacks the duration or the input: %q\n%s", row, view)
	}
	if strings.Contains(view, `"memories": [`) || strings.Contains(view, "output") {
		t.Fatalf("output shown while collapsed:\n%s", view)
	}
	listed := false
	for _, g := range m.FullHelp() {
		for _, k := range g {
			listed = listed || k.Help() == m.keys.List.Open.Help() && k.Help().Desc == "show/hide input and output"
		}
	}
	if !listed {
		t.Errorf("help does not list enter on a tool call (it says %q)", m.keys.List.Open.Help().Desc)
	}

	h.Keys("enter")
	view = uitest.Plain(uitest.View(t, m))
	for _, want := range []string{"input", `"query": "What are Alex's plans for the Tokyo trip?"`, "output", `"memories": [`,
		"more lines · Y copies the whole response"} {
		if !strings.Contains(view, want) {
			t.Errorf("open tool call lacks %q:\n%s", want, view)
		}
	}
	h.Keys("enter")
	if view = uitest.Plain(uitest.View(t, m)); strings.Contains(view, `"memories": [`) {
		t.Errorf("enter did not close the tool call:\n%s", view)
	}
}

// TestHostileToolOutput: escape sequences in a tool's input and output, whether the
// JSON escaped them or not, are shown as placeholders and never reach the terminal.
func TestHostileToolOutput(t *testing.T) {
	body := `{"text":"ok","trace":{"tool_calls":[{"tool":"recall\u001b[31m","iteration":1,"duration_ms":5,` +
		`"input":{"query":"clear \u001b[2J now"},` +
		`"output":{"memories":[{"text":"title \u001b]0;pwned\u0007 and \u001b]52;c;c2VjcmV0\u0007 clip","csi":"` + "\u009b" + `31m red"}]}}],"llm_calls":[]}}`
	m, h := uitest.Demo(t, New, uitest.Faults(hindsighttest.Fault{Method: "POST", Path: reflectPath, Status: 200, Body: body}))
	m.cur.params.tools = true
	ask(h, m, "anything")
	h.Keys("esc", "space", "enter")
	view := uitest.View(t, m)
	for _, bad := range []string{"\x1b[31m", "\x1b[2J", "\x1b]0;", "\x1b]52", "\a", "\u009b"} {
		if strings.Contains(view, bad) {
			t.Errorf("view contains %q", bad)
		}
	}
	text := uitest.Plain(view)
	for _, want := range []string{"recall␛[31m", "query: clear ␛[2J now", `"query": "clear ␛[2J now"`,
		`"text": "title ␛]0;pwned␇ and ␛]52;c;c2VjcmV0␇ clip"`, `"csi": "␛[31m red"`} {
		if !strings.Contains(text, want) {
			t.Errorf("view lacks %q:\n%s", want, text)
		}
	}
}
