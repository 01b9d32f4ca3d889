package retain

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
)

const memoriesPath = "/v1/default/banks/user-alex-prefs/memories"

// TestSubmitSync fills every field, submits, and checks the request on the wire, the
// result line, and the recallable check.
func TestSubmitSync(t *testing.T) {
	srv := demoServer(t)
	rec := &recorder{}
	c := newCommon(t, srv, client.WithHTTPClient(newHTTPClient(rec)))
	r, m := startPane(t, c, "user-alex-prefs", 88, 35)
	r.fill(values{Content: "Alex moved to Lisbon in March.\nHe works remotely.", Context: "chat", Timestamp: "2026-03-01 10:30",
		DocumentID: "move-notes", Append: true, Tags: []string{"move"}, Metadata: "source=chat\nconfidence=high",
		Entities: "Alex:PERSON, Lisbon:PLACE"})
	r.keys("ctrl+s")
	bodies := rec.retains()
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
	view := plain(m.View())
	if !strings.Contains(view, "✓ retained 1 item ·") || !strings.Contains(view, "tokens (in") || !strings.Contains(view, "document move-notes") {
		t.Errorf("result line:\n%s", view)
	}

	r.keys("v")
	ck := m.cur.sub.check
	if ck.res == nil || ck.res.stored == 0 || ck.res.rank == 0 {
		t.Fatalf("check %+v %v", ck.res, ck.err)
	}
	if view := plain(m.View()); !strings.Contains(view, "✓ recallable: rank") || !strings.Contains(view, `"Alex moved to Lisbon in March"`) {
		t.Errorf("check line:\n%s", view)
	}
}

// TestLocalChecksPointAtFields: what the server would reject is not sent, and each
// problem sits under its field, the focus on the first.
func TestLocalChecksPointAtFields(t *testing.T) {
	srv := demoServer(t)
	rec := &recorder{}
	r, m := startPane(t, newCommon(t, srv, client.WithHTTPClient(newHTTPClient(rec))), "user-alex-prefs", 88, 35)
	r.fill(values{Timestamp: "yesterday", Metadata: "a=1\na=2"})
	r.keys("ctrl+s")
	if n := len(rec.retains()); n != 0 {
		t.Fatalf("%d requests sent", n)
	}
	errs := m.cur.form.errs
	if errs[fContent] == "" || errs[fTimestamp] == "" || !strings.Contains(errs[fMetadata], `line 2: key "a" is already on line 1`) {
		t.Fatalf("errors %v", errs)
	}
	if m.cur.form.focus != fContent || m.zone != zoneForm {
		t.Errorf("focus %d zone %d", m.cur.form.focus, m.zone)
	}
	if len(r.errors) != 0 {
		t.Error("a local check is not a request failure")
	}
	r.typeText("x")
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
	srv := demoServer(t, hindsighttest.WithFault(hindsighttest.Fault{Method: "POST", Path: memoriesPath, Status: 422, Body: body}))
	r, m := startPane(t, newCommon(t, srv), "user-alex-prefs", 88, 35)
	r.fill(values{Content: "Alex moved.", Timestamp: "2024-01-15"})
	r.keys("ctrl+s")
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
	if len(r.errors) != 1 {
		t.Errorf("errors %v", r.errors)
	}
	if !m.cur.form.values().equal(values{Content: "Alex moved.", Timestamp: "2024-01-15"}) {
		t.Error("the form changed")
	}
}

// TestReadOnly: no form, no actions, no keys.
func TestReadOnly(t *testing.T) {
	c := newCommon(t, demoServer(t))
	c.ReadOnly = true
	r, m := startPane(t, c, "user-alex-prefs", 88, 35)
	r.keys("ctrl+s", "a", "ctrl+b")
	if m.Capturing() || len(m.Actions()) != 0 || len(r.dialogs) != 0 || m.cur.sub != nil {
		t.Fatal("read-only retain acts")
	}
	for _, b := range m.ShortHelp() {
		t.Errorf("binding %q shown in read-only mode", b.Help().Key)
	}
	if view := plain(m.View()); !strings.Contains(view, "Retain is off in read-only mode") {
		t.Errorf("view:\n%s", view)
	}
}

