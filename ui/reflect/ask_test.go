package reflect

import (
	"strings"
	"testing"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/router"
	"hindsight-tui/ui/uitest"
)

func TestWaitingThenCancel(t *testing.T) {
	srv := uitest.DemoServer(t, hindsighttest.WithFault(hindsighttest.Fault{Method: "POST", Path: reflectPath, Delay: time.Hour}))
	m, h := uitest.Demo(t, New, uitest.OnServer(srv))
	clock := uitest.NewClock()
	h.C.Now = clock.Now
	held := askHeld(h, m, "How does Alex take coffee?")
	tn := m.cur.turns[0]
	if tn.state != turnWaiting || m.cur.waiting() != tn || !m.keys.Reflect.Cancel.Enabled() {
		t.Fatalf("turn %v", tn.state)
	}
	clock.Advance(12 * time.Second)
	view := uitest.Plain(uitest.View(t, m))
	if !strings.Contains(view, "thinking… 12s · esc cancels") || !strings.Contains(view, "asking… 12s") {
		t.Errorf("waiting view:\n%s", view)
	}
	// enter while waiting sends nothing and says why; the new draft stays.
	h.Type("x")
	h.Keys("backspace", "enter")
	if !strings.Contains(lastToast(h), "one question at a time") || len(m.cur.turns) != 1 {
		t.Fatalf("second question: toast %q, %d turns", lastToast(h), len(m.cur.turns))
	}
	h.Keys("esc")
	if tn.state != turnCancelled || tn.cancel != nil {
		t.Fatalf("after esc: %v", tn.state)
	}
	if m.composer.Value() != "How does Alex take coffee?" || m.zone != zoneComposer {
		t.Fatalf("the question did not come back: %q in zone %d", m.composer.Value(), m.zone)
	}
	if !strings.Contains(uitest.Plain(uitest.View(t, m)), "⊘ cancelled after 12.00 s") {
		t.Errorf("no cancelled turn:\n%s", uitest.Plain(uitest.View(t, m)))
	}
	// The request's context was cancelled: the held call returns at once, and its
	// late answer does not touch the turn.
	h.Do(held)
	if tn.state != turnCancelled || len(h.Errors) != 0 {
		t.Fatalf("the late answer changed the turn to %v (errors %v)", tn.state, h.Errors)
	}
	// The question can be sent again from the composer.
	srv.ClearFaults()
	h.Keys("enter")
	if n := len(m.cur.turns); n != 2 || m.cur.turns[1].state != turnAnswered {
		t.Fatalf("resend: %d turns", n)
	}
}

func TestCancelKeepsANewDraft(t *testing.T) {
	srv := uitest.DemoServer(t, hindsighttest.WithFault(hindsighttest.Fault{Method: "POST", Path: reflectPath, Delay: time.Hour}))
	m, h := uitest.Demo(t, New, uitest.OnServer(srv))
	held := askHeld(h, m, "first question")
	h.Type("the next one")
	h.Keys("esc")
	if m.composer.Value() != "the next one" {
		t.Fatalf("the draft became %q", m.composer.Value())
	}
	if !strings.Contains(lastToast(h), "r on the turn asks it again") {
		t.Errorf("toast %q", lastToast(h))
	}
	// r on the cancelled turn asks it again, in place.
	srv.ClearFaults()
	h.Keys("esc", "r")
	tn := m.cur.turns[0]
	if len(m.cur.turns) != 1 || tn.state != turnAnswered || tn.question != "first question" {
		t.Fatalf("retry: %d turns, %v", len(m.cur.turns), tn.state)
	}
	if m.composer.Value() != "the next one" {
		t.Errorf("the draft became %q", m.composer.Value())
	}
	h.Do(held)
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
			m, h := uitest.Demo(t, New, uitest.Seed(hindsighttest.WithFault(f)))
			if tt.name == "timeout" {
				m.timeout = 50 * time.Millisecond
			}
			ask(h, m, "How does Alex take coffee?")
			tn := m.cur.turns[0]
			if tn.state != turnFailed || !strings.Contains(tn.reason, tt.want) {
				t.Fatalf("turn %v, reason %q", tn.state, tn.reason)
			}
			if len(h.Errors) != 1 || h.Errors[0].Op != "reflect" {
				t.Fatalf("error log %v", h.Errors)
			}
			view := uitest.Plain(uitest.View(t, m))
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
			h.Keys("esc", "r")
			if len(m.cur.turns) != 1 || tn.state != turnAnswered || tn.question != "How does Alex take coffee?" {
				t.Fatalf("retry: %d turns, %v %s", len(m.cur.turns), tn.state, tn.reason)
			}
		})
	}
}

// TestStaleAnswerIsDropped: the answer to an attempt that a cancel and a retry
// superseded does not overwrite the newer one.
func TestStaleAnswerIsDropped(t *testing.T) {
	m, h := uitest.Demo(t, New)
	first := askHeld(h, m, "How does Alex take coffee?")
	tn := m.cur.turns[0]
	h.Keys("esc", "esc", "r") // cancel, leave the composer, ask again
	if tn.state != turnAnswered {
		t.Fatalf("retry: %v", tn.state)
	}
	answer := tn.resp
	for _, msg := range uitest.Run(t, first) {
		if _, inner, _ := router.Open(msg); inner != nil {
			if d, ok := inner.(reflectDoneMsg); ok {
				d.resp = &client.ReflectResponse{Text: "stale"}
				d.err = nil
				h.Deliver(d)
			}
		}
	}
	if tn.resp != answer {
		t.Fatal("a stale answer replaced the current one")
	}
}
