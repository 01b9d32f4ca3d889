package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/common"
)

func TestFocusCyclesWithTabAndShiftTab(t *testing.T) {
	h, f := fakeModel(t, Options{}, "Overview", "Memories", "Recall")
	h.connectFake(120, 40)
	if h.m.focus != 0 || !f.sidebar.focused {
		t.Fatalf("first visit starts on the sidebar; focus=%d", h.m.focus)
	}
	want := []int{1, 2, 3, 0, 1}
	for _, w := range want {
		h.press("tab")
		if h.m.focus != w {
			t.Fatalf("tab: focus %d, want %d", h.m.focus, w)
		}
	}
	for _, w := range []int{0, 3, 2} {
		h.press("shift+tab")
		if h.m.focus != w {
			t.Fatalf("shift+tab: focus %d, want %d", h.m.focus, w)
		}
	}
	// Exactly one pane has focus, and it is the one the model points at.
	panes := append([]*fakePane{f.sidebar}, f.tabs...)
	for i, p := range panes {
		if p.focused != (i == h.m.focus) {
			t.Errorf("pane %s focused=%v with focus=%d", p.name, p.focused, h.m.focus)
		}
	}
}

func TestNumberKeysJumpToPanes(t *testing.T) {
	h, f := fakeModel(t, Options{}, "Overview", "Memories", "Recall")
	h.connectFake(120, 40)
	h.press("3")
	if h.m.focus != 3 || h.m.active != 2 || !f.tabs[2].focused {
		t.Fatalf("3: focus %d active %d", h.m.focus, h.m.active)
	}
	h.press("1")
	if h.m.focus != 1 || h.m.active != 0 {
		t.Fatalf("1: focus %d active %d", h.m.focus, h.m.active)
	}
	h.press("9") // no ninth pane: the key goes to the pane
	if h.m.focus != 1 || len(f.tabs[0].keys) == 0 || f.tabs[0].keys[len(f.tabs[0].keys)-1] != "9" {
		t.Fatalf("9: focus %d, keys of pane 1: %v", h.m.focus, f.tabs[0].keys)
	}
	// The sidebar stays where it was while the main area shows the third pane.
	h.press("3", "shift+tab", "shift+tab", "shift+tab")
	if h.m.focus != 0 || h.m.active != 0 {
		t.Fatalf("back to the sidebar: focus %d active %d", h.m.focus, h.m.active)
	}
}

func TestFocusedPaneIsMarked(t *testing.T) {
	h, _ := fakeModel(t, Options{}, "Overview")
	h.connectFake(120, 40)
	scr := h.screen()
	// The focused pane has the thick border, the other the rounded one.
	mustContain(t, scr, "┏━ Banks ━", "╭─ Overview ─")
	h.press("tab")
	scr = h.screen()
	mustContain(t, scr, "╭─ Banks ─", "┏━ Overview ━")
}

func TestCollapsedLayoutShowsTheFocusedPane(t *testing.T) {
	h, f := fakeModel(t, Options{}, "Overview")
	h.connectFake(60, 20)
	scr := h.screen()
	mustContain(t, scr, "Banks", "1 Overview", "sidebar pane 58x15")
	mustNotContain(t, scr, "overview pane")
	h.press("tab")
	scr = h.screen()
	mustContain(t, scr, "overview pane 58x15")
	mustNotContain(t, scr, "sidebar pane")
	if f.sidebar.w != 58 || f.tabs[0].w != 58 {
		t.Errorf("inner widths %d %d, want 58", f.sidebar.w, f.tabs[0].w)
	}
}

func TestPanesGetInnerSizes(t *testing.T) {
	h, f := fakeModel(t, Options{}, "Overview")
	h.connectFake(120, 40)
	if f.sidebar.w != 28 || f.sidebar.h != 35 || f.tabs[0].w != 88 || f.tabs[0].h != 35 {
		t.Errorf("sidebar %dx%d, main %dx%d; want 28x35 and 88x35", f.sidebar.w, f.sidebar.h, f.tabs[0].w, f.tabs[0].h)
	}
	// Below the minimum, panes keep their last size instead of getting zero.
	h.send(tea.WindowSizeMsg{Width: 10, Height: 5})
	if f.sidebar.w != 28 {
		t.Errorf("too small: sidebar resized to %d", f.sidebar.w)
	}
}

func TestGlobalsDoNotFireWhileCapturing(t *testing.T) {
	h, f := fakeModel(t, Options{}, "Overview", "Memories")
	h.connectFake(120, 40)
	f.sidebar.capturing = true
	h.press("q", "?", ":", "!", "tab", "2", "T", "y")
	if h.quit || len(h.m.r.Dialogs()) != 0 || h.m.focus != 0 || !h.m.isDark {
		t.Fatalf("a global fired while the pane captured input: quit=%v dialogs=%d focus=%d dark=%v",
			h.quit, len(h.m.r.Dialogs()), h.m.focus, h.m.isDark)
	}
	if got := strings.Join(f.sidebar.keys, " "); got != "q ? : ! tab 2 T y" {
		t.Errorf("the capturing pane got %q", got)
	}
	// The footer shows only the pane's own help while it captures.
	mustNotContain(t, h.screen(), "? help")
	// ctrl+c still quits.
	h.press("ctrl+c")
	if !h.quit {
		t.Error("ctrl+c did not quit while capturing")
	}
}

