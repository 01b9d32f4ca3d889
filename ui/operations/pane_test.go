package operations

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
)

// retainAsync submits an async retain of n items straight to the server; big items go
// into sub-batches of their own, so the parent has n children.
func retainAsync(t *testing.T, c *common.Common, bank, doc string, n int, big bool) string {
	t.Helper()
	var items []client.MemoryItem
	for i := range n {
		text := "Alex switched the team standup to Tuesdays at 10:00, item " + string(rune('A'+i))
		if big {
			text = strings.Repeat("Retention policy review notes, paragraph. ", 1500)
		}
		items = append(items, client.MemoryItem{Content: text, DocumentID: doc})
	}
	resp, err := c.Client.Retain(context.Background(), bank, client.RetainRequest{Items: items, Async: true})
	if err != nil {
		t.Fatal(err)
	}
	return resp.OperationID
}

// Nothing reaches the network before the pane is first shown: not a bank selection,
// not another bank's operation. Being shown loads the list.
func TestNoRequestBeforeShown(t *testing.T) {
	srv := demoServer(t)
	cnt := &counter{}
	c := newCommon(t, srv, client.WithHTTPClient(&http.Client{Transport: cnt}))
	r, m := newPane(t, c, "user-alex-prefs", 88, 35)
	r.send(common.BankSelectedMsg{BankID: "team-platform"}, nudge{})
	r.send(common.OperationStartedMsg{BankID: "writer-agent", OperationID: "x", Kind: "batch_retain"})
	_ = m.View()
	if got := cnt.all(); len(got) != 0 {
		t.Fatalf("requests before the pane was shown: %v", got)
	}
	r.send(run(t, m.Focus())...)
	got := cnt.all()
	if len(got) == 0 || !strings.HasPrefix(got[0], "GET /v1/default/banks/team-platform/operations?") {
		t.Fatalf("showing the pane sent %v, want the list first", got)
	}
	for _, req := range got[1:] {
		if !strings.HasPrefix(req, "GET /v1/default/banks/team-platform/operations/") {
			t.Errorf("showing the pane sent %s; want only the list and the selected operation", req)
		}
	}
	if m.list == nil || len(m.list.rows) == 0 {
		t.Fatal("nothing listed")
	}
	// Shown again: no second load (r refreshes).
	before := len(cnt.all())
	m.Blur()
	r.send(run(t, m.Focus())...)
	if n := len(cnt.all()) - before; n != 0 {
		t.Errorf("focusing again sent %d requests", n)
	}
}

// An operation another pane started wakes a pane never shown: it lists, selects the
// operation and follows it to its end without a toast of its own (the announcing pane
// reports the end; two toasts would repeat each other).
func TestStartedOperationIsFollowed(t *testing.T) {
	clk := newClock()
	srv := demoServer(t, hindsighttest.WithAsyncDelay(2*time.Second))
	srv.SetClock(clk.Now)
	c := newCommon(t, srv)
	r, m := newPane(t, c, "scratch", 58, 15)
	id := retainAsync(t, c, "scratch", "", 2, false)
	r.send(common.OperationStartedMsg{BankID: "scratch", OperationID: id, Kind: "batch_retain"})
	if m.list == nil || m.selectedID() != id {
		t.Fatalf("the started operation is not selected (selected %q)", m.selectedID())
	}
	if d := r.lastTimer(); d != pollMin {
		t.Fatalf("auto-refresh in %v, want %v", d, pollMin)
	}
	clk.step(3 * time.Second)
	r.fire()
	if got := r.toastTexts(); len(got) != 0 {
		t.Fatalf("toasts %q, want none for an announced operation", got)
	}
	if _, watching := m.watch[id]; watching {
		t.Fatal("the completed operation is still watched")
	}
	if m.running() || len(r.timers) != 0 {
		t.Errorf("still refreshing with nothing running: timers %v", r.timers)
	}
}

