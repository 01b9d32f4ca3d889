package operations

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
)

// steppedPane is a pane on the empty scratch bank of a demo server whose async work
// takes 2 s on a clock the test steps.
func steppedPane(t *testing.T, w, h int) (*root, *Model, *common.Common, *clock) {
	t.Helper()
	clk := newClock()
	srv := demoServer(t, hindsighttest.WithAsyncDelay(2*time.Second))
	srv.SetClock(clk.Now)
	c := newCommon(t, srv)
	r, m := startPane(t, c, "scratch", w, h)
	return r, m, c, clk
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
	r, m, c, clk := steppedPane(t, 88, 35)
	if m.running() || len(r.timers) != 0 {
		t.Fatal("an empty bank should not refresh itself")
	}
	if !strings.Contains(plain(m.View()), "nothing running") {
		t.Errorf("indicator:\n%s", plain(m.View()))
	}
	id := retainAsync(t, c, "scratch", "", 3, false)
	r.keys("r")
	if got := statusOf(m, id); got != client.StatusPending {
		t.Fatalf("after submit: %q", got)
	}
	if r.lastTimer() != time.Second || !strings.Contains(plain(m.View()), "auto-refresh every 1s") {
		t.Fatalf("refresh in %v:\n%s", r.lastTimer(), plain(m.View()))
	}

	clk.step(1500 * time.Millisecond) // halfway through its 2 s
	r.fire()
	if got := statusOf(m, id); got != client.StatusProcessing {
		t.Fatalf("at 1.5 s: %q", got)
	}
	row := m.list.rows[m.list.index(id)]
	if p := row.op.Progress; p == nil || p.Total == nil || *p.Total != 3 || p.Stage != "storing" {
		t.Fatalf("progress %+v", row.op.Progress)
	}
	if r.lastTimer() != pollMin {
		t.Errorf("after a change: %v, want %v", r.lastTimer(), pollMin)
	}

	// Nothing moves: the wait doubles up to the cap.
	var waits []time.Duration
	for range 6 {
		r.fire()
		waits = append(waits, r.lastTimer())
	}
	want := []time.Duration{2 * time.Second, 4 * time.Second, 8 * time.Second, 15 * time.Second, 15 * time.Second, 15 * time.Second}
	for i := range want {
		if waits[i] != want[i] {
			t.Fatalf("back-off waits %v, want %v", waits, want)
		}
	}
	if len(r.toasts) != 0 {
		t.Fatalf("toasts before the end: %q", r.toastTexts())
	}

	clk.step(time.Second)
	r.fire()
	if got := statusOf(m, id); got != client.StatusCompleted {
		t.Fatalf("at 2.5 s: %q", got)
	}
	if got := r.toastTexts(); len(got) != 1 || got[0] != "retain "+id[:8]+" completed: 3 items" {
		t.Fatalf("toasts %q", got)
	}
	if len(r.timers) != 0 || m.poll.interval != 0 {
		t.Errorf("still refreshing: %v", r.timers)
	}
	// Its children completed too, without toasts of their own.
	r.fire()
	if len(r.toasts) != 1 {
		t.Errorf("toasts %q", r.toastTexts())
	}
}

// A watched retain is followed even when the filters hide it: the pane asks for it
// by id until it ends (announced by another pane, so without a toast here).
func TestWatchedRetainOutsideTheFilter(t *testing.T) {
	r, m, c, clk := steppedPane(t, 88, 35)
	r.send(action{owner: m, do: doSetStatus, value: client.StatusPending})
	id := retainAsync(t, c, "scratch", "", 1, false)
	r.send(common.OperationStartedMsg{BankID: "scratch", OperationID: id, Kind: "batch_retain"})
	clk.step(1500 * time.Millisecond)
	r.fire()
	if m.list.index(id) >= 0 {
		t.Fatal("a processing retain listed under status pending")
	}
	if _, ok := m.watch[id]; !ok || !m.running() || len(r.timers) == 0 {
		t.Fatal("the retain is no longer followed")
	}
	clk.step(time.Second)
	r.fire()
	if _, watching := m.watch[id]; watching {
		t.Fatal("the completed retain is still followed")
	}
	if got := r.toastTexts(); len(got) != 0 {
		t.Fatalf("toasts %q, want none for an announced retain", got)
	}
}

