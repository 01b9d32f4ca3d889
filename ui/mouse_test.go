package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/uitest"
)

func TestClickFocusesAndForwardsInPaneCoordinates(t *testing.T) {
	h, f := fakeModel(t, Options{}, "Overview", "Memories")
	h.connectFake(120, 40)
	// Main pane at (30,2); its content starts one cell in, at (31,3).
	h.send(uitest.Click(40, 7))
	if h.m.focus != 1 {
		t.Fatalf("click in the main pane: focus %d", h.m.focus)
	}
	got, ok := lastOf[tea.MouseClickMsg](f.tabs[0])
	if !ok || got.X != 9 || got.Y != 4 {
		t.Fatalf("the pane got %+v, want (9,4)", got)
	}
	// Sidebar at (0,2), content from (1,3): a click on row 0 of the content.
	h.send(uitest.Click(1, 3))
	if h.m.focus != 0 {
		t.Fatal("click in the sidebar did not focus it")
	}
	if got, _ := lastOf[tea.MouseClickMsg](f.sidebar); got.X != 0 || got.Y != 0 {
		t.Fatalf("the sidebar got %+v, want (0,0)", got)
	}
	// A click on a border focuses without forwarding.
	n := len(f.tabs[0].msgs)
	h.send(uitest.Click(30, 10))
	if h.m.focus != 1 || len(f.tabs[0].msgs) != n {
		t.Fatal("a border click was forwarded or did not focus")
	}
	// Tabs: "1 Overview" starts at x=30, "2 Memories" after it.
	h.send(uitest.Click(45, 1))
	if h.m.focus != 2 || h.m.active != 1 {
		t.Fatalf("click on the second tab: focus %d", h.m.focus)
	}
	// The header and footer do nothing.
	h.send(uitest.Click(5, 0), uitest.Click(5, 39))
	if h.m.focus != 2 {
		t.Fatal("a click on the header moved focus")
	}
}

func TestWheelGoesToThePaneUnderThePointer(t *testing.T) {
	h, f := fakeModel(t, Options{}, "Overview")
	h.connectFake(120, 40)
	h.send(uitest.Wheel("down", 5, 10))
	h.send(uitest.Wheel("up", 50, 10))
	if h.m.focus != 0 {
		t.Fatal("the wheel moved focus")
	}
	if got, ok := lastOf[tea.MouseWheelMsg](f.sidebar); !ok || got.X != 4 || got.Y != 7 {
		t.Errorf("sidebar wheel %+v", got)
	}
	if got, ok := lastOf[tea.MouseWheelMsg](f.tabs[0]); !ok || got.X != 19 || got.Y != 7 || got.Button != tea.MouseWheelUp {
		t.Errorf("main wheel %+v", got)
	}
}

func TestCollapsedClicks(t *testing.T) {
	h, f := fakeModel(t, Options{}, "Overview")
	h.connectFake(60, 20)
	// The tab bar starts with "Banks"; "1 Overview" follows it.
	h.send(uitest.Click(10, 1))
	if h.m.focus != 1 {
		t.Fatalf("click on the Overview tab: focus %d", h.m.focus)
	}
	h.send(uitest.Click(10, 5))
	if _, ok := lastOf[tea.MouseClickMsg](f.tabs[0]); !ok || h.m.focus != 1 {
		t.Fatal("the click did not go to the shown pane")
	}
	h.send(uitest.Click(2, 1))
	if h.m.focus != 0 {
		t.Fatal("click on the Banks tab did not focus the sidebar")
	}
}

func TestClicksWithADialogGoToTheDialog(t *testing.T) {
	h, f := fakeModel(t, Options{}, "Overview")
	h.connectFake(120, 40)
	h.press(":")
	h.send(uitest.Click(100, 30)) // outside the palette
	if _, clicked := lastOf[tea.MouseClickMsg](f.tabs[0]); len(h.m.r.Dialogs()) != 1 || clicked || h.m.focus != 0 {
		t.Fatal("a click outside the dialog went through")
	}
	// The palette's first row is three lines below its top edge.
	_, r := h.m.dialogView(0)
	h.send(uitest.Click(r.X+5, r.Y+3))
	if len(h.m.r.Dialogs()) != 0 {
		t.Fatal("clicking the first action did not run it")
	}
}

func TestMouseBeforeConnectingIsIgnored(t *testing.T) {
	h, f := fakeModel(t, Options{}, "Overview")
	h.send(tea.WindowSizeMsg{Width: 120, Height: 40})
	h.send(uitest.Click(40, 10), uitest.Wheel("down", 40, 10))
	if len(f.tabs[0].msgs)+len(f.sidebar.msgs) != 0 {
		t.Fatal("panes got mouse input before connecting")
	}
}
