package ui

import (
	"testing"

	"charm.land/bubbles/v2/key"
)

func TestHelpOverlayGroupsAndHidesDisabledKeys(t *testing.T) {
	h, f := fakeModel(t, Options{}, "Overview")
	h.connectFake(120, 40)
	off := key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "explode everything"))
	off.SetEnabled(false)
	f.sidebar.full = [][]key.Binding{
		{key.NewBinding(key.WithKeys("j"), key.WithHelp("j", "move down")), off},
		{key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter banks"))},
	}
	h.press("?")
	scr := h.screen()
	mustContain(t, scr, "Keys", "Global", "Navigation", "Banks", "move down", "filter banks",
		"? ", "error log", "next pane", "jump to pane", "light/dark theme")
	// Disabled: the pane's own, copying with nothing selected, and retry once connected.
	mustNotContain(t, scr, "explode everything", "copy id", "retry")

	// The focused pane's keys follow focus.
	h.press("esc", "tab", "?")
	mustContain(t, h.screen(), "Overview")
	mustNotContain(t, h.screen(), "filter banks")
}

func TestHelpScrollsWhenItDoesNotFit(t *testing.T) {
	h, f := fakeModel(t, Options{}, "Overview")
	h.connectFake(60, 20)
	var many []key.Binding
	for _, k := range "abcdefghijklmnopqrstuvw" {
		many = append(many, key.NewBinding(key.WithKeys(string(k)), key.WithHelp(string(k), "action "+string(k))))
	}
	f.sidebar.full = [][]key.Binding{many}
	h.press("?")
	mustContain(t, h.screen(), "↑/↓ for more", "Global")
	for range 40 {
		h.press("j")
	}
	scr := h.screen()
	mustContain(t, scr, "action w")
	mustNotContain(t, scr, "Global")
	h.press("g")
	mustContain(t, h.screen(), "Global")
}

func TestReadOnlyAndDemoBadges(t *testing.T) {
	h, _ := fakeModel(t, Options{ReadOnly: true, Demo: true, ServerURL: "http://127.0.0.1:4000", URLSource: "demo server"}, "Overview")
	h.connectFake(120, 40)
	mustContain(t, h.screen(), " DEMO ", " READ-ONLY ", "(demo server)")
	if !h.m.com.ReadOnly {
		t.Error("Common.ReadOnly is not set")
	}
	h2, _ := fakeModel(t, Options{ServerURL: "http://x", URLSource: "env HINDSIGHT_API_URL", KeySet: true}, "Overview")
	h2.connectFake(120, 40)
	mustContain(t, h2.screen(), "(env HINDSIGHT_API_URL, API key set)")
	mustNotContain(t, h2.screen(), "DEMO", "READ-ONLY")
}
