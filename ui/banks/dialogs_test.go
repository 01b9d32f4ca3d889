package banks

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// startPanes builds both panes on one root, the sidebar focused, and loads them.
func startPanes(t *testing.T, c *common.Common, initial string) (*root, *Sidebar, *Overview) {
	t.Helper()
	s := NewSidebar(c, initial)
	s.filterDelay = 0
	o := NewOverview(c)
	r := newRoot(t, s, o)
	r.send(run(t, s.Init())...)
	return r, s, o
}

func form(t *testing.T, r *root) *components.Form {
	t.Helper()
	f, ok := r.front().(*components.Form)
	if !ok {
		t.Fatalf("front dialog is %T, want a form", r.front())
	}
	return f
}

func TestCreateBank(t *testing.T) {
	for _, paneOnly := range []bool{false, true} {
		srv := newServer(t, hindsighttest.WithDemoSeed())
		c, rec := newRecordingCommon(t, srv)
		r, s, o := startPanes(t, c, "")
		r.paneOnly = paneOnly
		r.keys("n")
		f := form(t, r)
		r.typeText("new-bank")
		r.keys("tab")
		r.typeText("New bank")
		r.keys("tab")
		r.typeText("Remember new things.")
		r.keys("enter")
		if len(r.dialogs) != 0 || !f.Closed() {
			t.Fatalf("paneOnly=%v: the form is still open: %q", paneOnly, f.Err())
		}
		if w := rec.writes(); len(w) != 1 || w[0].method != "PUT" || w[0].path != "/v1/default/banks/new-bank" ||
			w[0].body != `{"name":"New bank","reflect_mission":"Remember new things."}` {
			t.Errorf("writes: %+v", w)
		}
		if len(r.toasts) != 1 || r.toasts[0] != "created bank new-bank" {
			t.Errorf("toasts %v", r.toasts)
		}
		if s.SelectedBank() != "new-bank" || r.lastSelect() != "new-bank" || o.BankID() != "new-bank" {
			t.Errorf("after create: sidebar %q, announced %q, overview %q", s.SelectedBank(), r.lastSelect(), o.BankID())
		}
		if o.profile == nil || o.profile.Mission != "Remember new things." {
			t.Errorf("overview profile %+v", o.profile)
		}
	}
}

func TestCreateBankValidation(t *testing.T) {
	for _, tc := range []struct {
		name, id string
		fault    *hindsighttest.Fault
		field    int    // index of the field that shows the error, -1 for the form
		want     string // in the error
		logged   bool
	}{
		{name: "id required", id: "  ", field: 0, want: "an id is required"},
		{name: "no slash", id: "a/b", field: 0, want: "cannot contain /"},
		{name: "existing id", id: "scratch", field: 0, want: "already exists"},
		{name: "422 mapped to its field", id: "new-bank", field: 1, want: "at most 64 characters", logged: true,
			fault: &hindsighttest.Fault{Method: "PUT", Path: "/v1/default/banks/new-bank", Status: 422,
				Body: `{"detail":[{"type":"string_too_long","loc":["body","name"],"msg":"String should have at most 64 characters"}]}`}},
		{name: "422 on an unknown field", id: "new-bank", field: -1, want: "retain_mission: bad", logged: true,
			fault: &hindsighttest.Fault{Method: "PUT", Path: "/v1/default/banks/new-bank", Status: 422,
				Body: `{"detail":[{"type":"x","loc":["body","retain_mission"],"msg":"bad"}]}`}},
		{name: "server error", id: "new-bank", field: -1, want: "failed (HTTP 500): boom", logged: true,
			fault: &hindsighttest.Fault{Method: "PUT", Path: "/v1/default/banks/new-bank", Status: 500, Body: `{"detail":"boom"}`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := newServer(t, hindsighttest.WithDemoSeed())
			if tc.fault != nil {
				srv.SetFault(*tc.fault)
			}
			r, _, _ := startPanes(t, newCommon(t, srv, false), "")
			r.keys("n")
			f := form(t, r)
			r.typeText(tc.id)
			r.keys("tab")
			r.typeText("My name")
			r.keys("enter")
			if len(r.dialogs) != 1 || f.Closed() {
				t.Fatal("the form closed on an error")
			}
			var got string
			if tc.field < 0 {
				got = f.Err()
			} else {
				got = formFields(f)[tc.field].Error()
				if f.Focused() != tc.field {
					t.Errorf("focus on field %d, want the field in error %d", f.Focused(), tc.field)
				}
			}
			if !strings.Contains(got, tc.want) {
				t.Errorf("error %q does not contain %q (form error %q)", got, tc.want, f.Err())
			}
			if !strings.Contains(plain(f.View()), tc.want) {
				t.Errorf("the error is not shown:\n%s", plain(f.View()))
			}
			// Nothing typed is lost.
			if v := formFields(f)[0].(*components.TextField).Value(); v != tc.id {
				t.Errorf("id now %q, want %q", v, tc.id)
			}
			if v := formFields(f)[1].(*components.TextField).Value(); v != "My name" {
				t.Errorf("name now %q", v)
			}
			if logged := len(r.errors) > 0; logged != tc.logged {
				t.Errorf("logged=%v, want %v (%v)", logged, tc.logged, r.errors)
			}
			// Fixing the problem and submitting again works.
			if tc.fault != nil {
				srv.ClearFaults()
				r.keys("enter")
				if len(r.dialogs) != 0 {
					t.Errorf("resubmitting failed: %q", f.Err())
				}
			}
		})
	}
}