// TestKeysFollowState: bindings that cannot act are disabled, in help and palette.
func TestKeysFollowState(t *testing.T) {
	r, m := startPane(t, newCommon(t, demoServer(t)), "user-alex-prefs", 88, 35)
	if !m.Capturing() {
		t.Fatal("the form captures typing")
	}
	k := m.keys.Retain
	if !k.Submit.Enabled() || k.Check.Enabled() || k.Follow.Enabled() || k.Cancel.Enabled() || k.Edit.Enabled() {
		t.Fatal("form keys")
	}
	r.keys("esc")
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
			r.send(a.Msg)
		}
	}
	if m.zone != zoneForm {
		t.Error("the palette's edit action did not enter the form")
	}
	// Another pane's action is ignored.
	other := New(m.c)
	r.send(action{owner: other, do: doSubmit})
	if m.cur.sub != nil {
		t.Error("acted on another pane's action")
	}
}

// TestFormNavigation: tab walks the visible fields, up/down leave a multi-line field
// only at its edges, enter ends a one-line field, space flips the switches.
func TestFormNavigation(t *testing.T) {
	r, m := startPane(t, newCommon(t, demoServer(t)), "user-alex-prefs", 88, 35)
	f := m.cur.form
	var order []field
	for range 8 {
		order = append(order, f.focus)
		r.keys("tab")
	}
	want := []field{fContent, fContext, fTimestamp, fDocumentID, fTags, fMetadata, fEntities, fAsync}
	if !equalFields(order, want) || f.focus != fContent {
		t.Fatalf("tab order %v", order)
	}
	r.typeText("one\ntwo")
	if f.content.Value() != "one\ntwo" {
		t.Fatalf("content %q", f.content.Value())
	}
	r.keys("up")
	if f.focus != fContent {
		t.Fatal("up on the second line stays in the content")
	}
	r.keys("up")
	if f.focus != fAsync {
		t.Fatalf("up on the first line leaves (wrapping): %d", f.focus)
	}
	r.keys("space")
	if !f.async {
		t.Fatal("space flips async")
	}
	r.focusField(fDocumentID)
	r.typeText("doc")
	r.keys("enter")
	if f.focus != fUpdateMode {
		t.Fatalf("with a document id the update mode shows: %d", f.focus)
	}
	r.keys("right")
	if !f.appendOn {
		t.Fatal("right cycles the update mode")
	}
	r.keys("shift+tab", "backspace", "backspace", "backspace", "tab")
	if f.focus != fTags {
		t.Fatalf("without a document id the update mode hides: %d", f.focus)
	}
	r.keys("shift+tab", "shift+tab")
	if f.focus != fTimestamp {
		t.Fatalf("shift+tab: %d", f.focus)
	}
}

func equalFields(a, b []field) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestTagsComplete from the bank's tags; text not yet a chip is still sent.
func TestTagsComplete(t *testing.T) {
	r, m := startPane(t, newCommon(t, demoServer(t)), "user-alex-prefs", 88, 35)
	r.focusField(fTags)
	r.typeText("source:ch")
	comps := m.cur.form.tags.Completions()
	if len(comps) == 0 || comps[0].Tag != "source:chat" {
		t.Fatalf("completions %v", comps)
	}
	r.keys("enter")
	r.typeText("new-tag")
	req, errs := buildRequest(m.cur.form.values(), "g")
	if errs[fTags] != "" || strings.Join(req.Items[0].Tags, ",") != "source:chat,new-tag" {
		t.Fatalf("tags %v %v", req.Items[0].Tags, errs)
	}
}

// TestBanksKeepTheirForms: each bank has its own form for the session.
func TestBanksKeepTheirForms(t *testing.T) {
	r, m := startPane(t, newCommon(t, demoServer(t)), "user-alex-prefs", 88, 35)
	r.typeText("for alex")
	r.send(common.BankSelectedMsg{BankID: "research-agent"})
	if m.cur.form.content.Value() != "" || m.zone != zoneForm {
		t.Fatal("the other bank's form is not empty")
	}
	r.typeText("for research")
	r.send(common.BankSelectedMsg{BankID: "user-alex-prefs"})
	if got := m.cur.form.content.Value(); got != "for alex" {
		t.Fatalf("content %q", got)
	}
	if !strings.Contains(plain(m.View()), "Retain into user-alex-prefs") {
		t.Error("header")
	}
	r.send(common.BankSelectedMsg{BankID: ""})
	if view := plain(m.View()); !strings.Contains(view, "Select a bank") {
		t.Errorf("no bank:\n%s", view)
	}
}