// s, t and b are server-side filters: the request carries them and the list obeys.
func TestFiltersGoToTheServer(t *testing.T) {
	srv := demoServer(t)
	cnt := &counter{}
	c := newCommon(t, srv, client.WithHTTPClient(&http.Client{Transport: cnt}))
	r, m := startPane(t, c, "team-platform", 88, 35)
	last := func() url.Values { // the last list request's query
		reqs := cnt.all()
		for i := len(reqs) - 1; i >= 0; i-- {
			if path, q, _ := strings.Cut(reqs[i], "?"); strings.HasSuffix(path, "/operations") {
				v, _ := url.ParseQuery(q)
				return v
			}
		}
		return nil
	}
	r.keys("s")
	if q := last(); q.Get("status") != "pending" {
		t.Fatalf("status filter sent %v", q)
	}
	for _, row := range m.list.rows {
		if row.op.Status != "pending" {
			t.Errorf("status pending listed %s %s", row.op.Status, row.typ)
		}
	}
	r.keys("s", "s", "s")           // processing, completed, failed
	r.keys("t", "t", "t", "t", "t") // batch_retain, retain, file_convert_retain, consolidation, refresh_mental_model
	q := last()
	if q.Get("status") != "failed" || q.Get("type") != "refresh_mental_model" {
		t.Fatalf("filters sent %v", q)
	}
	if len(m.list.rows) != 1 || m.list.rows[0].op.MentalModelID != "service-ownership" {
		t.Fatalf("failed refreshes: %+v", m.list.rows)
	}
	r.keys("b")
	if q := last(); q.Get("exclude_parents") != "true" {
		t.Fatalf("parents filter sent %v", q)
	}
	r.keys("t", "t", "t", "t", "t", "t") // back to every type
	if m.filter.typ != "" {
		t.Fatalf("type filter did not wrap: %q", m.filter.typ)
	}
	// A filter that matches nothing says so and how to change it.
	r.send(action{owner: m, do: doSetStatus, value: "cancelled"})
	if view := plain(m.View()); !strings.Contains(view, "Nothing matches the filters") {
		t.Errorf("empty filtered list:\n%s", view)
	}
}

// More than a page: the first page loads, reaching the end loads the next, and the
// auto-refresh keeps every loaded page.
func TestPaging(t *testing.T) {
	srv := newServer(t, hindsighttest.WithSeed(opsSeed(250)))
	cnt := &counter{}
	c := newCommon(t, srv, client.WithHTTPClient(&http.Client{Transport: cnt}))
	r, m := startPane(t, c, "ops", 88, 35)
	if len(m.list.rows) != 100 || m.list.total != 250 {
		t.Fatalf("first load: %d of %d", len(m.list.rows), m.list.total)
	}
	if view := plain(m.View()); !strings.Contains(view, "100 of 250 operations") {
		t.Errorf("count not shown:\n%s", view)
	}
	r.keys("G")
	if len(m.list.rows) != 200 || m.cursor != 99 {
		t.Fatalf("after G: %d rows, cursor %d", len(m.list.rows), m.cursor)
	}
	r.keys("G", "G")
	if len(m.list.rows) != 250 || m.cursor != 249 {
		t.Fatalf("after G G: %d rows, cursor %d", len(m.list.rows), m.cursor)
	}
	before := len(cnt.all())
	r.fire()
	var offsets []string
	for _, req := range cnt.all()[before:] {
		path, q, _ := strings.Cut(req, "?")
		if !strings.HasSuffix(path, "/operations") {
			continue
		}
		v, _ := url.ParseQuery(q)
		offsets = append(offsets, v.Get("offset"))
	}
	if strings.Join(offsets, ",") != ",100,200" {
		t.Errorf("auto-refresh asked for offsets %q", offsets)
	}
	if len(m.list.rows) != 250 || m.selected().op.ID != m.list.rows[249].op.ID {
		t.Errorf("refresh lost rows or the selection")
	}
}

// The detail panel reads GET operation: child operations, result metadata, and the
// task payload on request; a record deleted meanwhile (not_found) refreshes the list.
func TestDetail(t *testing.T) {
	srv := demoServer(t)
	c := newCommon(t, srv)
	id := retainAsync(t, c, "scratch", "", 2, true)
	srv.CompleteOperations()
	r, m := startPane(t, c, "scratch", 88, 35)
	r.selectRow(func(op client.Operation) bool { return op.ID == id })
	e := m.selectedEntry()
	if e == nil || e.st == nil || len(e.st.ChildOperations) != 2 {
		t.Fatalf("detail: %+v", e)
	}
	view := plain(m.View())
	for _, want := range []string{"Child operations (2)", "#1 ✓ completed", "#2 ✓ completed", "Result metadata",
		`"num_sub_batches": 2`, "i loads what the operation"} {
		if !strings.Contains(view, want) {
			t.Errorf("detail lacks %q:\n%s", want, view)
		}
	}
	// A child has a payload.
	r.selectRow(func(op client.Operation) bool { return op.TaskType == "retain" })
	r.keys("i")
	if e := m.selectedEntry(); e == nil || !e.payload || len(e.st.TaskPayload) == 0 {
		t.Fatalf("payload not loaded: %+v", e)
	}
	if m.keys.Operations.Payload.Enabled() {
		t.Error("i still offered with the payload loaded")
	}
	if view := plain(m.View()); !strings.Contains(view, `"contents": [`) {
		t.Errorf("payload not shown:\n%s", view)
	}
	// Deleted behind the pane's back: the record answers not_found and the list drops it.
	child := m.selectedID()
	if _, err := c.Client.DeleteOperation(context.Background(), "scratch", child); err != nil {
		t.Fatal(err)
	}
	delete(m.det.entries, child)
	r.send(nudge{})
	if m.list.index(child) >= 0 {
		t.Errorf("deleted operation still listed")
	}
}

