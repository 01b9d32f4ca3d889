package ui

import (
	"strconv"
	"strings"
	"testing"

	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// A pane asking for another pane brings it forward, and the request reaches that pane
// alone.
func TestShowPaneFocusesAndForwards(t *testing.T) {
	h, f := fakeModel(t, Options{}, "Overview", "Memories", "Documents")
	h.connectFake(120, 40)
	req := common.ShowDocumentMsg{BankID: "b", DocumentID: "notes/1"}
	h.send(common.ShowPaneMsg{ID: "documents", Then: req})
	if h.m.focus != 3 || !f.tabs[2].focused {
		t.Fatalf("focus %d, want the documents tab", h.m.focus)
	}
	if got, ok := lastOf[common.ShowDocumentMsg](f.tabs[2]); !ok || got != req {
		t.Fatalf("the documents pane did not get the request: %+v", got)
	}
	for _, p := range append([]*fakePane{f.sidebar}, f.tabs[:2]...) {
		if _, ok := lastOf[common.ShowDocumentMsg](p); ok {
			t.Errorf("the %s pane got the documents pane's request", p.name)
		}
	}
	// An unknown pane changes nothing and nobody gets its request.
	h.send(common.ShowPaneMsg{ID: "nope", Then: common.ShowEntityMsg{BankID: "b", EntityID: "e"}})
	if h.m.focus != 3 {
		t.Errorf("focus moved to %d for an unknown pane", h.m.focus)
	}
	for _, p := range append([]*fakePane{f.sidebar}, f.tabs...) {
		if _, ok := lastOf[common.ShowEntityMsg](p); ok {
			t.Errorf("the %s pane got a request for an unknown pane", p.name)
		}
	}
}

// Eight tabs do not fit over the main pane at 120 columns: the bar takes the whole row
// so every label stays readable; narrower, inactive labels shorten, and clicks still
// land on the tab under the pointer.
func TestTabBarFitsEveryTab(t *testing.T) {
	titles := []string{"Overview", "Memories", "Recall", "Reflect", "Retain", "Documents", "Entities", "Operations"}
	h, _ := fakeModel(t, Options{}, titles...)
	h.connectFake(120, 40)
	row := strings.Split(h.screen(), "\n")[1]
	for i, title := range titles {
		if !strings.Contains(row, strconv.Itoa(i+1)+" "+title) {
			t.Errorf("120 columns: %q missing from %q", title, row)
		}
	}
	h.connectFake(90, 30)
	row = strings.Split(h.screen(), "\n")[1]
	if !strings.Contains(row, "8 Oper") || !strings.Contains(row, "1 Over") {
		t.Errorf("90 columns: labels not shortened to fit: %q", row)
	}
	x := strings.Index(row, "8 Oper")
	h.send(uitest.Click(x+1, 1))
	if h.m.focus != 8 {
		t.Errorf("click on the last tab: focus %d", h.m.focus)
	}
}
