package recall

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// query types q into the search box and searches it with enter.
func query(h *uitest.Host, m *Model, q string) {
	h.T.Helper()
	if m.zone != zoneSearch {
		h.Keys("/")
	}
	m.search.SetValue("")
	h.Type(q)
	h.Keys("enter")
}

// action is the palette action named name, or fails the test.
func action(t *testing.T, m *Model, name string) common.ActionMsg {
	t.Helper()
	for _, a := range m.Actions() {
		if a.Name == name {
			return a.Msg.(common.ActionMsg)
		}
	}
	t.Fatalf("no palette action %q", name)
	return common.ActionMsg{}
}

// TestFiltersAreObeyed runs the end-to-end scenario at the pane level: a type filter
// and a tag filter, then any_strict, which must drop the untagged results that any
// lets through.
func TestFiltersAreObeyed(t *testing.T) {
	m, h := uitest.Demo(t, New)
	m.cur.filters.types = [3]bool{true, false, false}
	h.Do(m.setTags([]string{"source:chat"}))
	query(h, m, "restaurants")
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
	if !strings.Contains(uitest.Plain(uitest.View(t, m)), "untagged") {
		t.Error("the untagged results are not marked in the list")
	}
	h.Deliver(action(t, m, "Recall filter: tags_match any_strict"))
	h.Fire(nil)
	if m.res.req.TagsMatch != client.TagsAnyStrict {
		t.Fatalf("changing the mode did not search again (shown: %q)", m.res.req.TagsMatch)
	}
	for _, res := range m.res.results() {
		if len(res.Tags) == 0 {
			t.Errorf("any_strict returned untagged %q", res.Text)
		}
	}
	if strings.Contains(uitest.Plain(uitest.View(t, m)), "untagged") {
		t.Error("the list still shows untagged results")
	}
}

// TestBarEditing drives every kind of filter bar item with keys.
func TestBarEditing(t *testing.T) {
	m, h := uitest.Demo(t, New)
	h.Keys("esc", "f")
	if !m.Capturing() || m.zone != zoneBar {
		t.Fatal("f did not open the filter bar")
	}
	f := &m.cur.filters
	h.Keys("space", "right", "space", "left", "space")
	if f.types != [3]bool{false, true, false} {
		t.Errorf("types %v after toggling world twice and experience once", f.types)
	}
	// Tags: completion from the bank's tags, a chip per enter, backspace removes.
	h.Keys("tab", "tab", "tab")
	if m.bar.Cursor() != int(iTags) {
		t.Fatalf("cursor on %d, want the tags", m.bar.Cursor())
	}
	h.Type("tokyo")
	if comps := m.bar.TagInput().Completions(); len(comps) == 0 || comps[0].Tag != "trip:tokyo-2026" {
		t.Fatalf("completions for tokyo: %v", comps)
	}
	h.Keys("enter")
	h.Type("source:c")
	h.Keys("tab")
	if !slices.Equal(f.tags, []string{"trip:tokyo-2026", "source:chat"}) {
		t.Fatalf("tags %v", f.tags)
	}
	h.Keys("backspace")
	if !slices.Equal(f.tags, []string{"trip:tokyo-2026"}) {
		t.Errorf("backspace on an empty box left %v", f.tags)
	}
	// Text items: typing edits in place; a bad value is marked and nothing is sent.
	for m.bar.Cursor() != int(iMaxTokens) {
		h.Keys("tab")
	}
	h.Type("lots")
	if f.maxTokens != "lots" || m.invalid["max_tokens"] == "" {
		t.Fatalf("max_tokens %q, errors %v", f.maxTokens, m.invalid)
	}
	if !strings.Contains(uitest.Plain(uitest.View(t, m)), "✗ max_tokens") {
		t.Errorf("the bad value is not marked:\n%s", uitest.Plain(m.View()))
	}
	h.Keys("backspace", "backspace", "backspace", "backspace")
	h.Type("1,000")
	if m.invalid != nil {
		t.Errorf("1,000 rejected: %v", m.invalid)
	}
	h.Keys("tab")
	h.Type("2024-01-15 10:30")
	if f.timestamp != "2024-01-15 10:30" {
		t.Errorf("a space did not reach the timestamp: %q", f.timestamp)
	}
	// shift+tab goes back; esc leaves the bar; R resets to the defaults.
	h.Keys("shift+tab")
	if m.bar.Cursor() != int(iMaxTokens) {
		t.Errorf("shift+tab went to %d", m.bar.Cursor())
	}
	h.Keys("esc")
	if m.Capturing() {
		t.Error("esc did not leave the bar")
	}
	h.Keys("R")
	if f.maxTokens != "" || f.types != [3]bool{} || len(f.tags) != 0 || len(m.bar.TagInput().Tags()) != 0 {
		t.Errorf("R left %+v", *f)
	}
}

