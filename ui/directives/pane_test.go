package directives

import (
	"context"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// names are the listed directives' names, in order.
func names(m *Model) []string {
	out := make([]string, len(m.rows))
	for i, d := range m.rows {
		out[i] = d.Name
	}
	return out
}

// The list holds the inactive directives too, in the server's order, and says so.
func TestListIncludesInactive(t *testing.T) {
	m, _ := uitest.Demo(t, New)
	got := strings.Join(names(m), ", ")
	if got != "No early meetings, Peanut check, Quiet Sunday mornings" {
		t.Fatalf("rows = %s", got)
	}
	if m.rows[2].IsActive {
		t.Fatal("the inactive directive is listed as active")
	}
	v := uitest.Plain(uitest.View(t, m))
	for _, want := range []string{"2 active", "3 directives · highest priority first", "▌ ● ", "○ "} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
}

// space switches the selected directive off and a back on, in the row and on the
// server, each time with a toast.
func TestToggle(t *testing.T) {
	m, h := uitest.Demo(t, New)
	h.Keys("space")
	if m.rows[0].IsActive {
		t.Fatal("space did not switch the directive off")
	}
	d, err := h.C.Client.GetDirective(context.Background(), uitest.DemoBank, m.rows[0].ID)
	if err != nil || d.IsActive {
		t.Fatalf("server: %+v, %v", d, err)
	}
	if len(h.Toasts) != 1 || !strings.Contains(h.Toasts[0], "No early meetings") || !strings.Contains(h.Toasts[0], "inactive") {
		t.Fatalf("toasts = %q", h.Toasts)
	}
	h.Keys("a")
	if !m.rows[0].IsActive || len(h.Toasts) != 2 || !strings.Contains(h.Toasts[1], "is active") {
		t.Fatalf("a did not switch it back on: %+v, toasts %q", m.rows[0], h.Toasts)
	}
}

// Under --read-only space changes nothing and the help does not offer it.
func TestReadOnly(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.ReadOnly())
	h.Keys("space", "a", "D")
	if !m.rows[0].IsActive || len(h.Toasts) != 0 || h.Front() != nil {
		t.Fatalf("read-only toggled: %+v, toasts %q", m.rows[0], h.Toasts)
	}
	for _, b := range m.ShortHelp() {
		if b.Help().Key == "space" && b.Enabled() {
			t.Fatal("the help offers space under --read-only")
		}
	}
}

// r keeps the cursor on its directive when the new order moved it.
func TestReloadKeepsSelection(t *testing.T) {
	m, h := uitest.Demo(t, New)
	h.Keys("j", "j")
	id := m.rows[2].ID // Quiet Sunday mornings, last by priority
	top := 100
	if _, err := h.C.Client.UpdateDirective(context.Background(), uitest.DemoBank, id,
		client.UpdateDirectiveRequest{Priority: &top}); err != nil {
		t.Fatal(err)
	}
	h.Keys("r")
	if m.rows[0].ID != id || m.cursor != 0 {
		t.Fatalf("cursor %d on %q, want row 0 on %s", m.cursor, names(m), id)
	}
	// When it is gone, the cursor keeps its row and a toast says so.
	if err := h.C.Client.DeleteDirective(context.Background(), uitest.DemoBank, id); err != nil {
		t.Fatal(err)
	}
	h.Keys("r")
	if m.cursor != 0 || len(m.rows) != 2 || len(h.Toasts) != 1 || !strings.Contains(h.Toasts[0], "no longer") {
		t.Fatalf("cursor %d, rows %q, toasts %q", m.cursor, names(m), h.Toasts)
	}
}

// An answer for a request the user has moved on from is dropped: one of an earlier
// request, and one for another bank; a reload held in flight still lands.
func TestStaleAnswerDropped(t *testing.T) {
	m, h := uitest.Demo(t, New)
	cmd := h.Hold("r")
	if !m.loading {
		t.Fatal("r did not reload")
	}
	h.Deliver(listMsg{seq: m.seq - 1, bank: m.bank, list: &client.DirectiveList{}})
	h.Deliver(listMsg{seq: m.seq, bank: "another-bank", list: &client.DirectiveList{}})
	if len(m.rows) != 3 || !m.loading {
		t.Fatalf("a stale answer was taken: rows %q, loading %v", names(m), m.loading)
	}
	h.Do(cmd)
	if len(m.rows) != 3 || m.loading {
		t.Fatalf("the current answer: rows %q, loading %v", names(m), m.loading)
	}
}

// D asks, naming the directive, and enter deletes it on the server and in the list.
func TestDelete(t *testing.T) {
	m, h := uitest.Demo(t, New)
	h.Keys("j", "D")
	d := uitest.Front[*components.Confirm](h)
	if v := uitest.Plain(d.View()); !strings.Contains(v, "Peanut check") {
		t.Fatalf("the confirmation does not name the directive:\n%s", v)
	}
	h.Keys("enter")
	if got := strings.Join(names(m), ", "); got != "No early meetings, Quiet Sunday mornings" || m.cursor != 1 {
		t.Fatalf("rows %s, cursor %d", got, m.cursor)
	}
	l, err := h.C.Client.ListDirectives(context.Background(), uitest.DemoBank, client.ListDirectivesParams{ActiveOnly: new(bool)})
	if err != nil || len(l.Items) != 2 {
		t.Fatalf("server: %+v, %v", l, err)
	}
	if len(h.Toasts) != 1 || !strings.Contains(h.Toasts[0], "Peanut check") {
		t.Fatalf("toasts = %q", h.Toasts)
	}
}

