package reflect

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"hindsight-tui/client"
	"hindsight-tui/keymap"
	"hindsight-tui/ui/router"
	"hindsight-tui/ui/uitest"
)

// compareFrom asks the Tokyo question, keeps a draft in the composer, and opens the
// comparison of the answer.
func compareFrom(t *testing.T, opts ...uitest.Option) (*Model, *uitest.Host, *uitest.Recorder) {
	t.Helper()
	rec := &uitest.Recorder{}
	m, h := uitest.Demo(t, New, append([]uitest.Option{uitest.WithClient(rec.Option())}, opts...)...)
	ask(h, m, tokyoQuestion)
	h.Type("a draft that must survive")
	h.Keys("esc", "c")
	if !m.comparing() || m.cur.cmp.phase != cmpSetup {
		t.Fatal("c on an answer did not open the comparison's setup")
	}
	rec.Reset()
	return m, h, rec
}

// cursorOn moves the setup's cursor to the model id.
func cursorOn(t *testing.T, h *uitest.Host, m *Model, id string) {
	t.Helper()
	for range len(m.cur.cmp.models) {
		if m.cur.cmp.models[m.cur.cmp.cursor].id == id {
			return
		}
		h.Keys("j")
	}
	t.Fatalf("model %s not in the setup: %+v", id, m.cur.cmp.models)
}

func TestCompareWithoutAMentalModel(t *testing.T) {
	m, h, rec := compareFrom(t)
	c := m.cur.cmp
	var used []string
	for _, mm := range c.models {
		if mm.usedA {
			used = append(used, mm.id)
		}
	}
	if strings.Join(used, ",") != "alex-travel-profile,alex-scheduling-rules" {
		t.Fatalf("the setup lists A's models as %q", used)
	}
	view := uitest.Plain(uitest.View(t, m))
	for _, want := range []string{"[ ] Tokyo trip 2026  alex-travel-profile", "used by A", "B's parameters"} {
		if !strings.Contains(view, want) {
			t.Errorf("setup lacks %q:\n%s", want, view)
		}
	}
	cursorOn(t, h, m, "alex-travel-profile")
	h.Keys("space")
	if !strings.Contains(uitest.Plain(uitest.View(t, m)), "[x] Tokyo trip 2026") {
		t.Error("space did not tick the model")
	}
	h.Keys("enter")
	bodies := reflects(rec)
	if len(bodies) != 1 || !strings.Contains(bodies[0], `"exclude_mental_model_ids":["alex-travel-profile"]`) {
		t.Fatalf("B's request: %v", bodies)
	}
	if c.phase != cmpResult || c.b == nil || c.b.state != turnAnswered {
		t.Fatalf("phase %v, B %+v", c.phase, c.b)
	}
	for _, mm := range c.b.resp.BasedOn.MentalModels {
		if mm.ID == "alex-travel-profile" {
			t.Error("B's answer is based on the excluded model")
		}
	}
	view = uitest.Plain(uitest.View(t, m))
	// A and B side by side, on the same lines.
	if l := lineWith(view, "A · original"); !strings.Contains(l, "B · re-asked") {
		t.Errorf("A and B are not side by side:\n%s", view)
	}
	for _, want := range []string{"B: +without alex-travel-profile", "models −Tokyo trip 2026", "memories the same"} {
		if !strings.Contains(view, want) {
			t.Errorf("result lacks %q:\n%s", want, view)
		}
	}
	// The model only A used is marked in A's column, and absent from B's.
	h.Keys("G")
	view = uitest.Plain(uitest.View(t, m))
	l := lineWith(view, "model Tokyo trip 2026")
	left, right, _ := strings.Cut(l, "│")
	if !strings.Contains(left, "− model Tokyo trip 2026") || strings.Contains(right, "Tokyo trip 2026") {
		t.Errorf("the model only in A is not marked: %q\n%s", l, view)
	}

	// esc goes back to the chat as it was: the transcript, the draft, the parameters.
	h.Keys("esc")
	if m.comparing() || len(m.cur.turns) != 1 || len(m.cur.params.excludeIDs) != 0 {
		t.Fatalf("comparing %v, %d turns, params %+v", m.comparing(), len(m.cur.turns), m.cur.params)
	}
	h.Keys("i")
	if got := m.composer.Value(); got != "a draft that must survive" {
		t.Errorf("the draft is %q", got)
	}
	// c on the same answer brings the result back.
	h.Keys("esc", "c")
	if !m.comparing() || c.phase != cmpResult || m.cur.cmp != c {
		t.Error("c did not reopen the comparison")
	}
}

