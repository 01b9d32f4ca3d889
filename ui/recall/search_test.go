package recall

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/router"
	"hindsight-tui/ui/uitest"
)

// recalls are the bodies of the recall requests rec saw.
func recalls(rec *uitest.Recorder) []string { return rec.Bodies("POST", "/memories/recall") }

func TestDebounceSearchesOnlyTheLastPause(t *testing.T) {
	rec := &uitest.Recorder{}
	m, h := uitest.Demo(t, New, uitest.WithClient(rec.Option()))
	h.Type("oat")
	timers := h.Timers()
	if len(timers) != 3 {
		t.Fatalf("%d pauses scheduled, want one per key", len(timers))
	}
	for _, tm := range timers {
		if tm.D != debounce {
			t.Errorf("a pause of %v, want %v", tm.D, debounce)
		}
	}
	h.Fire(nil) // the two stale pauses first, then the last one
	if sent := recalls(rec); len(sent) != 1 || !strings.Contains(sent[0], `"query":"oat"`) {
		t.Fatalf("searched %v, want one search for \"oat\"", sent)
	}
	if m.res == nil || m.res.req.Query != "oat" {
		t.Fatal("the last pause's answer is not shown")
	}
}

func TestEnterSearchesAtOnceAndDropsThePause(t *testing.T) {
	rec := &uitest.Recorder{}
	m, h := uitest.Demo(t, New, uitest.WithClient(rec.Option()))
	h.Type("coffee") // its pauses never end on their own: only enter searches
	h.Keys("enter")
	if m.res == nil || len(m.res.rows) == 0 {
		t.Fatal("enter did not search")
	}
	if m.zone != zoneResults {
		t.Errorf("enter left the focus in zone %d, want the results", m.zone)
	}
	seq := m.seq
	h.Fire(nil)
	if n := len(recalls(rec)); n != 1 || m.seq != seq {
		t.Errorf("the pauses scheduled before enter searched again (%d requests)", n)
	}
	if hist := m.cur.queries(); !slices.Equal(hist, []string{"coffee"}) {
		t.Errorf("history %v, want [coffee]", hist)
	}
}

func TestStaleAnswersAreDropped(t *testing.T) {
	m, h := uitest.Demo(t, New)
	m.search.SetValue("coffee")
	first := m.searchNow()
	m.search.SetValue("tokyo")
	second := m.searchNow()
	// The first search was cancelled by the second: its answer arrives late and must
	// not replace anything.
	h.Do(first)
	if m.res != nil {
		t.Fatalf("a superseded answer was shown (%d results)", len(m.res.rows))
	}
	if !m.searching {
		t.Fatal("the superseded answer ended the current search")
	}
	h.Do(second)
	if m.res == nil || m.res.req.Query != "tokyo" {
		t.Fatalf("showing %+v, want the answer to \"tokyo\"", m.res)
	}
	// A late duplicate of an old answer is dropped too.
	h.Deliver(recallDoneMsg{seq: m.seq - 1, bank: m.bank, resp: &client.RecallResponse{}})
	if m.res.req.Query != "tokyo" {
		t.Error("an old answer replaced the current one")
	}
}

// answers are the recall answers among msgs, opened from their envelopes.
func answers(msgs []tea.Msg) []recallDoneMsg {
	var out []recallDoneMsg
	for _, msg := range msgs {
		if _, inner, _ := router.Open(msg); inner != nil {
			if d, ok := inner.(recallDoneMsg); ok {
				out = append(out, d)
			}
		}
	}
	return out
}

// searchInFlight starts a search for query against a server that takes five
// seconds to answer, and runs its command in the background: the channel gets
// the command's messages once the request ends, by answer or by cancellation.
func searchInFlight(t *testing.T, query string) (*Model, *uitest.Host, <-chan []tea.Msg) {
	m, h := uitest.Demo(t, New, uitest.Seed(hindsighttest.WithLatency(5*time.Second)))
	m.search.SetValue(query)
	cmd := m.searchNow()
	got := make(chan []tea.Msg, 1)
	go func() { got <- uitest.Run(t, cmd) }()
	return m, h, got
}

func TestNewSearchCancelsTheOneInFlight(t *testing.T) {
	m, _, got := searchInFlight(t, "coffee")
	time.Sleep(50 * time.Millisecond) // let the first request reach the server
	m.search.SetValue("tokyo")
	_ = m.searchNow()
	var msgs []tea.Msg
	select {
	case msgs = <-got:
	case <-time.After(4 * time.Second):
		t.Fatal("the first request was not cancelled")
	}
	done := answers(msgs)
	if len(done) != 1 || !client.IsCanceled(done[0].err) {
		t.Fatalf("first answer %+v, want a cancellation", done)
	}
	m.stop()
}

func TestEscCancelsTheSearchInFlight(t *testing.T) {
	m, h, got := searchInFlight(t, "coffee")
	if !m.searching {
		t.Fatal("not searching")
	}
	h.Keys("esc")
	if m.searching {
		t.Fatal("esc did not stop the search")
	}
	if !slices.Contains(h.Toasts, "search cancelled") {
		t.Errorf("toasts %v, want a cancellation notice", h.Toasts)
	}
	select {
	case msgs := <-got:
		for _, msg := range msgs {
			h.Deliver(msg)
		}
	case <-time.After(4 * time.Second):
		t.Fatal("the request was not cancelled")
	}
	if m.res != nil || m.err != nil || len(h.Errors) != 0 {
		t.Errorf("a cancelled search left results %v, error %v, log %v", m.res, m.err, h.Errors)
	}
	if m.zone != zoneSearch {
		t.Errorf("esc while searching left the search box (zone %d)", m.zone)
	}
}

