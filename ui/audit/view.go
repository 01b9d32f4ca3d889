package audit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// wide is the narrowest pane whose rows hold the transport and duration columns.
const wide = 80

// safeLine is untrusted text made one safe line, cut to what a row can ever show.
func safeLine(s string) string { return sanitize.Line(components.Head(s, 512)) }

// head is the lines above the list: the title, the filters (or the bar), the audit
// switch when it is off, and the chart; settle draws them.
func (m *Model) head() []string {
	st, w := m.c.Styles, m.width
	var out []string
	title := "Audit log of " + m.bankName()
	right := ""
	switch {
	case m.loading:
		right = m.spin.View() + " loading"
	case m.loaded:
		right = common.Paged(m.total, m.offset, pageSize, "entry", "entries")
	}
	out = append(out, components.Spread(st.Bold.Render(components.Truncate(title, w)), st.Muted.Render(right), w))
	if m.inBar && m.focused {
		out = append(out, m.bar.Lines(3)...)
	} else {
		out = append(out, components.Spread(m.filterSummary(), st.Muted.Render(m.keys.List.Filter.Help().Key+" filter"), w))
	}
	if m.bad != "" {
		out = append(out, components.Fit(st.Error.Render(components.Truncate("✗ "+m.bad, w)), w))
	}
	switch {
	case m.state == auditOff:
		text := "✗ auditing is off: nothing new is recorded"
		if m.canEnable() {
			text += " · " + m.own.Enable.Help().Key + " turns it on"
		}
		out = append(out, components.Fit(st.Warning.Render(components.Truncate(text, w)), w))
	case m.cfgErr != nil:
		out = append(out, components.Fit(st.Error.Render(components.Truncate("✗ config: "+safeLine(m.cfgErr.Error()), w)), w))
	}
	if m.showChart && m.state != auditOff {
		out = append(out, m.chart()...)
	}
	return out
}

// filterSummary is the filters in force, on one line.
func (m *Model) filterSummary() string {
	st := m.c.Styles
	var parts []string
	for _, p := range []struct{ name, v string }{{"action", m.sent.action}, {"transport", m.sent.transport},
		{"from", m.sent.since}, {"to", m.sent.until}} {
		if p.v != "" {
			parts = append(parts, st.FilterItem.Render(p.name+" "+sanitize.Line(p.v)))
		}
	}
	if len(parts) == 0 {
		return st.FilterDflt.Render("every audited call, newest first")
	}
	return strings.Join(parts, st.Subtle.Render(" · "))
}

// chart is the week's calls per action and day, one sparkline per busy action.
func (m *Model) chart() []string {
	st, w := m.c.Styles, m.width
	if m.statsErr != nil {
		return []string{components.Fit(st.Error.Render(components.Truncate("✗ chart: "+safeLine(m.statsErr.Error()), w)), w)}
	}
	if m.stats == nil {
		return nil
	}
	top := 0
	for _, a := range m.stats {
		for _, v := range a.days {
			top = max(top, v)
		}
	}
	out := []string{components.Fit(st.Subtle.Render(components.Truncate(
		"calls per day, last 7 days ("+m.own.Chart.Help().Key+" hides)", w)), w)}
	for i, a := range m.stats {
		if i == chartActions {
			rest := 0
			for _, r := range m.stats[i:] {
				rest += r.total
			}
			out = append(out, components.Fit(st.Muted.Render(components.Truncate(fmt.Sprintf("%-20s %s",
				"other actions", common.Plural(rest, "call", "calls")), w)), w))
			break
		}
		line := fmt.Sprintf("%-20s %s %s", components.Truncate(safeLine(a.action), 20), components.Spark(a.days, top),
			common.Plural(a.total, "call", "calls"))
		out = append(out, components.Fit(st.Muted.Render(components.Truncate(line, w)), w))
	}
	if len(m.stats) == 0 {
		out = append(out, components.Fit(st.Muted.Render("no audited calls in the last 7 days"), w))
	}
	return out
}

// listHeight is the rows the list has under the head.
func (m *Model) listHeight() int { return max(m.height-len(m.head()), 1) }

// detailHeight is the lines of an entry's detail in view.
func (m *Model) detailHeight() int { return max(m.height-1, 1) }

// duration is a call's duration in a few characters, "–" while it runs.
func duration(ms *int64) string {
	if ms == nil {
		return "–"
	}
	if *ms < 1000 {
		return fmt.Sprintf("%dms", *ms)
	}
	return fmt.Sprintf("%.1fs", float64(*ms)/1000)
}