func TestGlobalsFireWhenNotCapturing(t *testing.T) {
	h, f := fakeModel(t, Options{}, "Overview")
	h.connectFake(120, 40)
	h.press("?")
	if len(h.m.r.Dialogs()) != 1 {
		t.Fatal("? did not open the help")
	}
	// With a dialog open, only the dialog gets keys.
	h.press("tab", "j")
	if h.m.focus != 0 || len(f.sidebar.keys) != 0 {
		t.Fatalf("keys leaked past the dialog: focus=%d keys=%v", h.m.focus, f.sidebar.keys)
	}
	h.press("esc")
	if len(h.m.r.Dialogs()) != 0 {
		t.Fatal("esc did not close the help")
	}
	h.press("j")
	if len(f.sidebar.keys) != 1 {
		t.Fatalf("j did not reach the focused pane: %v", f.sidebar.keys)
	}
	h.press("q")
	if !h.quit {
		t.Error("q did not quit")
	}
}

func TestKeysBeforeConnectionDoNotReachPanes(t *testing.T) {
	h, f := fakeModel(t, Options{}, "Overview")
	h.send(tea.WindowSizeMsg{Width: 120, Height: 40})
	h.press("j", "tab", "1")
	if len(f.sidebar.keys)+len(f.tabs[0].keys) != 0 || f.sidebar.inits != 0 {
		t.Fatalf("panes got keys or were initialised before the server answered")
	}
}

func TestPanesInitOnceOnConnect(t *testing.T) {
	h, f := fakeModel(t, Options{}, "Overview")
	h.connectFake(120, 40)
	if f.sidebar.inits != 1 || f.tabs[0].inits != 1 {
		t.Fatalf("inits: sidebar %d, overview %d", f.sidebar.inits, f.tabs[0].inits)
	}
	if _, ok := lastOf[common.ConnectedMsg](f.sidebar); !ok {
		t.Error("panes did not get ConnectedMsg")
	}
	if h.m.com.Version == nil || h.m.com.Version.APIVersion != "0.9.1" {
		t.Error("the version is not in Common")
	}
}

func TestTabsHiddenByServerFeatures(t *testing.T) {
	f := newFakes("Overview", "Documents")
	factory := func(c *common.Common, initial string) (common.Pane, []tab) {
		return f.sidebar, []tab{
			{spec: tabSpec{ID: "overview", Title: "Overview"}, pane: f.tabs[0]},
			{spec: tabSpec{ID: "documents", Title: "Documents", Feature: "file_upload_api"}, pane: f.tabs[1]},
		}
	}
	h := newHarness(t, newModel(Options{Now: fixedNow}, factory))
	h.send(tea.WindowSizeMsg{Width: 120, Height: 40})
	h.m.conn.seq = 1
	h.send(connectResultMsg{seq: 1, version: versionWith(map[string]bool{"file_upload_api": false})})
	mustContain(t, h.screen(), "1 Overview")
	mustNotContain(t, h.screen(), "Documents")
	h.press("2")
	if h.m.focus != 0 {
		t.Errorf("2 jumped to a hidden pane")
	}
}

func TestThemeFollowsTheTerminal(t *testing.T) {
	h, f := fakeModel(t, Options{}, "Overview")
	h.connectFake(120, 40)
	sizes := f.tabs[0].sizes
	h.send(tea.BackgroundColorMsg{Color: lightGrey{}})
	if h.m.isDark || h.m.com.Styles.IsDark {
		t.Fatal("a light background kept the dark styles")
	}
	if f.tabs[0].sizes == sizes {
		t.Error("panes were not laid out again after the theme changed")
	}
	h.press("T")
	if !h.m.com.Styles.IsDark {
		t.Error("T did not switch back to dark")
	}
	mustContain(t, h.screen(), "theme: dark")
}

func TestPasteGoesWhereKeysGo(t *testing.T) {
	h, f := fakeModel(t, Options{}, "Overview")
	h.connectFake(120, 40)
	h.send(tea.PasteMsg{Content: "research"})
	if _, ok := lastOf[tea.PasteMsg](f.sidebar); !ok {
		t.Fatal("the focused pane did not get the paste")
	}
	if _, ok := lastOf[tea.PasteMsg](f.tabs[0]); ok {
		t.Fatal("an unfocused pane got the paste")
	}
	h.press(":")
	h.send(tea.PasteMsg{Content: "quit"})
	mustContain(t, h.screen(), ": quit")
	mustNotContain(t, h.screen(), "Show all keys")
}
