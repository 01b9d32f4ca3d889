package tail

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/uitest"
)

// seed is the demo with the bank-health banks, as --demo runs: more banks than one
// all-banks poll reads, and failed LLM requests.
func seed() uitest.Option { return uitest.Seed(hindsighttest.WithBankHealthSeed()) }

// start is the tail on bank, shown, its first poll answered, every request recorded.
func start(t *testing.T, bank string, opts ...uitest.Option) (*Model, *uitest.Host, *uitest.Recorder) {
	t.Helper()
	rec := &uitest.Recorder{}
	m, h := uitest.Demo(t, New, append([]uitest.Option{seed(), uitest.Bank(bank), uitest.WithClient(rec.Option())}, opts...)...)
	if len(h.Errors) != 0 {
		t.Fatalf("errors: %v", h.Errors)
	}
	return m, h, rec
}

// isPoll says whether a held timer is the tail's next poll.
func isPoll(msg tea.Msg) bool { _, ok := msg.(pollDueMsg); return ok }

// pollTimers are the delays of the held poll timers.
func pollTimers(h *uitest.Host) []time.Duration {
	var out []time.Duration
	for _, tm := range h.Timers() {
		if isPoll(tm.Msg) {
			out = append(out, tm.D)
		}
	}
	return out
}

// shown lists the events the filter shows, newest first.
func shown(m *Model) []*Event {
	var out []*Event
	for _, i := range m.visible {
		out = append(out, m.ring.At(int(i)))
	}
	return out
}

func TestTimelineMergesKindsNewestFirst(t *testing.T) {
	m, _, rec := start(t, uitest.DemoBank)
	for _, suffix := range []string{"/operations", "/audit-logs", "/llm-requests"} {
		if n := len(rec.Matching("GET", suffix)); n != 1 {
			t.Fatalf("%d requests to %s, want 1", n, suffix)
		}
	}
	if q := rec.Matching("GET", "/llm-requests")[0].Query; !strings.Contains(q, "status=error") {
		t.Fatalf("LLM requests asked with %q, want only the failed ones", q)
	}
	evs := shown(m)
	seen := map[Kind]int{}
	for i, e := range evs {
		seen[e.Kind]++
		if i > 0 && e.At.After(evs[i-1].At) {
			t.Fatalf("event %d (%s) is newer than the one above it", i, e.ID)
		}
	}
	if seen[KindOperation] == 0 || seen[KindAudit] == 0 {
		t.Fatalf("kinds merged: %v", seen)
	}
	// A recall's row shows its action, transport and query text.
	found := false
	for _, e := range evs {
		if e.Kind == KindAudit && e.What == "recall" && strings.Contains(e.Text, "http · “") {
			found = true
		}
	}
	if !found {
		t.Fatal("no audited recall with its query among the events")
	}
	// A retain's row says how many items it sent.
	found = false
	for _, e := range evs {
		if e.Kind == KindAudit && e.What == "retain" && (strings.HasSuffix(e.Text, " item") || strings.HasSuffix(e.Text, " items")) {
			found = true
		}
	}
	if !found {
		t.Fatal("no audited retain with its item count")
	}
}

func TestNewEventArrivesOnTop(t *testing.T) {
	m, h, _ := start(t, uitest.DemoBank)
	before := m.ring.Len()
	if _, err := h.C.Client.Recall(context.Background(), uitest.DemoBank, client.RecallRequest{Query: "tail sees this"}); err != nil {
		t.Fatal(err)
	}
	h.Fire(isPoll)
	if m.ring.Len() != before+1 || !strings.Contains(shown(m)[0].Text, "tail sees this") {
		t.Fatalf("after a recall: %d events (was %d), top %+v", m.ring.Len(), before, shown(m)[0])
	}
	if m.cursor != 0 {
		t.Fatalf("cursor %d: a tail on its newest row keeps following", m.cursor)
	}
}