// TestTypedDatesUseTheSharedParser: the query timestamp reads what every date field
// reads (now included), and says what it accepts in the shared words.
func TestTypedDatesUseTheSharedParser(t *testing.T) {
	m, h := uitest.Demo(t, New)
	h.Keys("esc", "f")
	for m.bar.Cursor() != int(iTimestamp) {
		h.Keys("tab")
	}
	h.Type("yesterday")
	if got := m.invalid["query_timestamp"]; got != common.ErrWhen.Error() {
		t.Fatalf("query_timestamp error %q, want %q", got, common.ErrWhen)
	}
	if !strings.Contains(uitest.Plain(uitest.View(t, m)), "✗ query_timestamp: "+common.ErrWhen.Error()) {
		t.Errorf("the problem is not shown:\n%s", uitest.Plain(m.View()))
	}
	for range "yesterday" {
		h.Keys("backspace")
	}
	h.Type("now")
	req, errs := buildRequest("coffee", m.cur.filters, uitest.Now)
	if errs != nil || req.QueryTimestamp != "2026-11-30T09:00:00Z" {
		t.Fatalf("now was sent as %q (%v)", req.QueryTimestamp, errs)
	}
}

// TestLocalValidationBlocksTheRequest: a bad filter is marked and no request goes out.
func TestLocalValidationBlocksTheRequest(t *testing.T) {
	rec := &uitest.Recorder{}
	m, h := uitest.Demo(t, New, uitest.WithClient(rec.Option()))
	m.cur.filters.winStart, m.cur.filters.winEnd = "2024-02-01", "2024-01-01"
	query(h, m, "coffee")
	if n := len(rec.Matching("POST", "/memories/recall")); n != 0 {
		t.Fatalf("%d requests sent with a window that ends before it starts", n)
	}
	if m.invalid["window"] == "" {
		t.Fatalf("errors %v, want the window marked", m.invalid)
	}
	m.cur.filters.winEnd = "2024-03-01"
	h.Do(m.filtersChanged())
	h.Fire(nil)
	if n := len(rec.Matching("POST", "/memories/recall")); n != 1 {
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
			m, h := uitest.Demo(t, New, uitest.Seed(hindsighttest.WithFault(hindsighttest.Fault{Method: "POST", Path: path, Status: tc.status, Body: tc.body})))
			query(h, m, "coffee")
			if m.serverErrs[tc.key] == "" {
				t.Fatalf("server errors %v, want %s", m.serverErrs, tc.key)
			}
			if m.bar.ErrorOf(int(tc.item)) == "" {
				t.Errorf("item %d is not marked", tc.item)
			}
			if len(h.Errors) != 1 || h.Errors[0].Op != "recall" {
				t.Errorf("error log got %v", h.Errors)
			}
			if !strings.Contains(uitest.Plain(uitest.View(t, m)), "✗ "+tc.key) {
				t.Errorf("the filter bar does not name %s:\n%s", tc.key, uitest.Plain(m.View()))
			}
		})
	}
}

// TestRejectedQueryIsNotBlamedOnAFilter: a server complaint about the query itself
// (too long) is explained as the failure it is; it used to read "The server rejected
// a filter: ." with no filter named.
func TestRejectedQueryIsNotBlamedOnAFilter(t *testing.T) {
	fault := hindsighttest.Fault{Method: "POST", Path: "/v1/default/banks/user-alex-prefs/memories/recall", Status: 400,
		Body: `{"detail":"Query too long: 600 tokens, the limit is 500"}`}
	m, h := uitest.Demo(t, New, uitest.Seed(hindsighttest.WithFault(fault)))
	query(h, m, "coffee")
	view := strings.Join(strings.Fields(uitest.Plain(uitest.View(t, m))), " ")
	if strings.Contains(view, "rejected a filter") || !strings.Contains(view, "Query too long") {
		t.Errorf("the failure is not explained:\n%s", uitest.Plain(m.View()))
	}
}

