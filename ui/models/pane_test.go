package models

import (
	"context"
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/keymap"
	"hindsight-tui/ui/uitest"
)

// ids lists the models shown, in order.
func ids(m *Model) []string {
	out := make([]string, 0, len(m.visible))
	for _, i := range m.visible {
		out = append(out, m.list.items[i].ID)
	}
	return out
}

// TestSelectionSurvivesReload: a model created on the server lists first (it has the
// newest refresh); r lists again and the cursor stays on the model it was on.
func TestSelectionSurvivesReload(t *testing.T) {
	m, r := uitest.Demo(t, New, uitest.Bank("team-platform"))
	r.Keys("j")
	want := m.selected().ID
	row := m.cursor
	if _, err := r.C.Client.CreateMentalModel(context.Background(), "team-platform",
		client.CreateMentalModelRequest{ID: "aaa-new", Name: "New one", SourceQuery: "what is new?"}); err != nil {
		t.Fatal(err)
	}
	r.Keys("r")
	if got := ids(m); !slices.Contains(got, "aaa-new") || slices.Index(got, want) != row+1 {
		t.Fatalf("after the reload %v: want the new model listed above %s", got, want)
	}
	if m.selected().ID != want {
		t.Errorf("cursor on %s, want %s", m.selected().ID, want)
	}
}

// TestStaleAnswersDropped: an answer to a superseded list or open request is ignored.
func TestStaleAnswersDropped(t *testing.T) {
	m, r := uitest.Demo(t, New, uitest.Bank("team-platform"))
	before := slices.Clone(ids(m))
	r.Deliver(listedMsg{bank: "team-platform", seq: m.list.seq - 1,
		page: &client.MentalModelList{Items: []client.MentalModel{{ID: "stale"}}}})
	r.Deliver(listedMsg{bank: "another-bank", seq: m.list.seq,
		page: &client.MentalModelList{Items: []client.MentalModel{{ID: "stale"}}}})
	if !slices.Equal(before, ids(m)) {
		t.Fatalf("stale answer taken: %v", ids(m))
	}
	r.Keys("enter")
	opened := m.det.model.ID
	r.Deliver(detailMsg{bank: "team-platform", seq: m.det.seq - 1, model: &client.MentalModel{ID: "stale"}})
	if m.det.model.ID != opened {
		t.Errorf("stale detail taken: %s", m.det.model.ID)
	}
}

// TestStalenessSaysWhy: the badge follows the server's is_stale from the list and the
// GET, and names the rule that fired.
func TestStalenessSaysWhy(t *testing.T) {
	yes, no := true, false
	fresh := &client.MentalModel{Content: "x"}
	never := &client.MentalModel{Content: client.PlaceholderContent}
	for _, tc := range []struct {
		name        string
		mm          *client.MentalModel
		listed, got *bool
		badge       string
		stale       bool
	}{
		{"fresh", fresh, &no, nil, "fresh", false},
		{"new memories", fresh, &yes, nil, "stale: new memories", true},
		{"cited gone", fresh, &no, &yes, "stale: cited gone", true},
		{"never refreshed", never, &yes, nil, "never refreshed", true},
		{"unknown", fresh, nil, nil, "?", false},
	} {
		s := stalenessOf(tc.mm, tc.listed, tc.got)
		if s.badge != tc.badge || s.stale != tc.stale {
			t.Errorf("%s: %q stale=%v, want %q stale=%v", tc.name, s.badge, s.stale, tc.badge, tc.stale)
		}
	}
}

// TestFilter: / narrows the loaded models by name, id or tag; esc in the box keeps it,
// esc in the list clears it.
func TestFilter(t *testing.T) {
	m, r := uitest.Demo(t, New, uitest.Bank("team-platform"))
	all := len(ids(m))
	r.Keys("/")
	if !m.Capturing() {
		t.Fatal("the filter box takes the keys")
	}
	r.Type("ownership") // a tag of service-ownership
	r.Keys("esc")
	if got := ids(m); !slices.Equal(got, []string{"service-ownership"}) {
		t.Fatalf("filtered %v", got)
	}
	r.Keys("esc")
	if len(ids(m)) != all {
		t.Errorf("esc clears the filter: %v", ids(m))
	}
}

