package retain

import (
	"errors"
	"strings"
	"testing"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

func opStatus(status string, progress *client.OperationProgress) *client.OperationStatus {
	return &client.OperationStatus{OperationID: "op", Status: status, Progress: progress}
}

// TestFollowerTransitions walks the follower through an operation's life.
func TestFollowerTransitions(t *testing.T) {
	var f follower
	f.start("op")
	if !f.active || f.status != client.StatusPending || f.delay != pollFirst {
		t.Fatalf("start: %+v", f)
	}
	seq := f.seq

	if ev := f.observe(opStatus(client.StatusPending, nil), nil, uitest.Now); ev != followProgress || !f.active {
		t.Fatalf("pending: %v %+v", ev, f)
	}
	d1 := f.delay
	if d1 <= pollFirst {
		t.Errorf("the delay should grow: %v", d1)
	}
	ev := f.observe(opStatus(client.StatusProcessing, &client.OperationProgress{Stage: "storing", Processed: client.Ptr(1), Total: client.Ptr(3)}), nil, uitest.Now)
	if ev != followProgress || f.status != client.StatusProcessing || f.stage != "storing" || *f.processed != 1 || *f.total != 3 {
		t.Fatalf("processing: %v %+v", ev, f)
	}
	for range 20 {
		f.observe(opStatus(client.StatusProcessing, nil), nil, uitest.Now)
	}
	if f.delay != pollMax {
		t.Errorf("the delay should stop at %v, got %v", pollMax, f.delay)
	}

	done := opStatus(client.StatusCompleted, nil)
	done.CreatedAt = client.Time{Time: uitest.Now}
	done.CompletedAt = client.Time{Time: uitest.Now.Add(2 * time.Second)}
	at := uitest.Now.Add(3 * time.Second)
	if ev := f.observe(done, nil, at); ev != followCompleted {
		t.Fatalf("completed: %v", ev)
	}
	if f.active || !f.done || f.serverDur != 2*time.Second || !f.doneAt.Equal(at) || f.stage != "" || f.failure() != nil {
		t.Fatalf("after completed: %+v", f)
	}
	if f.seq != seq {
		t.Error("observing must not change the sequence number")
	}
	f.resume()
	if f.active {
		t.Error("a finished operation cannot be followed again")
	}
}

func TestFollowerFailures(t *testing.T) {
	tests := []struct {
		name   string
		st     *client.OperationStatus
		err    error
		want   followEvent
		status string
		msg    string
	}{
		{name: "failed", st: &client.OperationStatus{Status: client.StatusFailed, ErrorMessage: "LLM quota exceeded"},
			want: followFailed, status: client.StatusFailed, msg: "LLM quota exceeded"},
		{name: "cancelled", st: &client.OperationStatus{Status: client.StatusCancelled},
			want: followFailed, status: client.StatusCancelled, msg: "the operation cancelled"},
		{name: "not_found status", st: &client.OperationStatus{Status: client.StatusNotFound},
			want: followLost, status: client.StatusNotFound, msg: "the server does not know this operation"},
		{name: "404", err: &client.APIError{StatusCode: 404, Detail: "Operation op not found for bank b"},
			want: followLost, status: client.StatusNotFound, msg: "the server does not know this operation"},
	}
	for _, tt := range tests {
		var f follower
		f.start("op")
		if ev := f.observe(tt.st, tt.err, uitest.Now); ev != tt.want {
			t.Errorf("%s: event %v, want %v", tt.name, ev, tt.want)
		}
		if f.active || !f.done || f.status != tt.status || f.errMsg != tt.msg || f.failure() == nil {
			t.Errorf("%s: %+v", tt.name, f)
		}
	}
}

// TestFollowerBacksOffOnErrors: failed polls double the wait, recover on an answer, and
// enough in a row stop the follower until it is resumed.
func TestFollowerBacksOffOnErrors(t *testing.T) {
	var f follower
	f.start("op")
	boom := &client.NetworkError{Kind: client.NetTimeout, Err: errors.New("timeout")}
	if ev := f.observe(nil, boom, uitest.Now); ev != followProgress || f.delay != 2*pollFirst || f.errors != 1 {
		t.Fatalf("first failure: %v %+v", ev, f)
	}
	f.observe(opStatus(client.StatusPending, nil), nil, uitest.Now)
	if f.errors != 0 || f.pollErr != nil {
		t.Fatalf("an answer resets the failures: %+v", f)
	}
	var ev followEvent
	for i := 0; i < pollMaxErrors; i++ {
		ev = f.observe(nil, boom, uitest.Now)
		if f.delay > pollErrMax {
			t.Fatalf("the wait passed its cap: %v", f.delay)
		}
	}
	if ev != followGaveUp || f.active || f.done {
		t.Fatalf("after %d failures: %v %+v", pollMaxErrors, ev, f)
	}
	seq := f.seq
	f.resume()
	if !f.active || f.errors != 0 || f.delay != pollFirst || f.seq == seq {
		t.Fatalf("resume: %+v", f)
	}
	f.stop()
	if f.active || f.seq == seq+1 {
		t.Fatalf("stop: %+v", f)
	}
}

// TestAsyncFollowAndCheck follows an async retain through pending and processing to
// completed, with a recallable check started while it runs that waits for it.
func TestAsyncFollowAndCheck(t *testing.T) {
	clk := uitest.NewClock()
	m, r := uitest.Demo(t, New, uitest.Seed(hindsighttest.WithClock(clk.Now), hindsighttest.WithAsyncDelay(4*time.Second)))
	r.C.Now = clk.Now // the pane's stopwatch runs on the server's clock
	fill(r, m, values{Content: "Alex adopted a cat named Miso.", Async: true})
	r.Keys("ctrl+s")
	sub := m.cur.sub
	if !sub.follow.active || sub.follow.status != "pending" || len(r.Timers()) == 0 {
		t.Fatalf("follow %+v", sub.follow)
	}
	if !strings.Contains(uitest.Plain(uitest.View(t, m)), "operation "+common.ShortID(sub.follow.opID)+" · pending") {
		t.Errorf("view:\n%s", uitest.Plain(uitest.View(t, m)))
	}

	r.Keys("v") // before the memory exists: the check waits for it
	if !sub.check.waiting || sub.check.res == nil || sub.check.res.stored != 0 {
		t.Fatalf("check %+v", sub.check)
	}

	clk.Advance(3 * time.Second)
	r.Fire(uitest.Is[pollDueMsg])
	if sub.follow.status != "processing" || sub.follow.stage != "storing" || sub.follow.total == nil {
		t.Fatalf("follow %+v", sub.follow)
	}
	if !strings.Contains(uitest.Plain(uitest.View(t, m)), "· processing · storing") {
		t.Errorf("view:\n%s", uitest.Plain(uitest.View(t, m)))
	}

	clk.Advance(2 * time.Second)
	r.Fire(uitest.Is[pollDueMsg])
	if !sub.follow.done || sub.follow.status != "completed" || sub.follow.serverDur != 5*time.Second {
		t.Fatalf("follow %+v", sub.follow)
	}
	if got := r.Toasts[len(r.Toasts)-1]; !strings.HasPrefix(got, "1 item retained in user-alex-prefs") {
		t.Errorf("toast %q", got)
	}
	if r.Fire(uitest.Is[pollDueMsg]) != 0 {
		t.Error("polling goes on after the end")
	}

	clk.Advance(time.Second)
	r.Fire(uitest.Is[checkDueMsg])
	if sub.check.busy() || sub.check.res == nil || sub.check.res.rank == 0 {
		t.Fatalf("check %+v %v", sub.check.res, sub.check.err)
	}
	if got := sub.check.foundAt.Sub(sub.sentAt); got != 6*time.Second {
		t.Errorf("stopwatch %v", got)
	}
	view := uitest.Plain(uitest.View(t, m))
	for _, want := range []string{"completed · the server took 5.0 s · seen 5.0 s after submit", "✓ recallable: rank", "found 6.0 s after"} {
		if !strings.Contains(view, want) {
			t.Errorf("view lacks %q:\n%s", want, view)
		}
	}
}

// TestFollowFailureKeepsForm: an operation that fails gives the form back as typed.
func TestFollowFailureKeepsForm(t *testing.T) {
	srv := uitest.DemoServer(t)
	m, r := uitest.Demo(t, New, uitest.OnServer(srv))
	v := values{Content: "Alex moved.", Async: true}
	fill(r, m, v)
	r.Keys("ctrl+s")
	opID := m.cur.sub.follow.opID
	srv.SetFault(hindsighttest.Fault{Method: "GET", Path: "/v1/default/banks/user-alex-prefs/operations/" + opID, Status: 200,
		Body: `{"operation_id":"` + opID + `","status":"failed","error_message":"LLM quota exceeded"}`})
	r.Fire(uitest.Is[pollDueMsg])
	if m.cur.locked() || !m.cur.form.values().equal(v) || m.zone != zoneForm {
		t.Fatalf("locked %v values %+v", m.cur.locked(), m.cur.form.values())
	}
	if len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Err.Error(), "LLM quota exceeded") {
		t.Fatalf("errors %v", r.Errors)
	}
	if view := uitest.Plain(uitest.View(t, m)); !strings.Contains(view, "failed: LLM quota exceeded") {
		t.Errorf("view:\n%s", view)
	}
}

