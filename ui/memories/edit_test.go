package memories

import (
	"context"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/ui/components"
)

// TestUpdateFor sends only the changed fields and refuses what the server would.
func TestUpdateFor(t *testing.T) {
	before := editValues{text: "Alex likes oat milk", context: "chat", typ: "world", entities: "Alex"}
	after := before
	after.text, after.typ, after.entities, after.start = "Alex likes soy milk", "experience", "Alex, Sam", "2026-01-02T00:00:00Z"
	u, err := updateFor(before, after)
	if err != nil {
		t.Fatal(err)
	}
	if u.Text == nil || *u.Text != after.text || u.Context != nil || u.OccurredEnd != nil ||
		*u.FactType != "experience" || *u.OccurredStart != after.start || len(*u.Entities) != 2 {
		t.Fatalf("update = %+v", u)
	}
	if _, err := updateFor(before, before); err == nil {
		t.Error("nothing changed was accepted")
	}
	bad := before
	bad.typ, bad.start = "observation", "yesterday"
	_, err = updateFor(before, bad)
	if inv, ok := err.(components.Invalid); !ok || inv["fact_type"] == "" || inv["occurred_start"] == "" {
		t.Errorf("err = %v", err)
	}
	// Clearing entities sends an empty list.
	none := before
	none.entities = ""
	if u, _ := updateFor(before, none); u.Entities == nil || len(*u.Entities) != 0 {
		t.Errorf("entities = %v", u.Entities)
	}
	diff := diffLines(before, after)
	want := []string{"text:", "- … likes oat milk", "+ … likes soy milk", "occurred start:", "- (empty)", "+ 2026-01-02T00:00:00Z",
		"fact type:", "- world", "+ experience", "entities:", "- Alex", "+ Alex, Sam"}
	if strings.Join(diff, "\n") != strings.Join(want, "\n") {
		t.Errorf("diff:\n%s", strings.Join(diff, "\n"))
	}
}

// TestEditFlow edits a memory's text: the form, the diff preview, then the PATCH.
func TestEditFlow(t *testing.T) {
	srv := demoServer(t)
	c := newCommon(t, srv)
	r, m := startPane(t, c, demoBank, 88, 35)
	r.keys("t")
	mem := *m.current()
	r.keys("E")
	if _, ok := r.front().(*components.Form); !ok {
		t.Fatalf("front = %T", r.front())
	}
	r.keys(" ", "t", "e", "a", "enter")
	conf, ok := r.front().(*components.Confirm)
	if !ok {
		t.Fatalf("front = %T", r.front())
	}
	if v := ansi.Strip(conf.View()); !strings.Contains(v, "+ ") || !strings.Contains(v, "tea") {
		t.Fatalf("preview:\n%s", v)
	}
	if got, _ := c.Client.GetMemory(context.Background(), demoBank, mem.ID); got.Text != mem.Text {
		t.Fatal("saved before the preview was confirmed")
	}
	r.keys("enter")
	got, err := c.Client.GetMemory(context.Background(), demoBank, mem.ID)
	if err != nil || got.Text != mem.Text+" tea" {
		t.Fatalf("text = %q, %v", got.Text, err)
	}
	if r.front() != nil {
		t.Fatalf("dialog left open: %T", r.front())
	}
}

// TestEditObservation is refused: observations are read-only.
func TestEditObservation(t *testing.T) {
	srv := demoServer(t)
	r, m := startPane(t, newCommon(t, srv), demoBank, 88, 35)
	r.keys("t", "t", "t", "E")
	if m.filter.typ != client.FactObservation || r.front() != nil {
		t.Fatalf("type %q, front %T", m.filter.typ, r.front())
	}
}
