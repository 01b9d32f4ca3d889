package banks

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

func form(t *testing.T, h *uitest.Host) *components.Form {
	t.Helper()
	f := uitest.Front[*components.Form](h)
	return f
}

func TestCreateBank(t *testing.T) {
	rec := &uitest.Recorder{}
	h, s, o := hostBanks(t, uitest.NewCommon(t, uitest.DemoServer(t), rec.Option()), "")
	h.Keys("n")
	f := form(t, h)
	h.Type("new-bank")
	h.Keys("tab")
	h.Type("New bank")
	h.Keys("tab")
	h.Type("Remember new things.")
	h.Keys("enter")
	if h.Front() != nil || !f.Closed() {
		t.Fatalf("the form is still open: %q", f.Err())
	}
	if w := rec.Writes(); len(w) != 1 || w[0].Method != "PUT" || w[0].Path != "/v1/default/banks/new-bank" ||
		w[0].Body != `{"name":"New bank","reflect_mission":"Remember new things."}` {
		t.Errorf("writes: %+v", w)
	}
	if len(h.Toasts) != 1 || h.Toasts[0] != "created bank new-bank" {
		t.Errorf("toasts %v", h.Toasts)
	}
	if s.SelectedBank() != "new-bank" || lastSelection(h) != "new-bank" || o.BankID() != "new-bank" {
		t.Errorf("after create: sidebar %q, announced %q, overview %q", s.SelectedBank(), lastSelection(h), o.BankID())
	}
	if o.profile == nil || o.profile.Mission != "Remember new things." {
		t.Errorf("overview profile %+v", o.profile)
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
			srv := uitest.DemoServer(t)
			if tc.fault != nil {
				srv.SetFault(*tc.fault)
			}
			h, _, _ := hostBanks(t, uitest.NewCommon(t, srv), "")
			h.Keys("n")
			f := form(t, h)
			h.Type(tc.id)
			h.Keys("tab")
			h.Type("My name")
			h.Keys("enter")
			if h.Front() != f || f.Closed() {
				t.Fatal("the form closed on an error")
			}
			var got string
			if tc.field < 0 {
				got = f.Err()
			} else {
				got = f.Fields()[tc.field].Error()
				if f.Focused() != tc.field {
					t.Errorf("focus on field %d, want the field in error %d", f.Focused(), tc.field)
				}
			}
			if !strings.Contains(got, tc.want) {
				t.Errorf("error %q does not contain %q (form error %q)", got, tc.want, f.Err())
			}
			if v := uitest.Plain(uitest.View(t, f)); !strings.Contains(v, tc.want) {
				t.Errorf("the error is not shown:\n%s", v)
			}
			// Nothing typed is lost.
			if v := f.Fields()[0].(*components.TextField).Value(); v != tc.id {
				t.Errorf("id now %q, want %q", v, tc.id)
			}
			if v := f.Fields()[1].(*components.TextField).Value(); v != "My name" {
				t.Errorf("name now %q", v)
			}
			if logged := len(h.Errors) > 0; logged != tc.logged {
				t.Errorf("logged=%v, want %v (%v)", logged, tc.logged, h.Errors)
			}
			// Fixing the problem and submitting again works.
			if tc.fault != nil {
				srv.ClearFaults()
				h.Keys("enter")
				if h.Front() != nil {
					t.Errorf("resubmitting failed: %q", f.Err())
				}
			}
		})
	}
}