func TestLatencyIsMeasuredAroundTheCall(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.Seed(hindsighttest.WithLatency(30*time.Millisecond)))
	h.C.Now = time.Now
	query(h, m, "coffee")
	if m.res.took < 30*time.Millisecond {
		t.Errorf("latency %v, want at least the server's 30ms", m.res.took)
	}
}

func TestHistoryPerBank(t *testing.T) {
	m, h := uitest.Demo(t, New)
	query(h, m, "coffee")
	query(h, m, "tokyo trip")
	query(h, m, "coffee") // a repeat moves to the end
	if hist := m.cur.queries(); !slices.Equal(hist, []string{"tokyo trip", "coffee"}) {
		t.Fatalf("history %v", hist)
	}
	h.Keys("/")
	m.search.SetValue("")
	// From the empty box up goes to the newest query, then older ones, and stays at
	// the oldest; down comes back, and past the newest gives the empty box back.
	for i, step := range []struct{ key, want string }{
		{"up", "coffee"}, {"up", "tokyo trip"}, {"up", "tokyo trip"}, {"down", "coffee"}, {"down", ""},
	} {
		h.Keys(step.key)
		if got := m.search.Value(); got != step.want {
			t.Errorf("key %d (%s) gave %q, want %q", i+1, step.key, got, step.want)
		}
	}

	// Another bank has its own history, filters and query; coming back restores them.
	m.cur.filters.budget = "high"
	h.SelectBank("research-agent")
	if len(m.cur.history) != 0 || m.cur.filters.budget != "" || m.res != nil {
		t.Fatalf("research-agent inherited %v / %q / results", m.cur.history, m.cur.filters.budget)
	}
	query(h, m, "judges")
	h.SelectBank(uitest.DemoBank)
	if m.cur.filters.budget != "high" || !slices.Equal(m.cur.queries(), []string{"tokyo trip", "coffee"}) {
		t.Errorf("user-alex-prefs came back with budget %q history %v", m.cur.filters.budget, m.cur.queries())
	}
	h.SelectBank("research-agent")
	if got := m.search.Value(); got != "judges" {
		t.Errorf("research-agent's query came back as %q", got)
	}
}

func TestBankSwitchDropsTheSearchInFlight(t *testing.T) {
	m, h := uitest.Demo(t, New)
	m.search.SetValue("coffee")
	cmd := m.searchNow()
	h.SelectBank("research-agent")
	h.Do(cmd)
	if m.res != nil {
		t.Error("an answer for the previous bank was shown")
	}
}

// TestPaneSendsTheBuiltRequest checks that what goes on the wire is exactly
// buildRequest's output for the filters set through the bar.
func TestPaneSendsTheBuiltRequest(t *testing.T) {
	rec := &uitest.Recorder{}
	m, h := uitest.Demo(t, New, uitest.WithClient(rec.Option()))
	h.Keys("esc", "f") // the bar, on its first item (world)
	h.Keys("space", "tab", "tab", "tab")
	h.Type("source:chat")
	h.Keys("enter", "tab", "space", "space", "tab", "space", "tab")
	h.Type("2000")
	h.Keys("esc", "/")
	h.Type("restaurants")
	h.Keys("enter")
	want, errs := buildRequest("restaurants", m.cur.filters, uitest.Now)
	if errs != nil {
		t.Fatal(errs)
	}
	wantJSON, _ := json.Marshal(want)
	sent := recalls(rec)
	if len(sent) == 0 || sent[len(sent)-1] != string(wantJSON) {
		t.Fatalf("last request sent\n %v\nwant\n %s", sent, wantJSON)
	}
	for _, frag := range []string{`"types":["world"]`, `"tags":["source:chat"]`, `"tags_match":"any_strict"`,
		`"budget":"high"`, `"max_tokens":2000`} {
		if !strings.Contains(string(wantJSON), frag) {
			t.Errorf("the bar did not set %s: %s", frag, wantJSON)
		}
	}
}

// TestHistoryRestoresFilters: an earlier query comes back from the history with the
// filters it ran with, shown in the bar and sent with the next search; walking past
// the newest entry gives back the filters set before browsing.
func TestHistoryRestoresFilters(t *testing.T) {
	rec := &uitest.Recorder{}
	m, h := uitest.Demo(t, New, uitest.WithClient(rec.Option()))
	m.cur.filters.budget = "high"
	m.cur.filters.types = [3]bool{true, false, false}
	query(h, m, "coffee")
	m.cur.filters = filters{budget: "low"}
	query(h, m, "tokyo trip")
	m.cur.filters = filters{maxTokens: "512"}
	h.Keys("/")
	m.search.SetValue("")
	h.Keys("up", "up")
	if m.search.Value() != "coffee" || m.cur.filters.budget != "high" || m.cur.filters.types != [3]bool{true, false, false} {
		t.Fatalf("history gave %q with %+v", m.search.Value(), m.cur.filters)
	}
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, "budget high") {
		t.Errorf("the bar does not show the restored budget:\n%s", v)
	}
	h.Keys("enter")
	last := rec.Matching("POST", "/memories/recall")
	if n := len(last); n == 0 || !strings.Contains(last[n-1].Body, `"budget":"high"`) || !strings.Contains(last[n-1].Body, `"types":["world"]`) {
		t.Errorf("the search did not run with the restored filters: %v", last)
	}
	h.Keys("/")
	m.search.SetValue("")
	h.Keys("up", "down")
	if m.search.Value() != "" || m.cur.filters.budget != "high" {
		t.Errorf("past the newest: %q with %+v", m.search.Value(), m.cur.filters)
	}
}
