package memories

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// TestBulkPartialFailure invalidates three selected memories, one of which the server
// refuses: the confirmation states the count, the other two stay invalidated, the
// failure is listed and stays selected.
func TestBulkPartialFailure(t *testing.T) {
	srv0 := uitest.DemoServer(t)
	first, err := uitest.NewCommon(t, srv0).Client.ListMemories(context.Background(), uitest.DemoBank,
		client.ListMemoriesParams{Type: client.FactWorld, Limit: 3})
	if err != nil || len(first.Items) < 3 {
		t.Fatal(err)
	}
	bad := first.Items[1].ID
	m, r := uitest.Demo(t, New, uitest.Seed(hindsighttest.WithFault(hindsighttest.Fault{Method: "PATCH",
		Path: "/v1/default/banks/" + uitest.DemoBank + "/memories/" + bad, Status: 500, Body: `{"detail":"boom"}`})))
	c := r.C
	before, err := c.Client.ListMemories(context.Background(), uitest.DemoBank,
		client.ListMemoriesParams{Type: client.FactWorld, State: "invalidated", Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	base := before.Total
	r.Keys("t", "space", "space", "space")
	if len(m.selected) != 3 {
		t.Fatalf("%d selected", len(m.selected))
	}
	r.Keys("x")
	conf := uitest.Front[*components.Confirm](r)
	if v := ansi.Strip(conf.View()); !strings.Contains(v, "invalidate 3 memories: “") || strings.Count(v, "”") != 3 {
		t.Fatalf("confirmation does not state the count and name the memories:\n%s", v)
	}
	r.Keys("enter")
	if m.bulk.running || m.bulk.done != 3 {
		t.Fatalf("bulk did not finish: %+v", m.bulk)
	}
	// The failures are listed one per memory: short id, text, and why.
	fd := uitest.Front[*listDialog](r)
	fv := ansi.Strip(fd.View())
	if !strings.Contains(fv, "1 memory could not be invalidated") || !strings.Contains(fv, bad[:8]) ||
		!strings.Contains(fv, "boom") || len(fd.lines) != 1 {
		t.Fatalf("failures dialog:\n%s", fv)
	}
	if words := strings.Fields(first.Items[1].Text); len(words) > 0 && !strings.Contains(fv, words[0]) {
		t.Errorf("failure row lacks the memory's text %q:\n%s", first.Items[1].Text, fv)
	}
	r.Keys("esc")
	if r.Front() != nil {
		t.Fatalf("esc left %T open", r.Front())
	}
	if len(m.bulk.failures) != 1 || m.bulk.failures[0].id != bad {
		t.Fatalf("failures = %+v", m.bulk.failures)
	}
	if !m.selected[bad] || len(m.selected) != 1 {
		t.Fatalf("selection after = %v", m.selected)
	}
	for i, it := range first.Items {
		got, err := c.Client.GetMemory(context.Background(), uitest.DemoBank, it.ID)
		if err != nil {
			t.Fatal(err)
		}
		want := "invalidated"
		if i == 1 {
			want = "valid"
		}
		if got.State != want && !(want == "valid" && got.State == "") {
			t.Errorf("memory %d state %q, want %q", i, got.State, want)
		}
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "invalidated 2 memories, 1 failed") {
		t.Errorf("outcome not shown:\n%s", v)
	}
	// Restore them from the invalidated state.
	r.Keys("esc", "v")
	if m.win.total != base+2 {
		t.Fatalf("%d invalidated, want %d", m.win.total, base+2)
	}
	r.Keys("A", "u")
	if v := ansi.Strip(r.Front().View()); !strings.Contains(v, "restore "+count(base+2)+": “") || !strings.Contains(v, " and 2 more?") {
		t.Fatalf("restore confirmation:\n%s", v)
	}
	r.Keys("enter")
	if m.win.total != 0 {
		t.Fatalf("%d still invalidated", m.win.total)
	}
}

// TestCancelConfirm leaves everything as it was when the confirmation is refused.
func TestCancelConfirm(t *testing.T) {
	m, r := uitest.Demo(t, New)
	r.Keys("t")
	total := m.win.total
	r.Keys("x", "esc")
	if r.Front() != nil || m.bulk.done != 0 {
		t.Fatal("cancelled confirmation acted")
	}
	r.Keys("R", "t")
	if m.win.total != total {
		t.Fatalf("total %d, want %d", m.win.total, total)
	}
}

// TestReadOnly disables selection, invalidate and restore.
func TestReadOnly(t *testing.T) {
	m, r := uitest.Demo(t, New, uitest.ReadOnly())
	r.Keys("space", "A", "x", "E")
	if len(m.selected) != 0 || r.Front() != nil {
		t.Fatalf("read-only pane selected %d or opened %T", len(m.selected), r.Front())
	}
	r.Keys("v", "u")
	if r.Front() != nil {
		t.Fatalf("read-only pane opened %T", r.Front())
	}
	for _, b := range []string{"x", "u", "space", "E"} {
		for _, k := range m.ShortHelp() {
			if k.Enabled() && k.Help().Key == b {
				t.Errorf("%s enabled in read-only mode", b)
			}
		}
	}
}

// TestObservationsReadOnly never offers to invalidate an observation.
func TestObservationsReadOnly(t *testing.T) {
	m, r := uitest.Demo(t, New)
	r.Keys("t", "t", "t")
	if m.filter.typ != client.FactObservation || m.win.total == 0 {
		t.Skipf("no observations: %+v", m.filter)
	}
	r.Keys("x")
	if r.Front() != nil {
		t.Fatal("offered to invalidate an observation")
	}
}

// TestInvalidateReason stores the reason typed in the confirmation with the memory;
// an empty reason falls back to a default that says where the invalidation came from.
func TestInvalidateReason(t *testing.T) {
	m, r := uitest.Demo(t, New)
	c := r.C
	r.Keys("t")
	mem := m.current()
	if mem == nil {
		t.Fatal("no memory selected")
	}
	r.Keys("x")
	if v := ansi.Strip(r.Front().View()); !strings.Contains(v, "reason (optional)") {
		t.Fatalf("no reason field:\n%s", v)
	}
	r.Type("the user moved to Porto")
	r.Keys("enter")
	got, err := c.Client.GetMemory(context.Background(), uitest.DemoBank, mem.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.State != "invalidated" || got.InvalidationReason != "the user moved to Porto" {
		t.Fatalf("state %q reason %q", got.State, got.InvalidationReason)
	}
}

// TestOutcomeNoticeExpires: "invalidated 1 memory" on the status line goes once read,
// as toasts do, rather than staying until the next bulk action.
func TestOutcomeNoticeExpires(t *testing.T) {
	m, r := uitest.Demo(t, New)
	r.Keys("t", "x", "enter")
	if !strings.Contains(uitest.Plain(uitest.View(t, m)), "invalidated 1 memory") {
		t.Fatal("no outcome notice")
	}
	if r.Fire(func(msg tea.Msg) bool { _, ok := msg.(noticeExpiredMsg); return ok }) != 1 {
		t.Fatal("the notice set no timer")
	}
	if strings.Contains(uitest.Plain(uitest.View(t, m)), "invalidated 1 memory") {
		t.Error("the notice outlived its timer")
	}
}
