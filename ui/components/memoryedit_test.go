package components

import (
	"strings"
	"testing"

	"hindsight-tui/ui/uitest"
)

// TestUpdateFor sends only the changed fields and refuses what the server would.
func TestUpdateFor(t *testing.T) {
	before := editValues{text: "Alex likes oat milk", context: "chat", typ: "world", entities: "Alex"}
	after := before
	after.text, after.typ, after.entities, after.start = "Alex likes soy milk", "experience", "Alex, Sam", "2026-01-02T00:00:00Z"
	u, err := updateFor(before, after, uitest.Now)
	if err != nil {
		t.Fatal(err)
	}
	if u.Text == nil || *u.Text != after.text || u.Context != nil || u.OccurredEnd != nil ||
		*u.FactType != "experience" || *u.OccurredStart != after.start || len(*u.Entities) != 2 {
		t.Fatalf("update = %+v", u)
	}
	if _, err := updateFor(before, before, uitest.Now); err == nil {
		t.Error("nothing changed was accepted")
	}
	bad := before
	bad.typ, bad.start = "observation", "yesterday"
	_, err = updateFor(before, bad, uitest.Now)
	if inv, ok := err.(Invalid); !ok || inv["fact_type"] == "" || inv["occurred_start"] == "" {
		t.Errorf("err = %v", err)
	}
	// Clearing entities sends an empty list.
	none := before
	none.entities = ""
	if u, _ := updateFor(before, none, uitest.Now); u.Entities == nil || len(*u.Entities) != 0 {
		t.Errorf("entities = %v", u.Entities)
	}
	// Dates go through the shared parser, so the short forms retain takes work here
	// too, sent as RFC 3339 in UTC; clearing a date sends "".
	short := before
	short.start, short.end = "2024-01-15 10:30", "now"
	if u, err := updateFor(before, short, uitest.Now); err != nil || *u.OccurredStart != "2024-01-15T10:30:00Z" ||
		*u.OccurredEnd != "2026-11-30T09:00:00Z" {
		t.Errorf("short dates: %+v, %v", u, err)
	}
	dated := before
	dated.start = "2024-01-15T10:30:00Z"
	cleared := dated
	cleared.start = ""
	if u, err := updateFor(dated, cleared, uitest.Now); err != nil || u.OccurredStart == nil || *u.OccurredStart != "" {
		t.Errorf("cleared date: %+v, %v", u, err)
	}
	diff := diffLines(before, after)
	want := []string{"text:", "- … likes oat milk", "+ … likes soy milk", "occurred start:", "- (empty)", "+ 2026-01-02T00:00:00Z",
		"fact type:", "- world", "+ experience", "entities:", "- Alex", "+ Alex, Sam"}
	if strings.Join(diff, "\n") != strings.Join(want, "\n") {
		t.Errorf("diff:\n%s", strings.Join(diff, "\n"))
	}
}

// TestDiffShowsLineBreaks: a change that only breaks a line is seen in the preview.
func TestDiffShowsLineBreaks(t *testing.T) {
	before := editValues{text: "Alex likes oat milk"}
	after := editValues{text: "Alex likes\noat milk"}
	got := strings.Join(diffLines(before, after), "\n")
	if want := "text:\n- … likes oat …\n+ … likes ↵ oat …"; got != want {
		t.Errorf("diff:\n%s", got)
	}
}
