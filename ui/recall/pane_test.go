package recall

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// TestFiltersAreObeyed runs the end-to-end scenario at the pane level: a type filter
// and a tag filter, then any_strict, which must drop the untagged results that any
// lets through.
func TestFiltersAreObeyed(t *testing.T) {
	srv := demoServer(t)
	r, m := startPane(t, newCommon(t, srv), "user-alex-prefs", 88, 35)
	m.cur.filters.types = [3]bool{true, false, false}
	r.send(run(t, m.setTags([]string{"source:chat"}))...)
	r.query("restaurants")
	untagged := 0
	for _, res := range m.res.results() {
		if res.Type != client.FactWorld {
			t.Errorf("type filter world let %s %q through", res.Type, res.Text)
		}
		switch {
		case len(res.Tags) == 0:
			untagged++
		case !slices.Contains(res.Tags, "source:chat"):
			t.Errorf("tag filter let %v through", res.Tags)
		}
	}
	if untagged == 0 {
		t.Fatal("tags_match any returned no untagged memory; the demo seed has untagged world facts about restaurants")
	}
	if !strings.Contains(plain(m.View()), "untagged") {
		t.Error("the untagged results are not marked in the list")
	}
	r.send(run(t, m.do(action{owner: m, do: doSet, item: iMatch, value: client.TagsAnyStrict}))...)
	if m.res.req.TagsMatch != client.TagsAnyStrict {
		t.Fatalf("changing the mode did not search again (shown: %q)", m.res.req.TagsMatch)
	}
	for _, res := range m.res.results() {
		if len(res.Tags) == 0 {
			t.Errorf("any_strict returned untagged %q", res.Text)
		}
	}
	if strings.Contains(plain(m.View()), "untagged") {
		t.Error("the list still shows untagged results")
	}
}

// TestBarEditing drives every kind of filter bar item with keys.
func TestBarEditing(t *testing.T) {
	srv := demoServer(t)
	r, m := startPane(t, newCommon(t, srv), "user-alex-prefs", 88, 35)
	r.keys("esc", "f")
	if !m.Capturing() || m.zone != zoneBar {
		t.Fatal("f did not open the filter bar")
	}
	f := &m.cur.filters
	r.keys("space", "right", "space", "left", "space")
	if f.types != [3]bool{false, true, false} {
		t.Errorf("types %v after toggling world twice and experience once", f.types)
	}
	// Tags: completion from the bank's tags, a chip per enter, backspace removes.
	r.keys("tab", "tab", "tab")
	if m.bar.cursor != iTags {
		t.Fatalf("cursor on %d, want the tags", m.bar.cursor)
	}
	r.typeText("tokyo")
	if comps := m.bar.tags.Completions(); len(comps) == 0 || comps[0].Tag != "trip:tokyo-2026" {
		t.Fatalf("completions for tokyo: %v", comps)
	}
	r.keys("enter")
	r.typeText("source:c")
	r.keys("tab")
	if !slices.Equal(f.tags, []string{"trip:tokyo-2026", "source:chat"}) {
		t.Fatalf("tags %v", f.tags)
	}
	r.keys("backspace")
	if !slices.Equal(f.tags, []string{"trip:tokyo-2026"}) {
		t.Errorf("backspace on an empty box left %v", f.tags)
	}
	// Text items: typing edits in place; a bad value is marked and nothing is sent.
	for m.bar.cursor != iMaxTokens {
		r.keys("tab")
	}
	r.typeText("lots")
	if f.maxTokens != "lots" || m.invalid["max_tokens"] == "" {
		t.Fatalf("max_tokens %q, errors %v", f.maxTokens, m.invalid)
	}
	if !strings.Contains(plain(m.View()), "✗ max_tokens") {
		t.Errorf("the bad value is not marked:\n%s", plain(m.View()))
	}
	for range 4 {
		r.keys("backspace")
	}
	r.typeText("1,000")
	if m.invalid != nil {
		t.Errorf("1,000 rejected: %v", m.invalid)
	}
	r.keys("tab")
	r.typeText("2024-01-15 10:30")
	if f.timestamp != "2024-01-15 10:30" {
		t.Errorf("a space did not reach the timestamp: %q", f.timestamp)
	}
	// shift+tab goes back; esc leaves the bar; R resets to the defaults.
	r.keys("shift+tab")
	if m.bar.cursor != iMaxTokens {
		t.Errorf("shift+tab went to %d", m.bar.cursor)
	}
	r.keys("esc")
	if m.Capturing() {
		t.Error("esc did not leave the bar")
	}
	r.keys("R")
	if f.maxTokens != "" || f.types != [3]bool{} || len(f.tags) != 0 || len(m.bar.tags.Tags()) != 0 {
		t.Errorf("R left %+v", *f)
	}
}

