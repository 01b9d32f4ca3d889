package components

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/ui/uitest"
)

func TestDocLines(t *testing.T) {
	st := testCommon(t).Styles
	d := &Doc{}
	d.Text("First line\x1b[2J with an \x1b[31mescape\x1b[0m and 好きな店 🍣.\nSecond paragraph.")
	d.Section("Scores")
	d.Field("final", "0.954")
	d.Field("semantic", "0.249")
	d.Field("absent", "")
	d.Section("Labels")
	d.Field("tags", "a, b")
	for _, w := range []int{12, 30, 60} {
		lines := d.Lines(st, w)
		for i, l := range lines {
			if ansi.StringWidth(l) != w {
				t.Fatalf("width %d: line %d is %d wide: %q", w, i, ansi.StringWidth(l), ansi.Strip(l))
			}
			if strings.Contains(l, "\x1b[2J") || strings.Contains(l, "\x1b[31m") {
				t.Fatalf("an escape from the text reached line %d", i)
			}
		}
	}
	got := ansi.Strip(strings.Join(d.Lines(st, 60), "\n"))
	for _, want := range []string{"好きな店 🍣.", "Second paragraph.", "Scores", "final    0.954", "semantic 0.249", "tags a, b"} {
		if !strings.Contains(got, want) {
			t.Errorf("document lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "absent") {
		t.Error("an empty field was drawn")
	}
}

func TestMemoryDocAndJSON(t *testing.T) {
	now := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	text := "Seen"
	m := &client.Memory{ID: "m1", Text: "An observation.", FactType: client.FactObservation, State: "valid",
		Tags: []string{"t1"}, Entities: client.Strings{"Alex"}, Metadata: client.StringMap{"b": "2", "a": "1"},
		MentionedAt:    client.Time{Time: now.Add(-48 * time.Hour)},
		SourceMemories: []client.SourceMemory{{ID: "s1", Text: "A source fact.", Type: client.FactWorld}}}
	hist := []client.ObservationChange{
		{PreviousText: "Older wording.", ChangedAt: client.Time{Time: now.Add(-72 * time.Hour)},
			SourceFacts: []client.HistorySourceFact{{ID: "s1", Text: &text, IsNew: true}, {ID: "gone"}}},
	}
	lines := ansi.Strip(strings.Join(MemoryDoc(m, hist, now).Lines(testCommon(t).Styles, 70), "\n"))
	for _, want := range []string{"observation m1", "An observation.", "metadata a=1, b=2", "2026-11-28 09:00 UTC · 2d ago",
		"Built from 1 memories", "A source fact.", "History (oldest first)", "change 1", "was        Older wording.",
		"new source Seen", "source     (deleted)", "no document"} {
		if !strings.Contains(lines, want) {
			t.Errorf("memory document lacks %q:\n%s", want, lines)
		}
	}
	js := MemoryJSON(m, hist)
	for _, want := range []string{`"id": "m1"`, `"observation_history"`, `"previous_text": "Older wording."`} {
		if !strings.Contains(js, want) {
			t.Errorf("JSON lacks %s:\n%s", want, js)
		}
	}
}

func TestMemoryDialogLoadsAndFails(t *testing.T) {
	c := demoCommon(t)
	list, err := c.Client.ListMemories(context.Background(), uitest.DemoBank, client.ListMemoriesParams{Type: client.FactObservation, Limit: 1})
	if err != nil || len(list.Items) == 0 {
		t.Fatal(err)
	}
	id := list.Items[0].ID
	d := NewMemoryDialog(c, uitest.DemoBank, id)
	d.SetSize(120, 40)
	if !d.Loading() || !strings.Contains(ansi.Strip(d.View()), "loading memory") {
		t.Fatal("no loading state")
	}
	h := uitest.NewHost(t, c)
	h.Open(d)
	if d.Memory() == nil || d.Memory().ID != id || d.History() == nil && d.Memory().FactType != client.FactObservation {
		t.Fatalf("loaded %+v", d.Memory())
	}
	view := d.View()
	if h := strings.Count(view, "\n") + 1; h > 40 {
		t.Errorf("dialog is %d lines on a 40-line screen", h)
	}
	h.Keys("j", "G", "g", "esc")
	if h.Front() != nil || !d.Closed() {
		t.Errorf("esc did not close the dialog")
	}

	missing := NewMemoryDialog(c, uitest.DemoBank, "00000000-0000-0000-0000-000000000000")
	h.Open(missing)
	if len(h.Errors) != 1 || missing.Memory() != nil {
		t.Fatalf("a missing memory logged %v", h.Errors)
	}
	if !strings.Contains(ansi.Strip(missing.View()), "not found") {
		t.Errorf("view does not explain:\n%s", ansi.Strip(missing.View()))
	}
}