// TestEscStopsFollowingAndCancels: esc cancels a retain in flight (the form comes back)
// and stops following an operation (r resumes).
func TestEscStopsFollowingAndCancels(t *testing.T) {
	m, r := uitest.Demo(t, New, uitest.Seed(hindsighttest.WithLatency(5*time.Second)))
	fill(r, m, values{Content: "Alex moved."})
	cmd := r.Hold("ctrl+s") // the retain, not run yet
	if !m.cur.sub.busy || !m.keys.Retain.Cancel.Enabled() {
		t.Fatal("not sending")
	}
	r.Keys("esc")
	start := time.Now()
	r.Do(cmd)
	if time.Since(start) > 4*time.Second {
		t.Error("esc did not cancel the request")
	}
	if !m.cur.sub.cancelled || m.cur.sub.busy || m.zone != zoneForm || len(r.Errors) != 0 {
		t.Fatalf("after esc: %+v zone %d errors %v", m.cur.sub, m.zone, r.Errors)
	}

	m2, r2 := uitest.Demo(t, New, uitest.Seed(hindsighttest.WithAsyncDelay(time.Hour)))
	fill(r2, m2, values{Content: "Alex moved.", Async: true})
	r2.Keys("ctrl+s", "esc")
	f := &m2.cur.sub.follow
	if f.active || m2.cur.locked() || !m2.keys.Retain.Follow.Enabled() {
		t.Fatalf("esc did not stop following: %+v", f)
	}
	r2.Fire(uitest.Is[pollDueMsg]) // the stale poll does nothing
	if f.polls != 0 {
		t.Errorf("polled %d times after esc", f.polls)
	}
	r2.Keys("r")
	if !f.active {
		t.Fatal("r did not resume")
	}
	r2.Fire(uitest.Is[pollDueMsg])
	if f.polls != 1 || f.status != "pending" {
		t.Errorf("after resume: %+v", f)
	}
}

