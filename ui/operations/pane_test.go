package operations

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// pollWaits are the waits of the auto-refreshes set and not fired yet, oldest first.
func pollWaits(h *uitest.Host) []time.Duration {
	var out []time.Duration
	for _, tm := range h.Timers() {
		if uitest.Is[pollDueMsg](tm.Msg) {
			out = append(out, tm.D)
		}
	}
	return out
}

// lastPoll is the wait of the newest auto-refresh set (0 when none is).
func lastPoll(h *uitest.Host) time.Duration {
	if w := pollWaits(h); len(w) > 0 {
		return w[len(w)-1]
	}
	return 0
}

// tick lets the time pass that the timers set so far wait for, and then the cursor's
// rest before a detail request: the refreshes run, and the records they call for load.
func tick(h *uitest.Host) {
	h.Fire(nil)
	h.Fire(uitest.Is[detailDueMsg])
}

// selectRow moves the cursor to the first listed operation that satisfies ok, with
// the keys, and lets its record load.
func selectRow(t testing.TB, h *uitest.Host, m *Model, ok func(client.Operation) bool) client.Operation {
	t.Helper()
	for i, r := range m.list.rows {
		if ok(r.op) {
			h.Keys("g")
			for range i {
				h.Keys("j")
			}
			h.Fire(uitest.Is[detailDueMsg])
			return r.op
		}
	}
	t.Fatal("no such operation listed")
	return client.Operation{}
}

// nudge is a message the pane ignores: delivering it runs the end of Update.
type nudge struct{}

// Nothing reaches the network before the pane is first shown: not a bank selection,
// not another bank's operation. Being shown loads the list.
func TestNoRequestBeforeShown(t *testing.T) {
	rec := &uitest.Recorder{}
	m, h := uitest.Demo(t, New, uitest.WithClient(rec.Option()), uitest.ID(common.PaneOperations), uitest.Unfocused())
	h.SelectBank("team-platform")
	h.Deliver(nudge{})
	h.Send(common.OperationStartedMsg{BankID: "writer-agent", OperationID: "x", Kind: "batch_retain"})
	_ = uitest.Plain(uitest.View(t, m))
	if got := rec.All(); len(got) != 0 {
		t.Fatalf("requests before the pane was shown: %v", got)
	}
	h.Focus(common.PaneOperations)
	h.Fire(uitest.Is[detailDueMsg])
	got := rec.All()
	if len(got) == 0 || got[0].Method != "GET" || got[0].Path != "/v1/default/banks/team-platform/operations" {
		t.Fatalf("showing the pane sent %v, want the list first", got)
	}
	for _, req := range got[1:] {
		if req.Method != "GET" || !strings.HasPrefix(req.Path, "/v1/default/banks/team-platform/operations/") {
			t.Errorf("showing the pane sent %s %s; want only the list and the selected operation", req.Method, req.Path)
		}
	}
	if m.list == nil || len(m.list.rows) == 0 {
		t.Fatal("nothing listed")
	}
	// Shown again: no second load (r refreshes).
	before := len(rec.All())
	m.Blur()
	h.Focus(common.PaneOperations)
	if n := len(rec.All()) - before; n != 0 {
		t.Errorf("focusing again sent %d requests", n)
	}
}

// An operation another pane started wakes a pane never shown: it lists, selects the
// operation and follows it to its end without a toast of its own (the announcing pane
// reports the end; two toasts would repeat each other).
func TestStartedOperationIsFollowed(t *testing.T) {
	clk := uitest.NewClock()
	srv := uitest.DemoServer(t, hindsighttest.WithAsyncDelay(2*time.Second))
	srv.SetClock(clk.Now)
	m, h := uitest.Demo(t, New, uitest.OnServer(srv), uitest.Bank("scratch"), uitest.Terminal(60, 20), uitest.Unfocused())
	c := h.C
	id := retainAsync(t, c, "scratch", "", 2, false)
	h.Send(common.OperationStartedMsg{BankID: "scratch", OperationID: id, Kind: "batch_retain"})
	if m.list == nil || m.selectedID() != id {
		t.Fatalf("the started operation is not selected (selected %q)", m.selectedID())
	}
	if d := lastPoll(h); d != pollMin {
		t.Fatalf("auto-refresh in %v, want %v", d, pollMin)
	}
	clk.Advance(3 * time.Second)
	tick(h)
	if len(h.Toasts) != 0 {
		t.Fatalf("toasts %q, want none for an announced operation", h.Toasts)
	}
	if _, watching := m.watch[id]; watching {
		t.Fatal("the completed operation is still watched")
	}
	if m.running() || len(pollWaits(h)) != 0 {
		t.Errorf("still refreshing with nothing running: %v", pollWaits(h))
	}
}