// formFields exposes a form's fields to the tests through the fields the dialog built.
func formFields(f *components.Form) []components.Field { return f.Fields() }

func TestFormIgnoresDuplicateSubmitAndCancels(t *testing.T) {
	srv := newServer(t, hindsighttest.WithDemoSeed())
	c := newCommon(t, srv, false)
	f := newCreateDialog(c)
	f.SetSize(120, 40)
	for _, ch := range "slow-bank" {
		f.Update(press(string(ch)))
	}
	_, first := f.Update(press("enter"))
	if first == nil || !f.Busy() {
		t.Fatal("enter did not submit")
	}
	if _, again := f.Update(press("enter")); again != nil {
		t.Fatal("a second enter while busy submitted again")
	}
	f.Update(press("x")) // typing while saving changes nothing
	if v := f.Fields()[0].(*components.TextField).Value(); v != "slow-bank" {
		t.Fatalf("value changed while busy: %q", v)
	}
	_, esc := f.Update(press("esc"))
	if msgs := run(t, esc); len(msgs) != 1 || msgs[0] != (common.CloseDialogMsg{}) {
		t.Fatalf("esc: %v", msgs)
	}
	// The request runs after esc: its context is cancelled, so nothing is created, and
	// its answer is ignored.
	for _, m := range run(t, first) {
		if _, cmd := f.Update(m); cmd != nil {
			t.Errorf("the cancelled request's answer did something: %v", run(t, cmd))
		}
	}
	if _, err := c.Client.GetBankProfile(context.Background(), "slow-bank"); !client.IsNotFound(err) {
		t.Errorf("the cancelled create happened: %v", err)
	}
}

func TestEditBank(t *testing.T) {
	srv := newServer(t, hindsighttest.WithDemoSeed())
	c, rec := newRecordingCommon(t, srv)
	r, s, o := startPanes(t, c, "writer-agent")
	r.focus = 1 // edit from the overview, with the profile it loaded
	r.keys("e")
	f := form(t, r)
	fields := f.Fields()
	name := fields[0].(*components.TextField)
	if name.Value() != "Marrow Point writing desk" {
		t.Fatalf("name prefilled with %q", name.Value())
	}
	skepticism := fields[3].(*components.ScaleField)
	literalism := fields[4].(*components.ScaleField)
	if skepticism.Value() != 2 || literalism.Value() != 4 {
		t.Fatalf("scales prefilled with %d, %d", skepticism.Value(), literalism.Value())
	}
	r.keys("tab", "tab") // name → mission → skepticism (the heading is skipped)
	if f.Focused() != 3 {
		t.Fatalf("focus on %d, want the first scale", f.Focused())
	}
	for _, tc := range []struct {
		keys []string
		want int
	}{
		{[]string{"left", "left", "left", "-"}, 1}, // clamps at 1
		{[]string{"right"}, 2},
		{[]string{"+", "+", "+", "+", "right"}, 5}, // clamps at 5
	} {
		r.keys(tc.keys...)
		if skepticism.Value() != tc.want {
			t.Fatalf("after %v: %d, want %d", tc.keys, skepticism.Value(), tc.want)
		}
	}
	r.keys("tab", "left")                         // literalism 4 → 3
	r.keys("shift+tab", "shift+tab", "shift+tab") // back to the name, skipping the heading
	if f.Focused() != 0 {
		t.Fatalf("focus on %d, want the name", f.Focused())
	}
	r.keys("ctrl+s")
	if len(r.dialogs) != 0 {
		t.Fatalf("edit failed: %q", f.Err())
	}
	w := rec.writes()
	if len(w) != 1 || w[0].method != "PATCH" || w[0].path != "/v1/default/banks/writer-agent" {
		t.Fatalf("writes: %+v", w)
	}
	var body map[string]any
	if err := json.Unmarshal([]byte(w[0].body), &body); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"disposition_skepticism": 5.0, "disposition_literalism": 3.0}
	if len(body) != len(want) || body["disposition_skepticism"] != 5.0 || body["disposition_literalism"] != 3.0 {
		t.Errorf("PATCH body %s, want only the changed traits %v", w[0].body, want)
	}
	if o.profile.Disposition.Skepticism != 5 || o.profile.Disposition.Literalism != 3 {
		t.Errorf("overview shows %+v", o.profile.Disposition)
	}
	if !strings.Contains(plain(o.View()), "skepticism ●●●●● 5") {
		t.Errorf("overview view:\n%s", plain(o.View()))
	}
	if len(r.toasts) != 1 || r.toasts[0] != "saved bank writer-agent" {
		t.Errorf("toasts %v", r.toasts)
	}
	if s.SelectedBank() != "writer-agent" {
		t.Errorf("the selection moved to %q", s.SelectedBank())
	}

	// Renaming from the sidebar sends only the name.
	r.focus = 0
	r.keys("e")
	form(t, r)
	for range len("writing desk") {
		r.keys("backspace")
	}
	r.typeText("studio")
	r.keys("enter")
	if w := rec.writes(); len(w) != 2 || w[1].body != `{"name":"Marrow Point studio"}` {
		t.Errorf("rename writes %+v", w)
	}
	if e := s.entries[s.order[s.cursor]]; e.label != "Marrow Point studio" {
		t.Errorf("the sidebar shows %q", e.label)
	}
}

