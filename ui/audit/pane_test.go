package audit

import (
	"net/url"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/keymap"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

func TestKeys(t *testing.T) {
	km := keymap.Default()
	if p := keymap.Check(km.Audit, km.Global, km.List); len(p) > 0 {
		t.Fatal(strings.Join(p, "\n"))
	}
	if p := keymap.Check(km.Audit.Bar); len(p) > 0 {
		t.Fatal(strings.Join(p, "\n"))
	}
}

// The list is the bank's entries newest first, one page, each with its time,
// action, transport, status, duration and a recall's query; the chart counts the
// week's calls per action.
func TestList(t *testing.T) {
	rec := &uitest.Recorder{}
	m, _ := uitest.Demo(t, New, uitest.WithClient(rec.Option()))
	if len(m.entries) != 36 || m.total != 36 || m.state != auditOn {
		t.Fatalf("%d entries of %d, state %v", len(m.entries), m.total, m.state)
	}
	for i := 1; i < len(m.entries); i++ {
		if m.entries[i].StartedAt.After(m.entries[i-1].StartedAt.Time) {
			t.Fatalf("entry %d is newer than %d", i, i-1)
		}
	}
	reqs := rec.Matching("GET", "/audit-logs")
	if len(reqs) != 1 {
		t.Fatalf("list requests %+v", reqs)
	}
	if q, _ := url.ParseQuery(reqs[0].Query); q.Get("limit") != "50" || q.Get("offset") != "" {
		t.Errorf("query %q", reqs[0].Query)
	}
	if len(rec.Matching("GET", "/config")) != 1 || len(rec.Matching("GET", "/audit-logs/stats")) != 1 {
		t.Errorf("requests %+v", rec.All())
	}
	v := view(t, m)
	for _, want := range []string{"Audit log of user-alex-prefs", "36 entries · page 1/1", "recall", "http", "system",
		"✓ ok", "✗ failed", "“today's schedule”", "1 item", "calls per day, last 7 days", "refresh_mental_model"} {
		if !strings.Contains(v, want) {
			t.Errorf("no %q in\n%s", want, v)
		}
	}
	if !strings.ContainsAny(v, "▁▂▃▄▅▆▇█") {
		t.Errorf("no sparkline in\n%s", v)
	}
	if strings.Contains(v, "auditing is off") {
		t.Errorf("the demo bank audits:\n%s", v)
	}
	m.Update(uitest.Key("t"))
	if strings.Contains(view(t, m), "calls per day") {
		t.Error("t did not hide the chart")
	}
}

// The action and transport filters list again at once; the time range is sent when
// submitted, and a date the parser cannot read is said and not sent.
func TestFilters(t *testing.T) {
	rec := &uitest.Recorder{}
	m, h := uitest.Demo(t, New, uitest.WithClient(rec.Option()))
	newest, oldest := m.entries[0].StartedAt.Time, m.entries[len(m.entries)-1].StartedAt.Time
	mid := oldest.Add(newest.Sub(oldest) / 2)
	rec.Reset()
	h.Keys("/")
	if !m.Capturing() {
		t.Fatal("the bar does not capture typing")
	}
	h.Keys("space") // action: recall
	for i := range m.entries {
		if m.entries[i].Action != "recall" {
			t.Fatalf("entry %d is a %s", i, m.entries[i].Action)
		}
	}
	if len(m.entries) == 0 {
		t.Fatal("no recalls")
	}
	recalls := len(m.entries)
	h.Keys("tab", "space") // transport: http
	h.Keys("tab")
	h.Type(mid.UTC().Format("2006-01-02 15:04"))
	h.Keys("enter")
	if m.Capturing() {
		t.Error("enter did not leave the bar")
	}
	reqs := rec.Matching("GET", "/audit-logs")
	last, _ := url.ParseQuery(reqs[len(reqs)-1].Query)
	if last.Get("action") != "recall" || last.Get("transport") != "http" || last.Get("start_date") == "" || last.Get("end_date") != "" {
		t.Errorf("query %q", reqs[len(reqs)-1].Query)
	}
	if len(m.entries) == 0 || len(m.entries) >= recalls {
		t.Errorf("%d recalls from %s, %d in all", len(m.entries), mid, recalls)
	}
	for i := range m.entries {
		if m.entries[i].StartedAt.Before(mid.Truncate(60e9)) {
			t.Errorf("entry %d started %s, before %s", i, m.entries[i].StartedAt, mid)
		}
	}
	v := view(t, m)
	if !strings.Contains(v, "action recall") || !strings.Contains(v, "transport http") {
		t.Errorf("view:\n%s", v)
	}
	// An unreadable date: said, nothing sent.
	n := len(rec.Matching("GET", "/audit-logs"))
	h.Keys("/")
	for m.bar.Cursor() != 3 { // the "to" date
		h.Keys("tab")
	}
	h.Type("next tuesday")
	h.Keys("enter")
	if got := len(rec.Matching("GET", "/audit-logs")); got != n {
		t.Errorf("an unreadable date was sent (%d lists, was %d)", got, n)
	}
	if v := view(t, m); !strings.Contains(v, "✗ to:") {
		t.Errorf("the bad date is not said:\n%s", v)
	}
}

// enter opens an entry: its request and its response as indented JSON, scrolled;
// esc goes back. What the server recorded is sanitized.
func TestDetail(t *testing.T) {
	m, h := uitest.Demo(t, New)
	h.Keys("enter")
	if !m.detail {
		t.Fatal("enter did not open the entry")
	}
	v := view(t, m)
	for _, want := range []string{"recall · http ·", "action: recall", "Request", `"query": "today's schedule"`,
		"Response"} {
		if !strings.Contains(v, want) {
			t.Errorf("no %q in\n%s", want, v)
		}
	}
	h.Keys("G")
	if m.dscroll == 0 || !strings.Contains(view(t, m), "of ") {
		t.Errorf("G did not scroll: %d", m.dscroll)
	}
	h.Keys("esc")
	if m.detail {
		t.Error("esc did not go back")
	}

	// A hostile query, recorded by a bank that audits, is shown as text.
	hostile := "kitchen \x1b]52;c;cHduZWQ=\x07knife\x1b[2J"
	recallIn(t, h.C.Client, uitest.DemoBank, hostile)
	h.Keys("r")
	v = view(t, m)
	if strings.Contains(v, "\x1b]") || !strings.Contains(v, "␛]52") {
		t.Errorf("the query is not sanitized:\n%q", v)
	}
	h.Keys("enter")
	if v := uitest.View(t, m); strings.Contains(v, "\x1b]52") || strings.Contains(v, "\x07") {
		t.Errorf("the detail is not sanitized:\n%q", v)
	}
}

// r lists again with the selection kept on its entry, though a new call pushed it
// down a row.
func TestReloadKeepsTheSelection(t *testing.T) {
	m, h := uitest.Demo(t, New)
	h.Keys("j", "j", "j")
	id := m.entries[3].ID
	recallIn(t, h.C.Client, uitest.DemoBank, "Biscuit")
	h.Keys("r")
	if m.cursor != 4 || m.selected().ID != id {
		t.Errorf("cursor %d on %s, want 4 on %s", m.cursor, m.selected().ID, id)
	}
}

// On a bank that does not audit the pane says so and offers A: a confirmation that
// names the bank, then the config patch, then the list again, which records what
// follows.
func TestAuditingOffTurnedOn(t *testing.T) {
	rec := &uitest.Recorder{}
	m, h := uitest.Demo(t, New, uitest.Bank(offBank), uitest.WithClient(rec.Option()))
	if m.state != auditOff || len(m.entries) != 0 {
		t.Fatalf("state %v, %d entries", m.state, len(m.entries))
	}
	v := view(t, m)
	for _, want := range []string{"A turns it on", "Nothing recorded", "turns it on for team-platform"} {
		if !strings.Contains(v, want) {
			t.Errorf("no %q in\n%s", want, v)
		}
	}
	if !helps(m, "turn auditing on") || !hasAction(m, actEnable) {
		t.Error("A is not in the help or the palette")
	}
	h.Keys("A")
	d := uitest.Front[*components.Confirm](h)
	if dv := uitest.Plain(d.View()); !strings.Contains(dv, "team-platform") {
		t.Errorf("the confirmation does not name the bank:\n%s", dv)
	}
	if len(rec.Writes()) != 0 {
		t.Fatalf("wrote before confirming: %+v", rec.Writes())
	}
	h.Keys("enter")
	w := rec.Writes()
	if len(w) != 1 || w[0].Method != "PATCH" || !strings.HasSuffix(w[0].Path, "/banks/team-platform/config") ||
		w[0].Body != `{"updates":{"audit_log_enabled":true}}` {
		t.Fatalf("writes %+v", w)
	}
	if m.state != auditOn || strings.Contains(view(t, m), "auditing is off") || helps(m, "turn auditing on") {
		t.Errorf("still off: state %v\n%s", m.state, view(t, m))
	}
	recallIn(t, h.C.Client, offBank, "deploy freeze")
	h.Keys("r")
	if i := indexOf(m, "recall"); i != 0 || !strings.Contains(view(t, m), "“deploy freeze”") {
		t.Errorf("the recall is not listed first (%d):\n%s", i, view(t, m))
	}
}

// Read-only: the off state is said, but A is no key, no help line, no palette entry.
func TestReadOnlyHasNoEnable(t *testing.T) {
	rec := &uitest.Recorder{}
	m, h := uitest.Demo(t, New, uitest.Bank(offBank), uitest.ReadOnly(), uitest.WithClient(rec.Option()))
	v := view(t, m)
	if !strings.Contains(v, "auditing is off") || strings.Contains(v, "A turns it on") || strings.Contains(v, "turns it on for") {
		t.Errorf("view:\n%s", v)
	}
	if helps(m, "turn auditing on") || hasAction(m, actEnable) {
		t.Error("A is offered read-only")
	}
	h.Keys("A")
	if h.Front() != nil || len(rec.Writes()) != 0 {
		t.Errorf("A acted: dialog %v, writes %+v", h.Front(), rec.Writes())
	}
}

// p on a recall sends its logged request and answer to the recall pane; on anything
// else it is not offered and does nothing.
func TestReplayKey(t *testing.T) {
	m, h := uitest.Demo(t, New)
	if !helps(m, "replay recall") {
		t.Error("p is not offered on a recall")
	}
	h.Keys("p")
	if len(h.Shown) != 1 || h.Shown[0].ID != common.PaneRecall {
		t.Fatalf("shown %+v", h.Shown)
	}
	msg, ok := h.Shown[0].Then.(common.ReplayRecallMsg)
	if !ok || msg.Request.Query != "today's schedule" || msg.BankID != uitest.DemoBank || msg.Response == nil ||
		len(msg.Response.Results) == 0 || msg.EntryID != m.entries[0].ID || msg.Took == 0 {
		t.Fatalf("replay %+v", h.Shown[0].Then)
	}
	// The request as logged: the defaults the server filled in are kept.
	if msg.Request.Budget != client.BudgetMid || msg.Request.MaxTokens == nil || *msg.Request.MaxTokens != 2048 {
		t.Errorf("request %+v", msg.Request)
	}
	i := indexOf(m, "retain")
	m.cursor = i
	h.Keys("p")
	if len(h.Shown) != 1 || helps(m, "replay recall") || hasAction(m, actReplay) {
		t.Errorf("p acted on a retain: %+v", h.Shown)
	}
}

// helps reports whether the full help has a binding described as desc.
func helps(m *Model, desc string) bool {
	for _, col := range m.FullHelp() {
		for _, b := range col {
			if b.Enabled() && strings.Contains(b.Help().Desc, desc) {
				return true
			}
		}
	}
	return false
}

// hasAction reports whether the palette offers the action of kind.
func hasAction(m *Model, kind string) bool {
	for _, a := range m.Actions() {
		if a.Msg.(common.ActionMsg).Kind == kind {
			return true
		}
	}
	return false
}

// y copies the selected entry's request JSON, Y the whole entry; both are said in
// the help as what they do here.
func TestCopyTheRequest(t *testing.T) {
	m, h := uitest.Demo(t, New)
	h.Keys("y")
	if len(h.Clipboard) != 1 || !strings.Contains(h.Clipboard[0], `"query": "today's schedule"`) ||
		strings.Contains(h.Clipboard[0], `"results"`) || strings.Contains(h.Clipboard[0], `"action"`) {
		t.Fatalf("y copied %q", h.Clipboard)
	}
	h.Keys("Y")
	if len(h.Clipboard) != 2 || !strings.Contains(h.Clipboard[1], `"action": "recall"`) || !strings.Contains(h.Clipboard[1], `"results"`) {
		t.Fatalf("Y copied %q", h.Clipboard[1:])
	}
	if !helps(m, "copy request JSON") {
		t.Error("y is not in the help")
	}
}

// esc while a list is on its way cancels it: its late answer is dropped.
func TestEscCancelsTheListing(t *testing.T) {
	m, h := uitest.Demo(t, New)
	held := h.Hold("r")
	if !m.loading {
		t.Fatal("r did not list again")
	}
	h.Keys("esc")
	if m.loading {
		t.Fatal("esc did not cancel")
	}
	before := len(m.entries)
	recallIn(t, h.C.Client, uitest.DemoBank, "Biscuit")
	h.Do(held)
	if len(m.entries) != before || m.err != nil || m.loading {
		t.Errorf("the cancelled answer was taken: %d entries (was %d), err %v", len(m.entries), before, m.err)
	}
	if len(h.Toasts) == 0 || h.Toasts[len(h.Toasts)-1] != "listing cancelled" {
		t.Errorf("toasts %v", h.Toasts)
	}
}

// Only a recall with its request and answer recorded can be replayed; the others say
// why not.
func TestReplayOfWhatCannotBeReplayed(t *testing.T) {
	ms := int64(5)
	for _, tc := range []struct {
		name string
		e    client.AuditLogEntry
		why  string
	}{
		{"retain", client.AuditLogEntry{Action: "retain", Request: []byte(`{"items":[]}`), Response: []byte(`{}`)}, "only a recall"},
		{"no request", client.AuditLogEntry{Action: "recall", Response: []byte(`{"results":[]}`)}, "was not recorded"},
		{"failed", client.AuditLogEntry{Action: "recall", Request: []byte(`{"query":"q"}`), Response: []byte(`null`), DurationMS: &ms}, "failed"},
		{"unreadable", client.AuditLogEntry{Action: "recall", Request: []byte(`{"query":3}`), Response: []byte(`{}`)}, "cannot be read"},
		{"ok", client.AuditLogEntry{Action: "recall", BankID: "b", Request: []byte(`{"query":"q","budget":"low"}`),
			Response: []byte(`{"results":[{"id":"m1","text":"t"}]}`), DurationMS: &ms}, ""},
	} {
		msg, why := replayOf(&tc.e)
		if (tc.why == "") != (why == "") || !strings.Contains(why, tc.why) {
			t.Errorf("%s: %q, want %q", tc.name, why, tc.why)
		}
		if tc.why == "" && (msg.Request.Budget != "low" || len(msg.Response.Results) != 1 || msg.Took != 5e6 || msg.BankID != "b") {
			t.Errorf("%s: %+v", tc.name, msg)
		}
	}
}

// A link from another pane lists the bank's entries from the newest, filters dropped,
// with the cursor on the entry; one the first page lacks is said, and the cursor stays
// at the top.
func TestShowEntryLink(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.ID(common.PaneAudit), uitest.Bank("team-platform"))
	l, err := h.C.Client.ListAuditLogs(t.Context(), uitest.DemoBank, client.ListAuditLogsParams{Limit: 5})
	if err != nil || len(l.Items) < 3 {
		t.Fatalf("the demo bank's entries: %v %+v", err, l)
	}
	want := l.Items[2].ID
	h.Send(common.ShowPaneMsg{ID: common.PaneAudit, Then: common.ShowAuditEntryMsg{BankID: uitest.DemoBank, EntryID: want}})
	if m.bank != uitest.DemoBank || m.SelectedID() != want || len(h.Toasts) != 0 {
		t.Fatalf("bank %s, selected %q (want %q), toasts %q", m.bank, m.SelectedID(), want, h.Toasts)
	}
	h.Send(common.ShowPaneMsg{ID: common.PaneAudit, Then: common.ShowAuditEntryMsg{BankID: uitest.DemoBank, EntryID: "gone"}})
	if m.cursor != 0 || len(h.Toasts) != 1 || !strings.Contains(h.Toasts[0], "audit entry gone is not among the newest") {
		t.Fatalf("cursor %d, toasts %q", m.cursor, h.Toasts)
	}
}
