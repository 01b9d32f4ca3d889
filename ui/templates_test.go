package ui

import (
	"testing"

	"hindsight-tui/ui/uitest"
)

// The template actions are in the palette wherever the focus is: "Export template"
// shows the comparison pane with the save dialog for the current bank's template, and
// "Import template" is absent under --read-only.
func TestTemplateActionsInThePalette(t *testing.T) {
	h := realModel(t, uitest.DemoServer(t), 120, 40)
	h.run(h.m.Init(), 0)
	h.press(":")
	h.typeText("template")
	mustContain(t, h.screen(), "Export template", "Import template")
	h.press("esc", ":")
	h.typeText("export template")
	h.press("enter")
	mustContain(t, h.screen(), "Compare banks", "Save the template of bank user-alex-prefs", "hindsight-template-user-alex-prefs.json")

	ro := realModel(t, uitest.DemoServer(t), 120, 40, func(o *Options) { o.ReadOnly = true })
	ro.run(ro.m.Init(), 0)
	ro.press(":")
	ro.typeText("template")
	mustContain(t, ro.screen(), "Export template")
	mustNotContain(t, ro.screen(), "Import template")
}