func TestEditWithoutChangesSendsNothing(t *testing.T) {
	srv := newServer(t, hindsighttest.WithDemoSeed())
	c, rec := newRecordingCommon(t, srv)
	r, _, _ := startPanes(t, c, "scratch")
	r.keys("e", "enter")
	if len(r.dialogs) != 0 || len(rec.writes()) != 0 {
		t.Errorf("dialogs %d, writes %v", len(r.dialogs), rec.writes())
	}
}

func TestDeleteBank(t *testing.T) {
	srv := newServer(t, hindsighttest.WithDemoSeed())
	c, rec := newRecordingCommon(t, srv)
	r, s, o := startPanes(t, c, "writer-agent")
	pos := s.cursor
	next := shownIDs(s)[pos+1]
	r.keys("D")
	d, ok := r.front().(*components.Confirm)
	if !ok {
		t.Fatalf("front dialog is %T", r.front())
	}
	if view := plain(d.View()); !strings.Contains(strings.Join(strings.Fields(strings.ReplaceAll(view, "│", " ")), " "),
		"Delete bank writer-agent and all its memories, documents and entities?") {
		t.Errorf("delete dialog:\n%s", view)
	}
	for _, typed := range []string{"", "writer", "Writer-agent", "writer-agent "} {
		for range len([]rune(d.Typed())) {
			r.keys("backspace")
		}
		r.typeText(typed)
		r.keys("enter")
		if d.Busy() || len(r.dialogs) != 1 || len(rec.writes()) != 0 {
			t.Fatalf("enter acted with %q typed", typed)
		}
	}
	r.keys("backspace")
	if !d.Ready() {
		t.Fatalf("not ready with %q typed", d.Typed())
	}
	r.keys("enter")
	if len(r.dialogs) != 0 {
		t.Fatalf("delete failed: %q", d.Err())
	}
	if w := rec.writes(); len(w) != 1 || w[0].method != "DELETE" || w[0].path != "/v1/default/banks/writer-agent" {
		t.Errorf("writes %+v", w)
	}
	if len(s.entries) != 4 || s.SelectedBank() != next || r.lastSelect() != next || o.BankID() != next {
		t.Errorf("after delete: %d banks, selected %q, announced %q, overview %q; want %q",
			len(s.entries), s.SelectedBank(), r.lastSelect(), o.BankID(), next)
	}
	if len(r.toasts) != 1 || !strings.HasPrefix(r.toasts[0], "deleted bank writer-agent") {
		t.Errorf("toasts %v", r.toasts)
	}
	if len(r.errors) != 0 {
		t.Errorf("errors %v", r.errors)
	}
}

func TestDeleteFailureKeepsDialog(t *testing.T) {
	srv := newServer(t, hindsighttest.WithDemoSeed(), hindsighttest.WithFault(hindsighttest.Fault{
		Method: "DELETE", Path: "/v1/default/banks/scratch", Status: 503, Body: `{"detail":"read-only maintenance"}`}))
	r, s, _ := startPanes(t, newCommon(t, srv, false), "scratch")
	r.keys("D")
	r.typeText("scratch")
	r.keys("enter")
	d := r.front().(*components.Confirm)
	if !strings.Contains(d.Err(), "temporarily unavailable") || d.Typed() != "scratch" {
		t.Errorf("error %q, typed %q", d.Err(), d.Typed())
	}
	if len(r.errors) != 1 || r.errors[0].Op != "delete bank" {
		t.Errorf("errors %v", r.errors)
	}
	if len(s.entries) != 5 {
		t.Errorf("banks %d", len(s.entries))
	}
	r.keys("esc")
	if len(r.dialogs) != 0 {
		t.Error("esc did not close the dialog")
	}
}
