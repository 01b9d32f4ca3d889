package memories

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// TestEditFlow edits a memory's text: the form, the diff preview, then the PATCH.
func TestEditFlow(t *testing.T) {
	m, r := uitest.Demo(t, New)
	c := r.C
	r.Keys("t")
	mem := *m.current()
	r.Keys("E")
	uitest.Front[*components.Form](r)
	r.Keys(" ", "t", "e", "a", "ctrl+s")
	conf := uitest.Front[*components.Confirm](r)
	if v := ansi.Strip(conf.View()); !strings.Contains(v, "+ ") || !strings.Contains(v, "tea") {
		t.Fatalf("preview:\n%s", v)
	}
	if got, _ := c.Client.GetMemory(context.Background(), uitest.DemoBank, mem.ID); got.Text != mem.Text {
		t.Fatal("saved before the preview was confirmed")
	}
	r.Keys("enter")
	got, err := c.Client.GetMemory(context.Background(), uitest.DemoBank, mem.ID)
	if err != nil || got.Text != mem.Text+" tea" {
		t.Fatalf("text = %q, %v", got.Text, err)
	}
	if r.Front() != nil {
		t.Fatalf("dialog left open: %T", r.Front())
	}
}

// TestEditObservation is refused: observations are read-only.
func TestEditObservation(t *testing.T) {
	m, r := uitest.Demo(t, New)
	r.Keys("t", "t", "t", "E")
	if m.filter.typ != client.FactObservation || r.Front() != nil {
		t.Fatalf("type %q, front %T", m.filter.typ, r.Front())
	}
}

// TestEditTextNewline: the text field is several lines. Enter starts a new line (the
// form's help says ctrl+s previews), the preview shows the break, and the PATCH
// carries it.
func TestEditTextNewline(t *testing.T) {
	rec := &uitest.Recorder{}
	m, r := uitest.Demo(t, New, uitest.WithClient(rec.Option()))
	r.Keys("t")
	mem := *m.current()
	r.Keys("E", "enter")
	r.Type("Second line.")
	form, ok := r.Front().(*components.Form)
	if !ok {
		t.Fatalf("enter left the form: front = %T", r.Front())
	}
	view := uitest.Plain(uitest.View(t, form))
	if !strings.Contains(view, "Second line.") || !strings.Contains(view, "ctrl+s preview · enter new line") {
		t.Fatalf("form:\n%s", view)
	}
	// Up and down move through the text; down on its last row goes to the next field,
	// where enter previews again.
	r.Keys("up")
	if form.Focused() != 0 {
		t.Fatal("up on the second line left the text")
	}
	r.Keys("down", "down")
	if form.Focused() != 1 || !strings.Contains(uitest.Plain(uitest.View(t, form)), "enter preview") {
		t.Fatalf("down on the last row: field %d", form.Focused())
	}
	r.Keys("shift+tab", "ctrl+s")
	conf, ok := r.Front().(*components.Confirm)
	if !ok {
		t.Fatalf("ctrl+s did not preview: front = %T", r.Front())
	}
	if v := ansi.Strip(conf.View()); !strings.Contains(v, "↵ Second line.") {
		t.Fatalf("the preview does not show the new line:\n%s", v)
	}
	r.Keys("enter")
	want := mem.Text + "\nSecond line."
	patches := rec.Matching("PATCH", "/memories/"+mem.ID)
	if len(patches) != 1 {
		t.Fatalf("PATCH requests: %v", rec.Writes())
	}
	var body struct {
		Text *string `json:"text"`
	}
	if err := json.Unmarshal([]byte(patches[0].Body), &body); err != nil || body.Text == nil || *body.Text != want {
		t.Fatalf("PATCH body %s", patches[0].Body)
	}
	if got, err := r.C.Client.GetMemory(context.Background(), uitest.DemoBank, mem.ID); err != nil || got.Text != want {
		t.Fatalf("stored text %q, %v", got.Text, err)
	}
}

// TestEditKeepsTheCursorOnTheMemory: saving an edit can change the list's order; the
// cursor must stay on the edited memory, not on its old row, so that the next key
// (x, say) acts on the memory the user was looking at.
func TestEditKeepsTheCursorOnTheMemory(t *testing.T) {
	// Also when the list grew while the editor was open.
	m, r := uitest.Demo(t, New)
	r.Keys("s")
	r.Type("aisle")
	r.Keys("enter", "G")
	mem := *m.current()
	r.Keys("E", "ctrl+e") // to the end of the text
	r.Type(" Always.")
	r.Keys("ctrl+s")
	// Meanwhile an agent stores a newer memory that the search finds: every row of the
	// list moves down by one.
	if _, err := r.C.Client.Retain(t.Context(), uitest.DemoBank, client.RetainRequest{
		Items: []client.MemoryItem{{Content: "Alex asked for an aisle seat on the next flight too."}}}); err != nil {
		t.Fatal(err)
	}
	r.Keys("enter")
	if got := m.current(); got == nil || got.ID != mem.ID {
		t.Fatalf("after the edit the cursor is on %+v, want %s (%q)", got, mem.ID, mem.Text)
	}
	if got := m.current().Text; got != mem.Text+" Always." {
		t.Errorf("the row shows %q", got)
	}
	// The invalidate confirmation names it.
	r.Keys("x")
	if v := ansi.Strip(r.Front().View()); !strings.Contains(v, "invalidate “"+mem.Text[:20]) || !strings.Contains(v, mem.ID[:8]) {
		t.Errorf("confirmation does not name the memory:\n%s", v)
	}
}