// esc stops a slow load; its late answer is dropped, what was shown stays.
func TestEscStopsLoading(t *testing.T) {
	srv := demoServer(t)
	c := newCommon(t, srv)
	r, m := startPane(t, c, "user-alex-prefs", 88, 35)
	shown := len(m.list.rows)
	cmd := m.refresh(true)
	if !m.load.busy {
		t.Fatal("not loading")
	}
	r.keys("esc")
	if m.load.busy {
		t.Fatal("esc did not stop the load")
	}
	r.send(run(t, cmd)...) // the answer arrives late
	if len(m.list.rows) != shown || m.err != nil {
		t.Errorf("a stopped load changed the list")
	}
}

// A failed load is explained in place and logged once, however often the
// auto-refresh repeats it; the next good answer clears it.
func TestLoadErrorInPlace(t *testing.T) {
	srv := demoServer(t)
	c := newCommon(t, srv)
	r, m := startPane(t, c, "team-platform", 88, 35)
	srv.SetFault(hindsighttest.Fault{Method: "GET", Path: "/v1/default/banks/team-platform/operations",
		Status: 500, Body: `{"detail":"database is restarting"}`})
	r.fire()
	r.fire()
	if len(r.errors) != 1 || r.errors[0].Op != "list operations" {
		t.Fatalf("errors logged: %+v", r.errors)
	}
	view := plain(m.View())
	if !strings.Contains(view, "refresh failed") || !strings.Contains(view, "database is") {
		t.Errorf("failure not shown in place:\n%s", view)
	}
	if r.lastTimer() != 4*time.Second {
		t.Errorf("auto-refresh after failures in %v, want it backing off to 4s", r.lastTimer())
	}
	srv.ClearFaults()
	r.keys("r")
	if m.err != nil || strings.Contains(plain(m.View()), "refresh failed") {
		t.Error("the failure stayed after a good answer")
	}
}

// Switching banks drops the old bank's answer and timer; the new bank loads.
func TestBankSwitchDropsStaleAnswers(t *testing.T) {
	srv := demoServer(t)
	c := newCommon(t, srv)
	r, m := startPane(t, c, "team-platform", 88, 35)
	stale := r.timers
	cmd := m.refresh(false)
	r.send(common.BankSelectedMsg{BankID: "writer-agent"})
	r.send(run(t, cmd)...)
	for _, tm := range stale {
		r.send(tm.msg)
	}
	for _, row := range m.list.rows {
		if row.op.DocumentID == "postmortem-inc-2291" {
			t.Fatal("an answer for the old bank was shown")
		}
	}
	if m.bank != "writer-agent" || m.list.index(m.selectedID()) < 0 {
		t.Fatalf("bank %q", m.bank)
	}
}

// y and Y copy the operation's id and its record.
func TestSelection(t *testing.T) {
	srv := demoServer(t)
	c := newCommon(t, srv)
	r, m := startPane(t, c, "user-alex-prefs", 88, 35)
	op := r.selectRow(func(op client.Operation) bool { return op.Status == "failed" })
	id, what, js, ok := m.Selection()
	if !ok || id != op.ID || what != "operation "+op.ID[:8] || !strings.Contains(js, `"retry_count": 3`) ||
		!strings.Contains(js, `"operation_type": "consolidation"`) {
		t.Errorf("selection %q %q %s", id, what, js)
	}
}

// A click selects the row under the pointer; the wheel moves through the list, or
// scrolls the panel when the pointer is over it.
func TestMouse(t *testing.T) {
	srv := demoServer(t)
	c := newCommon(t, srv)
	r, m := startPane(t, c, "team-platform", 88, 35)
	_ = m.View()
	r.send(tea.MouseClickMsg{X: 5, Y: m.listTop + 3, Button: tea.MouseLeft})
	if m.cursor != 3 {
		t.Fatalf("click selected row %d, want 3", m.cursor)
	}
	r.send(tea.MouseWheelMsg{X: 5, Y: m.listTop, Button: tea.MouseWheelDown})
	if m.cursor != 4 {
		t.Fatalf("wheel moved to %d, want 4", m.cursor)
	}
	r.send(tea.MouseWheelMsg{X: 80, Y: m.listTop, Button: tea.MouseWheelDown})
	if m.cursor != 4 || m.det.scroll != 3 {
		t.Fatalf("wheel over the panel: cursor %d, scroll %d", m.cursor, m.det.scroll)
	}
	r.send(tea.MouseClickMsg{X: 80, Y: m.listTop + 1, Button: tea.MouseLeft})
	if m.cursor != 4 {
		t.Errorf("a click on the panel moved the cursor to %d", m.cursor)
	}
}