// statusMark is an entry's state as a mark and a word, readable without colour.
func statusMark(e *client.AuditLogEntry) string {
	switch components.AuditStatus(e) {
	case components.AuditFailed:
		return "✗ failed "
	case components.AuditRunning:
		return "… running"
	}
	return "✓ ok     "
}

// summary is what a row says of the request: a recall's or reflect's query, a
// retain's item count.
func summary(e *client.AuditLogEntry) string {
	q, items := components.AuditRequest(e.Request)
	switch {
	case q != "":
		return "“" + safeLine(q) + "”"
	case items > 0:
		return common.Plural(items, "item", "items")
	}
	return ""
}

// actionWidth is the action column for a page: its widest action, 6 to 20 cells.
func actionWidth(es []client.AuditLogEntry) int {
	w := 6
	for i := range es {
		w = max(w, ansi.StringWidth(safeLine(es[i].Action)))
	}
	return min(w, 20)
}

// row is one entry: time, action, transport (where wide), status, duration, what.
func (m *Model) row(e *client.AuditLogEntry, w int) string {
	t := e.StartedAt.UTC().Format("01-02 15:04:05")
	if w < wide {
		t = e.StartedAt.UTC().Format("01-02 15:04")
		st := "✓"
		switch components.AuditStatus(e) {
		case components.AuditFailed:
			st = "✗"
		case components.AuditRunning:
			st = "…"
		}
		aw := min(m.actionW, 14)
		return components.Truncate(" "+t+" "+components.Fit(components.Truncate(safeLine(e.Action), aw), aw)+" "+st+" "+summary(e), w)
	}
	action := components.Fit(components.Truncate(safeLine(e.Action), m.actionW), m.actionW)
	tr := components.Fit(components.Truncate(safeLine(e.Transport), 6), 6)
	return components.Truncate(fmt.Sprintf(" %s  %s %s %s %7s  %s", t, action, tr, statusMark(e), duration(e.DurationMS), summary(e)), w)
}

// settle draws the list (or the detail) into lines, the cursor in view.
func (m *Model) settle() {
	m.lines = m.lines[:0]
	if m.width <= 0 || m.height <= 0 {
		return
	}
	if m.detail {
		m.settleDetail()
		return
	}
	st, w := m.c.Styles, m.width
	var body []string
	switch {
	case m.err != nil:
		body = append(body, st.Error.Render(components.Truncate("✗ "+m.c.Describe(m.err), w)),
			st.Muted.Render(components.Truncate(m.keys.Global.Refresh.Help().Key+" tries again", w)))
	case m.loaded && len(m.entries) == 0:
		for _, l := range components.Wrap(m.emptyText(), w, 0) {
			body = append(body, st.Muted.Render(l))
		}
	}
	h := m.listHeight()
	top := 0
	if m.cursor >= h {
		top = m.cursor - h + 1
	}
	for i := top; i < min(top+h, len(m.entries)); i++ {
		e := &m.entries[i]
		r := m.row(e, w)
		switch {
		case i == m.cursor:
			r = "▌" + strings.TrimPrefix(r, " ")
			if m.focused {
				r = st.Cursor.Render(components.Fit(r, w))
			} else {
				r = st.Selected.Render(components.Fit(r, w))
			}
		case e.Failed():
			r = st.Error.Render(components.Fit(r, w))
		}
		body = append(body, components.Fit(r, w))
	}
	m.lines = append(m.lines, m.head()...)
	m.lines = append(m.lines, body[:min(len(body), h)]...)
}

// emptyText is what an empty list says: why, when auditing is off.
func (m *Model) emptyText() string {
	switch {
	case m.state == auditOff && m.c.ReadOnly:
		return "Nothing recorded. The server keeps an audit log of a bank only while its audit_log_enabled config is on; read-only mode does not change it."
	case m.state == auditOff:
		return "Nothing recorded. The server keeps an audit log of a bank only while its audit_log_enabled config is on. " +
			m.own.Enable.Help().Key + " turns it on for " + m.bankName() + ": from then on every recall, reflect, retain and write to it is recorded with its request and response."
	case m.sent != (filters{}):
		return "No audited call matches."
	}
	return "No audited calls yet."
}