func TestBackOffWhileNothingChanges(t *testing.T) {
	m, h, _ := start(t, uitest.DemoBank)
	var delays []time.Duration
	for range 6 {
		delays = append(delays, pollTimers(h)...)
		if h.Fire(isPoll) != 1 {
			t.Fatalf("want one poll timer, have %v", pollTimers(h))
		}
	}
	want := []time.Duration{2 * time.Second, 4 * time.Second, 8 * time.Second, 16 * time.Second, 30 * time.Second, 30 * time.Second}
	if !equal(delays, want) {
		t.Fatalf("delays %v, want %v", delays, want)
	}
	// A change brings the next poll back to fast.
	if _, err := h.C.Client.Recall(context.Background(), uitest.DemoBank, client.RecallRequest{Query: "something new"}); err != nil {
		t.Fatal(err)
	}
	h.Fire(isPoll)
	if got := pollTimers(h); !equal(got, []time.Duration{2 * time.Second}) {
		t.Fatalf("after a change: %v", got)
	}
	// So does a key: the slow timer set before it is superseded.
	h.Fire(isPoll)
	h.Fire(isPoll)
	if got := pollTimers(h); !equal(got, []time.Duration{8 * time.Second}) {
		t.Fatalf("slowing again: %v", got)
	}
	h.Keys("j")
	if got := pollTimers(h); !equal(got, []time.Duration{8 * time.Second, 2 * time.Second}) {
		t.Fatalf("after a key: %v", got)
	}
	gen := m.gen
	for _, tm := range h.Timers() {
		if p, ok := tm.Msg.(pollDueMsg); ok && tm.D == 8*time.Second && p.gen == gen {
			t.Fatal("the slow timer is still current")
		}
	}
}