// TestMarkdownCached: the content renders once per width and theme; moving away and
// back, or scrolling, draws it from the cache.
func TestMarkdownCached(t *testing.T) {
	m, r := uitest.Demo(t, New)
	m.cursor = slices.Index(ids(m), "alex-travel-profile")
	r.Keys("enter")
	n := m.md.Renders()
	if n == 0 {
		t.Fatal("nothing rendered")
	}
	r.Keys("J", "J", "K")
	if m.md.Renders() != n {
		t.Errorf("scrolling rendered again: %d → %d", n, m.md.Renders())
	}
	r.Keys("[", "]")
	if m.md.Renders() != n+1 {
		t.Errorf("an older version renders once, the current one comes from the cache: %d → %d", n, m.md.Renders())
	}
	m.SetSize(70, 30)
	if m.md.Renders() != n+2 {
		t.Errorf("a new width renders again: %d → %d", n, m.md.Renders())
	}
}

// TestVersions: [ and ] walk the history and stop at its ends; the help lists them
// only where they act.
func TestVersions(t *testing.T) {
	m, r := uitest.Demo(t, New)
	m.cursor = slices.Index(ids(m), "alex-travel-profile")
	r.Keys("enter")
	if n := len(m.det.history); n != 3 {
		t.Fatalf("history of %d", n)
	}
	if m.keys.Models.NewerVersion.Enabled() || !m.keys.Models.OlderVersion.Enabled() {
		t.Error("at the current content only [ acts")
	}
	r.Keys("[", "[", "[", "[")
	if m.det.version != 2 || m.keys.Models.OlderVersion.Enabled() {
		t.Errorf("version %d: [ stops at the oldest", m.det.version)
	}
	view := ansi.Strip(uitest.View(t, m))
	if !strings.Contains(view, "Generating content") {
		t.Errorf("the oldest version is the placeholder the creation left:\n%s", view)
	}
	r.Keys("esc")
	if m.open {
		t.Error("esc goes back to the list")
	}
}

// TestOwnKeys holds the pane's keys to the shared rules.
func TestOwnKeys(t *testing.T) {
	km := keymap.Default()
	// Leave acts only in the filter box, where the list keys do not.
	own := struct{ TextUp, TextDown, OlderVersion, NewerVersion key.Binding }{
		km.Models.TextUp, km.Models.TextDown, km.Models.OlderVersion, km.Models.NewerVersion}
	for _, p := range keymap.Check(own, km.Global, km.List) {
		t.Error(p)
	}
}

// TestErrorsInPlace: a list that fails says so where the rows would be, and a model
// whose history fails still shows its content with the error under History.
func TestErrorsInPlace(t *testing.T) {
	m, _ := uitest.Demo(t, New, uitest.Bank("team-platform"), uitest.Faults(hindsighttest.Fault{
		Method: "GET", Path: "/v1/default/banks/team-platform/mental-models", Status: 500, Body: `{"detail":"boom"}`}))
	if view := ansi.Strip(uitest.View(t, m)); !strings.Contains(view, "Could not list mental models") {
		t.Errorf("list error not shown:\n%s", view)
	}
	m, r := uitest.Demo(t, New, uitest.Faults(hindsighttest.Fault{
		Method: "GET", Path: "/v1/default/banks/" + uitest.DemoBank + "/mental-models/alex-travel-profile/history", Status: 500, Body: `{"detail":"boom"}`}))
	m.cursor = slices.Index(ids(m), "alex-travel-profile")
	r.Keys("enter")
	view := ansi.Strip(uitest.View(t, m))
	if m.det.model == nil || !strings.Contains(view, "Could not load the history") || !strings.Contains(view, "Content (current)") {
		t.Errorf("history error not shown in place:\n%s", view)
	}
}
