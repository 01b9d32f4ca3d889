package llmlog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// wide is the narrowest pane whose call rows hold the provider and model.
const wide = 86

// head is the lines above the list: the title, the filters (or the bar) and the
// token chart; settle draws them.
func (m *Model) head() []string {
	st, w := m.c.Styles, m.width
	var out []string
	title := "LLM requests of " + sanitize.Line(m.bank)
	if m.provenance != "" {
		title = "Provenance of memory " + common.ShortID(m.provenance) + ": the runs that created or used it"
	}
	right := ""
	switch {
	case m.loading:
		right = m.spin.View() + " loading"
	case m.loaded:
		right = common.Paged(m.total, m.offset, runsPerPage, "run", "runs")
	}
	out = append(out, components.Spread(st.Bold.Render(components.Truncate(title, w)), st.Muted.Render(right), w))
	if m.inBar && m.focused {
		out = append(out, m.bar.Lines(3)...)
	} else {
		out = append(out, components.Spread(m.filterSummary(), st.Muted.Render(m.keys.List.Filter.Help().Key+" filter"), w))
	}
	if m.provenance != "" {
		legend := "★ the extraction that produced it"
		if m.loaded && m.extractionCall() < 0 {
			legend = "its extraction is no longer kept (the server keeps calls a day)"
		}
		out = append(out, components.Fit(st.Muted.Render(components.Truncate(legend+" · "+
			m.keys.List.Back.Help().Key+" whole log", w)), w))
	}
	if m.showTokens {
		out = append(out, m.chart()...)
	}
	return out
}

// filterSummary is the filters in force, on one line.
func (m *Model) filterSummary() string {
	st := m.c.Styles
	var parts []string
	for _, p := range []struct{ name, v string }{{"operation", m.sent.operation}, {"status", m.sent.status},
		{"provider", m.sent.provider}, {"document", m.sent.document}, {"memory", m.sent.memory}, {"run", m.sent.run}} {
		if p.v != "" {
			parts = append(parts, st.FilterItem.Render(p.name+" "+sanitize.Line(p.v)))
		}
	}
	if len(parts) == 0 {
		return st.FilterDflt.Render("all calls · the server keeps them one day")
	}
	return strings.Join(parts, st.Subtle.Render(" · "))
}

// chart is the tokens by operation and day, one sparkline per operation that used any.
func (m *Model) chart() []string {
	st, w := m.c.Styles, m.width
	if m.statsErr != nil {
		return []string{components.Fit(st.Error.Render(components.Truncate("✗ tokens: "+sanitize.Line(m.statsErr.Error()), w)), w)}
	}
	top := 0
	for _, o := range m.stats {
		for _, v := range o.days {
			top = max(top, v)
		}
	}
	var out []string
	for _, o := range m.stats {
		if o.calls == 0 {
			continue
		}
		line := fmt.Sprintf("%-20s %s %s tokens · %s", o.operation, components.Spark(o.days, top),
			common.Thousands(o.total), common.Plural(o.calls, "call", "calls"))
		if o.errors > 0 {
			line += fmt.Sprintf(" · %d failed", o.errors)
		}
		out = append(out, components.Fit(st.Muted.Render(components.Truncate(line, w)), w))
	}
	if m.stats != nil && len(out) == 0 {
		out = append(out, components.Fit(st.Muted.Render("no LLM calls in the last 7 days"), w))
	}
	if len(out) > 0 {
		out = append([]string{components.Fit(st.Subtle.Render(components.Truncate("tokens per day, last 7 days (t hides)", w)), w)}, out...)
	}
	return out
}

// listHeight is the rows the list has under the head.
func (m *Model) listHeight() int { return max(m.height-len(m.head()), 1) }

// detailHeight is the lines of a call's detail in view.
func (m *Model) detailHeight() int { return max(m.height-1, 1) }

// tokens is a token count, or "–" when the server recorded none.
func tokens(n *int) string {
	if n == nil {
		return "–"
	}
	return common.Thousands(*n)
}

// duration is a call's duration in a few characters.
func duration(ms *int) string {
	if ms == nil {
		return "–"
	}
	if *ms < 1000 {
		return fmt.Sprintf("%dms", *ms)
	}
	return fmt.Sprintf("%.1fs", float64(*ms)/1000)
}

// status is a call's status as a mark and a word, readable without colour.
func status(c *client.LLMRequest) string {
	if c.Failed() {
		return "✗ error"
	}
	return "✓ ok   "
}

// runTokens sums a run's tokens.
func runTokens(r *client.LLMRun) int {
	n := 0
	for i := range r.Calls {
		if t := r.Calls[i].TotalTokens; t != nil {
			n += *t
		}
	}
	return n
}