func TestCopierAndActions(t *testing.T) {
	m, h := uitest.Demo(t, New)
	if _, _, _, ok := m.Selection(); ok {
		t.Error("a selection before any search")
	}
	query(h, m, "coffee")
	h.Keys("j")
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
		if _, ok := a.Msg.(common.ActionMsg); !ok {
			t.Errorf("action %q is a %T", a.Name, a.Msg)
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
	h.Deliver(action(t, m, "Recall filter: edit max_tokens"))
	if m.zone != zoneBar || m.bar.Cursor() != int(iMaxTokens) || !m.Capturing() {
		t.Errorf("edit max_tokens: zone %d cursor %d", m.zone, m.bar.Cursor())
	}
	h.Deliver(action(t, m, "Recall filter: turn chunks on"))
	if !m.cur.filters.chunks {
		t.Error("turn chunks on did not")
	}
}

func TestTraceView(t *testing.T) {
	m, h := uitest.Demo(t, New)
	query(h, m, "coffee")
	if m.hasTrace() {
		t.Fatal("trace without asking")
	}
	h.Keys("t") // turns trace on and searches again
	if !m.cur.filters.trace || !m.hasTrace() || !m.showTrace {
		t.Fatalf("t: trace %v, has %v, shown %v", m.cur.filters.trace, m.hasTrace(), m.showTrace)
	}
	node, ok := m.trace.Selected()
	if !ok {
		t.Fatal("no trace row selected")
	}
	h.Keys("enter")
	d := uitest.Front[*components.MemoryDialog](h)
	if d.Memory() == nil || d.Memory().ID != node {
		t.Fatalf("enter on a trace row opened %T", h.Front())
	}
	h.Keys("esc", "t")
	if m.showTrace {
		t.Error("t did not go back to the results")
	}
	if id, _, _, ok := m.Selection(); !ok || id != m.selectedID() {
		t.Error("selection after leaving the trace")
	}
}

func TestNoBankNoActions(t *testing.T) {
	m, _ := uitest.Demo(t, New, uitest.Bank(""))
	if len(m.Actions()) != 0 {
		t.Error("actions without a bank")
	}
	view := uitest.View(t, m)
	if !strings.Contains(uitest.Plain(view), "Select a bank") {
		t.Error("no hint to select a bank")
	}
	w, ht := uitest.PaneSize(120, 40)
	uitest.CheckBox(t, view, w, ht)
}

// TestUntrustedText: the demo seed's memory with an ANSI escape, its 1,549-character
// postmortem and its CJK and emoji reach the screen sanitized, one line per row, and
// at the right width.
func TestUntrustedText(t *testing.T) {
	srv := uitest.DemoServer(t)
	for _, term := range uitest.Terminals {
		m, h := uitest.Demo(t, New, uitest.OnServer(srv), uitest.Bank("team-platform"), uitest.Terminal(term[0], term[1]))
		query(h, m, "log line pasted during the payout batch postmortem summary INC-2291")
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
		w, ht := uitest.PaneSize(term[0], term[1])
		for _, i := range []int{long, escaped} {
			h.Keys("g")
			for range i {
				h.Keys("j")
			}
			view := uitest.View(t, m)
			uitest.CheckBox(t, view, w, ht)
			if strings.Contains(view, "\x1b[31mERROR") || strings.Contains(view, "\x1b[0m ledger") {
				t.Fatal("the memory's escape sequence reached the screen")
			}
			det := uitest.Plain(strings.Join(m.renderDetail(40), "\n"))
			if i == long && !strings.Contains(strings.ReplaceAll(det, "\n", " "), "INC-2291") {
				t.Errorf("the long memory's detail is missing text")
			}
			if i == escaped && !strings.Contains(det, "ERROR") {
				t.Errorf("the escaped memory lost its visible text:\n%s", det)
			}
		}
	}
	m, h := uitest.Demo(t, New, uitest.OnServer(srv), uitest.Terminal(60, 20))
	query(h, m, "concierge could not get a table")
	view := uitest.View(t, m)
	w, ht := uitest.PaneSize(60, 20)
	uitest.CheckBox(t, view, w, ht)
	if !strings.Contains(uitest.Plain(view), "鮨") {
		t.Errorf("CJK text missing:\n%s", uitest.Plain(view))
	}
}

// s puts every score a result has on its row in place of its tags, and back.
func TestScoreColumns(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.Bank(uitest.DemoBank))
	query(h, m, "coffee")
	r := m.res.rows[0].res
	if r.Scores == nil || r.Scores.Reranker == nil || r.Scores.Semantic == nil {
		t.Fatalf("the demo's first result has no arm scores: %+v", r.Scores)
	}
	want := "rr " + score(r.Scores.Reranker) + " sem " + score(r.Scores.Semantic)
	if v := uitest.Plain(uitest.View(t, m)); strings.Contains(v, want) {
		t.Fatalf("the score columns show before s:\n%s", v)
	}
	h.Keys("s")
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, want) {
		t.Fatalf("s did not show %q:\n%s", want, v)
	}
	h.Keys("s")
	if v := uitest.Plain(uitest.View(t, m)); strings.Contains(v, want) {
		t.Fatalf("s again did not hide them:\n%s", v)
	}
}