// TestCompletedToastNamesAKeyThatWorksFromTheForm follows the toast's hint from where
// the user is when it shows: an async retain completes while they are elsewhere, and
// back in the tab the cursor is in the content field. The key the toast names must run
// the check there, not type into the next draft.
func TestCompletedToastNamesAKeyThatWorksFromTheForm(t *testing.T) {
	clk := uitest.NewClock()
	m, r := uitest.Demo(t, New, uitest.Seed(hindsighttest.WithClock(clk.Now), hindsighttest.WithAsyncDelay(time.Second)))
	r.C.Now = clk.Now
	fill(r, m, values{Content: "Alex adopted a cat named Miso.", Async: true})
	r.Keys("ctrl+s")
	clk.Advance(2 * time.Second)
	r.Fire(uitest.Is[pollDueMsg])
	toast := r.Toasts[len(r.Toasts)-1]
	_, hint, ok := strings.Cut(toast, "; ")
	name, _, _ := strings.Cut(hint, " ")
	if !ok || !strings.Contains(hint, "checks it is recallable") {
		t.Fatalf("toast %q gives no hint", toast)
	}
	r.Keys("enter") // back in the form, as after coming back to the tab
	if m.zone != zoneForm || m.cur.form.focus != fContent {
		t.Fatalf("zone %d focus %d, want the content field", m.zone, m.cur.form.focus)
	}
	r.Keys(name)
	if got := m.cur.form.values().Content; got != "" {
		t.Errorf("%s typed into the next draft: %q", name, got)
	}
	if ck := m.cur.sub.check; !ck.busy() && ck.res == nil {
		t.Errorf("%s from the form did not run the check: %+v", name, ck)
	}
	r.Keys("v") // a plain letter is still typing there
	if got := m.cur.form.values().Content; got != "v" {
		t.Errorf("v in the content field: %q", got)
	}
}
