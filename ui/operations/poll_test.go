package operations

import (
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// steppedPane is a pane on the empty scratch bank of a demo server whose async work
// takes 2 s on a clock the test steps.
func steppedPane(t *testing.T) (*uitest.Host, *Model, *common.Common, *uitest.Clock) {
	t.Helper()
	clk := uitest.NewClock()
	srv := uitest.DemoServer(t, hindsighttest.WithAsyncDelay(2*time.Second))
	srv.SetClock(clk.Now)
	m, h := uitest.Demo(t, New, uitest.OnServer(srv), uitest.Bank("scratch"))
	c := h.C
	return h, m, c, clk
}

func statusOf(m *Model, id string) string {
	if i := m.list.index(id); i >= 0 {
		return m.list.rows[i].op.Status
	}
	return ""
}

// An async retain goes pending -> processing -> completed as the server clock moves;
// the auto-refresh follows it, quick while it changes, backing off while it does not,
// and stops with a toast once it is done.
func TestRetainTransitions(t *testing.T) {
	h, m, c, clk := steppedPane(t)
	if m.running() || len(pollWaits(h)) != 0 {
		t.Fatal("an empty bank should not refresh itself")
	}
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, "nothing running") {
		t.Errorf("indicator:\n%s", v)
	}
	id := retainAsync(t, c, "scratch", "", 3, false)
	h.Keys("r")
	if got := statusOf(m, id); got != client.StatusPending {
		t.Fatalf("after submit: %q", got)
	}
	if v := uitest.Plain(uitest.View(t, m)); lastPoll(h) != time.Second || !strings.Contains(v, "auto-refresh every 1s") {
		t.Fatalf("refresh in %v:\n%s", lastPoll(h), v)
	}

	clk.Advance(1500 * time.Millisecond) // halfway through its 2 s
	tick(h)
	if got := statusOf(m, id); got != client.StatusProcessing {
		t.Fatalf("at 1.5 s: %q", got)
	}
	row := m.list.rows[m.list.index(id)]
	if p := row.op.Progress; p == nil || p.Total == nil || *p.Total != 3 || p.Stage != "storing" {
		t.Fatalf("progress %+v", row.op.Progress)
	}
	if lastPoll(h) != pollMin {
		t.Errorf("after a change: %v, want %v", lastPoll(h), pollMin)
	}

	// Nothing moves: the wait doubles up to the cap.
	var waits []time.Duration
	for range 6 {
		tick(h)
		waits = append(waits, lastPoll(h))
	}
	want := []time.Duration{2 * time.Second, 4 * time.Second, 8 * time.Second, 15 * time.Second, 15 * time.Second, 15 * time.Second}
	for i := range want {
		if waits[i] != want[i] {
			t.Fatalf("back-off waits %v, want %v", waits, want)
		}
	}
	if len(h.Toasts) != 0 {
		t.Fatalf("toasts before the end: %q", h.Toasts)
	}

	clk.Advance(time.Second)
	tick(h)
	if got := statusOf(m, id); got != client.StatusCompleted {
		t.Fatalf("at 2.5 s: %q", got)
	}
	if got := h.Toasts; len(got) != 1 || got[0] != "retain "+id[:8]+" completed: 3 items" {
		t.Fatalf("toasts %q", got)
	}
	if len(pollWaits(h)) != 0 || m.poll.interval != 0 {
		t.Errorf("still refreshing: %v", pollWaits(h))
	}
	// Its children completed too, without toasts of their own.
	tick(h)
	if len(h.Toasts) != 1 {
		t.Errorf("toasts %q", h.Toasts)
	}
}

// A watched retain is followed even when the filters hide it: the pane asks for it
// by id until it ends (announced by another pane, so without a toast here).
func TestWatchedRetainOutsideTheFilter(t *testing.T) {
	h, m, c, clk := steppedPane(t)
	h.Deliver(common.ActionMsg{Kind: doSetStatus + client.StatusPending})
	id := retainAsync(t, c, "scratch", "", 1, false)
	h.Send(common.OperationStartedMsg{BankID: "scratch", OperationID: id, Kind: "batch_retain"})
	clk.Advance(1500 * time.Millisecond)
	tick(h)
	if m.list.index(id) >= 0 {
		t.Fatal("a processing retain listed under status pending")
	}
	if _, ok := m.watch[id]; !ok || !m.running() || len(pollWaits(h)) == 0 {
		t.Fatal("the retain is no longer followed")
	}
	clk.Advance(time.Second)
	tick(h)
	if _, watching := m.watch[id]; watching {
		t.Fatal("the completed retain is still followed")
	}
	if len(h.Toasts) != 0 {
		t.Fatalf("toasts %q, want none for an announced retain", h.Toasts)
	}
}

// The toasts for the other ends, from answers built by hand: a failed retain says
// why, a cancelled one says so, and one first seen finished says nothing.
func TestRetainEndToasts(t *testing.T) {
	h, m, _, _ := steppedPane(t)
	ops := func(statuses ...string) []client.Operation {
		var out []client.Operation
		for i, s := range statuses {
			op := client.Operation{ID: []string{"aaaaaaaa-1", "bbbbbbbb-2", "cccccccc-3"}[i], TaskType: "batch_retain",
				Status: s, ItemsCount: 2, DocumentID: []string{"doc-a", "", "doc-c"}[i]}
			if s == client.StatusFailed {
				op.ErrorMessage = "LLM provider returned 429\x1b[31m (rate limited)"
			}
			out = append(out, op)
		}
		return out
	}
	answer := func(list []client.Operation) {
		_ = m.startLoad(false) // the request itself is not needed: its answer is made up
		h.Deliver(loadedMsg{seq: m.load.seq, bank: "scratch", ops: list, total: len(list)})
	}
	answer(ops(client.StatusPending, client.StatusProcessing, client.StatusCompleted))
	answer(ops(client.StatusFailed, client.StatusCancelled, client.StatusCompleted))
	got := uitest.Messages[common.ToastMsg](h)
	if len(got) != 2 {
		t.Fatalf("toasts %+v", got)
	}
	if got[0].Text != "retain doc-a failed: LLM provider returned 429␛[31m (rate limited)" || !got[0].Error {
		t.Errorf("failed: %+v", got[0])
	}
	if got[1].Text != "retain bbbbbbbb was cancelled" || got[1].Error {
		t.Errorf("cancelled: %+v", got[1])
	}
}