// s, t and b are server-side filters: the request carries them and the list obeys.
func TestFiltersGoToTheServer(t *testing.T) {
	rec := &uitest.Recorder{}
	m, h := uitest.Demo(t, New, uitest.WithClient(rec.Option()), uitest.Bank("team-platform"))
	last := func() url.Values { // the last list request's query
		lists := rec.Matching("GET", "/operations")
		if len(lists) == 0 {
			return nil
		}
		v, _ := url.ParseQuery(lists[len(lists)-1].Query)
		return v
	}
	h.Keys("s")
	if q := last(); q.Get("status") != "pending" {
		t.Fatalf("status filter sent %v", q)
	}
	for _, row := range m.list.rows {
		if row.op.Status != "pending" {
			t.Errorf("status pending listed %s %s", row.op.Status, row.typ)
		}
	}
	h.Keys("s", "s", "s")           // processing, completed, failed
	h.Keys("t", "t", "t", "t", "t") // batch_retain, retain, file_convert_retain, consolidation, refresh_mental_model
	q := last()
	if q.Get("status") != "failed" || q.Get("type") != "refresh_mental_model" {
		t.Fatalf("filters sent %v", q)
	}
	if len(m.list.rows) != 1 || m.list.rows[0].op.MentalModelID != "service-ownership" {
		t.Fatalf("failed refreshes: %+v", m.list.rows)
	}
	h.Keys("b")
	if q := last(); q.Get("exclude_parents") != "true" {
		t.Fatalf("parents filter sent %v", q)
	}
	h.Keys("t", "t", "t", "t", "t", "t") // back to every type
	if m.filter.typ != "" {
		t.Fatalf("type filter did not wrap: %q", m.filter.typ)
	}
	// A filter that matches nothing says so and how to change it; the palette sets it.
	h.Deliver(common.ActionMsg{Kind: doSetStatus + client.StatusCancelled})
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, "Nothing matches the filters") {
		t.Errorf("empty filtered list:\n%s", v)
	}
}

