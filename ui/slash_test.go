package ui

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"hindsight-tui/keymap"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// TestSlashFiltersInEveryPane: / means one thing in every pane, filter what the pane
// shows. Each pane's help (footer and ? help) says so with the same verb, and the
// panes whose filter is a request to the server say "(server)"; the panes that filter
// the rows already loaded do not.
func TestSlashFiltersInEveryPane(t *testing.T) {
	h := realModel(t, uitest.DemoServer(t), 120, 40)
	h.run(h.m.Init(), 0)
	server := map[string]bool{sidebarID: true, "recall": true, common.PaneDocuments: true, "tags": true, "knowledge": true}
	loaded := map[string]bool{common.PaneMemories: true, common.PaneEntities: true}
	check := func(name string, p common.Pane) {
		t.Helper()
		bs := p.ShortHelp()
		for _, g := range p.FullHelp() {
			bs = append(bs, g...)
		}
		found := false
		for _, b := range bs {
			if !slashBinding(b) {
				continue
			}
			found = true
			desc := b.Help().Desc
			if !strings.HasPrefix(desc, keymap.FilterVerb) {
				t.Errorf("%s: / is %q, not a filter", name, desc)
			}
			if strings.Contains(desc, "(server)") != server[name] {
				t.Errorf("%s: / is %q; server-side: %v", name, desc, server[name])
			}
		}
		if !found && (server[name] || loaded[name]) {
			t.Errorf("%s: its help does not list /", name)
		}
	}
	check(sidebarID, h.m.r.Pane(sidebarID))
	for _, s := range tabSpecs() {
		check(s.ID, h.m.r.Pane(s.ID))
	}
	// The tag browser shares the entities tab.
	h.press(":")
	h.typeText("Go to Tags")
	h.press("enter")
	check("tags", h.m.r.Pane(common.PaneEntities))
}

// slashBinding says b is bound to / and shown in help.
func slashBinding(b key.Binding) bool {
	if !b.Enabled() {
		return false
	}
	for _, k := range b.Keys() {
		if k == "/" {
			return true
		}
	}
	return b.Help().Key == "/"
}
