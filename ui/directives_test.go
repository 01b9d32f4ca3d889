package ui

import (
	"context"
	"slices"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/directives"
	"hindsight-tui/ui/reflect"
	"hindsight-tui/ui/uitest"
)

// reflectAndDirectives hosts the reflect pane (focused) and the directives pane, as
// the app does, on the demo bank.
func reflectAndDirectives(t *testing.T, opts ...uitest.Option) (*reflect.Model, *uitest.Host) {
	t.Helper()
	rp, h := uitest.Demo(t, reflect.New, append([]uitest.Option{uitest.ID("reflect")}, opts...)...)
	w, ht := uitest.PaneSize(120, 40)
	h.Add("directives", directives.New(h.C), w, ht)
	h.SelectBank(uitest.DemoBank)
	h.Focus("reflect")
	return rp, h
}

// askTagged asks the Tokyo question with the reflect tag trip:tokyo-2026 and leaves
// the composer for the transcript, the answer selected.
func askTagged(h *uitest.Host) {
	h.Keys("tab", "tab", "tab") // composer → bar: budget, max_tokens, tags
	h.Type("trip:tokyo-2026")
	h.Keys("enter", "esc")
	h.Type("What are Alex's plans for the Tokyo trip?")
	h.Keys("enter", "esc")
}

// d on a reflect answer lands in the directives pane's form, filled with the answer
// and the question's tags; saved, it is a directive of those tags. On an evidence
// item, the form holds the item's text instead.
func TestReflectAnswerBecomesADirective(t *testing.T) {
	_, h := reflectAndDirectives(t)
	askTagged(h)
	copied := h.Clipboard
	h.Keys("y") // the answer, as the pane copies it: what the form must hold
	answer := strings.TrimSpace(h.Clipboard[len(copied)])
	h.Keys("d")
	if len(h.Shown) != 1 || h.Shown[0].ID != "directives" {
		t.Fatalf("shown %+v", h.Shown)
	}
	f := uitest.Front[*components.Form](h)
	fields := f.Fields()
	tags := fields[2].(*components.TagField)
	content := fields[3].(*components.EditorField)
	if content.Value() != answer || answer == "" {
		t.Fatalf("content %q, want the answer %q", content.Value(), answer)
	}
	if !slices.Equal(tags.Value(), []string{"trip:tokyo-2026"}) {
		t.Fatalf("tags %q", tags.Value())
	}
	h.Type("Tokyo plans")
	h.Keys("ctrl+s")
	if h.Front() != nil {
		t.Fatalf("the form stayed open:\n%s", uitest.Plain(f.View()))
	}
	l, err := h.C.Client.ListDirectives(context.Background(), uitest.DemoBank, client.ListDirectivesParams{ActiveOnly: new(bool)})
	if err != nil {
		t.Fatal(err)
	}
	var made *client.Directive
	for i := range l.Items {
		if l.Items[i].Name == "Tokyo plans" {
			made = &l.Items[i]
		}
	}
	if made == nil || made.Content != answer || !slices.Equal(made.Tags, []string{"trip:tokyo-2026"}) {
		t.Fatalf("saved %+v", made)
	}

	// On a memory of the evidence, the memory's text: the first the answer was based on.
	resp, err := h.C.Client.Reflect(context.Background(), uitest.DemoBank, client.ReflectRequest{
		Query: "What are Alex's plans for the Tokyo trip?", Tags: []string{"trip:tokyo-2026"},
		Include: &client.ReflectInclude{Facts: client.IncludeFacts()}})
	if err != nil || resp.BasedOn == nil || len(resp.BasedOn.Memories) == 0 {
		t.Fatalf("reflect: %+v, %v", resp, err)
	}
	h.Focus("reflect")
	h.Keys("space", "d") // the evidence, its first item selected; then d
	f = uitest.Front[*components.Form](h)
	if got := f.Fields()[3].(*components.EditorField).Value(); got != strings.TrimSpace(resp.BasedOn.Memories[0].Text) {
		t.Fatalf("on the first memory the form holds %q, want %q", got, resp.BasedOn.Memories[0].Text)
	}
}

// Under --read-only the key does nothing and neither help offers it.
func TestReflectDirectiveKeyAbsentReadOnly(t *testing.T) {
	rp, h := reflectAndDirectives(t, uitest.ReadOnly())
	askTagged(h)
	h.Keys("d")
	if len(h.Shown) != 0 || h.Front() != nil {
		t.Fatalf("read-only: shown %+v, dialog %v", h.Shown, h.Front())
	}
	for _, g := range rp.FullHelp() {
		for _, b := range g {
			if b.Help().Key == "d" {
				t.Fatal("read-only help offers d")
			}
		}
	}
	rw, hw := reflectAndDirectives(t)
	askTagged(hw)
	found := false
	for _, g := range rw.FullHelp() {
		for _, b := range g {
			found = found || b.Help().Key == "d"
		}
	}
	if !found {
		t.Fatal("? help does not list d")
	}
}

// The footer of the directives pane keeps space (the toggle) at 60 columns, in the
// list and in the applies-to preview.
func TestDirectivesFooterKeepsTheToggleAt60(t *testing.T) {
	h := realModel(t, uitest.DemoServer(t), 60, 20)
	h.run(h.m.Init(), 0)
	h.press(":")
	h.typeText("Go to Directives")
	h.press("enter")
	lines := strings.Split(h.screen(), "\n")
	footer := lines[len(lines)-1]
	mustContain(t, h.screen(), "No early meetin")
	if !strings.Contains(footer, "space active on/off") {
		t.Fatalf("the footer at 60 columns lacks space:\n%s", h.screen())
	}
	h.press("p", "esc")
	lines = strings.Split(h.screen(), "\n")
	if footer = lines[len(lines)-1]; !strings.Contains(footer, "space active on/off") {
		t.Fatalf("the preview's footer at 60 columns lacks space:\n%s", h.screen())
	}
}