// TestRequestMessagesAreOwned: answers for another pane, or stale ones, are dropped.
func TestRequestMessagesAreOwned(t *testing.T) {
	r, m := startPane(t, newCommon(t, demoServer(t)), "user-alex-prefs", 88, 35)
	stranger := &bankState{bank: "user-alex-prefs"}
	r.send(retainDoneMsg{owner: stranger, seq: 1, resp: &client.RetainResponse{}},
		polledMsg{owner: stranger}, checkDoneMsg{owner: stranger}, draftLoadedMsg{owner: stranger, ok: true})
	if m.cur.sub != nil || len(r.toasts) != 0 {
		t.Fatal("acted on a stranger's answer")
	}
	r.fill(values{Content: "x"})
	r.keys("ctrl+s")
	seq := m.cur.sub.seq
	r.send(retainDoneMsg{owner: m.cur, seq: seq, err: errTest})
	if m.cur.sub.err != nil {
		t.Fatal("a repeated answer was taken")
	}
}

var errTest = &client.APIError{StatusCode: 500, Detail: "late"}

func TestViewSizes(t *testing.T) {
	r, m := startPane(t, newCommon(t, demoServer(t)), "user-alex-prefs", 88, 35)
	r.fill(values{Content: strings.Repeat("long line of text ", 40) + "\n好きな店は鮨 さいとう 🍣", Tags: []string{"a-very-long-tag-name-that-goes-on"}})
	for _, sz := range [][2]int{{88, 35}, {58, 15}, {40, 8}, {120, 60}} {
		m.SetSize(sz[0], sz[1])
		for f := range numFields {
			if m.cur.form.visible(f) {
				m.cur.form.focusField(f)
				checkBox(t, m.View(), sz[0], sz[1])
			}
		}
	}
}

// TestSelection: y copies the operation id (or the document id of a sync retain), Y the
// request and the answer.
func TestSelection(t *testing.T) {
	r, m := startPane(t, newCommon(t, demoServer(t)), "user-alex-prefs", 88, 35)
	if _, _, _, ok := m.Selection(); ok {
		t.Fatal("nothing to copy before a retain")
	}
	r.fill(values{Content: "Alex moved."})
	r.keys("ctrl+s")
	id, what, js, ok := m.Selection()
	if !ok || id != testDocID || what != "document "+testDocID || !strings.Contains(js, `"content": "Alex moved."`) || !strings.Contains(js, `"items_count": 1`) {
		t.Fatalf("sync: %q %q %s", id, what, js)
	}
	r.keys("enter")
	r.fill(values{Content: "Alex moved again.", Async: true})
	r.keys("ctrl+s")
	if id, _, _, _ := m.Selection(); id != m.cur.sub.follow.opID || id == "" {
		t.Fatalf("async: %q", id)
	}
}

// TestClickFocusesField: a click on a field's line puts the keys in it.
func TestClickFocusesField(t *testing.T) {
	r, m := startPane(t, newCommon(t, demoServer(t)), "user-alex-prefs", 88, 35)
	r.keys("esc")
	_ = m.View()
	var tagsRow int
	for _, row := range m.rows {
		if row.f == fTags {
			tagsRow = row.top
		}
	}
	if tagsRow == 0 || !strings.HasPrefix(strings.Split(plain(m.View()), "\n")[tagsRow], "Tags") {
		t.Fatalf("tags drawn at %d:\n%s", tagsRow, plain(m.View()))
	}
	r.send(tea.MouseClickMsg{X: 20, Y: tagsRow, Button: tea.MouseLeft})
	if m.zone != zoneForm || m.cur.form.focus != fTags {
		t.Fatalf("zone %d focus %d", m.zone, m.cur.form.focus)
	}
}