// A second enter while the form saves does nothing; esc cancels the request, whose
// late answer then reaches no one.
func TestFormIgnoresDuplicateSubmitAndCancels(t *testing.T) {
	c := uitest.NewCommon(t, uitest.DemoServer(t))
	h := uitest.NewHost(t, c)
	f := newCreateDialog(c)
	h.Open(f)
	h.Type("slow-bank")
	first := h.R.UpdateFront(uitest.Key("enter")) // held: the request has not run yet
	if first == nil || !f.Busy() {
		t.Fatal("enter did not submit")
	}
	if again := h.R.UpdateFront(uitest.Key("enter")); again != nil {
		t.Fatal("a second enter while busy submitted again")
	}
	h.Keys("x") // typing while saving changes nothing
	if v := f.Fields()[0].(*components.TextField).Value(); v != "slow-bank" {
		t.Fatalf("value changed while busy: %q", v)
	}
	h.Keys("esc")
	if h.Front() != nil || !f.Closed() {
		t.Fatal("esc did not close the form")
	}
	// The request runs after esc: its context is cancelled, so nothing is created, and
	// its answer is for a dialog that is gone.
	h.Send(uitest.Run(t, first)...)
	if len(h.Up) != 0 {
		t.Errorf("the cancelled request's answer did something: %v", h.Up)
	}
	if _, err := c.Client.GetBankProfile(context.Background(), "slow-bank"); !client.IsNotFound(err) {
		t.Errorf("the cancelled create happened: %v", err)
	}
}

func TestEditBank(t *testing.T) {
	rec := &uitest.Recorder{}
	h, s, o := hostBanks(t, uitest.NewCommon(t, uitest.DemoServer(t), rec.Option()), "writer-agent")
	h.Focus(overviewID) // edit from the overview, with the profile it loaded
	h.Keys("e")
	f := form(t, h)
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
	h.Keys("tab", "tab") // name → mission → skepticism (the heading is skipped)
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
		h.Keys(tc.keys...)
		if skepticism.Value() != tc.want {
			t.Fatalf("after %v: %d, want %d", tc.keys, skepticism.Value(), tc.want)
		}
	}
	h.Keys("tab", "left")                         // literalism 4 → 3
	h.Keys("shift+tab", "shift+tab", "shift+tab") // back to the name, skipping the heading
	if f.Focused() != 0 {
		t.Fatalf("focus on %d, want the name", f.Focused())
	}
	h.Keys("ctrl+s")
	if h.Front() != nil {
		t.Fatalf("edit failed: %q", f.Err())
	}
	w := rec.Writes()
	if len(w) != 1 || w[0].Method != "PATCH" || w[0].Path != "/v1/default/banks/writer-agent" {
		t.Fatalf("writes: %+v", w)
	}
	var body map[string]any
	if err := json.Unmarshal([]byte(w[0].Body), &body); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"disposition_skepticism": 5.0, "disposition_literalism": 3.0}
	if len(body) != len(want) || body["disposition_skepticism"] != 5.0 || body["disposition_literalism"] != 3.0 {
		t.Errorf("PATCH body %s, want only the changed traits %v", w[0].Body, want)
	}
	if o.profile.Disposition.Skepticism != 5 || o.profile.Disposition.Literalism != 3 {
		t.Errorf("overview shows %+v", o.profile.Disposition)
	}
	if v := uitest.Plain(uitest.View(t, o)); !strings.Contains(v, "skepticism ●●●●● 5") {
		t.Errorf("overview view:\n%s", v)
	}
	if len(h.Toasts) != 1 || h.Toasts[0] != "saved bank writer-agent" {
		t.Errorf("toasts %v", h.Toasts)
	}
	if s.SelectedBank() != "writer-agent" {
		t.Errorf("the selection moved to %q", s.SelectedBank())
	}

	// Renaming from the sidebar sends only the name; the overview, which did not open
	// that dialog, follows through the reload.
	h.Focus(sidebarID)
	h.Keys("e")
	form(t, h)
	for range len("writing desk") {
		h.Keys("backspace")
	}
	h.Type("studio")
	h.Keys("enter")
	if w := rec.Writes(); len(w) != 2 || w[1].Body != `{"name":"Marrow Point studio"}` {
		t.Errorf("rename writes %+v", w)
	}
	if e := s.entries[s.order[s.cursor]]; e.label != "Marrow Point studio" {
		t.Errorf("the sidebar shows %q", e.label)
	}
	if o.profile == nil || o.profile.Name != "Marrow Point studio" {
		t.Errorf("the overview shows %+v", o.profile)
	}
}

