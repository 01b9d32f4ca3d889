package models

import (
	"slices"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/ui/uitest"
)

// TestContract drives the pane through what it asks the server (the list, a model with
// its history, a create with a cron trigger and its followed refresh, an edit, a dry
// run, a refresh, a clear and a delete) through the validating transport.
func TestContract(t *testing.T) {
	m, h, check := uitest.Contract(t, New, uitest.Bank("team-platform"))
	h.Keys("n")
	h.Type("Weekly on-call summary")
	h.Keys("tab")
	h.Type("Who was on call this week?")
	h.Keys("tab")
	h.Type("oncall")
	h.Keys("tab")
	h.Type(client.TagsAny)
	h.Keys("tab")
	h.Type("0 9 * * 1")
	h.Keys("tab")
	h.Type("delta")
	h.Keys("tab")
	h.Type("6h")
	h.Keys("tab")
	h.Type("1024")
	h.Keys("enter")
	h.Fire(nil)
	i := slices.IndexFunc(m.visible, func(j int) bool { return m.list.items[j].Name == "Weekly on-call summary" })
	if i < 0 {
		t.Fatalf("not created: %v (%q)", ids(m), h.Errors)
	}
	m.cursor = i
	h.Keys("enter", "e", "enter", "d", "F")
	h.Fire(nil)
	h.Keys("X", "enter", "D", "enter")
	check()
	if len(h.Errors) != 0 || slices.Contains(ids(m), m.det.id) {
		t.Fatalf("errors %v, ids %v", h.Errors, ids(m))
	}
}