func equal(a, b []time.Duration) bool {
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

func TestPauseStopsPolling(t *testing.T) {
	m, h, rec := start(t, uitest.DemoBank)
	h.Keys("p")
	rec.Reset()
	if n := h.Fire(isPoll); n != 1 { // the timer set before the pause
		t.Fatalf("%d timers", n)
	}
	if len(rec.All()) != 0 || len(pollTimers(h)) != 0 {
		t.Fatalf("paused, yet %d requests and timers %v", len(rec.All()), pollTimers(h))
	}
	// Keys move through the still timeline without setting a timer either.
	h.Keys("j", "k", "o", "o")
	if len(rec.All()) != 0 || len(pollTimers(h)) != 0 || !strings.Contains(uitest.Plain(m.View()), "paused") {
		t.Fatalf("paused: %d requests, timers %v", len(rec.All()), pollTimers(h))
	}
	h.Keys("p")
	// It polls at once; that poll found nothing new, so the next one is twice as far.
	if len(rec.Matching("GET", "/operations")) != 1 || !equal(pollTimers(h), []time.Duration{4 * time.Second}) {
		t.Fatalf("following again: %d polls, timers %v", len(rec.Matching("GET", "/operations")), pollTimers(h))
	}
}

func TestNotShownStopsPolling(t *testing.T) {
	m, h, rec := start(t, uitest.DemoBank)
	m.Blur()
	rec.Reset()
	h.Fire(isPoll)
	if len(rec.All()) != 0 || len(pollTimers(h)) != 0 {
		t.Fatalf("hidden, yet %d requests", len(rec.All()))
	}
	h.Focus("pane")
	if len(rec.Matching("GET", "/operations")) != 1 {
		t.Fatal("shown again without a poll")
	}
}

func TestKindFilter(t *testing.T) {
	m, h, _ := start(t, "travel-concierge")
	count := func() map[Kind]int {
		n := map[Kind]int{}
		for _, e := range shown(m) {
			n[e.Kind]++
		}
		return n
	}
	all := count()
	if all[KindOperation] == 0 || all[KindLLMError] == 0 {
		t.Fatalf("travel-concierge's kinds: %v", all)
	}
	h.Keys("o")
	if n := count(); n[KindOperation] != 0 || n[KindLLMError] != all[KindLLMError] {
		t.Fatalf("operations hidden: %v", n)
	}
	h.Keys("e")
	if n := count(); len(shown(m)) != all[KindAudit] || n[KindLLMError] != 0 {
		t.Fatalf("LLM errors hidden too: %v", n)
	}
	h.Keys("o", "e", "a")
	if n := count(); n[KindAudit] != 0 || n[KindOperation] != all[KindOperation] {
		t.Fatalf("only audit hidden: %v", n)
	}
}

func TestAllBanksToggle(t *testing.T) {
	m, h, rec := start(t, uitest.DemoBank)
	rec.Reset()
	h.Keys("b")
	banks := rec.Matching("GET", "/banks")
	if len(banks) != 1 || banks[0].Query != "limit=8" {
		t.Fatalf("bank list requests: %+v", banks)
	}
	if n := len(rec.Matching("GET", "/operations")); n != maxBanks {
		t.Fatalf("%d operation lists, want one per bank (%d)", n, maxBanks)
	}
	if len(rec.All()) > 1+3*maxBanks {
		t.Fatalf("%d requests in one poll", len(rec.All()))
	}
	from := map[string]bool{}
	for _, e := range shown(m) {
		from[e.Bank] = true
	}
	if len(from) < 3 || !strings.Contains(uitest.Plain(m.View()), "all banks") {
		t.Fatalf("events from %v", from)
	}
	// Back to the bank: its events alone.
	h.Keys("b")
	for _, e := range shown(m) {
		if e.Bank != uitest.DemoBank {
			t.Fatalf("event of %s in the bank's tail", e.Bank)
		}
	}
}

func TestStaleAnswerDropped(t *testing.T) {
	m, h, _ := start(t, uitest.DemoBank)
	held := h.Hold("b") // every bank's poll, held
	if m.ring.Len() != 0 || !m.loading {
		t.Fatalf("after b: %d events, loading %v", m.ring.Len(), m.loading)
	}
	h.SelectBank("garden-planner") // the all-banks tail does not move…
	h.Keys("b")                    // …but back on one bank the held poll is stale
	n := m.ring.Len()
	h.Do(held)
	if m.ring.Len() != n {
		t.Fatalf("the stale answer was merged: %d events, was %d", m.ring.Len(), n)
	}
	for _, e := range shown(m) {
		if e.Bank != "garden-planner" {
			t.Fatalf("event of %s", e.Bank)
		}
	}
}

func TestEnterShowsTheEventJSON(t *testing.T) {
	m, h, _ := start(t, uitest.DemoBank)
	id := shown(m)[0].ID
	h.Keys("enter")
	v := uitest.Plain(m.View())
	if m.detail == nil || !strings.Contains(v, `"id": "`+id+`"`) {
		t.Fatalf("detail of %s:\n%s", id, v)
	}
	_, _, text, ok := m.Selection()
	if !ok || !strings.Contains(text, id) {
		t.Fatal("Y would not copy the event")
	}
	h.Keys("esc")
	if m.detail != nil {
		t.Fatal("esc did not leave the detail")
	}
}

func TestDetailIsSanitizedAndBounded(t *testing.T) {
	big := strings.Repeat("x", 10_000)
	e := auditEvent(&client.AuditLogEntry{ID: "a", Action: "recall", Transport: "http",
		Request: []byte(`{"query":"evil \u001b[31m` + big + `"}`)})
	if strings.ContainsRune(e.Detail, 0x1b) || strings.ContainsRune(e.Text, 0x1b) {
		t.Fatal("an escape reached the screen")
	}
	if len(e.Detail) > detailMax+200 || len(e.Text) > 1024 {
		t.Fatalf("kept %d bytes of detail, %d of text", len(e.Detail), len(e.Text))
	}
}