// The toasts for the other ends, from answers built by hand: a failed retain says
// why, a cancelled one says so, and one first seen finished says nothing.
func TestRetainEndToasts(t *testing.T) {
	r, m, _, _ := steppedPane(t, 88, 35)
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
		r.send(loadedMsg{owner: m, seq: m.load.seq, bank: "scratch", ops: list, total: len(list)})
	}
	answer(ops(client.StatusPending, client.StatusProcessing, client.StatusCompleted))
	answer(ops(client.StatusFailed, client.StatusCancelled, client.StatusCompleted))
	got := r.toasts
	if len(got) != 2 {
		t.Fatalf("toasts %+v", got)
	}
	if got[0].Text != "retain doc-a failed: LLM provider returned 429 (rate limited)" || !got[0].Error {
		t.Errorf("failed: %+v", got[0])
	}
	if got[1].Text != "retain bbbbbbbb was cancelled" || got[1].Error {
		t.Errorf("cancelled: %+v", got[1])
	}
}

// p pauses: the live timer goes stale and nothing is sent; p again refreshes at once.
func TestPause(t *testing.T) {
	srv := demoServer(t)
	cnt := &counter{}
	c := newCommon(t, srv, client.WithHTTPClient(&http.Client{Transport: cnt}))
	r, m := startPane(t, c, "team-platform", 88, 35) // seeded work that never ends
	if r.lastTimer() != pollMin {
		t.Fatalf("no auto-refresh: %v", r.timers)
	}
	r.keys("p")
	if !m.poll.paused || !strings.Contains(plain(m.View()), "auto-refresh paused · p resumes") {
		t.Fatalf("not paused:\n%s", plain(m.View()))
	}
	if m.keys.Operations.Pause.Help().Desc != "resume refresh" {
		t.Errorf("help says %q", m.keys.Operations.Pause.Help().Desc)
	}
	before := len(cnt.all())
	r.fire()
	if n := len(cnt.all()) - before; n != 0 || len(r.timers) != 0 {
		t.Fatalf("paused, yet %d requests and timers %v", n, r.timers)
	}
	r.keys("p")
	if m.poll.paused || len(cnt.all()) == before || r.lastTimer() != pollMin {
		t.Fatalf("resume did not refresh: timers %v", r.timers)
	}
}

// Switching banks stops the old bank's auto-refresh; a pane switched to a bank with
// nothing running does not refresh at all.
func TestBankSwitchStopsPolling(t *testing.T) {
	srv := demoServer(t)
	cnt := &counter{}
	c := newCommon(t, srv, client.WithHTTPClient(&http.Client{Transport: cnt}))
	r, m := startPane(t, c, "team-platform", 88, 35)
	stale := r.timers
	r.timers = nil
	r.send(common.BankSelectedMsg{BankID: "scratch"})
	before := len(cnt.all())
	for _, tm := range stale {
		r.send(tm.msg)
	}
	if n := len(cnt.all()) - before; n != 0 {
		t.Errorf("an old bank's timer sent %d requests", n)
	}
	if len(r.timers) != 0 || m.poll.interval != 0 {
		t.Errorf("refreshing an idle bank: %v", r.timers)
	}
}

// Many watched retains hidden by a filter cost a bounded number of requests per
// refresh: the list, one look at the newest async retains, and a few by id.
func TestWatchedRequestsAreBounded(t *testing.T) {
	srv := newServer(t, hindsighttest.WithSeed(opsSeed(130)))
	cnt := &counter{}
	c := newCommon(t, srv, client.WithHTTPClient(&http.Client{Transport: cnt}))
	r, m := startPane(t, c, "ops", 88, 35)
	if len(m.watch) <= missingGets {
		t.Fatalf("only %d retains watched; the test needs more than %d", len(m.watch), missingGets)
	}
	r.send(action{owner: m, do: doSetStatus, value: client.StatusFailed})
	before := len(cnt.all())
	r.fire()
	reqs := cnt.all()[before:]
	lists, gets := 0, 0
	for _, req := range reqs {
		if path, _, _ := strings.Cut(req, "?"); strings.HasSuffix(path, "/operations") {
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