// settleDetail draws the selected entry: what it was, then its request and
// response as indented JSON, scrolled.
func (m *Model) settleDetail() {
	st, w := m.c.Styles, m.width
	e := m.selected()
	if e == nil {
		return
	}
	var d []string
	add := func(label, v string) {
		if v != "" {
			d = append(d, components.Wrap(label+": "+safeLine(v), w, 0)...)
		}
	}
	add("action", e.Action)
	add("transport", e.Transport)
	add("status", strings.TrimSpace(statusMark(e)))
	add("started", e.StartedAt.UTC().Format(time.DateTime)+" UTC")
	if !e.EndedAt.IsZero() {
		add("ended", e.EndedAt.UTC().Format(time.DateTime)+" UTC")
	}
	add("duration", duration(e.DurationMS))
	add("entry", e.ID)
	keys := make([]string, 0, len(e.Metadata))
	for k := range e.Metadata {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		add("metadata "+k, string(e.Metadata[k]))
	}
	section := func(name string, v json.RawMessage, none string) {
		d = append(d, "", st.Section.Render(name))
		for _, l := range strings.Split(pretty(v, none), "\n") {
			d = append(d, components.Wrap(sanitize.Text(strings.ReplaceAll(l, "\t", "    ")), w, 0)...)
		}
	}
	section("Request", e.Request, "(none: the route takes no body)")
	section("Response", e.Response, "(none: the call failed, or has not ended)")
	h := m.detailHeight()
	m.dscroll = min(max(m.dscroll, 0), max(len(d)-h, 0))
	title := fmt.Sprintf("%s · %s · %s", safeLine(e.Action), safeLine(e.Transport), e.StartedAt.UTC().Format("01-02 15:04:05"))
	pos := fmt.Sprintf("%d–%d of %d", m.dscroll+1, min(m.dscroll+h, len(d)), len(d))
	m.lines = append(m.lines, components.Spread(st.Bold.Render(components.Truncate(title, max(w-ansi.StringWidth(pos)-1, 1))), st.Muted.Render(pos), w))
	for _, l := range d[m.dscroll:min(m.dscroll+h, len(d))] {
		m.lines = append(m.lines, components.Fit(l, w))
	}
}

// pretty is a recorded value as indented JSON, or none when it is null.
func pretty(v json.RawMessage, none string) string {
	if len(bytes.TrimSpace(v)) == 0 || string(bytes.TrimSpace(v)) == "null" {
		return none
	}
	var out bytes.Buffer
	if json.Indent(&out, v, "", "  ") == nil {
		return out.String()
	}
	return string(v)
}

// requestJSON is the entry's request as indented JSON ("null" when it had none), for
// the clipboard: the bytes as recorded, sanitized like everything shown.
func requestJSON(e *client.AuditLogEntry) string {
	return sanitize.Text(pretty(e.Request, "null"))
}

// View implements common.Pane.
func (m *Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	return components.Page(m.lines, m.width, m.height)
}

// openKey is enter, said as what it does here.
func (m *Model) openKey() key.Binding {
	b := m.keys.List.Open
	b.SetHelp(b.Help().Key, "request and response")
	b.SetEnabled(m.selected() != nil && !m.detail)
	return b
}

// backKey is esc, said as what it does here (absent when it does nothing).
func (m *Model) backKey() key.Binding {
	b := m.keys.List.Back
	b.SetHelp(b.Help().Key, "back to the list")
	if !m.detail {
		b.SetHelp(b.Help().Key, "cancel the listing")
	}
	b.SetEnabled(m.detail || m.loading)
	return b
}

// enableKey is A, absent unless it can act.
func (m *Model) enableKey() key.Binding {
	b := m.own.Enable
	b.SetEnabled(m.canEnable())
	return b
}

// replayKey is p, absent off a recall entry.
func (m *Model) replayKey() key.Binding {
	b := m.own.Replay
	b.SetEnabled(m.canReplay())
	return b
}

// ShortHelp implements common.Pane.
func (m *Model) ShortHelp() []key.Binding {
	lk := m.keys.List
	if m.inBar {
		return []key.Binding{m.own.Bar.NextItem, m.own.Bar.Toggle, m.own.Bar.Leave}
	}
	if m.detail {
		return []key.Binding{lk.Down, lk.PageDown, m.backKey(), m.replayKey()}
	}
	return []key.Binding{m.openKey(), m.replayKey(), m.enableKey(), lk.Filter, lk.Up, lk.Down}
}

// FullHelp implements common.Pane.
func (m *Model) FullHelp() [][]key.Binding {
	lk, g := m.keys.List, m.keys.Global
	return [][]key.Binding{
		{lk.Up, lk.Down, lk.PageUp, lk.PageDown, lk.Top, lk.Bottom},
		append([]key.Binding{m.openKey(), m.backKey(), lk.Filter, m.own.NextPage, m.own.PrevPage, g.Refresh}, m.copyKeys()...),
		{m.replayKey(), m.enableKey(), m.own.Chart, m.own.Bar.NextItem, m.own.Bar.PrevItem, m.own.Bar.Toggle, m.own.Bar.Leave},
	}
}
