package reflect

import (
	"strconv"
	"strings"
	"time"

	"charm.land/lipgloss/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// block is a turn's lines at one width, as last built.
type block struct {
	key   blockKey
	lines []string
	dyn   int      // the waiting line, drawn per frame; -1 when there is none
	items [][2]int // the lines [start, end) of each evidence item; -1s while hidden
}

// blockKey is everything a block depends on besides the turn's content, whose
// changes bump rev.
type blockKey struct {
	width  int
	styles *styles.Styles
	rev    int
	item   int // the selected evidence item; -2 when the turn is not selected
	active bool
}

// gutter is the width of the selection mark left of every turn.
const gutter = 2

// blockFor returns the turn's lines at content width w, building them when something
// they depend on changed. Only Update and SetSize call it: an answer not rendered at
// this width yet is rendered here.
func (m *Model) blockFor(t *turn, idx, w int) *block {
	k := blockKey{width: w, styles: m.c.Styles, rev: t.rev, item: -2}
	if idx == m.cur.sel.turn {
		k.item = m.cur.sel.item
		k.active = m.focused && m.zone == zoneTranscript
	}
	if t.block.key != k || t.block.lines == nil {
		t.block = m.buildBlock(t, k)
	}
	return &t.block
}

func (m *Model) buildBlock(t *turn, k blockKey) block {
	st := m.c.Styles
	w := k.width
	b := block{key: k, dyn: -1}
	add := func(ls ...string) { b.lines = append(b.lines, ls...) }
	add(m.questionLines(t, w)...)
	switch t.state {
	case turnWaiting:
		b.dyn = len(b.lines)
		add(strings.Repeat(" ", w))
	case turnCancelled:
		add(components.Fit(st.Warning.Render(components.Truncate("⊘ cancelled after "+seconds(t.took)+" · "+
			m.keys.Global.Refresh.Help().Key+" asks again", w)), w))
	case turnFailed:
		for _, l := range components.Wrap("✗ "+t.reason, w, 0) {
			add(components.Fit(st.Error.Render(l), w))
		}
		add(components.Fit(st.Muted.Render(m.keys.Global.Refresh.Help().Key+" retries"), w))
	case turnAnswered:
		add(blank(w))
		add(m.md.lines(t.id, t.answer, variant{width: w, dark: st.IsDark})...)
		add(blank(w))
		add(components.Fit(st.Muted.Render(components.Truncate(metaLine(t), w)), w))
		add(structuredLines(st, t, w)...)
		evLines, items := m.evidenceLines(t, k, w)
		add(evLines...)
		base := len(b.lines) - len(evLines)
		b.items = make([][2]int, len(t.evidence))
		for i := range b.items {
			b.items[i] = [2]int{-1, -1}
			if items != nil {
				b.items[i] = [2]int{items[i][0] + base, items[i][1] + base}
			}
		}
	}
	add(blank(w))
	return b
}

// questionLines is the question, wrapped, with the time it was asked.
func (m *Model) questionLines(t *turn, w int) []string {
	st := m.c.Styles
	at := st.Muted.Render(t.asked.In(m.c.Now().Location()).Format("15:04"))
	q := sanitize.Text(t.question)
	var wrapped []string
	for _, para := range strings.Split(strings.TrimSpace(q), "\n") {
		wrapped = append(wrapped, components.Wrap(para, max(w-8, 8), 0)...)
	}
	out := make([]string, 0, len(wrapped))
	for i, l := range wrapped {
		if i == 0 {
			out = append(out, components.Spread(st.Accent.Render("› ")+st.Bold.Render(l), at, w))
			continue
		}
		out = append(out, components.Fit("  "+st.Bold.Render(l), w))
	}
	return out
}

// metaLine says how the answer was asked for and what it cost: the parameters that
// were set, the latency and the tokens.
func metaLine(t *turn) string {
	parts := paramSummary(t.req)
	parts = append(parts, seconds(t.took))
	if u := t.resp.Usage; u != nil {
		parts = append(parts, "tokens "+common.Thousands(u.InputTokens)+" in · "+common.Thousands(u.OutputTokens)+" out · "+common.Thousands(u.TotalTokens)+" total")
	} else {
		parts = append(parts, "no token usage reported")
	}
	return strings.Join(parts, " · ")
}

// paramSummary names the request's parameters: the budget always, the others when
// set.
func paramSummary(req client.ReflectRequest) []string {
	budget := req.Budget
	if budget == "" {
		budget = defaultBudget
	}
	parts := []string{"budget " + budget}
	if req.MaxTokens != nil {
		parts = append(parts, "max_tokens "+common.Thousands(*req.MaxTokens))
	}
	if len(req.Tags) > 0 || req.TagsMatch != "" {
		match := req.TagsMatch
		if match == "" {
			match = defaultMatch
		}
		parts = append(parts, "tags "+sanitize.Line(strings.Join(req.Tags, ", "))+" ("+match+")")
	}
	if len(req.FactTypes) > 0 {
		parts = append(parts, "facts "+strings.Join(req.FactTypes, "+"))
	}
	if req.ExcludeMentalModels {
		parts = append(parts, "no mental models")
	}
	if req.Context != "" {
		parts = append(parts, "context")
	}
	if len(req.ResponseSchema) > 0 {
		parts = append(parts, "response schema")
	}
	return parts
}

// structuredLines is the structured output as indented JSON, or the note that the
// server returned none although a schema was sent.
func structuredLines(st *styles.Styles, t *turn, w int) []string {
	if len(t.req.ResponseSchema) == 0 {
		return nil
	}
	out := []string{blank(w), components.Fit(st.Section.Render("structured output"), w)}
	if t.structured == "" {
		return append(out, components.Fit(st.Warning.Render(components.Truncate(
			"the server returned no structured output (it could not fill the schema)", w)), w))
	}
	// A long value wraps under itself, past the JSON's own indentation.
	for _, l := range strings.Split(t.structured, "\n") {
		body := strings.TrimLeft(l, " ")
		lead := 2 + len(l) - len(body)
		for i, wl := range components.Wrap(body, max(w-lead-2, 8), 0) {
			indent := lead
			if i > 0 {
				indent += 2
			}
			out = append(out, components.Fit(strings.Repeat(" ", indent)+st.Code.Render(wl), w))
		}
	}
	return out
}

// evidenceLines is the evidence summary and, when expanded, every item and the tool
// timeline. items holds each evidence item's lines (nil while collapsed).
func (m *Model) evidenceLines(t *turn, k blockKey, w int) (lines []string, items [][2]int) {
	st := m.c.Styles
	mem, mod, dir := t.counts()
	var parts []string
	for _, p := range []struct {
		n         int
		one, many string
	}{{mem, "memory", "memories"}, {mod, "mental model", "mental models"}, {dir, "directive", "directives"},
		{len(t.tools), "tool call", "tool calls"}} {
		if p.n > 0 {
			parts = append(parts, common.Plural(p.n, p.one, p.many))
		}
	}
	lines = []string{blank(w)}
	if len(parts) == 0 {
		return append(lines, components.Fit(st.Muted.Render(components.Truncate(
			"no evidence: the server reported nothing this answer was based on", w)), w)), nil
	}
	arrow, hint := "▸ ", "space shows"
	if t.expanded {
		arrow, hint = "▾ ", "space hides"
	}
	head := st.Accent.Render(arrow) + st.Section.Render("evidence") + st.Muted.Render("  "+strings.Join(parts, " · "))
	if k.item == -1 && k.active {
		head = st.Accent.Render(arrow) + st.Selected.Render("evidence") + st.Muted.Render("  "+strings.Join(parts, " · "))
	}
	lines = append(lines, components.Spread(head, st.Subtle.Render(m.keys.Reflect.Evidence.Help().Key+" "+strings.TrimPrefix(hint, "space ")), w))
	if !t.expanded {
		return lines, nil
	}
	items = make([][2]int, len(t.evidence))
	section := ""
	for i, e := range t.evidence {
		if name := kindName(e.kind); name != section {
			section = name
			lines = append(lines, components.Fit("  "+st.Muted.Render(name), w))
		}
		items[i][0] = len(lines)
		lines = append(lines, m.evidenceRow(e, i == k.item, k.active, w))
		if t.open[i] && e.full != "" {
			for _, para := range strings.Split(strings.TrimSpace(e.full), "\n") {
				for _, l := range components.Wrap(para, max(w-10, 8), 0) {
					lines = append(lines, components.Fit(strings.Repeat(" ", 10)+st.Text.Render(l), w))
				}
			}
		}
		items[i][1] = len(lines)
	}
	if len(t.tools) > 0 {
		lines = append(lines, components.Fit("  "+st.Muted.Render("tool calls: iteration, tool, duration"), w))
		lines = append(lines, toolLines(st, t.tools, w)...)
	}
	return lines, items
}

// evidenceRow is one item: a badge, its title and, for a memory, its date.
func (m *Model) evidenceRow(e evItem, selected, active bool, w int) string {
	st := m.c.Styles
	mark, text, fill := "  ", st.Text, lipgloss.NewStyle()
	if selected {
		mark, text = "› ", st.Bold
		if active {
			text, fill = st.Selected, st.Selected
		}
	}
	var badge string
	switch e.kind {
	case evMemory:
		badge = st.FactType(e.badge).Inherit(fill).Render(components.TypeBadge(e.badge))
	case evModel:
		badge = st.Info.Inherit(fill).Render("model")
	case evDirective:
		badge = st.Warning.Inherit(fill).Render("rule ")
	}
	date := e.date
	left := st.Accent.Render(mark) + badge + fill.Render(" ") + text.Render(e.title)
	if date == "" {
		return components.Fit(left, w)
	}
	return components.Spread(left, st.Muted.Render(date), w)
}

// toolLines is the tool-call timeline: iteration, tool, a bar for the duration
// relative to the slowest call, and the duration.
func toolLines(st *styles.Styles, tools []toolRow, w int) []string {
	longest, nameW := 0.0, 0
	for _, c := range tools {
		longest = max(longest, c.ms)
		nameW = max(nameW, len([]rune(c.tool)))
	}
	nameW = min(nameW, max(w/2, 8))
	barW := max(min(w-nameW-20, 24), 4)
	out := make([]string, 0, len(tools))
	for _, c := range tools {
		n := 1
		if longest > 0 {
			n = max(int(c.ms/longest*float64(barW)+0.5), 1)
		}
		line := "  " + st.Muted.Render(pad(strconv.Itoa(c.iteration), 3, true)) + " " +
			st.Text.Render(components.Fit(c.tool, nameW)) + " " +
			st.MeterOn.Render(strings.Repeat("▆", n)) + st.MeterOff.Render(strings.Repeat(" ", barW-n)) + " " +
			st.Muted.Render(millis(c.ms))
		out = append(out, components.Fit(line, w))
	}
	return out
}

func kindName(k evKind) string {
	switch k {
	case evModel:
		return "mental models"
	case evDirective:
		return "directives"
	}
	return "memories"
}

func blank(w int) string { return strings.Repeat(" ", w) }

func pad(s string, w int, right bool) string {
	if n := w - len([]rune(s)); n > 0 {
		if right {
			return strings.Repeat(" ", n) + s
		}
		return s + strings.Repeat(" ", n)
	}
	return s
}

// seconds is a latency: milliseconds under a second, else seconds.
func seconds(d time.Duration) string {
	if d < time.Second {
		return strconv.FormatInt(d.Milliseconds(), 10) + " ms"
	}
	return strconv.FormatFloat(d.Seconds(), 'f', 2, 64) + " s"
}

func millis(ms float64) string {
	if ms >= 1000 {
		return strconv.FormatFloat(ms/1000, 'f', 2, 64) + " s"
	}
	return strconv.FormatFloat(ms, 'f', 0, 64) + " ms"
}