// settle draws the list (or the detail) into lines, the cursor in view.
func (m *Model) settle() {
	m.lines, m.dlines = m.lines[:0], nil
	if m.width <= 0 || m.height <= 0 {
		return
	}
	if m.detail {
		m.settleDetail()
		return
	}
	st, w := m.c.Styles, m.width
	var body []string
	cursorLine := 0
	switch {
	case m.err != nil:
		body = append(body, st.Error.Render(components.Truncate("✗ "+sanitize.Line(m.err.Error()), w)),
			st.Muted.Render(components.Truncate(m.keys.Global.Refresh.Help().Key+" tries again", w)))
	case m.loaded && len(m.runs) == 0:
		msg := "No LLM calls match."
		if m.provenance != "" {
			msg = "No run the server still keeps created or used this memory (it forgets calls after a day)."
		}
		for _, l := range components.Wrap(msg, w, 0) {
			body = append(body, st.Muted.Render(l))
		}
	}
	i := 0
	for r := range m.runs {
		run := &m.runs[r]
		mark := "  "
		if m.marked[runKey(run)] {
			mark = "✓ "
		}
		first := run.Calls[0]
		head := fmt.Sprintf("%s%s %s · %s · %s tokens", mark, first.StartedAt.UTC().Format("01-02 15:04"),
			sanitize.Line(run.Operation), common.Plural(len(run.Calls), "call", "calls"), common.Thousands(runTokens(run)))
		if f := run.Failures(); f > 0 {
			head += fmt.Sprintf(" · %d failed", f)
		}
		if run.TraceID != "" {
			head += " · run " + common.ShortID(run.TraceID)
		}
		body = append(body, components.Fit(st.Section.Render(components.Truncate(head, w)), w))
		for c := range run.Calls {
			call := &run.Calls[c]
			row := m.callRow(call, w)
			if i == m.cursor {
				row = "▌" + strings.TrimPrefix(row, " ")
				cursorLine = len(body)
				if m.focused {
					row = st.Cursor.Render(components.Fit(row, w))
				} else {
					row = st.Selected.Render(components.Fit(row, w))
				}
			} else if call.Failed() {
				row = st.Error.Render(components.Fit(row, w))
			}
			body = append(body, components.Fit(row, w))
			i++
		}
	}
	h := m.listHeight()
	top := 0
	if cursorLine >= h {
		top = cursorLine - h + 1
	}
	end := min(top+h, len(body))
	m.lines = append(m.lines, m.head()...)
	m.lines = append(m.lines, body[top:end]...)
}

// callRow is one call: time, scope, provider/model (where wide), status, tokens,
// duration; a call that produced the provenance's memory is marked.
func (m *Model) callRow(c *client.LLMRequest, w int) string {
	mark := "   "
	if m.provenance != "" && producedBy(c, m.provenance) {
		mark = " ★ "
	}
	t := c.StartedAt.UTC().Format("15:04:05")
	scope := components.Fit(components.Truncate(sanitize.Line(c.Scope), 20), 20)
	tail := fmt.Sprintf("%s %8s tok %7s", status(c), tokens(c.TotalTokens), duration(c.DurationMS))
	if w >= wide {
		pm := components.Fit(components.Truncate(sanitize.Line(c.Provider+"/"+c.Model), 24), 24)
		return mark + t + "  " + scope + " " + pm + " " + tail
	}
	st := "✓ ok "
	if c.Failed() {
		st = "✗ err"
	}
	tail = fmt.Sprintf("%s %6s tok %6s", st, tokens(c.TotalTokens), duration(c.DurationMS))
	sw := min(max(w-ansi.StringWidth(mark)-len(t)-2-ansi.StringWidth(tail), 8), 20) // the scope column: what is left
	return components.Truncate(mark+t+" "+components.Fit(components.Truncate(sanitize.Line(c.Scope), sw), sw)+" "+tail, w)
}