// p pauses: the live timer goes stale and nothing is sent; p again refreshes at once.
func TestPause(t *testing.T) {
	rec := &uitest.Recorder{}
	m, h := uitest.Demo(t, New, uitest.WithClient(rec.Option()), uitest.Bank("team-platform")) // seeded work that never ends
	h.Fire(uitest.Is[detailDueMsg])
	if lastPoll(h) != pollMin {
		t.Fatalf("no auto-refresh: %v", pollWaits(h))
	}
	h.Keys("p")
	if v := uitest.Plain(uitest.View(t, m)); !m.poll.paused || !strings.Contains(v, "auto-refresh paused · p resumes") {
		t.Fatalf("not paused:\n%s", v)
	}
	if m.keys.Operations.Pause.Help().Desc != "resume refresh" {
		t.Errorf("help says %q", m.keys.Operations.Pause.Help().Desc)
	}
	before := len(rec.All())
	tick(h)
	if n := len(rec.All()) - before; n != 0 || len(pollWaits(h)) != 0 {
		t.Fatalf("paused, yet %d requests and timers %v", n, pollWaits(h))
	}
	h.Keys("p")
	if m.poll.paused || len(rec.All()) == before || lastPoll(h) != pollMin {
		t.Fatalf("resume did not refresh: timers %v", pollWaits(h))
	}
}

// Switching banks stops the old bank's auto-refresh; a pane switched to a bank with
// nothing running does not refresh at all.
func TestBankSwitchStopsPolling(t *testing.T) {
	rec := &uitest.Recorder{}
	m, h := uitest.Demo(t, New, uitest.WithClient(rec.Option()), uitest.Bank("team-platform"))
	if len(pollWaits(h)) == 0 {
		t.Fatal("no auto-refresh to go stale")
	}
	h.SelectBank("scratch")
	before := len(rec.All())
	h.Fire(func(msg tea.Msg) bool { p, ok := msg.(pollDueMsg); return ok && p.bank == "team-platform" })
	if n := len(rec.All()) - before; n != 0 {
		t.Errorf("an old bank's timer sent %d requests", n)
	}
	if len(pollWaits(h)) != 0 || m.poll.interval != 0 {
		t.Errorf("refreshing an idle bank: %v", pollWaits(h))
	}
}

// Many watched retains hidden by a filter cost a bounded number of requests per
// refresh: the list, one look at the newest async retains, and a few by id.
func TestWatchedRequestsAreBounded(t *testing.T) {
	rec := &uitest.Recorder{}
	m, h := uitest.Demo(t, New, uitest.OnServer(uitest.Server(t, hindsighttest.WithSeed(opsSeed(130)))), uitest.WithClient(rec.Option()), uitest.Bank("ops"))
	if len(m.watch) <= missingGets {
		t.Fatalf("only %d retains watched; the test needs more than %d", len(m.watch), missingGets)
	}
	h.Deliver(common.ActionMsg{Kind: doSetStatus + client.StatusFailed})
	before := len(rec.All())
	tick(h)
	reqs := rec.All()[before:]
	lists, gets := 0, 0
	for _, req := range reqs {
		if strings.HasSuffix(req.Path, "/operations") {
			lists++
		} else {
			gets++
		}
	}
	// The failed list, the async retains, and the selected operation's record.
	if lists != 2 || gets > missingGets+1 {
		t.Errorf("one refresh sent %d lists and %d single gets: %v", lists, gets, reqs)
	}
}

// TestStalledWorkIsNotPolled: an operation that has not changed for over an hour is
// stalled; the auto-refresh stops waiting for it (the demo's parked queue no longer
// keeps the program polling), says so, and r still refreshes.
func TestStalledWorkIsNotPolled(t *testing.T) {
	clk := uitest.NewClock()
	srv := uitest.DemoServer(t, hindsighttest.WithAsyncDelay(5*time.Hour))
	srv.SetClock(clk.Now)
	m, h := uitest.Demo(t, New, uitest.OnServer(srv), uitest.Bank("scratch"))
	h.C.Now = clk.Now
	retainAsync(t, h.C, "scratch", "", 1, false)
	h.Keys("r")
	if !m.running() || len(pollWaits(h)) == 0 {
		t.Fatal("fresh pending work is not followed")
	}
	clk.Advance(2 * time.Hour)
	h.Keys("r")
	if m.running() || m.list.stalled == 0 || m.list.stalled != m.list.active {
		t.Fatalf("after two hours without a change: running %v, %d of %d active stalled", m.running(), m.list.stalled, m.list.active)
	}
	if n := h.Fire(uitest.Is[pollDueMsg]); n > 1 {
		t.Errorf("%d polls fired for stalled work", n)
	}
	if h.Fire(uitest.Is[pollDueMsg]) != 0 {
		t.Error("the auto-refresh goes on for stalled work")
	}
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, "no auto-refresh: no change in over 1h · r refreshes") ||
		!strings.Contains(v, strconv.Itoa(m.list.stalled)+" stalled") {
		t.Errorf("indicator:\n%s", v)
	}
}
