package reflect

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/components"
)

// invalid returns the parameters' own problems (nothing is sent while there are any).
func (m *Model) invalid() fieldErrors {
	_, errs := buildRequest("x", m.cur.params)
	return errs
}

// errorFor is the problem shown on an item: the parameters' own first, then the
// server's.
func (m *Model) errorFor(id itemID, own fieldErrors) string {
	f := items()[id].field
	if msg := own[f]; msg != "" {
		return msg
	}
	return m.cur.serverErrs[f]
}

// barLines draws the parameter bar: one line of what is set and the defaults in force
// while the bar is not focused, every item while it is.
func (m *Model) barLines(w, maxLines int) []string {
	own := m.invalid()
	if m.zone == zoneBar && m.focused {
		return m.barFull(w, maxLines, own)
	}
	st := m.c.Styles
	hint := st.Muted.Render(m.keys.Reflect.Params.Help().Key + " edit")
	lines := []string{components.Spread(strings.Join(summaryParts(st, &m.cur.params), st.Subtle.Render(" · ")), hint, w)}
	all := fieldErrors{}
	for k, v := range m.cur.serverErrs {
		all[k] = v
	}
	for k, v := range own {
		all[k] = v
	}
	if msg := problems(all); msg != "" {
		lines = append(lines, components.Fit(st.Error.Render(components.Truncate("✗ "+msg, w)), w))
	}
	return lines
}

// summaryParts describes every parameter in a few words: set ones stand out, the
// server defaults in force for the rest are plain.
func summaryParts(st *styles.Styles, p *params) []string {
	on, off := st.FilterItem.Render, st.FilterDflt.Render
	var parts []string
	budget, def := p.cycleValue(iBudget)
	if def {
		parts = append(parts, off("budget "+budget))
	} else {
		parts = append(parts, on("budget "+budget))
	}
	if s := strings.TrimSpace(p.maxTokens); s != "" {
		parts = append(parts, on("max_tokens "+sanitize.Line(s)))
	} else {
		parts = append(parts, off("max_tokens "+itoa(defaultMaxTokens)))
	}
	match, def := p.cycleValue(iMatch)
	switch {
	case len(p.tags) > 0:
		chips := make([]string, len(p.tags))
		for i, t := range p.tags {
			chips[i] = st.Chip.Render(" " + sanitize.Line(t) + " ")
		}
		parts = append(parts, "tags "+strings.Join(chips, " ")+" "+on(match))
	case !def:
		parts = append(parts, on("tags none "+match))
	}
	var types []string
	for i, t := range factTypes() {
		if p.types[i] {
			types = append(types, t)
		}
	}
	if len(types) > 0 {
		parts = append(parts, on("facts "+strings.Join(types, "+")))
	} else {
		parts = append(parts, off("all facts"))
	}
	if p.noModels {
		parts = append(parts, on("no mental models"))
	}
	if p.tools {
		parts = append(parts, on("tool calls"))
	}
	if strings.TrimSpace(p.context) != "" {
		parts = append(parts, on("context"))
	}
	if strings.TrimSpace(p.schema) != "" {
		parts = append(parts, on("schema"))
	}
	return parts
}