// TestLocalValidationBlocksTheRequest: a bad filter is marked and no request goes out.
func TestLocalValidationBlocksTheRequest(t *testing.T) {
	srv := demoServer(t)
	rec := &recorder{}
	c := newCommon(t, srv, client.WithHTTPClient(&http.Client{Transport: rec}))
	r, m := startPane(t, c, "user-alex-prefs", 88, 35)
	m.cur.filters.winStart, m.cur.filters.winEnd = "2024-02-01", "2024-01-01"
	r.query("coffee")
	if n := len(rec.recalls()); n != 0 {
		t.Fatalf("%d requests sent with a window that ends before it starts", n)
	}
	if m.invalid["window"] == "" {
		t.Fatalf("errors %v, want the window marked", m.invalid)
	}
	m.cur.filters.winEnd = "2024-03-01"
	r.send(run(t, m.filtersChanged())...)
	if n := len(rec.recalls()); n != 1 {
		t.Fatalf("%d requests after fixing the window, want 1", n)
	}
}

// TestServerRejectionIsMappedToTheFilter: a 422 naming a field marks that filter and
// is logged.
func TestServerRejectionIsMappedToTheFilter(t *testing.T) {
	path := "/v1/default/banks/user-alex-prefs/memories/recall"
	for _, tc := range []struct {
		name, body string
		status     int
		key        string
		item       itemID
	}{
		{"budget", `{"detail":[{"type":"enum","loc":["body","budget"],"msg":"Input should be 'low', 'mid' or 'high'","input":"huge"}]}`, 422, "budget", iBudget},
		{"window", `{"detail":[{"type":"value_error","loc":["body","temporal_window"],"msg":"Value error, end must not be before start","input":{}}]}`, 422, "window", iWinStart},
		{"types", `{"detail":"Invalid fact type(s): opinions. Must be one of: world, experience, observation"}`, 422, "types", iWorld},
		{"timestamp", `{"detail":"Invalid query_timestamp format. Expected ISO format"}`, 400, "query_timestamp", iTimestamp},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := demoServer(t, hindsighttest.WithFault(hindsighttest.Fault{Method: "POST", Path: path, Status: tc.status, Body: tc.body}))
			r, m := startPane(t, newCommon(t, srv), "user-alex-prefs", 88, 35)
			r.query("coffee")
			if m.serverErrs[tc.key] == "" {
				t.Fatalf("server errors %v, want %s", m.serverErrs, tc.key)
			}
			if m.errorsFor(tc.item) == "" {
				t.Errorf("item %d is not marked", tc.item)
			}
			if len(r.errors) != 1 || r.errors[0].Op != "recall" {
				t.Errorf("error log got %v", r.errors)
			}
			if !strings.Contains(plain(m.View()), "✗ "+tc.key) {
				t.Errorf("the filter bar does not name %s:\n%s", tc.key, plain(m.View()))
			}
		})
	}
}

func TestCopierAndActions(t *testing.T) {
	srv := demoServer(t)
	r, m := startPane(t, newCommon(t, srv), "user-alex-prefs", 88, 35)
	if _, _, _, ok := m.Selection(); ok {
		t.Error("a selection before any search")
	}
	r.query("coffee")
	r.keys("j")
	id, what, js, ok := m.Selection()
	if !ok || id != m.res.rows[1].res.ID || what != "memory "+id {
		t.Fatalf("selection %q %q %v", id, what, ok)
	}
	var back client.RecallResult
	if err := json.Unmarshal([]byte(js), &back); err != nil || back.ID != id {
		t.Errorf("JSON %v: %s", err, js)
	}
	names := map[string]bool{}
	for _, a := range m.Actions() {
		names[a.Name] = true
		if act, ok := a.Msg.(action); !ok || act.owner != m {
			t.Errorf("action %q does not name this pane", a.Name)
		}
	}
	for _, want := range []string{"Search (recall)", "Edit recall filters", "Reset recall filters to the server defaults",
		"Turn trace on", "Show the trace or the results", "Copy the recall request as code",
		"Preview the results as a prompt block", "Open memory " + id,
		"Recall filter: turn world on", "Recall filter: tags_match any_strict", "Recall filter: budget high",
		"Recall filter: edit max_tokens", "Recall filter: edit tags", "Recall filter: edit window start",
		"Recall filter: turn chunks on", "Recall filter: turn trace on", "Recall filter: edit final"} {
		if !names[want] {
			t.Errorf("no palette action %q", want)
		}
	}
	// A palette action runs like its key.
	r.send(action{owner: m, do: doItem, item: iBudget})
	if m.zone != zoneBar || m.bar.cursor != iBudget {
		t.Errorf("edit budget: zone %d cursor %d", m.zone, m.bar.cursor)
	}
}

