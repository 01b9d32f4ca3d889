package operations

import (
	"context"
	"strings"
	"testing"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

func isStatus(s string) func(client.Operation) bool {
	return func(op client.Operation) bool { return op.Status == s }
}

// confirm checks that a confirmation is open, mentions want, and presses enter.
func confirm(t *testing.T, h *uitest.Host, want string) {
	t.Helper()
	d := uitest.Front[*components.Confirm](h)
	v := uitest.Plain(uitest.View(t, d))
	if flat := strings.Join(strings.Fields(strings.ReplaceAll(v, "│", " ")), " "); !strings.Contains(flat, want) {
		t.Fatalf("confirmation lacks %q:\n%s", want, v)
	}
	h.Keys("enter")
}

// c cancels a pending operation after a confirmation; then only retry and delete
// are offered for it.
func TestCancelPending(t *testing.T) {
	m, h := uitest.Demo(t, New)
	op := selectRow(t, h, m, isStatus(client.StatusPending))
	h.Keys("c")
	confirm(t, h, "has not started yet. Cancel it?")
	if h.Front() != nil {
		t.Fatal("the confirmation stayed open")
	}
	if got := statusOf(m, op.ID); got != client.StatusCancelled {
		t.Fatalf("status after cancel: %q", got)
	}
	if got := h.Toasts; len(got) != 1 || got[0] != "cancelled operation "+op.ID[:8] {
		t.Errorf("toasts %q", got)
	}
	ko := m.keys.Operations
	if ko.Cancel.Enabled() || !ko.Retry.Enabled() || !ko.Delete.Enabled() {
		t.Errorf("after cancel: cancel %v retry %v delete %v", ko.Cancel.Enabled(), ko.Retry.Enabled(), ko.Delete.Enabled())
	}
}

// R retries a failed operation; the auto-refresh follows it out of failed, to
// completed, with a toast.
func TestRetryFailed(t *testing.T) {
	clk := uitest.NewClock()
	srv := uitest.DemoServer(t, hindsighttest.WithAsyncDelay(2*time.Second))
	srv.SetClock(clk.Now)
	m, h := uitest.Demo(t, New, uitest.OnServer(srv))
	op := selectRow(t, h, m, isStatus(client.StatusFailed))
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, "LLM provider error: 429") {
		t.Fatalf("the failure's error is not shown:\n%s", v)
	}
	h.Keys("R")
	confirm(t, h, "Queue operation consolidation "+op.ID[:8]+" (1 item) again?")
	if got := statusOf(m, op.ID); got != client.StatusPending {
		t.Fatalf("after retry: %q", got)
	}
	if lastPoll(h) != pollMin {
		t.Fatalf("retry did not start the quick refresh: %v", lastPoll(h))
	}
	clk.Advance(1500 * time.Millisecond)
	tick(h)
	if got := statusOf(m, op.ID); got != client.StatusProcessing {
		t.Fatalf("at 1.5 s: %q", got)
	}
	clk.Advance(time.Second)
	tick(h)
	if got := statusOf(m, op.ID); got != client.StatusCompleted {
		t.Fatalf("at 2.5 s: %q", got)
	}
	want := []string{"operation " + op.ID[:8] + " queued for retry", "consolidation " + op.ID[:8] + " completed"}
	if got := h.Toasts; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("toasts %q, want %q", got, want)
	}
	if e := m.selectedEntry(); e == nil || e.st == nil || e.st.RetryCount != 0 || e.st.ErrorMessage != "" {
		t.Errorf("the detail was not refreshed: %+v", e)
	}
}

// D deletes a finished operation's record: it leaves the list at once and the
// server no longer knows it.
func TestDeleteFinished(t *testing.T) {
	m, h := uitest.Demo(t, New)
	c := h.C
	total := m.list.total
	op := selectRow(t, h, m, isStatus(client.StatusCompleted))
	h.Keys("D")
	confirm(t, h, "Only the record goes")
	if m.list.index(op.ID) >= 0 || m.list.total != total-1 {
		t.Fatalf("deleted operation still listed (%d of %d)", len(m.list.rows), m.list.total)
	}
	st, err := c.Client.GetOperation(context.Background(), "user-alex-prefs", op.ID, false)
	if err != nil || st.Status != client.StatusNotFound {
		t.Fatalf("server still has it: %+v %v", st, err)
	}
}