// barFull draws every item, flowing onto as many lines as the width needs, then the
// item under the cursor: its problem, its explanation, and tag completions.
func (m *Model) barFull(w, maxLines int, own fieldErrors) []string {
	st := m.c.Styles
	its := items()
	var lines []string
	line, lineW := "", 0
	for id := range numItems {
		seg := m.segment(id, its[id], w, own)
		sw := ansi.StringWidth(seg)
		sep := " "
		if its[id].group != "" {
			sep = "  "
		}
		if lineW > 0 && lineW+len(sep)+sw > w {
			lines = append(lines, components.Fit(line, w))
			line, lineW = "", 0
		}
		if lineW > 0 {
			line += sep
			lineW += len(sep)
		}
		line += seg
		lineW += sw
	}
	lines = append(lines, components.Fit(line, w))
	cur := m.bar.cursor
	it := its[cur]
	if msg := m.errorFor(cur, own); msg != "" {
		lines = append(lines, components.Fit(st.Error.Render(components.Truncate("✗ "+it.label+": "+msg, w)), w))
	}
	for _, l := range components.Wrap(it.label+": "+m.itemHelp(cur), w, 2) {
		lines = append(lines, components.Fit(st.Muted.Render(l), w))
	}
	if it.kind == kindTags {
		room := min(5, maxLines-len(lines)-1)
		for _, l := range m.bar.tags.CompletionLines(min(w, 48), room) {
			lines = append(lines, components.Fit(l, w))
		}
	}
	kr := m.keys.Reflect
	hint := kr.NextItem.Help().Key + " move · " + kr.Toggle.Help().Key + " toggle · type to edit · " +
		kr.Schema.Help().Key + " schema in $EDITOR · " + kr.Leave.Help().Key + " done"
	lines = append(lines, components.Fit(st.Subtle.Render(components.Truncate(hint, w)), w))
	if len(lines) > maxLines {
		lines = append(lines[:maxLines-1], lines[len(lines)-1])
	}
	return lines
}

// itemHelp explains an item; for budget and tags_match, the value under the cursor.
func (m *Model) itemHelp(id itemID) string {
	p := &m.cur.params
	switch id {
	case iBudget:
		v, def := p.cycleValue(id)
		return withDefault(budgetHelp(v), def) + "; space cycles"
	case iMatch:
		v, def := p.cycleValue(id)
		return withDefault(matchHelp(v), def) + "; space cycles"
	}
	return items()[id].help
}

func withDefault(s string, isDefault bool) string {
	if isDefault {
		return s + " (server default, not sent)"
	}
	return s
}

// segment draws one item of the full bar.
func (m *Model) segment(id itemID, it item, w int, own fieldErrors) string {
	st := m.c.Styles
	p := &m.cur.params
	focused := id == m.bar.cursor
	label := ""
	if it.group != "" {
		label = st.Muted.Render(it.group) + " "
	}
	mark := ""
	if m.errorFor(id, own) != "" {
		mark = st.Error.Render("✗")
	}
	var val string
	plain := st.FilterDflt
	switch it.kind {
	case kindToggle:
		if p.on(id) {
			val, plain = "✓"+it.label, st.FilterItem
		} else {
			val = " " + it.label
		}
	case kindCycle:
		v, def := p.cycleValue(id)
		val = v
		if def {
			val += " (default)"
		} else {
			plain = st.FilterItem
		}
	case kindText:
		if focused && m.bar.holds == id {
			tw := min(max(ansi.StringWidth(m.bar.text.Value())+2, 8), max(w/2, 8))
			if tw != m.bar.text.Width() {
				m.bar.text.SetWidth(tw)
				m.bar.text.SetCursor(m.bar.text.Position())
			}
			return label + mark + m.bar.text.View()
		}
		v := strings.TrimSpace(*p.text(id))
		switch {
		case v != "":
			val, plain = components.Truncate(sanitize.Line(components.Head(v, 400)), max(w/3, 12)), st.FilterItem
		case id == iMaxTokens:
			val = itoa(defaultMaxTokens) + " (default)"
		default:
			val = it.hint
		}
	case kindTags:
		if focused {
			return st.Accent.Render(it.group) + " " + mark + m.bar.tags.View(min(max(w-ansi.StringWidth(label)-1, 12), 48))
		}
		if len(p.tags) == 0 {
			val = "none"
		} else {
			chips := make([]string, len(p.tags))
			for i, t := range p.tags {
				chips[i] = st.Chip.Render(" " + sanitize.Line(t) + " ")
			}
			return label + mark + strings.Join(chips, " ")
		}
	}
	if focused {
		plain = st.FilterFocus
	}
	return label + mark + plain.Render(val)
}