func TestCompareTagGroupsAndApplyAll(t *testing.T) {
	m, h, rec := compareFrom(t)
	h.Keys("p")
	if !m.Capturing() || !m.cur.cmp.inBar {
		t.Fatal("p did not open B's parameters")
	}
	for m.cmpBar.Cursor() != int(iAllDirs) {
		h.Keys("tab")
	}
	h.Keys("space")
	for m.cmpBar.Cursor() != int(iGroups) {
		h.Keys("shift+tab")
	}
	h.Type(`trip:tokyo-2026 | !exact["no tag"]`)
	h.Keys("enter")
	bodies := reflects(rec)
	want := `"tag_groups":[{"or":[{"tags":["trip:tokyo-2026"]},{"not":{"tags":["no tag"],"match":"exact"}}]}],"apply_all_directives":true`
	if len(bodies) != 1 || !strings.Contains(bodies[0], want) {
		t.Fatalf("B's request %v, want %s", bodies, want)
	}
	if m.cur.cmp.phase != cmpResult {
		t.Fatalf("phase %v", m.cur.cmp.phase)
	}
	if m.cur.params.groups != "" || m.cur.params.allDirs {
		t.Errorf("B's parameters leaked into the bank's: %+v", m.cur.params)
	}
}

func TestCompareBadTagGroupsLosesNothing(t *testing.T) {
	m, h, rec := compareFrom(t)
	h.Keys("p")
	for m.cmpBar.Cursor() != int(iGroups) {
		h.Keys("tab")
	}
	h.Type("trip:tokyo-2026 | (source:chat")
	h.Keys("enter")
	if n := len(reflects(rec)); n != 0 {
		t.Fatalf("%d requests sent with a bad tag group", n)
	}
	if got := lastToast(h); !strings.Contains(got, "B not asked") || !strings.Contains(got, "this ( is not closed") {
		t.Errorf("toast %q", got)
	}
	c := m.cur.cmp
	if c.phase != cmpSetup || c.p.groups != "trip:tokyo-2026 | (source:chat" {
		t.Errorf("phase %v, groups %q", c.phase, c.p.groups)
	}
	if view := uitest.Plain(uitest.View(t, m)); !strings.Contains(view, "✗ tag_groups: at character 19: this ( is not closed") {
		t.Errorf("the bar does not mark the error:\n%s", view)
	}
	// Fixed, it asks.
	h.Type(")")
	h.Keys("enter")
	if n := len(reflects(rec)); n != 1 || c.phase != cmpResult {
		t.Fatalf("%d requests, phase %v", n, c.phase)
	}

	// The bank's own bar: a bad group keeps the question in the composer.
	h.Keys("esc", "p")
	for m.bar.Cursor() != int(iGroups) {
		h.Keys("tab")
	}
	h.Type("a &")
	h.Keys("esc", "esc")
	h.Keys("i", "ctrl+a", "ctrl+k")
	h.Type("Where is Alex flying?")
	h.Keys("enter")
	if got := lastToast(h); !strings.Contains(got, "not sent: tag_groups: at character 4") {
		t.Errorf("toast %q", got)
	}
	if m.composer.Value() != "Where is Alex flying?" || len(m.cur.turns) != 1 || m.cur.params.groups != "a &" {
		t.Errorf("composer %q, %d turns, groups %q", m.composer.Value(), len(m.cur.turns), m.cur.params.groups)
	}
}

func TestCompareCancelAndStaleAnswer(t *testing.T) {
	m, h, rec := compareFrom(t)
	c := m.cur.cmp
	first := h.Hold("enter")
	if c.phase != cmpAsking || !m.anyWaiting() {
		t.Fatal("B is not out")
	}
	if !strings.Contains(uitest.Plain(uitest.View(t, m)), "asking B…") {
		t.Error("no spinner line while B is out")
	}
	h.Keys("esc")
	if c.phase != cmpSetup || !m.comparing() {
		t.Fatalf("esc while B is out: phase %v, comparing %v", c.phase, m.comparing())
	}
	// The first attempt's answer comes late, as a success: it is dropped.
	for _, msg := range uitest.Run(t, first) {
		if _, inner, _ := router.Open(msg); inner != nil {
			if d, ok := inner.(cmpDoneMsg); ok {
				d.resp, d.err = &client.ReflectResponse{Text: "stale"}, nil
				h.Deliver(d)
			}
		}
	}
	if c.b != nil || c.phase != cmpSetup {
		t.Fatalf("a stale answer was taken: phase %v, B %+v", c.phase, c.b)
	}
	// A second attempt is answered; the first one's late answer still changes nothing.
	h.Keys("enter")
	if c.phase != cmpResult || c.b == nil || c.b.answer == "stale" {
		t.Fatalf("phase %v, B %+v", c.phase, c.b)
	}
	if n := len(reflects(rec)); n != 2 {
		t.Errorf("%d requests", n)
	}
}