// The state changes behind the pane's back between the list and the action: the
// server answers 409, the pane explains it in place, logs it and refreshes.
func TestConflictExplainedAndRefreshed(t *testing.T) {
	tests := []struct {
		name   string
		from   string
		key    string
		behind func(t *testing.T, srv *hindsighttest.Server, c *client.Client, id string)
		want   string
		now    string
	}{
		{name: "cancel a pending one that completed", from: client.StatusPending, key: "c",
			behind: func(t *testing.T, srv *hindsighttest.Server, _ *client.Client, _ string) { srv.CompleteOperations() },
			want:   "it is already completed (it changed meanwhile); the list is refreshed.",
			now:    client.StatusCompleted},
		{name: "retry a failed one someone retried", from: client.StatusFailed, key: "R",
			behind: retryBehind, want: "it is already pending", now: client.StatusPending},
		{name: "delete one someone deleted", from: client.StatusCompleted, key: "D",
			behind: func(t *testing.T, _ *hindsighttest.Server, c *client.Client, id string) {
				if _, err := c.DeleteOperation(context.Background(), "user-alex-prefs", id); err != nil {
					t.Fatal(err)
				}
			},
			want: "it no longer exists (it was deleted meanwhile); the list is refreshed.", now: ""},
		{name: "delete a failed one someone retried", from: client.StatusFailed, key: "D",
			behind: retryBehind, want: "it is pending now, and only finished operations can be deleted",
			now: client.StatusPending},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := uitest.DemoServer(t, hindsighttest.WithAsyncDelay(time.Hour))
			m, h := uitest.Demo(t, New, uitest.OnServer(srv))
			c := h.C
			op := selectRow(t, h, m, isStatus(tc.from))
			tc.behind(t, srv, c.Client, op.ID)
			h.Keys(tc.key)
			h.Keys("enter")
			if h.Front() != nil {
				t.Fatal("the confirmation stayed open after a 409")
			}
			v := uitest.Plain(uitest.View(t, m))
			if !strings.Contains(v, "Cannot ") || !strings.Contains(strings.Join(strings.Fields(v), " "), tc.want) {
				t.Errorf("no explanation %q:\n%s", tc.want, v)
			}
			if len(h.Errors) != 1 {
				t.Fatalf("errors logged: %+v", h.Errors)
			}
			if code := client.StatusCode(h.Errors[0].Err); code != 409 && code != 404 {
				t.Errorf("logged HTTP %d", code)
			}
			if got := statusOf(m, op.ID); got != tc.now {
				t.Errorf("after the refresh the list shows %q, want %q", got, tc.now)
			}
			h.Keys("j") // the notice goes once the user moves on
			h.Keys("k")
			h.Keys("s")
			if strings.Contains(uitest.Plain(uitest.View(t, m)), "Cannot ") {
				t.Error("the notice stayed")
			}
		})
	}
}

func retryBehind(t *testing.T, _ *hindsighttest.Server, c *client.Client, id string) {
	t.Helper()
	if _, err := c.RetryOperation(context.Background(), "user-alex-prefs", id); err != nil {
		t.Fatal(err)
	}
}

// Any other failure stays in the dialog with the Describe sentence, and is logged;
// esc closes it and nothing changed.
func TestActionFailureStaysInDialog(t *testing.T) {
	srv := uitest.DemoServer(t)
	m, h := uitest.Demo(t, New, uitest.OnServer(srv))
	op := selectRow(t, h, m, isStatus(client.StatusFailed))
	srv.SetFault(hindsighttest.Fault{Method: "POST", Path: "/v1/default/banks/user-alex-prefs/operations/*",
		Status: 500, Body: `{"detail":"worker queue unavailable"}`})
	h.Keys("R", "enter")
	d := uitest.Front[*components.Confirm](h)
	if !strings.Contains(d.Err(), "worker queue unavailable") {
		t.Fatalf("dialog %T err %q", h.Front(), d.Err())
	}
	if len(h.Errors) != 1 || h.Errors[0].Op != "retry operation" {
		t.Errorf("errors logged: %+v", h.Errors)
	}
	h.Keys("esc")
	if h.Front() != nil || statusOf(m, op.ID) != client.StatusFailed {
		t.Error("esc did not leave things as they were")
	}
}