// More than a page: the first page loads, reaching the end loads the next, and the
// auto-refresh keeps every loaded page.
func TestPaging(t *testing.T) {
	rec := &uitest.Recorder{}
	m, h := uitest.Demo(t, New, uitest.OnServer(uitest.Server(t, hindsighttest.WithSeed(opsSeed(250)))), uitest.WithClient(rec.Option()), uitest.Bank("ops"))
	if len(m.list.rows) != 100 || m.list.total != 250 {
		t.Fatalf("first load: %d of %d", len(m.list.rows), m.list.total)
	}
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, "100 of 250 operations") {
		t.Errorf("count not shown:\n%s", v)
	}
	h.Keys("G")
	if len(m.list.rows) != 200 || m.cursor != 99 {
		t.Fatalf("after G: %d rows, cursor %d", len(m.list.rows), m.cursor)
	}
	h.Keys("G", "G")
	if len(m.list.rows) != 250 || m.cursor != 249 {
		t.Fatalf("after G G: %d rows, cursor %d", len(m.list.rows), m.cursor)
	}
	before := len(rec.All())
	tick(h)
	var offsets []string
	for _, req := range rec.All()[before:] {
		if strings.HasSuffix(req.Path, "/operations") {
			v, _ := url.ParseQuery(req.Query)
			offsets = append(offsets, v.Get("offset"))
		}
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
// The request waits until the cursor rests.
func TestDetail(t *testing.T) {
	srv := uitest.DemoServer(t)
	id := retainAsync(t, uitest.NewCommon(t, srv), "scratch", "", 2, true)
	srv.CompleteOperations()
	m, h := uitest.Demo(t, New, uitest.OnServer(srv), uitest.Bank("scratch"))
	c := h.C
	var waits []time.Duration
	for _, tm := range h.Timers() {
		if uitest.Is[detailDueMsg](tm.Msg) {
			waits = append(waits, tm.D)
		}
	}
	if len(waits) != 1 || waits[0] != detailDebounce || m.selectedEntry() != nil {
		t.Fatalf("the first record is asked for after %v (want one wait of %v, and nothing loaded yet)", waits, detailDebounce)
	}
	selectRow(t, h, m, func(op client.Operation) bool { return op.ID == id })
	e := m.selectedEntry()
	if e == nil || e.st == nil || len(e.st.ChildOperations) != 2 {
		t.Fatalf("detail: %+v", e)
	}
	v := uitest.Plain(uitest.View(t, m))
	for _, want := range []string{"Child operations (2)", "#1 ✓ completed", "#2 ✓ completed", "Result metadata",
		`"num_sub_batches": 2`, "i loads what the operation"} {
		if !strings.Contains(v, want) {
			t.Errorf("detail lacks %q:\n%s", want, v)
		}
	}
	// A child has a payload.
	selectRow(t, h, m, func(op client.Operation) bool { return op.TaskType == "retain" })
	h.Keys("i")
	h.Fire(uitest.Is[detailDueMsg])
	if e := m.selectedEntry(); e == nil || !e.payload || len(e.st.TaskPayload) == 0 {
		t.Fatalf("payload not loaded: %+v", e)
	}
	if m.keys.Operations.Payload.Enabled() {
		t.Error("i still offered with the payload loaded")
	}
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, `"contents": [`) {
		t.Errorf("payload not shown:\n%s", v)
	}
	// Deleted behind the pane's back: the record answers not_found and the list drops it.
	child := m.selectedID()
	if _, err := c.Client.DeleteOperation(context.Background(), "scratch", child); err != nil {
		t.Fatal(err)
	}
	delete(m.det.entries, child)
	h.Deliver(nudge{})
	h.Fire(uitest.Is[detailDueMsg])
	if m.list.index(child) >= 0 {
		t.Errorf("deleted operation still listed")
	}
}

// esc stops a slow load; its late answer is dropped, what was shown stays.
func TestEscStopsLoading(t *testing.T) {
	m, h := uitest.Demo(t, New)
	shown := len(m.list.rows)
	load := h.Hold("r") // the refresh, not run yet
	if !m.load.busy {
		t.Fatal("not loading")
	}
	h.Keys("esc")
	if m.load.busy {
		t.Fatal("esc did not stop the load")
	}
	h.Do(load) // the answer arrives late
	if len(m.list.rows) != shown || m.err != nil {
		t.Errorf("a stopped load changed the list")
	}
}

// A failed load is explained in place and logged once, however often the
// auto-refresh repeats it; the next good answer clears it.
func TestLoadErrorInPlace(t *testing.T) {
	srv := uitest.DemoServer(t)
	m, h := uitest.Demo(t, New, uitest.OnServer(srv), uitest.Bank("team-platform"))
	srv.SetFault(hindsighttest.Fault{Method: "GET", Path: "/v1/default/banks/team-platform/operations",
		Status: 500, Body: `{"detail":"database is restarting"}`})
	tick(h)
	tick(h)
	if len(h.Errors) != 1 || h.Errors[0].Op != "list operations" {
		t.Fatalf("errors logged: %+v", h.Errors)
	}
	v := uitest.Plain(uitest.View(t, m))
	if !strings.Contains(v, "refresh failed") || !strings.Contains(v, "database is") {
		t.Errorf("failure not shown in place:\n%s", v)
	}
	if lastPoll(h) != 4*time.Second {
		t.Errorf("auto-refresh after failures in %v, want it backing off to 4s", lastPoll(h))
	}
	srv.ClearFaults()
	h.Keys("r")
	if m.err != nil || strings.Contains(uitest.Plain(uitest.View(t, m)), "refresh failed") {
		t.Error("the failure stayed after a good answer")
	}
}