func TestTraceView(t *testing.T) {
	srv := demoServer(t)
	r, m := startPane(t, newCommon(t, srv), "user-alex-prefs", 88, 35)
	r.query("coffee")
	if m.hasTrace() {
		t.Fatal("trace without asking")
	}
	r.keys("t") // turns trace on and searches again
	if !m.cur.filters.trace || !m.hasTrace() || !m.showTrace {
		t.Fatalf("t: trace %v, has %v, shown %v", m.cur.filters.trace, m.hasTrace(), m.showTrace)
	}
	node, ok := m.trace.Selected()
	if !ok {
		t.Fatal("no trace row selected")
	}
	r.keys("enter")
	d, ok := r.front().(*components.MemoryDialog)
	if !ok || d.Memory() == nil || d.Memory().ID != node {
		t.Fatalf("enter on a trace row opened %T", r.front())
	}
	r.keys("esc", "t")
	if m.showTrace {
		t.Error("t did not go back to the results")
	}
	if id, _, _, ok := m.Selection(); !ok || id != m.selectedID() {
		t.Error("selection after leaving the trace")
	}
}

func TestNoBankNoActions(t *testing.T) {
	srv := demoServer(t)
	_, m := startPane(t, newCommon(t, srv), "", 88, 35)
	if len(m.Actions()) != 0 {
		t.Error("actions without a bank")
	}
	if !strings.Contains(plain(m.View()), "Select a bank") {
		t.Error("no hint to select a bank")
	}
	checkBox(t, m.View(), 88, 35)
	_ = common.BankSelectedMsg{}
}

// TestUntrustedText: the demo seed's memory with an ANSI escape, its 1,549-character
// postmortem and its CJK and emoji reach the screen sanitized, one line per row, and
// at the right width.
func TestUntrustedText(t *testing.T) {
	srv := demoServer(t)
	for _, sz := range goldenSizes {
		r, m := startPane(t, newCommon(t, srv), "team-platform", sz.w, sz.h)
		r.query("log line pasted during the payout batch postmortem summary INC-2291")
		long, escaped := -1, -1
		for i, res := range m.res.results() {
			if len(res.Text) > 1500 {
				long = i
			}
			if strings.Contains(res.Text, "\x1b[31m") {
				escaped = i
			}
		}
		if long < 0 || escaped < 0 {
			t.Fatalf("the long (%d) or escaped (%d) memory is not among the results", long, escaped)
		}
		for _, i := range []int{long, escaped} {
			m.moveTo(i)
			view := m.View()
			checkBox(t, view, sz.w, sz.h)
			if strings.Contains(view, "\x1b[31mERROR") || strings.Contains(view, "\x1b[0m ledger") {
				t.Fatal("the memory's escape sequence reached the screen")
			}
			det := plain(strings.Join(m.detailLines(40), "\n"))
			if i == long && !strings.Contains(strings.ReplaceAll(det, "\n", " "), "INC-2291") {
				t.Errorf("the long memory's detail is missing text")
			}
			if i == escaped && !strings.Contains(det, "ERROR") {
				t.Errorf("the escaped memory lost its visible text:\n%s", det)
			}
		}
	}
	r, m := startPane(t, newCommon(t, srv), "user-alex-prefs", 58, 15)
	r.query("Tokyo restaurant wish")
	view := m.View()
	checkBox(t, view, 58, 15)
	if !strings.Contains(plain(view), "鮨") {
		t.Errorf("CJK text missing:\n%s", plain(view))
	}
}