func TestEditWithoutChangesSendsNothing(t *testing.T) {
	rec := &uitest.Recorder{}
	h, _, _ := hostBanks(t, uitest.NewCommon(t, uitest.DemoServer(t), rec.Option()), "scratch")
	h.Keys("e", "enter")
	if h.Front() != nil || len(rec.Writes()) != 0 {
		t.Errorf("front %T, writes %v", h.Front(), rec.Writes())
	}
	if len(h.Toasts) != 1 || h.Toasts[0] != "nothing changed" {
		t.Errorf("toasts %v", h.Toasts)
	}
}

// TestDeleteBank deletes from either pane. Whichever opened the dialog, the list
// moves to the next bank, the overview follows it, and nothing is reported as failing:
// the overview that did not delete the bank learns of it when its reload finds the
// bank gone.
func TestDeleteBank(t *testing.T) {
	for _, from := range []string{sidebarID, overviewID} {
		t.Run(from, func(t *testing.T) {
			rec := &uitest.Recorder{}
			h, s, o := hostBanks(t, uitest.NewCommon(t, uitest.DemoServer(t), rec.Option()), "writer-agent")
			h.Focus(from)
			next := shownIDs(s)[s.cursor+1]
			h.Keys("D")
			d := uitest.Front[*components.Confirm](h)
			if v := uitest.Plain(uitest.View(t, d)); !strings.Contains(strings.Join(strings.Fields(strings.ReplaceAll(v, "│", " ")), " "),
				"Delete bank writer-agent and all its memories, documents and entities?") {
				t.Errorf("delete dialog:\n%s", v)
			}
			for _, typed := range []string{"", "writer", "Writer-agent", "writer-agent "} {
				for range len([]rune(d.Typed())) {
					h.Keys("backspace")
				}
				h.Type(typed)
				h.Keys("enter")
				if d.Busy() || h.Front() != d || len(rec.Writes()) != 0 {
					t.Fatalf("enter acted with %q typed", typed)
				}
			}
			h.Keys("backspace")
			if !d.Ready() {
				t.Fatalf("not ready with %q typed", d.Typed())
			}
			h.Keys("enter")
			if h.Front() != nil {
				t.Fatalf("delete failed: %q", d.Err())
			}
			if w := rec.Writes(); len(w) != 1 || w[0].Method != "DELETE" || w[0].Path != "/v1/default/banks/writer-agent" {
				t.Errorf("writes %+v", w)
			}
			if len(s.entries) != 4 || s.SelectedBank() != next || lastSelection(h) != next || o.BankID() != next {
				t.Errorf("after delete: %d banks, selected %q, announced %q, overview %q; want %q",
					len(s.entries), s.SelectedBank(), lastSelection(h), o.BankID(), next)
			}
			if o.deleted || o.profile == nil || o.profile.BankID != next {
				t.Errorf("the overview shows deleted=%v %+v", o.deleted, o.profile)
			}
			if len(h.Toasts) != 1 || !strings.HasPrefix(h.Toasts[0], "deleted bank writer-agent") {
				t.Errorf("toasts %v", h.Toasts)
			}
			if len(h.Errors) != 0 {
				t.Errorf("errors %v", h.Errors)
			}
		})
	}
}

func TestDeleteFailureKeepsDialog(t *testing.T) {
	srv := uitest.DemoServer(t, hindsighttest.WithFault(hindsighttest.Fault{
		Method: "DELETE", Path: "/v1/default/banks/scratch", Status: 503, Body: `{"detail":"read-only maintenance"}`}))
	h, s, _ := hostBanks(t, uitest.NewCommon(t, srv), "scratch")
	h.Keys("D")
	h.Type("scratch")
	h.Keys("enter")
	d := uitest.Front[*components.Confirm](h)
	if !strings.Contains(d.Err(), "temporarily unavailable") || d.Typed() != "scratch" {
		t.Errorf("error %q, typed %q", d.Err(), d.Typed())
	}
	if len(h.Errors) != 1 || h.Errors[0].Op != "delete bank" {
		t.Errorf("errors %v", h.Errors)
	}
	if len(s.entries) != 5 {
		t.Errorf("banks %d", len(s.entries))
	}
	h.Keys("esc")
	if h.Front() != nil {
		t.Error("esc did not close the dialog")
	}
}
