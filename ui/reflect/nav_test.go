package reflect

import (
	"strings"
	"testing"

	"hindsight-tui/ui/uitest"
)

// navPane is a short pane (a 60x20 terminal's) with several long turns, the
// transcript focused.
func navPane(t *testing.T) (*uitest.Host, *Model) {
	t.Helper()
	m, h := uitest.Demo(t, New, uitest.Terminal(60, 20))
	askAll(t, h, m, "How does Alex take coffee?", tokyoQuestion, "When is Alex's half marathon?")
	h.Keys("esc")
	return h, m
}

func TestFollowShowsTheNewestTurn(t *testing.T) {
	_, m := navPane(t)
	if m.cur.sel.turn != 2 {
		t.Fatalf("selected turn %d, want the newest", m.cur.sel.turn)
	}
	view := uitest.Plain(uitest.View(t, m))
	if !strings.Contains(view, "› When is Alex's half marathon?") {
		t.Fatalf("the newest question is not in view:\n%s", view)
	}
	if !strings.Contains(view, "turn 3 of 3") {
		t.Errorf("no position:\n%s", view)
	}
}

func TestMovingThroughTurnsAndEvidence(t *testing.T) {
	h, m := navPane(t)
	h.Keys("k")
	if m.cur.sel != (selection{turn: 1, item: -1}) {
		t.Fatalf("k selected %+v", m.cur.sel)
	}
	// The selected turn's question is in view: it did not fit, so it starts the view.
	if !strings.Contains(strings.Split(uitest.Plain(uitest.View(t, m)), "\n")[1], "› "+tokyoQuestion[:30]) {
		t.Fatalf("the selected turn is not at the top:\n%s", uitest.Plain(uitest.View(t, m)))
	}
	h.Keys("space")
	n := len(m.cur.turns[1].evidence)
	if m.cur.sel != (selection{turn: 1, item: 0}) {
		t.Fatalf("space selected %+v", m.cur.sel)
	}
	for range n - 1 {
		h.Keys("j")
	}
	if m.cur.sel != (selection{turn: 1, item: n - 1}) {
		t.Fatalf("after %d j: %+v", n-1, m.cur.sel)
	}
	view := uitest.Plain(uitest.View(t, m))
	if !strings.Contains(view, "› rule ") {
		t.Errorf("the last item (a directive) is not in view:\n%s", view)
	}
	h.Keys("j")
	if m.cur.sel != (selection{turn: 2, item: -1}) {
		t.Fatalf("j past the evidence: %+v", m.cur.sel)
	}
	h.Keys("k")
	if m.cur.sel != (selection{turn: 1, item: n - 1}) {
		t.Fatalf("k back into the evidence: %+v", m.cur.sel)
	}
	h.Keys("g")
	if m.cur.sel != (selection{turn: 0, item: -1}) || m.cur.top != (position{}) {
		t.Fatalf("g: %+v at %+v", m.cur.sel, m.cur.top)
	}
	h.Keys("G")
	if m.cur.sel.turn != 2 || !m.cur.follow {
		t.Fatalf("G: %+v follow %v", m.cur.sel, m.cur.follow)
	}
}

func TestPagingAndWheel(t *testing.T) {
	h, m := navPane(t)
	h.Keys("g")
	before := uitest.Plain(uitest.View(t, m))
	h.Keys("pgdown")
	after := uitest.Plain(uitest.View(t, m))
	if before == after || m.cur.top == (position{}) {
		t.Fatal("pgdown did not scroll")
	}
	h.Keys("pgup")
	if m.cur.top != (position{}) {
		t.Fatalf("pgup did not return to the top: %+v", m.cur.top)
	}
	for range 50 {
		h.Send(uitest.Wheel("down", 0, 0))
	}
	if !m.cur.follow {
		t.Fatal("the wheel did not reach the end")
	}
	if m.cur.sel.turn == 0 {
		t.Error("the selection stayed on a turn scrolled out of view")
	}
	view := uitest.Plain(uitest.View(t, m))
	if !strings.Contains(view, "▸ evidence") {
		t.Errorf("the end of the transcript is not in view:\n%s", view)
	}
}

func TestClicks(t *testing.T) {
	h, m := navPane(t)
	h.Send(uitest.Click(5, 14)) // the composer
	if m.zone != zoneComposer {
		t.Fatalf("zone %d after a click on the composer", m.zone)
	}
	h.Keys("esc", "g")
	h.Send(uitest.Click(5, 0)) // the parameter bar
	if m.zone != zoneBar {
		t.Fatalf("zone %d after a click on the bar", m.zone)
	}
	h.Keys("esc")
	h.Send(uitest.Click(5, 2)) // the first turn
	if m.zone != zoneTranscript || m.cur.sel.turn != 0 {
		t.Fatalf("zone %d, selection %+v", m.zone, m.cur.sel)
	}
}

func TestHelpAndActionsFollowTheState(t *testing.T) {
	m, h := uitest.Demo(t, New)
	names := func() string {
		var out []string
		for _, a := range m.Actions() {
			out = append(out, a.Name)
		}
		return strings.Join(out, "\n")
	}
	if strings.Contains(names(), "Export") || strings.Contains(names(), "Copy the answer") {
		t.Errorf("actions before any question:\n%s", names())
	}
	ask(h, m, tokyoQuestion)
	h.Keys("esc")
	for _, want := range []string{"Export the transcript as markdown", "Copy the answer", "Show or hide the evidence",
		"Reflect parameter: budget mid", "Reflect parameter: turn tool calls on", "Reflect parameter: edit response_schema"} {
		if !strings.Contains(names(), want) {
			t.Errorf("no action %q", want)
		}
	}
	var keys []string
	for _, b := range m.ShortHelp() {
		keys = append(keys, b.Help().Key+" "+b.Help().Desc)
	}
	got := strings.Join(keys, " · ")
	for _, want := range []string{"i ask", "space show evidence", "e export", "y copy answer"} {
		if !strings.Contains(got, want) {
			t.Errorf("short help %q lacks %q", got, want)
		}
	}
	if strings.Contains(got, "r ask again") {
		t.Errorf("retry offered on an answered turn: %q", got)
	}
	// The palette's actions run through Update.
	for _, a := range m.Actions() {
		if a.Name == "Reflect parameter: budget high" {
			h.Deliver(a.Msg)
		}
	}
	if m.cur.params.budget != "high" {
		t.Fatalf("budget %q after the palette action", m.cur.params.budget)
	}
	if len(m.FullHelp()) == 0 {
		t.Error("no full help")
	}
}
