package ui

import (
	"reflect"
	"strings"
	"testing"

	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

func TestFuzzyFind(t *testing.T) {
	names := []string{"Create bank", "Copy the selected id", "Go to the bank list", "Quit", "Switch to the light theme"}
	tests := []struct {
		query string
		want  []string
	}{
		{"", names},
		{"quit", []string{"Quit"}},
		{"QUIT", []string{"Quit"}},
		{"cb", []string{"Create bank"}},
		{"bank", []string{"Create bank", "Go to the bank list"}},
		{"theme", []string{"Switch to the light theme"}},
		{"zzz", nil},
		{"tl", []string{"Go to the bank list", "Switch to the light theme", "Copy the selected id"}},
	}
	for _, tt := range tests {
		var got []string
		for _, m := range fuzzyFind(tt.query, names) {
			got = append(got, names[m.index])
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%q: got %q, want %q", tt.query, got, tt.want)
		}
	}
	// An exact name comes first, whatever the fuzzy scores: typing a pane's name finds
	// its "Go to" entry before the actions that mention it.
	panes := []string{"Quick filter the loaded memories", "Filter memories by text (server)", "Go to Memories", "Memories stats"}
	for _, q := range []string{"memories", "MEMORIES", " Memories "} {
		if got := fuzzyFind(q, panes); len(got) == 0 || panes[got[0].index] != "Go to Memories" {
			t.Errorf("%q: first match %v", q, got)
		}
	}
	if got := fuzzyFind("memories stats", panes); panes[got[0].index] != "Memories stats" {
		t.Errorf("an exact action name is not first: %v", got)
	}
	// Positions mark what matched, for highlighting.
	m := fuzzyFind("cb", []string{"Create bank"})[0]
	if !reflect.DeepEqual(m.positions, []int{0, 7}) {
		t.Errorf("positions %v, want [0 7] (the word starts)", m.positions)
	}
	// A word-start preference never loses a match that exists.
	if got := fuzzyFind("ab", []string{"xab a"}); len(got) != 1 {
		t.Error("greedy fallback failed")
	}
	// Wide runes are positions, not bytes.
	if got := fuzzyFind("銀行", []string{"作成 銀行"}); len(got) != 1 || !reflect.DeepEqual(got[0].positions, []int{3, 4}) {
		t.Errorf("CJK match %+v", got)
	}
}

type paneActionMsg struct{ name string }

func TestPaletteListsFiltersAndRuns(t *testing.T) {
	h, f := fakeModel(t, Options{}, "Overview", "Memories")
	h.connectFake(120, 40)
	f.sidebar.actions = []common.Action{{Name: "Create bank", Key: "n", Msg: paneActionMsg{"create"}}}
	f.tabs[0].actions = []common.Action{{Name: "Refresh bank overview", Key: "r", Msg: paneActionMsg{"refresh overview"}}}
	h.press(":")
	if len(h.m.r.Dialogs()) != 1 {
		t.Fatal(": did not open the palette")
	}
	scr := h.screen()
	// The sidebar (focused) offers its action; globals come with their keys; the
	// unfocused overview's actions are not offered.
	mustContain(t, scr, "Commands", "Create bank", "Go to Overview", "Go to Memories", "Show all keys", "Quit")
	mustNotContain(t, scr, "Refresh bank overview")
	if !strings.Contains(scr, "Show all keys") || !regexpLine(scr, "Show all keys", " ? ") {
		t.Error("the help action does not show its key")
	}

	h.typeText("memo")
	scr = h.screen()
	mustContain(t, scr, "Go to Memories")
	mustNotContain(t, scr, "Create bank", "Quit")
	h.press("enter")
	if len(h.m.r.Dialogs()) != 0 || h.m.focus != 2 {
		t.Fatalf("enter: dialogs %d, focus %d", len(h.m.r.Dialogs()), h.m.focus)
	}

	// A pane's action message is fed back through Update to the panes.
	h.press("shift+tab", "shift+tab", "ctrl+p")
	h.typeText("create")
	h.press("enter")
	if got, ok := lastOf[paneActionMsg](f.sidebar); !ok || got.name != "create" {
		t.Fatalf("the sidebar did not get its action: %v", f.sidebar.msgs)
	}
	// It reached the pane that offered it, and no other.
	for _, p := range f.tabs {
		if _, ok := lastOf[paneActionMsg](p); ok {
			t.Errorf("the %s pane got the sidebar's action", p.name)
		}
	}

	// esc closes without running anything; arrows choose.
	h.press(":", "down", "esc")
	if len(h.m.r.Dialogs()) != 0 {
		t.Fatal("esc did not close the palette")
	}
	// From the overview, its own actions and the sidebar's are both offered.
	h.press("1", ":")
	mustContain(t, h.screen(), "Refresh bank overview", "Create bank")
	h.typeText("nothing matches this")
	mustContain(t, h.screen(), "No matching command.")
	h.press("enter") // nothing to run
	if len(h.m.r.Dialogs()) != 1 {
		t.Error("enter on an empty list closed the palette")
	}
}

func TestPaletteRunsGlobalActions(t *testing.T) {
	h, _ := fakeModel(t, Options{}, "Overview")
	h.connectFake(120, 40)
	h.press(":")
	h.typeText("light theme")
	h.press("enter")
	if h.m.isDark {
		t.Fatal("the theme action did not run")
	}
	h.press(":")
	h.typeText("keys")
	h.press("enter")
	if len(h.m.r.Dialogs()) != 1 {
		t.Fatal("the help action did not open the help")
	}
	if _, ok := h.m.r.Dialogs()[0].(*helpDialog); !ok {
		t.Fatalf("front dialog is %T", h.m.r.Dialogs()[0])
	}
	h.press("esc", ":")
	h.typeText("quit")
	h.press("enter")
	if !h.quit {
		t.Error("the quit action did not quit")
	}
}

func TestPaletteBeforeConnecting(t *testing.T) {
	h, _ := serverModel(t, closedURL(t), "")
	h.run(h.m.Init(), 0)
	h.press(":")
	scr := h.screen()
	mustContain(t, scr, "Retry the connection", "Show the error log")
	mustNotContain(t, scr, "Go to", "Next pane", "Copy")
}

// regexpLine reports whether the line containing anchor also contains want.
func regexpLine(screen, anchor, want string) bool {
	for _, l := range strings.Split(screen, "\n") {
		if strings.Contains(l, anchor) {
			return strings.Contains(l, want)
		}
	}
	return false
}

// TestTagsHaveTheirOwnEntry: the tag browser sits behind t in the entities tab; the
// palette names it, and running the entry shows it.
func TestTagsHaveTheirOwnEntry(t *testing.T) {
	h := realModel(t, uitest.DemoServer(t), 120, 40)
	h.run(h.m.Init(), 0)
	h.press(":")
	h.typeText("tags")
	mustContain(t, h.screen(), "Go to Tags")
	h.press("enter")
	mustContain(t, h.screen(), "━ Entities", "filter (server): source:*", "t entities")
}

// The activity and settings panes are found by the names users know them by: typing
// the name in the palette and pressing enter opens that pane.
func TestPaletteOpensTheActivityPanes(t *testing.T) {
	h := realModel(t, uitest.DemoServer(t), 120, 40)
	h.run(h.m.Init(), 0)
	if h.m.conn.phase != phaseConnected {
		t.Fatalf("not connected: %v", h.m.conn.err)
	}
	for name, title := range map[string]string{
		"Activity": "Activity", "LLM requests": "LLM requests", "Webhooks": "Webhooks", "Audit log": "Audit log",
		"Bank configuration": "Bank configuration", "Compare banks": "Compare banks", "Timeline": "Timeline",
		"Neighbourhood": "Neighbourhood",
	} {
		h.press("1", ":")
		h.typeText(name)
		h.press("enter")
		if h.m.focus == 0 || h.m.tabs[h.m.focus-1].Title != title {
			t.Errorf("%q in the palette opened focus %d, want the %s pane", name, h.m.focus, title)
		}
	}
}