// settleDetail draws the selected call: what it was, its tokens and duration, its
// error, then its input and output, scrolled.
func (m *Model) settleDetail() {
	st, w := m.c.Styles, m.width
	c := m.selected()
	if c == nil {
		return
	}
	var d []string
	add := func(label, v string) {
		if v == "" {
			return
		}
		d = append(d, components.Wrap(label+": "+sanitize.Line(v), w, 0)...)
	}
	add("status", strings.TrimSpace(status(c)))
	add("provider/model", c.Provider+"/"+c.Model)
	add("started", c.StartedAt.UTC().Format(time.DateTime)+" UTC")
	add("duration", duration(c.DurationMS))
	add("tokens", fmt.Sprintf("%s in · %s out · %s cached · %s total", tokens(c.InputTokens), tokens(c.OutputTokens),
		tokens(c.CachedTokens), tokens(c.TotalTokens)))
	add("finish reason", c.LLMInfo.FinishReason)
	add("tool calls", strings.Join(c.LLMInfo.ToolCalls, ", "))
	add("document", c.Metadata.DocumentID)
	add("mental model", c.Metadata.MentalModelID)
	add("memories created", strings.Join(shortIDs(c.Metadata.MemoryIDs), " "))
	add("memories used", strings.Join(shortIDs(c.Metadata.SourceMemoryIDs), " "))
	add("run", c.TraceID)
	add("call", c.ID)
	if c.Error != "" {
		d = append(d, "")
		for _, l := range components.Wrap("✗ "+sanitize.Line(c.Error), w, 0) {
			d = append(d, st.Error.Render(l))
		}
	}
	section := func(name string, v json.RawMessage) {
		d = append(d, "", st.Section.Render(name))
		for _, l := range strings.Split(valueText(v), "\n") {
			d = append(d, components.Wrap(sanitize.Text(strings.ReplaceAll(l, "\t", "    ")), w, 0)...)
		}
	}
	section("Input", c.Input)
	section("Output", c.Output)
	h := m.detailHeight()
	m.dscroll = min(max(m.dscroll, 0), max(len(d)-h, 0))
	title := fmt.Sprintf("%s · %s · call %s", sanitize.Line(c.Operation), sanitize.Line(c.Scope), common.ShortID(c.ID))
	pos := fmt.Sprintf("%d–%d of %d", m.dscroll+1, min(m.dscroll+h, len(d)), len(d))
	m.lines = append(m.lines, components.Spread(st.Bold.Render(components.Truncate(title, w)), st.Muted.Render(pos), w))
	m.dlines = d
	for _, l := range d[m.dscroll:min(m.dscroll+h, len(d))] {
		m.lines = append(m.lines, components.Fit(l, w))
	}
}

// shortIDs shortens ids for a line.
func shortIDs(ids []string) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = common.ShortID(id)
	}
	return out
}

// valueText is an input or output as text: chat messages as "role: content", a
// string as itself, anything else as indented JSON; the server's truncation marker
// says so and shows its preview.
func valueText(v json.RawMessage) string {
	if len(v) == 0 || string(v) == "null" {
		return "(none)"
	}
	if t, ok := client.Truncation(v); ok {
		return fmt.Sprintf("(cut by the server: %s characters; the start follows)\n%s", common.Thousands(t.OriginalChars), t.Preview)
	}
	var s string
	if json.Unmarshal(v, &s) == nil {
		return s
	}
	var msgs []struct {
		Role    string `json:"role"`
		Content any    `json:"content"`
	}
	if json.Unmarshal(v, &msgs) == nil && len(msgs) > 0 && msgs[0].Role != "" {
		var b strings.Builder
		for i, msg := range msgs {
			if i > 0 {
				b.WriteString("\n\n")
			}
			b.WriteString("[" + msg.Role + "]\n")
			if s, ok := msg.Content.(string); ok {
				b.WriteString(s)
			} else {
				j, _ := json.MarshalIndent(msg.Content, "", "  ")
				b.Write(j)
			}
		}
		return b.String()
	}
	var out bytes.Buffer
	if json.Indent(&out, v, "", "  ") == nil {
		return out.String()
	}
	return string(v)
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
	b.SetHelp(b.Help().Key, "call detail")
	return b
}

// backKey is esc, said as what it does here (absent when it does nothing).
func (m *Model) backKey() key.Binding {
	b := m.keys.List.Back
	switch {
	case m.detail:
		b.SetHelp(b.Help().Key, "back to the list")
	case m.provenance != "":
		b.SetHelp(b.Help().Key, "whole log")
	default:
		b.SetEnabled(false)
	}
	return b
}

// ShortHelp implements common.Pane.
func (m *Model) ShortHelp() []key.Binding {
	lk := m.keys.List
	if m.inBar {
		return []key.Binding{m.own.Bar.NextItem, m.own.Bar.Toggle, m.own.Bar.Leave}
	}
	if m.detail {
		return []key.Binding{lk.Down, lk.PageDown, m.backKey(), m.own.Save}
	}
	return []key.Binding{lk.Up, lk.Down, m.openKey(), lk.Filter, m.own.Mark, m.own.Save, m.backKey()}
}

// FullHelp implements common.Pane.
func (m *Model) FullHelp() [][]key.Binding {
	lk, g := m.keys.List, m.keys.Global
	return [][]key.Binding{
		{lk.Up, lk.Down, lk.PageUp, lk.PageDown, lk.Top, lk.Bottom},
		{m.openKey(), m.backKey(), lk.Filter, m.own.NextPage, m.own.PrevPage, g.Refresh},
		{m.own.Mark, m.own.Save, m.own.Tokens, m.own.Bar.NextItem, m.own.Bar.PrevItem, m.own.Bar.Toggle, m.own.Bar.Leave},
	}
}