func TestCompareNarrowShowsOneSide(t *testing.T) {
	m, h, _ := compareFrom(t, uitest.Terminal(60, 20))
	cursorOn(t, h, m, "alex-travel-profile")
	h.Keys("space", "enter")
	view := uitest.Plain(uitest.View(t, m))
	if !strings.Contains(view, "B · re-asked") || strings.Contains(view, "A · original") {
		t.Fatalf("a narrow result should show B alone first:\n%s", view)
	}
	h.Keys("left")
	view = uitest.Plain(uitest.View(t, m))
	if !strings.Contains(view, "A · original") || strings.Contains(view, "B · re-asked") {
		t.Fatalf("← should show A:\n%s", view)
	}
	if !strings.Contains(view, "models −Tokyo trip 2026") {
		t.Errorf("the differences are not shown when narrow:\n%s", view)
	}
}

func TestCompareHelpAndKeys(t *testing.T) {
	m, h := uitest.Demo(t, New)
	ask(h, m, tokyoQuestion)
	h.Keys("esc")
	has := func(groups [][]key.Binding, desc string) bool {
		for _, g := range groups {
			for _, b := range g {
				if b.Help().Desc == desc {
					return true
				}
			}
		}
		return false
	}
	if !has(m.FullHelp(), "compare: re-ask") {
		t.Error("help does not list the comparison key on an answer")
	}
	h.Keys("c")
	for _, want := range []string{"ask B", "leave out/in", "B's parameters", "back to the chat"} {
		if !has(m.FullHelp(), want) {
			t.Errorf("the comparison's help lacks %q", want)
		}
	}
	acts := m.Actions()
	if len(acts) == 0 || acts[0].Name != "Compare: ask B" {
		t.Errorf("palette actions %+v", acts)
	}
	km := keymap.Default()
	for _, p := range keymap.Check(km.Compare, km.Global,
		struct{ Up, Down, Top, Bottom, PageUp, PageDown key.Binding }{km.List.Up, km.List.Down, km.List.Top, km.List.Bottom, km.List.PageUp, km.List.PageDown}) {
		t.Error(p)
	}
}

// A comparison belongs to its bank: another bank shows its own transcript, and coming
// back shows the comparison again, B's bar editing this bank's B.
func TestCompareStaysWithItsBank(t *testing.T) {
	m, h, _ := compareFrom(t)
	c := m.cur.cmp
	h.Keys("space")
	h.SelectBank("team-platform")
	if m.comparing() {
		t.Fatal("another bank shows the comparison")
	}
	ask(h, m, "What does the platform team run on?")
	h.Keys("esc", "c") // a comparison of this bank's own
	if !m.comparing() || m.cur.cmp == c {
		t.Fatal("no comparison in the second bank")
	}
	h.SelectBank(alexBank)
	if !m.comparing() || m.cur.cmp != c || len(c.p.excludeIDs) != 1 {
		t.Fatalf("the comparison did not come back: %+v", m.cur.cmp)
	}
	h.Keys("p")
	for m.cmpBar.Cursor() != int(iAllDirs) {
		h.Keys("tab")
	}
	h.Keys("space")
	if !c.p.allDirs {
		t.Error("B's bar does not edit this bank's B")
	}
}

// The transcript's export carries the comparison once B has answered: how B was asked,
// its answer, and what only one of the answers used; before that it has none.
func TestExportCarriesTheComparison(t *testing.T) {
	m, h, _ := compareFrom(t)
	c := m.cur.cmp
	if doc := exportMarkdown(m.bank, "", uitest.Now, m.cur.turns, c); strings.Contains(doc, "## Comparison") {
		t.Fatalf("a comparison without B is exported:\n%s", doc)
	}
	cursorOn(t, h, m, "alex-travel-profile")
	h.Keys("space", "enter")
	if c.b == nil || c.b.state != turnAnswered {
		t.Fatalf("B: %+v", c.b)
	}
	doc := exportMarkdown(m.bank, "", uitest.Now, m.cur.turns, c)
	_, cmp, ok := strings.Cut(doc, "## Comparison: answer 1 (A) asked again (B)")
	if !ok {
		t.Fatalf("no comparison in the export:\n%s", doc)
	}
	for _, want := range []string{
		"Mental models left out of B: `alex-travel-profile`", "### Answer\n\n" + c.b.answer,
		"### What only one answer used", "- only in A, mental model: Tokyo trip 2026 (`alex-travel-profile`)\n",
	} {
		if !strings.Contains(cmp, want) {
			t.Errorf("the comparison lacks %q:\n%s", want, cmp)
		}
	}
	if strings.Contains(cmp, "only in B, mental model") {
		t.Errorf("B used a model A did not:\n%s", cmp)
	}
}
