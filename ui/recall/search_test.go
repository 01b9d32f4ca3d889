package recall

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
)

// typeRaw sends keys straight to the pane and returns the commands, without running
// them: the test decides which timers fire and which answers arrive.
func typeRaw(m *Model, s string) []tea.Cmd {
	var cmds []tea.Cmd
	for _, c := range s {
		_, cmd := m.Update(press(string(c)))
		cmds = append(cmds, cmd)
	}
	return cmds
}

// only returns the messages of type T among msgs.
func only[T any](msgs []tea.Msg) []T {
	var out []T
	for _, m := range msgs {
		if v, ok := m.(T); ok {
			out = append(out, v)
		}
	}
	return out
}

func TestDebounceSearchesOnlyTheLastPause(t *testing.T) {
	srv := demoServer(t)
	c := newCommon(t, srv)
	_, m := startPane(t, c, "user-alex-prefs", 88, 35)
	m.delay = time.Millisecond
	cmds := typeRaw(m, "oat")
	var dues []searchDueMsg
	for _, cmd := range cmds {
		dues = append(dues, only[searchDueMsg](run(t, cmd))...)
	}
	if len(dues) != 3 {
		t.Fatalf("%d pauses scheduled, want one per key", len(dues))
	}
	for _, d := range dues[:2] {
		if _, cmd := m.Update(d); cmd != nil {
			t.Fatalf("a pause made stale by a later key started a search (seq %d)", d.seq)
		}
	}
	if m.searching {
		t.Fatal("searching after stale pauses")
	}
	_, cmd := m.Update(dues[2])
	if !m.searching || cmd == nil {
		t.Fatal("the last pause did not search")
	}
	done := only[recallDoneMsg](run(t, cmd))
	if len(done) != 1 || done[0].req.Query != "oat" {
		t.Fatalf("searched %+v, want one search for \"oat\"", done)
	}
}

func TestEnterSearchesAtOnceAndDropsThePause(t *testing.T) {
	srv := demoServer(t)
	r, m := startPane(t, newCommon(t, srv), "user-alex-prefs", 88, 35)
	m.delay = time.Hour // a pause never ends: only enter can search
	cmds := typeRaw(m, "coffee")
	_ = cmds
	stale := searchDueMsg{owner: m, seq: m.typeSeq}
	r.keys("enter")
	if m.res == nil || len(m.res.rows) == 0 {
		t.Fatal("enter did not search")
	}
	if m.zone != zoneResults {
		t.Errorf("enter left the focus in zone %d, want the results", m.zone)
	}
	seq := m.seq
	if _, cmd := m.Update(stale); cmd != nil || m.seq != seq {
		t.Error("the pause scheduled before enter searched again")
	}
	if h := m.cur.history; !slices.Equal(h, []string{"coffee"}) {
		t.Errorf("history %v, want [coffee]", h)
	}
}

func TestStaleAnswersAreDropped(t *testing.T) {
	srv := demoServer(t)
	_, m := startPane(t, newCommon(t, srv), "user-alex-prefs", 88, 35)
	m.search.SetValue("coffee")
	first := m.searchNow()
	m.search.SetValue("tokyo")
	second := m.searchNow()
	// The first search was cancelled by the second: its answer arrives late and must
	// not replace anything.
	for _, msg := range run(t, first) {
		m.Update(msg)
	}
	if m.res != nil {
		t.Fatalf("a superseded answer was shown (%d results)", len(m.res.rows))
	}
	if !m.searching {
		t.Fatal("the superseded answer ended the current search")
	}
	for _, msg := range run(t, second) {
		m.Update(msg)
	}
	if m.res == nil || m.res.req.Query != "tokyo" {
		t.Fatalf("showing %+v, want the answer to \"tokyo\"", m.res)
	}
	// A late duplicate of an old answer is dropped too.
	m.Update(recallDoneMsg{owner: m, seq: m.seq - 1, bank: m.bank, resp: &client.RecallResponse{}})
	if m.res.req.Query != "tokyo" {
		t.Error("an old answer replaced the current one")
	}
}

func TestNewSearchCancelsTheOneInFlight(t *testing.T) {
	srv := demoServer(t, hindsighttest.WithLatency(5*time.Second))
	_, m := startPane(t, newCommon(t, srv), "user-alex-prefs", 88, 35)
	m.search.SetValue("coffee")
	first := m.searchNow()
	got := make(chan []tea.Msg, 1)
	go func() { got <- run(t, first) }()
	time.Sleep(50 * time.Millisecond) // let the first request reach the server
	m.search.SetValue("tokyo")
	_ = m.searchNow()
	start := time.Now()
	var msgs []tea.Msg
	select {
	case msgs = <-got:
	case <-time.After(4 * time.Second):
		t.Fatal("the first request was not cancelled")
	}
	if time.Since(start) > 3*time.Second {
		t.Fatal("the first request ran to its end")
	}
	done := only[recallDoneMsg](msgs)
	if len(done) != 1 || !client.IsCanceled(done[0].err) {
		t.Fatalf("first answer %+v, want a cancellation", done)
	}
	m.stop()
}

