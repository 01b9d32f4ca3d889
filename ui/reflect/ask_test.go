package reflect

import (
	"strings"
	"testing"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
)

func TestWaitingThenCancel(t *testing.T) {
	srv := demoServer(t, hindsighttest.WithFault(hindsighttest.Fault{Method: "POST", Path: reflectPath, Delay: time.Hour}))
	r, m := startPane(t, newCommon(t, srv), alexBank, 88, 35)
	r.hold = true
	r.ask("How does Alex take coffee?")
	tn := m.cur.turns[0]
	if tn.state != turnWaiting || m.cur.waiting() != tn || !m.keys.Reflect.Cancel.Enabled() {
		t.Fatalf("turn %v", tn.state)
	}
	m.clock = func() time.Time { return testNow.Add(12 * time.Second) }
	view := plain(m.View())
	if !strings.Contains(view, "thinking… 12s · esc cancels") || !strings.Contains(view, "asking… 12s") {
		t.Errorf("waiting view:\n%s", view)
	}
	// enter while waiting sends nothing and says why; the new draft stays.
	r.hold = false
	r.typeText("x")
	r.keys("backspace", "enter")
	if !strings.Contains(r.lastToast(), "one question at a time") || len(m.cur.turns) != 1 {
		t.Fatalf("second question: toast %q, %d turns", r.lastToast(), len(m.cur.turns))
	}
	r.keys("esc")
	if tn.state != turnCancelled || tn.cancel != nil {
		t.Fatalf("after esc: %v", tn.state)
	}
	if m.composer.Value() != "How does Alex take coffee?" || m.zone != zoneComposer {
		t.Fatalf("the question did not come back: %q in zone %d", m.composer.Value(), m.zone)
	}
	if !strings.Contains(plain(m.View()), "⊘ cancelled after 12.00 s") {
		t.Errorf("no cancelled turn:\n%s", plain(m.View()))
	}
	// The request's context was cancelled: the held call returns at once, and its
	// late answer does not touch the turn.
	r.release()
	if tn.state != turnCancelled || len(r.errors) != 0 {
		t.Fatalf("the late answer changed the turn to %v (errors %v)", tn.state, r.errors)
	}
	// The question can be sent again from the composer.
	srv.ClearFaults()
	r.keys("enter")
	if n := len(m.cur.turns); n != 2 || m.cur.turns[1].state != turnAnswered {
		t.Fatalf("resend: %d turns", n)
	}
}

func TestCancelKeepsANewDraft(t *testing.T) {
	srv := demoServer(t, hindsighttest.WithFault(hindsighttest.Fault{Method: "POST", Path: reflectPath, Delay: time.Hour}))
	r, m := startPane(t, newCommon(t, srv), alexBank, 88, 35)
	r.hold = true
	r.ask("first question")
	r.hold = false
	r.typeText("the next one")
	r.keys("esc")
	if m.composer.Value() != "the next one" {
		t.Fatalf("the draft became %q", m.composer.Value())
	}
	if !strings.Contains(r.lastToast(), "r on the turn asks it again") {
		t.Errorf("toast %q", r.lastToast())
	}
	// r on the cancelled turn asks it again, in place.
	srv.ClearFaults()
	r.keys("esc", "r")
	tn := m.cur.turns[0]
	if len(m.cur.turns) != 1 || tn.state != turnAnswered || tn.question != "first question" {
		t.Fatalf("retry: %d turns, %v", len(m.cur.turns), tn.state)
	}
	if m.composer.Value() != "the next one" {
		t.Errorf("the draft became %q", m.composer.Value())
	}
	r.release()
}

// TestFailuresAreTurns: a timeout, a 4xx with its detail and a 5xx each become a turn
// with the Describe sentence and a retry key, and reach the error log; the question
// is kept, and r asks it again in place.
func TestFailuresAreTurns(t *testing.T) {
	tests := []struct {
		name  string
		fault hindsighttest.Fault
		want  string
		param string // the parameter a 422 marks
	}{
		{name: "5xx", fault: hindsighttest.Fault{Status: 500, Body: `{"detail":"LLM provider returned 502"}`},
			want: "failed (HTTP 500): LLM provider returned 502; its logs say more."},
		{name: "4xx detail", fault: hindsighttest.Fault{Status: 400, Body: `{"detail":"LLM provider 'none' cannot reflect"}`},
			want: "the server refused the request (HTTP 400): LLM provider 'none' cannot reflect"},
		{name: "422 on a parameter", fault: hindsighttest.Fault{Status: 422,
			Body: `{"detail":[{"type":"value_error","loc":["body","response_schema"],"msg":"Value error, response_schema must define a non-empty 'properties' object","input":{}}]}`},
			want: "response_schema: Value error, response_schema must define a non-empty 'properties' object", param: "response_schema"},
		{name: "timeout", fault: hindsighttest.Fault{Delay: time.Hour}, want: "did not answer in time"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := tt.fault
			f.Method, f.Path, f.Times = "POST", reflectPath, 1
			r, m := startPane(t, newCommon(t, demoServer(t, hindsighttest.WithFault(f))), alexBank, 88, 35)
			if tt.name == "timeout" {
				m.timeout = 50 * time.Millisecond
			}
			r.ask("How does Alex take coffee?")
			tn := m.cur.turns[0]
			if tn.state != turnFailed || !strings.Contains(tn.reason, tt.want) {
				t.Fatalf("turn %v, reason %q", tn.state, tn.reason)
			}
			if len(r.errors) != 1 || r.errors[0].Op != "reflect" {
				t.Fatalf("error log %v", r.errors)
			}
			view := plain(m.View())
			if !strings.Contains(view, "✗ ") || !strings.Contains(view, "r retries") {
				t.Errorf("failed turn view:\n%s", view)
			}
			if tt.param != "" && m.cur.serverErrs[tt.param] == "" {
				t.Errorf("the 422 was not filed under %s: %v", tt.param, m.cur.serverErrs)
			}
			if !m.keys.Global.Refresh.Enabled() {
				t.Fatal("r is not offered on a failed turn")
			}
			m.timeout = time.Minute
			r.keys("esc", "r")
			if len(m.cur.turns) != 1 || tn.state != turnAnswered || tn.question != "How does Alex take coffee?" {
				t.Fatalf("retry: %d turns, %v %s", len(m.cur.turns), tn.state, tn.reason)
			}
		})
	}
}

// TestStaleAnswerIsDropped: the answer to an attempt that a cancel and a retry
// superseded does not overwrite the newer one.
func TestStaleAnswerIsDropped(t *testing.T) {
	r, m := startPane(t, newCommon(t, demoServer(t)), alexBank, 88, 35)
	r.hold = true
	r.ask("How does Alex take coffee?")
	first := r.held
	r.held = nil
	tn := m.cur.turns[0]
	r.hold = false
	r.keys("esc", "esc", "r") // cancel, leave the composer, ask again
	if tn.state != turnAnswered {
		t.Fatalf("retry: %v", tn.state)
	}
	answer := tn.resp
	var stale []any
	for _, c := range first {
		for _, msg := range run(t, c) {
			stale = append(stale, msg)
		}
	}
	for _, msg := range stale {
		if d, ok := msg.(reflectDoneMsg); ok {
			d.resp = &client.ReflectResponse{Text: "stale"}
			d.err = nil
			r.send(d)
		}
	}
	if tn.resp != answer {
		t.Fatal("a stale answer replaced the current one")
	}
}