// n creates a directive through the form; the list reloads with the cursor on it,
// placed by its priority.
func TestCreate(t *testing.T) {
	m, h := uitest.Demo(t, New)
	h.Keys("n")
	f := uitest.Front[*components.Form](h)
	h.Type("Metric units")
	h.Keys("tab")
	h.Type("x")
	h.Keys("tab", "tab")
	h.Type("Give distances in km.")
	h.Keys("ctrl+s")
	if !strings.Contains(uitest.Plain(f.View()), "a whole number") || h.Front() == nil {
		t.Fatalf("a priority of x was accepted:\n%s", uitest.Plain(f.View()))
	}
	h.Keys("esc", "n")
	h.Type("Metric units")
	h.Keys("tab")
	h.Type("9")
	h.Keys("tab", "tab")
	h.Type("Give distances in km.")
	h.Keys("ctrl+s")
	if h.Front() != nil {
		t.Fatalf("the form stayed open:\n%s", uitest.Plain(f.View()))
	}
	if len(m.rows) != 4 || m.selected().Name != "Metric units" || !m.selected().IsActive || m.selected().Priority != 9 {
		t.Fatalf("rows %q, cursor %d", names(m), m.cursor)
	}
	if len(h.Toasts) != 1 || !strings.Contains(h.Toasts[0], "Created directive") {
		t.Fatalf("toasts = %q", h.Toasts)
	}
}

// e edits the selected directive; a new priority moves it and the cursor follows.
func TestEdit(t *testing.T) {
	m, h := uitest.Demo(t, New)
	h.Keys("G", "e")
	if v := uitest.Plain(uitest.Front[*components.Form](h).View()); !strings.Contains(v, "Quiet Sunday mornings") {
		t.Fatalf("the form does not hold the directive:\n%s", v)
	}
	h.Keys("tab", "backspace")
	h.Type("50")
	h.Keys("ctrl+s")
	if h.Front() != nil || m.cursor != 0 || m.selected().Name != "Quiet Sunday mornings" || m.selected().Priority != 50 {
		t.Fatalf("rows %q, cursor %d", names(m), m.cursor)
	}
}

// The palette offers the writes only without --read-only, and its toggle works.
func TestActions(t *testing.T) {
	m, h := uitest.Demo(t, New)
	acts := m.Actions()
	var toggle *common.Action
	for i := range acts {
		if strings.HasPrefix(acts[i].Name, "Switch off directive") {
			toggle = &acts[i]
		}
	}
	if toggle == nil {
		t.Fatalf("no switch-off action in %+v", acts)
	}
	h.Deliver(toggle.Msg)
	if m.rows[0].IsActive {
		t.Fatal("the palette's toggle did nothing")
	}
	ro, _ := uitest.Demo(t, New, uitest.ReadOnly())
	if acts := ro.Actions(); len(acts) != 2 || acts[0].Key != "r" || acts[1].Key != "p" {
		t.Fatalf("read-only actions = %+v", acts)
	}
}

// A failed list shows its error in place of the rows.
func TestListError(t *testing.T) {
	m, _ := uitest.Demo(t, New, uitest.Faults(hindsighttest.Fault{Method: "GET",
		Path: "/v1/default/banks/" + uitest.DemoBank + "/directives", Status: 503, Body: `{"detail":"directives are resting"}`}))
	v := uitest.Plain(uitest.View(t, m))
	if m.err == nil || !strings.Contains(v, "✗") || strings.Contains(v, "No early meetings") {
		t.Fatalf("the error is not shown in place:\n%s", v)
	}
}

// The form's tags field completes from the bank's tags, and edit holds the
// directive's tags as chips.
func TestFormTagsComplete(t *testing.T) {
	m, h := uitest.Demo(t, New)
	h.Keys("n")
	h.Type("Email tone")
	h.Keys("tab", "tab")
	h.Type("source:em")
	if v := uitest.Plain(uitest.View(t, h.Front())); !strings.Contains(v, "source:email") {
		t.Fatalf("no completion:\n%s", v)
	}
	h.Keys("enter", "tab")
	h.Type("Keep emails short.")
	h.Keys("ctrl+s")
	if h.Front() != nil || m.selected().Name != "Email tone" || strings.Join(m.selected().Tags, ",") != "source:email" {
		t.Fatalf("created %+v", m.selected())
	}
	h.Keys("e")
	f := uitest.Front[*components.Form](h)
	if tf, ok := f.Fields()[2].(*components.TagField); !ok || strings.Join(tf.Value(), ",") != "source:email" {
		t.Fatalf("the edit form's tags: %#v", f.Fields()[2])
	}
}
