package reflect

import (
	"strconv"
	"strings"
	"time"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

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
		add(m.md.lines(answerKey(t.id), t.answer, variant{width: w, dark: st.IsDark})...)
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
	if len(req.TagGroups) > 0 {
		parts = append(parts, "tag_groups "+sanitize.Line(formatTagGroups(req.TagGroups)))
	}
	if len(req.FactTypes) > 0 {
		parts = append(parts, "facts "+strings.Join(req.FactTypes, "+"))
	}
	if req.ExcludeMentalModels {
		parts = append(parts, "no mental models")
	}
	if n := len(req.ExcludeMentalModelIDs); n > 0 && !req.ExcludeMentalModels {
		parts = append(parts, "without "+sanitize.Line(strings.Join(req.ExcludeMentalModelIDs, ", ")))
	}
	if req.ApplyAllDirectives {
		parts = append(parts, "all directives")
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
	ls, _ := codeLines(st, strings.Split(t.structured, "\n"), 2, w, 0)
	return append(out, ls...)
}

// codeLines draws lines of indented JSON at indent, at most maxRows rows (no limit
// when maxRows <= 0): a long value wraps under itself, past the JSON's own
// indentation. shown is how many of the lines it drew, in whole or in part.
func codeLines(st *styles.Styles, lines []string, indent, w, maxRows int) (out []string, shown int) {
	for _, l := range lines {
		if maxRows > 0 && len(out) >= maxRows {
			break
		}
		shown++
		body := strings.TrimLeft(l, " ")
		lead := indent + len(l) - len(body)
		width := max(w-lead-2, 8)
		// A value longer than the rows left is cut before it is wrapped, not after.
		if maxRows > 0 {
			body = components.Head(body, 4*width*(maxRows-len(out)))
		}
		for i, wl := range components.Wrap(body, width, 0) {
			if maxRows > 0 && len(out) >= maxRows {
				break
			}
			ind := lead
			if i > 0 {
				ind += 2
			}
			out = append(out, components.Fit(strings.Repeat(" ", ind)+st.Code.Render(wl), w))
		}
	}
	return out, shown
}

// evidenceLines is the evidence summary and, when expanded, every item: what the
// answer was based on, then the agent's tool calls. items holds each item's lines
// (nil while collapsed).
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
	cols := toolColumns(t.tools, w)
	for i, e := range t.evidence {
		if name := kindName(e.kind); name != section {
			section = name
			if e.kind == evTool {
				name = "tool calls: iteration, tool, duration, input"
			}
			lines = append(lines, components.Fit("  "+st.Muted.Render(name), w))
		}
		items[i][0] = len(lines)
		selected := i == k.item
		if e.kind == evTool {
			lines = append(lines, m.toolRow(&t.tools[e.call], cols, selected, k.active, w))
		} else {
			lines = append(lines, m.evidenceRow(e, selected, k.active, w))
		}
		if t.open[i] {
			lines = append(lines, m.itemBody(t, i, w)...)
		}
		items[i][1] = len(lines)
	}
	return lines, items
}

// detailIndent is how far an open item's text is indented: under its title.
const detailIndent = 8

// itemBody is an open item's text: a tool call's input and output, a mental model's
// (or a directive's) markdown rendered, or the text as it is.
func (m *Model) itemBody(t *turn, i, w int) []string {
	st := m.c.Styles
	e := t.evidence[i]
	switch {
	case e.kind == evTool:
		return m.toolBody(&t.tools[e.call], w)
	case e.full == "":
		return nil
	case e.md:
		md := m.md.lines(mdKey{turn: t.id, item: i}, e.full, variant{width: max(w-detailIndent, 8), dark: st.IsDark})
		out := make([]string, 0, len(md))
		for _, l := range md {
			out = append(out, components.Fit(strings.Repeat(" ", detailIndent)+l, w))
		}
		return out
	}
	var out []string
	for _, para := range strings.Split(strings.TrimSpace(e.full), "\n") {
		for _, l := range components.Wrap(para, max(w-10, 8), 0) {
			out = append(out, components.Fit(strings.Repeat(" ", 10)+st.Text.Render(l), w))
		}
	}
	return out
}

// evidenceRow is one item: a badge, its title and, for a memory, its date; for a
// mental model, its name with its id beside it.
func (m *Model) evidenceRow(e evItem, selected, active bool, w int) string {
	st := m.c.Styles
	mark, text, fill := m.rowStyles(selected, active)
	var badge string
	title, right := e.title, e.date
	switch e.kind {
	case evMemory:
		badge = st.FactType(e.badge).Inherit(fill).Render(components.TypeBadge(e.badge))
	case evModel:
		badge = st.Info.Inherit(fill).Render("model")
		if e.name != "" {
			title, right = e.name, oneLine(e.id)
		}
	case evDirective:
		badge = st.Warning.Inherit(fill).Render("rule ")
	}
	left := st.Accent.Render(mark) + badge + fill.Render(" ") + text.Render(title)
	if right == "" {
		return components.Fit(left, w)
	}
	// The name goes first: the id or date beside it gives way before the name does.
	rw := min(ansi.StringWidth(right), max(w/3, 8))
	return components.Spread(left, st.Muted.Render(components.Truncate(right, rw)), w)
}

func kindName(k evKind) string {
	switch k {
	case evModel:
		return "mental models"
	case evDirective:
		return "directives"
	case evTool:
		return "tool calls"
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

// rowStyles are the mark, text style and fill of an evidence or tool-call row: bold
// with › when selected, highlighted when the transcript has the focus too.
func (m *Model) rowStyles(selected, active bool) (mark string, text, fill lipgloss.Style) {
	st := m.c.Styles
	mark, text, fill = "  ", st.Text, lipgloss.NewStyle()
	if selected {
		mark, text = "› ", st.Bold
		if active {
			text, fill = st.Selected, st.Selected
		}
	}
	return mark, text, fill
}