func TestEscCancelsTheSearchInFlight(t *testing.T) {
	srv := demoServer(t, hindsighttest.WithLatency(5*time.Second))
	r, m := startPane(t, newCommon(t, srv), "user-alex-prefs", 88, 35)
	m.search.SetValue("coffee")
	cmd := m.searchNow()
	got := make(chan []tea.Msg, 1)
	go func() { got <- run(t, cmd) }()
	if !m.searching {
		t.Fatal("not searching")
	}
	r.keys("esc")
	if m.searching {
		t.Fatal("esc did not stop the search")
	}
	if !slices.Contains(r.toasts, "search cancelled") {
		t.Errorf("toasts %v, want a cancellation notice", r.toasts)
	}
	select {
	case msgs := <-got:
		r.send(msgs...)
	case <-time.After(4 * time.Second):
		t.Fatal("the request was not cancelled")
	}
	if m.res != nil || m.err != nil || len(r.errors) != 0 {
		t.Errorf("a cancelled search left results %v, error %v, log %v", m.res, m.err, r.errors)
	}
	if m.zone != zoneSearch {
		t.Errorf("esc while searching left the search box (zone %d)", m.zone)
	}
}

func TestLatencyIsMeasuredAroundTheCall(t *testing.T) {
	srv := demoServer(t, hindsighttest.WithLatency(30*time.Millisecond))
	r, m := startPane(t, newCommon(t, srv), "user-alex-prefs", 88, 35)
	m.clock = time.Now
	r.query("coffee")
	if m.res.took < 30*time.Millisecond {
		t.Errorf("latency %v, want at least the server's 30ms", m.res.took)
	}
}

func TestHistoryPerBank(t *testing.T) {
	srv := demoServer(t)
	r, m := startPane(t, newCommon(t, srv), "user-alex-prefs", 88, 35)
	r.query("coffee")
	r.query("tokyo trip")
	r.query("coffee") // a repeat moves to the end
	if h := m.cur.history; !slices.Equal(h, []string{"tokyo trip", "coffee"}) {
		t.Fatalf("history %v", h)
	}
	r.keys("/")
	m.search.SetValue("")
	r.keys("up")
	if got := m.search.Value(); got != "coffee" {
		t.Errorf("up in the empty box gave %q, want the newest query", got)
	}
	r.keys("up")
	if got := m.search.Value(); got != "tokyo trip" {
		t.Errorf("second up gave %q", got)
	}
	r.keys("up") // the oldest stays
	r.keys("down")
	if got := m.search.Value(); got != "coffee" {
		t.Errorf("down gave %q", got)
	}
	r.keys("down")
	if got := m.search.Value(); got != "" {
		t.Errorf("down past the newest gave %q, want the empty box back", got)
	}

	// Another bank has its own history, filters and query; coming back restores them.
	m.cur.filters.budget = "high"
	r.send(common.BankSelectedMsg{BankID: "research-agent"})
	if len(m.cur.history) != 0 || m.cur.filters.budget != "" || m.res != nil {
		t.Fatalf("research-agent inherited %v / %q / results", m.cur.history, m.cur.filters.budget)
	}
	r.query("judges")
	r.send(common.BankSelectedMsg{BankID: "user-alex-prefs"})
	if m.cur.filters.budget != "high" || !slices.Equal(m.cur.history, []string{"tokyo trip", "coffee"}) {
		t.Errorf("user-alex-prefs came back with budget %q history %v", m.cur.filters.budget, m.cur.history)
	}
	r.send(common.BankSelectedMsg{BankID: "research-agent"})
	if got := m.search.Value(); got != "judges" {
		t.Errorf("research-agent's query came back as %q", got)
	}
}

func TestBankSwitchDropsTheSearchInFlight(t *testing.T) {
	srv := demoServer(t)
	_, m := startPane(t, newCommon(t, srv), "user-alex-prefs", 88, 35)
	m.search.SetValue("coffee")
	cmd := m.searchNow()
	m.Update(common.BankSelectedMsg{BankID: "research-agent"})
	for _, msg := range run(t, cmd) {
		m.Update(msg)
	}
	if m.res != nil {
		t.Error("an answer for the previous bank was shown")
	}
}

// TestPaneSendsTheBuiltRequest checks that what goes on the wire is exactly
// buildRequest's output for the filters set through the bar.
func TestPaneSendsTheBuiltRequest(t *testing.T) {
	srv := demoServer(t)
	rec := &recorder{}
	c := newCommon(t, srv, client.WithHTTPClient(&http.Client{Transport: rec}))
	r, m := startPane(t, c, "user-alex-prefs", 88, 35)
	r.keys("esc", "f") // the bar, on its first item (world)
	r.keys("space", "tab", "tab", "tab")
	r.typeText("source:chat")
	r.keys("enter", "tab", "space", "space", "tab", "space", "tab")
	r.typeText("2000")
	r.keys("esc", "/")
	r.typeText("restaurants")
	r.keys("enter")
	want, errs := buildRequest("restaurants", m.cur.filters)
	if errs != nil {
		t.Fatal(errs)
	}
	wantJSON, _ := json.Marshal(want)
	sent := rec.recalls()
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