// Switching banks drops the old bank's answer and timer; the new bank loads.
func TestBankSwitchDropsStaleAnswers(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.Bank("team-platform"))
	load := h.Hold("r")
	h.SelectBank("writer-agent")
	h.Do(load)
	h.Fire(func(msg tea.Msg) bool { p, ok := msg.(pollDueMsg); return ok && p.bank == "team-platform" })
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
	m, h := uitest.Demo(t, New)
	op := selectRow(t, h, m, func(op client.Operation) bool { return op.Status == "failed" })
	id, what, js, ok := m.Selection()
	if !ok || id != op.ID || what != "operation "+op.ID[:8] || !strings.Contains(js, `"retry_count": 3`) ||
		!strings.Contains(js, `"operation_type": "consolidation"`) {
		t.Errorf("selection %q %q %s", id, what, js)
	}
}

// A click selects the row under the pointer; the wheel moves through the list, or
// scrolls the panel when the pointer is over it (on a terminal short enough that the
// record does not fit).
func TestMouse(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.Bank("team-platform"), uitest.Terminal(120, 24))
	h.Send(uitest.Click(5, m.listTop+3))
	if m.cursor != 3 {
		t.Fatalf("click selected row %d, want 3", m.cursor)
	}
	h.Send(uitest.Wheel("down", 5, m.listTop))
	if m.cursor != 4 {
		t.Fatalf("wheel moved to %d, want 4", m.cursor)
	}
	h.Fire(uitest.Is[detailDueMsg])
	h.Send(uitest.Wheel("down", 80, m.listTop))
	if m.cursor != 4 || m.det.scroll != 3 {
		t.Fatalf("wheel over the panel: cursor %d, scroll %d", m.cursor, m.det.scroll)
	}
	h.Send(uitest.Click(80, m.listTop+1))
	if m.cursor != 4 {
		t.Errorf("a click on the panel moved the cursor to %d", m.cursor)
	}
}

// A new theme redraws what settle keeps (the lines above the list, the rows in view,
// the detail panel) in its colours, before the next frame asks for them.
func TestSetStylesRedraws(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.Bank("team-platform"))
	c := h.C
	h.Fire(uitest.Is[detailDueMsg])
	dark := uitest.View(t, m)
	c.Styles = styles.New(false)
	m.SetStyles(c.Styles)
	if m.head.key.styles != c.Styles || m.list.rows[m.cursor].drawnFor.styles != c.Styles || m.det.drawn.styles != c.Styles {
		t.Fatal("the kept drawings still have the old theme")
	}
	if light := uitest.View(t, m); light == dark || uitest.Plain(light) != uitest.Plain(dark) {
		t.Error("the theme changed the text, or did not change the colours")
	}
}

// Another pane's link selects the operation, in its bank, whichever bank the pane was
// on; an operation the list does not hold is said, once, and the cursor stays.
func TestShowOperationLink(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.Bank("team-platform"), uitest.ID(common.PaneOperations))
	ops, err := h.C.Client.ListOperations(t.Context(), uitest.DemoBank, client.ListOperationsParams{})
	if err != nil || len(ops.Operations) < 2 {
		t.Fatalf("the demo bank's operations: %v %+v", err, ops)
	}
	want := ops.Operations[len(ops.Operations)-1].ID
	h.Send(common.ShowPaneMsg{ID: common.PaneOperations, Then: common.ShowOperationMsg{BankID: uitest.DemoBank, OperationID: want}})
	if id, _, _, _ := m.Selection(); id != want || m.bank != uitest.DemoBank {
		t.Fatalf("selected %q in %s, want %q", id, m.bank, want)
	}
	if len(h.Toasts) != 0 {
		t.Fatalf("toasts %q", h.Toasts)
	}
	h.Send(common.ShowPaneMsg{ID: common.PaneOperations, Then: common.ShowOperationMsg{BankID: uitest.DemoBank, OperationID: "00000000-0000-0000-0000-000000000000"}})
	if id, _, _, _ := m.Selection(); id != want || len(h.Toasts) != 1 || !strings.Contains(h.Toasts[0], "operation 00000000 is not among") {
		t.Fatalf("selected %q, toasts %q", id, h.Toasts)
	}
}