// TestRefreshSaysWhereTheMemoryWent: r keeps the cursor on its memory; when another
// client took that memory out of the list, the cursor keeps the row and a notice
// names the memory that left.
func TestRefreshSaysWhereTheMemoryWent(t *testing.T) {
	m, r := uitest.Demo(t, New)
	r.Keys("j", "j")
	next := *m.win.item(m.cursor + 1)
	r.Keys("k", "r")
	if got := m.current(); m.cursor != 1 || got == nil || got.ID != m.win.item(1).ID {
		t.Fatalf("refresh moved the cursor to row %d", m.cursor)
	}
	r.Keys("j")
	gone := *m.current()
	if _, err := r.C.Client.UpdateMemory(t.Context(), uitest.DemoBank, gone.ID,
		client.UpdateMemoryRequest{State: client.Ptr("invalidated"), Reason: client.Ptr("test")}); err != nil {
		t.Fatal(err)
	}
	r.Keys("r")
	if got := m.current(); m.cursor != 2 || got == nil || got.ID != next.ID {
		t.Errorf("cursor on row %d (%v), want row 2 holding the next memory", m.cursor, got)
	}
	if toast := r.Toasts[len(r.Toasts)-1]; !strings.Contains(toast, common.ItemName(gone.Text, gone.ID)+" is no longer in this list") {
		t.Errorf("toast %q", toast)
	}
}

// TestObservationWritesSayWhy: E and x on an observation are off; pressing them says
// why and what to do, instead of nothing.
func TestObservationWritesSayWhy(t *testing.T) {
	_, r := uitest.Demo(t, New)
	r.Keys("t", "t", "t") // observations only
	for _, k := range []string{"E", "x"} {
		n := len(r.Toasts)
		r.Keys(k)
		if len(r.Toasts) != n+1 || !strings.Contains(r.Toasts[n], "observations are read-only") || r.Front() != nil {
			t.Errorf("%s on an observation: toasts %v, front %T", k, r.Toasts[n:], r.Front())
		}
	}
}

// TestAWriteElsewhereRefreshesTheList: an edit made in another pane's inspector (or a
// retain) reaches the list as a MemoryChangedMsg: the list shows the stored text and
// the cursor stays on its memory; a memory invalidated elsewhere leaves the list and
// the row holds the next one.
func TestAWriteElsewhereRefreshesTheList(t *testing.T) {
	m, r := uitest.Demo(t, New)
	r.Keys("j", "j")
	mem := *m.current()
	if _, err := r.C.Client.UpdateMemory(t.Context(), uitest.DemoBank, mem.ID,
		client.UpdateMemoryRequest{Text: client.Ptr(mem.Text + " (checked)")}); err != nil {
		t.Fatal(err)
	}
	r.Send(common.MemoryChangedMsg{BankID: uitest.DemoBank, IDs: []string{mem.ID}, Change: common.MemoryEdited})
	if got := m.current(); got == nil || got.ID != mem.ID || got.Text != mem.Text+" (checked)" {
		t.Fatalf("after the edit elsewhere the cursor is on %+v", got)
	}
	next := *m.win.item(m.cursor + 1)
	if _, err := r.C.Client.UpdateMemory(t.Context(), uitest.DemoBank, mem.ID,
		client.UpdateMemoryRequest{State: client.Ptr("invalidated"), Reason: client.Ptr("test")}); err != nil {
		t.Fatal(err)
	}
	r.Send(common.MemoryChangedMsg{BankID: uitest.DemoBank, IDs: []string{mem.ID}, Change: common.MemoryInvalidated})
	if got := m.current(); got == nil || got.ID != next.ID {
		t.Errorf("after the invalidation elsewhere the cursor is on %+v, want the next memory %s", got, next.ID)
	}
	// Another bank's change does not reload this list.
	before := m.win.seq
	r.Send(common.MemoryChangedMsg{BankID: "someone-else", Change: common.MemoryRetained})
	if m.win.seq != before {
		t.Error("another bank's write reloaded the list")
	}
}
