package banks

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/router"
	"hindsight-tui/ui/uitest"
)

// isFilterDue matches the filter's debounce timers.
func isFilterDue(m tea.Msg) bool { _, ok := m.(filterDueMsg); return ok }

func TestSidebarFilter(t *testing.T) {
	rec := &uitest.Recorder{}
	h, s, _ := hostBanks(t, uitest.NewCommon(t, uitest.DemoServer(t), rec.Option()), "")
	h.Keys("/")
	if !s.Capturing() {
		t.Fatal("the filter does not capture keys")
	}
	rec.Reset()
	h.Type("writ") // "s", "q" and friends are text here, not commands
	if s.sort != sortRecent {
		t.Fatal("typing in the filter ran a command")
	}
	// Each keystroke sets the debounce timer; nothing is asked until typing pauses,
	// and then only the last one asks.
	timers := filterTimers(h)
	if len(timers) != 4 || timers[0].D != filterDelay || len(rec.All()) != 0 {
		t.Fatalf("timers %v, requests %v", timers, rec.All())
	}
	if n := h.Fire(isFilterDue); n != 4 {
		t.Fatalf("fired %d timers", n)
	}
	if got := rec.Matching("GET", "/banks"); len(got) != 1 || !strings.Contains("&"+got[0].Query+"&", "&q=writ&") {
		t.Errorf("requests for the filter %v", got)
	}
	if got := shownIDs(s); !slices.Equal(got, []string{"writer-agent"}) {
		t.Fatalf("filter shows %v", got)
	}
	if lastSelection(h) != "writer-agent" {
		t.Errorf("the filtered selection was not announced: %v", selections(h))
	}
	h.Keys("enter")
	if s.Capturing() || s.query != "writ" {
		t.Fatalf("enter: capturing=%v query=%q, want the filter kept", s.Capturing(), s.query)
	}
	if v := screen(t, s); !strings.Contains(v, "/ writ") {
		t.Errorf("the kept filter is not shown:\n%s", v)
	}
	h.Keys("esc")
	if s.query != "" || len(s.entries) != 5 {
		t.Fatalf("esc: query %q, %d banks; want the filter cleared", s.query, len(s.entries))
	}

	h.Keys("/")
	h.Type("zzz")
	h.Fire(isFilterDue)
	if v := screen(t, s); len(s.entries) != 0 || !strings.Contains(v, "No banks match “zzz”") {
		t.Fatalf("no-match state missing:\n%s", v)
	}
	if lastSelection(h) != "writer-agent" {
		t.Errorf("an empty result announced %q", lastSelection(h))
	}
	h.Keys("esc")
	if s.Capturing() || len(s.entries) != 5 {
		t.Fatalf("esc while typing: capturing=%v, %d banks", s.Capturing(), len(s.entries))
	}
}

// An answer to an older request arriving late is dropped, and that request was
// cancelled. The router hands back the commands here, to run them out of order.
func TestSidebarFilterDropsStaleAnswers(t *testing.T) {
	h, s, _ := hostBanks(t, uitest.NewCommon(t, uitest.DemoServer(t)), "")
	h.Keys("/")
	h.Type("re")
	timers := filterTimers(h)
	if len(timers) != 2 {
		t.Fatalf("want one timer per keystroke, got %v", timers)
	}
	loads := s.loadSeq
	h.Send(uitest.Run(t, h.R.Send(sidebarID, timers[0].Msg))...) // the timer for "r" fires late
	if s.loadSeq != loads {
		t.Fatal("the stale timer for \"r\" started a load")
	}

	// The "re" timer fires: the load starts, but its answer is held back.
	loadRE := h.R.Send(sidebarID, timers[1].Msg)
	// Typing on supersedes it before it answers.
	h.Type("s")
	loadRES := h.R.Send(sidebarID, filterTimers(h)[2].Msg)
	h.Send(uitest.Run(t, loadRES)...)
	want := []string{"research-agent"}
	if got := shownIDs(s); !slices.Equal(got, want) {
		t.Fatalf("after \"res\": %v, want %v", got, want)
	}
	// The superseded request's answer arrives late: it was cancelled, and it is dropped.
	late := uitest.Run(t, loadRE)
	if len(late) != 1 {
		t.Fatalf("late answer: %v", late)
	}
	_, msg, _ := router.Open(late[0])
	if lm, ok := msg.(banksLoadedMsg); !ok || !client.IsCanceled(lm.err) {
		t.Errorf("the superseded request was not cancelled: %#v", msg)
	}
	h.Send(late...)
	if s.err != nil || len(h.Errors) != 0 {
		t.Fatalf("stale answer was used: err %v, errors %v", s.err, h.Errors)
	}
	if got := shownIDs(s); !slices.Equal(got, want) {
		t.Fatalf("after the late answer: %v, want %v", got, want)
	}
	// Even a successful stale answer changes nothing.
	h.Deliver(banksLoadedMsg{seq: s.loadSeq - 1, banks: []client.Bank{{BankID: "stale"}}})
	if got := shownIDs(s); !slices.Equal(got, want) {
		t.Fatalf("after a stale success: %v, want %v", got, want)
	}
}

// filterTimers are the held filter debounces (not the health check's timer).
func filterTimers(h *uitest.Host) []uitest.Timer {
	var out []uitest.Timer
	for _, tm := range h.Timers() {
		if isFilterDue(tm.Msg) {
			out = append(out, tm)
		}
	}
	return out
}
