package retain

import (
	"slices"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

const memoriesPath = "/v1/default/banks/user-alex-prefs/memories"

// testDocID is the document_id the pane generates in the tests that pin it.
const testDocID = "00000000-0000-4000-8000-00000000d0c1"

func pinnedID() string { return testDocID }

// TestSubmitSync fills every field, submits, and checks the request on the wire, the
// result line, and the recallable check.
func TestSubmitSync(t *testing.T) {
	rec := &uitest.Recorder{}
	m, r := uitest.Demo(t, New, uitest.WithClient(rec.Option()))
	fill(r, m, values{Content: "Alex moved to Lisbon in March.\nHe works remotely.", Context: "chat", Timestamp: "2026-03-01 10:30",
		DocumentID: "move-notes", Append: true, Tags: []string{"move"}, Metadata: "source=chat\nconfidence=high",
		Entities: "Alex:PERSON, Lisbon:PLACE"})
	r.Keys("ctrl+s")
	bodies := rec.Bodies("POST", "/memories")
	if len(bodies) != 1 {
		t.Fatalf("%d retains", len(bodies))
	}
	want := `{"items":[{"content":"Alex moved to Lisbon in March.\nHe works remotely.","timestamp":"2026-03-01T10:30:00Z",` +
		`"context":"chat","metadata":{"confidence":"high","source":"chat"},"document_id":"move-notes",` +
		`"entities":[{"text":"Alex","type":"PERSON"},{"text":"Lisbon","type":"PLACE"}],"tags":["move"],"update_mode":"append"}]}`
	if bodies[0] != want {
		t.Fatalf("sent\n%s\nwant\n%s", bodies[0], want)
	}
	if m.zone != zoneIdle || !m.keys.Retain.Check.Enabled() {
		t.Fatal("after a retain the keys leave the form, and v works")
	}
	view := uitest.Plain(uitest.View(t, m))
	if !strings.Contains(view, "✓ retained 1 item ·") || !strings.Contains(view, "tokens (in") || !strings.Contains(view, "document move-notes") {
		t.Errorf("result line:\n%s", view)
	}

	r.Keys("v")
	ck := m.cur.sub.check
	if ck.res == nil || ck.res.stored == 0 || ck.res.rank == 0 {
		t.Fatalf("check %+v %v", ck.res, ck.err)
	}
	if view := uitest.Plain(uitest.View(t, m)); !strings.Contains(view, "✓ recallable: rank") || !strings.Contains(view, `"Alex moved to Lisbon in March"`) {
		t.Errorf("check line:\n%s", view)
	}
}

// TestLocalChecksPointAtFields: what the server would reject is not sent, and each
// problem sits under its field, the focus on the first.
func TestLocalChecksPointAtFields(t *testing.T) {
	rec := &uitest.Recorder{}
	m, r := uitest.Demo(t, New, uitest.WithClient(rec.Option()))
	fill(r, m, values{Timestamp: "yesterday", Metadata: "a=1\na=2"})
	r.Keys("ctrl+s")
	if n := len(rec.Bodies("POST", "/memories")); n != 0 {
		t.Fatalf("%d requests sent", n)
	}
	errs := m.cur.form.errs
	if errs[fContent] == "" || errs[fTimestamp] == "" || !strings.Contains(errs[fMetadata], `line 2: key "a" is already on line 1`) {
		t.Fatalf("errors %v", errs)
	}
	if m.cur.form.focus != fContent || m.zone != zoneForm {
		t.Errorf("focus %d zone %d", m.cur.form.focus, m.zone)
	}
	if len(r.Errors) != 0 {
		t.Error("a local check is not a request failure")
	}
	r.Type("x")
	if m.cur.form.errs[fContent] != "" {
		t.Error("typing in a field clears its error")
	}
}

// Test422MapsToFields: the server's validation errors land under the fields their
// locations name; the rest under the form.
func Test422MapsToFields(t *testing.T) {
	body := `{"detail":[{"type":"value_error","loc":["body","items",0,"timestamp"],"msg":"Value error, Invalid timestamp","input":"x"},` +
		`{"type":"string_type","loc":["body","items",0,"metadata","n"],"msg":"Input should be a valid string","input":3},` +
		`{"type":"uuid","loc":["body","operation_id"],"msg":"operation_id must be a valid UUID","input":"x"}]}`
	m, r := uitest.Demo(t, New, uitest.Seed(hindsighttest.WithFault(hindsighttest.Fault{Method: "POST", Path: memoriesPath, Status: 422, Body: body})))
	fill(r, m, values{Content: "Alex moved.", Timestamp: "2024-01-15"})
	r.Keys("ctrl+s")
	errs := m.cur.form.errs
	if errs[fTimestamp] != "Value error, Invalid timestamp" || errs[fMetadata] != "Input should be a valid string" {
		t.Fatalf("field errors %v", errs)
	}
	if m.cur.form.focus != fTimestamp || m.zone != zoneForm {
		t.Errorf("focus %d zone %d", m.cur.form.focus, m.zone)
	}
	if !strings.Contains(m.cur.formErr, "operation_id: operation_id must be a valid UUID") {
		t.Errorf("form error %q", m.cur.formErr)
	}
	if len(r.Errors) != 1 {
		t.Errorf("errors %v", r.Errors)
	}
	if !m.cur.form.values().equal(values{Content: "Alex moved.", Timestamp: "2024-01-15"}) {
		t.Error("the form changed")
	}
}

// TestReadOnly: no form, no actions, no keys.
func TestReadOnly(t *testing.T) {
	m, r := uitest.Demo(t, New, uitest.ReadOnly())
	r.Keys("ctrl+s", "a", "ctrl+b")
	if m.Capturing() || len(m.Actions()) != 0 || r.Front() != nil || m.cur.sub != nil {
		t.Fatal("read-only retain acts")
	}
	for _, b := range m.ShortHelp() {
		t.Errorf("binding %q shown in read-only mode", b.Help().Key)
	}
	if view := uitest.Plain(uitest.View(t, m)); !strings.Contains(view, "Retain is off in read-only mode") {
		t.Errorf("view:\n%s", view)
	}
}

// TestKeysFollowState: bindings that cannot act are disabled, in help and palette.
func TestKeysFollowState(t *testing.T) {
	m, r := uitest.Demo(t, New)
	if !m.Capturing() {
		t.Fatal("the form captures typing")
	}
	k := m.keys.Retain
	if !k.Submit.Enabled() || k.Check.Enabled() || k.Follow.Enabled() || k.Cancel.Enabled() || k.Edit.Enabled() {
		t.Fatal("form keys")
	}
	r.Keys("esc")
	k = m.keys.Retain
	if m.Capturing() || !k.Edit.Enabled() || !k.Clear.Enabled() || k.Check.Enabled() {
		t.Fatal("idle keys")
	}
	names := map[string]bool{}
	for _, a := range m.Actions() {
		names[a.Name] = true
	}
	for _, want := range []string{"Retain the form into user-alex-prefs", "Edit the retain form", "Retain: edit the content in $EDITOR",
		"Retain: content from a file", "Retain a batch of items from a JSON or JSONL file", "Clear the retain form and its draft"} {
		if !names[want] {
			t.Errorf("palette lacks %q: %v", want, names)
		}
	}
	// A palette action performs like its key.
	for _, a := range m.Actions() {
		if a.Name == "Edit the retain form" {
			r.Deliver(a.Msg)
		}
	}
	if m.zone != zoneForm {
		t.Error("the palette's edit action did not enter the form")
	}
}

// TestFormNavigation: tab walks the visible fields, up/down leave a multi-line field
// only at its edges, enter ends a one-line field, space flips the switches.
func TestFormNavigation(t *testing.T) {
	m, r := uitest.Demo(t, New)
	f := m.cur.form
	// focusAfter presses keys and fails, saying what, unless the focus is then on want.
	focusAfter := func(want field, what string, keys ...string) {
		t.Helper()
		r.Keys(keys...)
		if f.focus != want {
			t.Fatalf("%s: %d", what, f.focus)
		}
	}
	var order []field
	for range 8 {
		order = append(order, f.focus)
		r.Keys("tab")
	}
	want := []field{fContent, fContext, fTimestamp, fDocumentID, fTags, fMetadata, fEntities, fAsync}
	if !slices.Equal(order, want) || f.focus != fContent {
		t.Fatalf("tab order %v", order)
	}
	r.Type("one\ntwo")
	if f.content.Value() != "one\ntwo" {
		t.Fatalf("content %q", f.content.Value())
	}
	focusAfter(fContent, "up on the second line stays in the content", "up")
	focusAfter(fAsync, "up on the first line leaves (wrapping)", "up")
	r.Keys("space")
	if !f.async {
		t.Fatal("space flips async")
	}
	focusField(r, m, fDocumentID)
	r.Type("doc")
	focusAfter(fUpdateMode, "with a document id the update mode shows", "enter")
	r.Keys("right")
	if !f.appendOn {
		t.Fatal("right cycles the update mode")
	}
	focusAfter(fTags, "without a document id the update mode hides", "shift+tab", "backspace", "backspace", "backspace", "tab")
	focusAfter(fTimestamp, "shift+tab", "shift+tab", "shift+tab")
}

// TestTagsComplete from the bank's tags; text not yet a chip is still sent.
func TestTagsComplete(t *testing.T) {
	m, r := uitest.Demo(t, New)
	focusField(r, m, fTags)
	r.Type("source:ch")
	comps := m.cur.form.tags.Completions()
	if len(comps) == 0 || comps[0].Tag != "source:chat" {
		t.Fatalf("completions %v", comps)
	}
	r.Keys("enter")
	r.Type("new-tag")
	req, errs := buildRequest(m.cur.form.values(), "g")
	if errs[fTags] != "" || strings.Join(req.Items[0].Tags, ",") != "source:chat,new-tag" {
		t.Fatalf("tags %v %v", req.Items[0].Tags, errs)
	}
}

// TestBanksKeepTheirForms: each bank has its own form for the session.
func TestBanksKeepTheirForms(t *testing.T) {
	m, r := uitest.Demo(t, New)
	r.Type("for alex")
	r.SelectBank("research-agent")
	if m.cur.form.content.Value() != "" || m.zone != zoneForm {
		t.Fatal("the other bank's form is not empty")
	}
	r.Type("for research")
	r.SelectBank("user-alex-prefs")
	if got := m.cur.form.content.Value(); got != "for alex" {
		t.Fatalf("content %q", got)
	}
	if !strings.Contains(uitest.Plain(uitest.View(t, m)), "Retain into user-alex-prefs") {
		t.Error("header")
	}
	r.SelectBank("")
	if view := uitest.Plain(uitest.View(t, m)); !strings.Contains(view, "Select a bank") {
		t.Errorf("no bank:\n%s", view)
	}
}

// TestStaleAnswersDropped: an answer for a bank whose editor never opened, or one a
// newer request made stale, changes nothing.
func TestStaleAnswersDropped(t *testing.T) {
	m, r := uitest.Demo(t, New)
	r.Deliver(retainDoneMsg{bank: "writer-agent", seq: 1, resp: &client.RetainResponse{}})
	r.Deliver(polledMsg{bank: "writer-agent"})
	r.Deliver(checkDoneMsg{bank: "writer-agent"})
	r.Deliver(draftLoadedMsg{bank: "writer-agent", ok: true})
	if _, opened := m.banks["writer-agent"]; opened || m.cur.sub != nil || len(r.Toasts) != 0 {
		t.Fatal("acted on an answer for an editor that never opened")
	}
	fill(r, m, values{Content: "x"})
	r.Keys("ctrl+s")
	seq := m.cur.sub.seq
	r.Deliver(retainDoneMsg{bank: uitest.DemoBank, seq: seq, err: errTest})
	if m.cur.sub.err != nil {
		t.Fatal("a repeated answer was taken")
	}
}

var errTest = &client.APIError{StatusCode: 500, Detail: "late"}

// TestViewSizes: the pane fills exactly the size the layout gives it, in terminals
// from the smallest the app draws in to large ones, whichever field has focus.
func TestViewSizes(t *testing.T) {
	m, r := uitest.Demo(t, New)
	r.Paste(strings.Repeat("long line of text ", 40) + "\n好きな店は鮨 さいとう 🍣")
	fill(r, m, values{Tags: []string{"a-very-long-tag-name-that-goes-on"}})
	for _, term := range [][2]int{{60, 20}, {79, 24}, {120, 40}, {160, 60}} {
		w, h := uitest.PaneSize(term[0], term[1])
		m.SetSize(w, h)
		focusField(r, m, fContent)
		for range numFields {
			uitest.CheckBox(t, uitest.View(t, m), w, h)
			r.Keys("tab")
		}
	}
}

// TestSelection: y copies the operation id (or the document id of a sync retain), Y the
// request and the answer.
func TestSelection(t *testing.T) {
	m, r := uitest.Demo(t, New)
	m.newID = pinnedID
	if _, _, _, ok := m.Selection(); ok {
		t.Fatal("nothing to copy before a retain")
	}
	fill(r, m, values{Content: "Alex moved."})
	r.Keys("ctrl+s")
	id, what, js, ok := m.Selection()
	if !ok || id != testDocID || what != "document "+testDocID || !strings.Contains(js, `"content": "Alex moved."`) || !strings.Contains(js, `"items_count": 1`) {
		t.Fatalf("sync: %q %q %s", id, what, js)
	}
	r.Keys("enter")
	fill(r, m, values{Content: "Alex moved again.", Async: true})
	r.Keys("ctrl+s")
	if id, _, _, _ := m.Selection(); id != m.cur.sub.follow.opID || id == "" {
		t.Fatalf("async: %q", id)
	}
}

// TestClickFocusesField: a click on a field's line puts the keys in it.
func TestClickFocusesField(t *testing.T) {
	m, r := uitest.Demo(t, New)
	r.Keys("esc")
	var tagsRow int
	for _, row := range m.rows {
		if row.f == fTags {
			tagsRow = row.top
		}
	}
	if v := uitest.Plain(uitest.View(t, m)); tagsRow == 0 || !strings.HasPrefix(strings.Split(v, "\n")[tagsRow], "Tags") {
		t.Fatalf("tags drawn at %d:\n%s", tagsRow, v)
	}
	r.Send(uitest.Click(20, tagsRow))
	if m.zone != zoneForm || m.cur.form.focus != fTags {
		t.Fatalf("zone %d focus %d", m.zone, m.cur.form.focus)
	}
}

// TestSetStylesRestylesEveryForm: a new theme reaches the form of every bank opened so
// far, not only the one shown: going back to another bank after the switch looks as
// in a pane started in that theme.
func TestSetStylesRestylesEveryForm(t *testing.T) {
	light := styles.New(false)
	draw := func(newPane func(*common.Common) *Model, switchTheme bool) string {
		m, r := uitest.Demo(t, newPane)
		r.Type("for alex")
		r.SelectBank("research-agent")
		if switchTheme {
			r.C.Styles = light
			m.SetStyles(light)
		}
		r.SelectBank(uitest.DemoBank)
		return uitest.View(t, m)
	}
	bornLight := func(c *common.Common) *Model {
		c.Styles = light
		return New(c)
	}
	if switched, born := draw(New, true), draw(bornLight, false); switched != born {
		t.Errorf("after the switch:\n%q\nstarted light:\n%q", switched, born)
	}
}
