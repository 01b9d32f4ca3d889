package ui

import (
	"strings"
	"testing"

	"hindsight-tui/ui/uitest"
)

// TestExtractionPreviewFromAnywhere: the palette's "Extraction preview" opens the
// retain form's preview from another tab, and the form keeps what was typed.
func TestExtractionPreviewFromAnywhere(t *testing.T) {
	h := realModel(t, uitest.DemoServer(t), 120, 40)
	h.run(h.m.Init(), 0)
	h.press("5")
	h.typeText("Alex Moreno moved to Lisbon on 2026-03-02.")
	h.press("esc", "1")
	h.press(":")
	h.typeText("Extraction preview")
	mustContain(t, h.screen(), "Extraction preview: what a retain of the form would store")
	h.press("enter")
	mustContain(t, h.screen(), "━ Retain", "Extraction preview · the retain form", "Retain would store 1 fact",
		"occurred 2026-03-02")
	h.press("esc")
	if scr := h.screen(); strings.Contains(scr, "Extraction preview ·") || !strings.Contains(scr, "Alex Moreno moved to Lisbon on 2026-03-02.") {
		t.Errorf("after esc:\n%s", scr)
	}
}

// TestExtractionPreviewNotReadOnly: with --read-only the palette has no preview.
func TestExtractionPreviewNotReadOnly(t *testing.T) {
	h := realModel(t, uitest.DemoServer(t), 120, 40, func(o *Options) { o.ReadOnly = true })
	h.run(h.m.Init(), 0)
	h.press(":")
	h.typeText("Extraction preview")
	if strings.Contains(h.screen(), "what a retain of the form would store") {
		t.Error("a preview in read-only mode")
	}
}
