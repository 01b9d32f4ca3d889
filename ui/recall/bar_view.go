package recall

import (
	"sort"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/components"
)

// errorsFor returns the error shown on an item: the filters' own first, then the
// server's.
func (m *Model) errorsFor(id itemID) string {
	keys := items()[id].errKey
	if msg := m.invalid.errorFor(keys); msg != "" {
		return msg
	}
	return m.serverErrs.errorFor(keys)
}

// barLines draws the filter bar: a summary of what is set (and of the defaults that
// apply instead) while the bar is not focused, every item while it is.
func (m *Model) barLines(w, maxLines int) []string {
	if m.zone == zoneBar && m.focused {
		return m.barFull(w, maxLines)
	}
	return m.barSummary(w)
}

// barSummary is one line of the filters that are set, one of the defaults that apply,
// and one of the problems, if any.
func (m *Model) barSummary(w int) []string {
	st := m.c.Styles
	f := &m.cur.filters
	set, defaults := summaryParts(st, f)
	hint := st.Muted.Render(m.keys.Recall.Filters.Help().Key + " edit")
	first := st.Muted.Render("filters ") + strings.Join(set, st.Subtle.Render(" · "))
	if len(set) == 0 {
		first = st.Muted.Render("filters none: the server's defaults apply")
	}
	lines := []string{components.Spread(first, hint, w)}
	if len(defaults) > 0 {
		lines = append(lines, components.Fit(st.FilterDflt.Render(components.Truncate("defaults "+strings.Join(defaults, " · "), w)), w))
	}
	if msg := m.problems(); msg != "" {
		lines = append(lines, components.Fit(st.Error.Render(components.Truncate("✗ "+msg, w)), w))
	}
	return lines
}

// problems lists every filter error in one line, the filters' own first.
func (m *Model) problems() string {
	var parts []string
	for _, errs := range []fieldErrors{m.invalid, m.serverErrs} {
		keys := make([]string, 0, len(errs))
		for k := range errs {
			if k != "query" {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			parts = append(parts, k+": "+errs[k])
		}
	}
	return strings.Join(parts, "; ")
}

// summaryParts describes the filters that are set (styled) and the server defaults in
// force for the rest (plain).
func summaryParts(st *styles.Styles, f *filters) (set, defaults []string) {
	on := st.FilterItem.Render
	var types []string
	for i, t := range factTypes() {
		if f.types[i] {
			types = append(types, t)
		}
	}
	if len(types) > 0 {
		set = append(set, "types "+on(strings.Join(types, "+")))
	} else {
		defaults = append(defaults, "all types")
	}
	if len(f.tags) > 0 {
		chips := make([]string, len(f.tags))
		for i, t := range f.tags {
			chips[i] = st.Chip.Render(" " + sanitize.Line(t) + " ")
		}
		set = append(set, "tags "+strings.Join(chips, " "))
	}
	if f.match != "" {
		set = append(set, "match "+on(f.match))
	} else if len(f.tags) > 0 {
		defaults = append(defaults, "tags_match any")
	}
	if f.budget != "" {
		set = append(set, "budget "+on(f.budget))
	} else {
		defaults = append(defaults, "budget mid")
	}
	if s := strings.TrimSpace(f.maxTokens); s != "" {
		set = append(set, "max_tokens "+on(sanitize.Line(s)))
	} else {
		defaults = append(defaults, "max_tokens "+itoa(defaultMaxTokens))
	}
	if s := strings.TrimSpace(f.timestamp); s != "" {
		set = append(set, "at "+on(sanitize.Line(s)))
	} else {
		defaults = append(defaults, "at now")
	}
	if s, e := strings.TrimSpace(f.winStart), strings.TrimSpace(f.winEnd); s != "" || e != "" {
		set = append(set, "window "+on(sanitize.Line(s)+" → "+sanitize.Line(e)))
	}
	if f.noEntities {
		set = append(set, on("entities off"))
	} else {
		defaults = append(defaults, "entities on")
	}
	if f.chunks {
		set = append(set, on("+chunks"))
	}
	if f.sourceFacts {
		set = append(set, on("+source facts"))
	}
	if f.prefer {
		set = append(set, on("prefer observations"))
	}
	for i, s := range f.minScores {
		if s = strings.TrimSpace(s); s != "" {
			set = append(set, "min "+scoreNames()[i]+" "+on("≥ "+sanitize.Line(s)))
		}
	}
	if f.trace {
		set = append(set, on("trace"))
	}
	return set, defaults
}

// barFull draws every item, flowed into lines, with the item under the cursor
// highlighted; then what that item does (or what is wrong with it) and, on the tags
// item, the completions.
func (m *Model) barFull(w, maxLines int) []string {
	st := m.c.Styles
	its := items()
	var lines []string
	line, lineW := "", 0
	for id := range numItems {
		seg := m.segment(id, its[id], w, false)
		sw := ansi.StringWidth(seg)
		sep := " "
		starts := its[id].group != "" || its[id].alone
		if starts {
			sep = "  "
			// A group moves to the next line whole when it fits there, so "window
			// from → to" is never split across lines.
			sw = m.groupWidth(id, w)
		}
		if lineW > 0 && lineW+len(sep)+sw > w {
			lines = append(lines, components.Fit(line, w))
			line, lineW = "", 0
		}
		if lineW == 0 {
			seg = m.segment(id, its[id], w, true)
		}
		if lineW > 0 {
			line += sep
			lineW += len(sep)
		}
		line += seg
		lineW += ansi.StringWidth(seg)
	}
	lines = append(lines, components.Fit(line, w))
	cur := m.bar.cursor
	it := its[cur]
	if msg := m.errorsFor(cur); msg != "" {
		lines = append(lines, components.Fit(st.Error.Render(components.Truncate("✗ "+it.label+": "+msg, w)), w))
	}
	for _, l := range components.Wrap(it.label+": "+m.itemHelp(cur), w, 2) {
		lines = append(lines, components.Fit(st.Muted.Render(l), w))
	}
	if it.kind == kindTags {
		room := min(5, maxLines-len(lines)-1)
		cw := min(w, 48)
		for _, l := range m.bar.tags.CompletionLines(cw, room) {
			lines = append(lines, components.Fit(l, w))
		}
	}
	keys := m.keys.Recall
	hint := keys.NextItem.Help().Key + " move · " + keys.Toggle.Help().Key + " toggle · type to edit · enter search · " +
		keys.Leave.Help().Key + " done"
	lines = append(lines, components.Fit(st.Subtle.Render(components.Truncate(hint, w)), w))
	return lines
}

// groupWidth is the width of the group that starts at item id, as drawn.
func (m *Model) groupWidth(id itemID, w int) int {
	its := items()
	n := ansi.StringWidth(m.segment(id, its[id], w, false))
	for next := id + 1; next < numItems && its[next].group == "" && !its[next].alone; next++ {
		n += 1 + ansi.StringWidth(m.segment(next, its[next], w, false))
	}
	return n
}

// itemHelp explains an item; for tags_match and budget, the value under the cursor.
func (m *Model) itemHelp(id itemID) string {
	f := &m.cur.filters
	switch id {
	case iMatch:
		v, def := f.cycleValue(id)
		return withDefault(matchHelp(v), def) + "; space cycles"
	case iBudget:
		v, def := f.cycleValue(id)
		return withDefault(budgetHelp(v), def) + "; space cycles"
	}
	return items()[id].help
}

func withDefault(s string, isDefault bool) string {
	if isDefault {
		return s + " (server default, not sent)"
	}
	return s
}

// segment draws one item of the full bar. An item that is off leaves room for the
// check mark, so toggling does not reflow the bar, except at the start of a line.
func (m *Model) segment(id itemID, it item, w int, lineStart bool) string {
	st := m.c.Styles
	f := &m.cur.filters
	focused := id == m.bar.cursor
	label := ""
	if it.group != "" {
		label = st.Muted.Render(it.group) + " "
	}
	mark := ""
	if m.errorsFor(id) != "" {
		mark = st.Error.Render("✗")
	}
	var val string
	plain := st.FilterDflt
	switch it.kind {
	case kindToggle:
		switch {
		case f.on(id):
			val, plain = "✓"+it.label, st.FilterItem
		case lineStart && label == "":
			val = it.label
		default:
			val = " " + it.label
		}
		if id == iObservation && f.types == [3]bool{} {
			val += " (all)"
		}
	case kindCycle:
		v, def := f.cycleValue(id)
		val = v
		if def {
			val += " (default)"
		} else {
			plain = st.FilterItem
		}
	case kindText:
		if focused && m.bar.holds == id {
			tw := min(max(ansi.StringWidth(m.bar.text.Value())+2, 6), max(w/3, 6))
			if tw != m.bar.text.Width() {
				m.bar.text.SetWidth(tw)
				m.bar.text.SetCursor(m.bar.text.Position())
			}
			return label + mark + st.Accent.Render(it.label+" ") + m.bar.text.View()
		}
		v := strings.TrimSpace(*f.text(id))
		switch {
		case v != "":
			val, plain = sanitize.Line(v), st.FilterItem
		case id == iMaxTokens:
			val = itoa(defaultMaxTokens) + " (default)"
		case id == iTimestamp:
			val = "now (default)"
		default:
			val = it.hint
		}
		switch {
		case id >= iMinSemantic && id <= iMinFinal:
			val = it.label + " " + val
		case id == iWinEnd:
			val = "→ " + val
		}
	case kindTags:
		if focused {
			return st.Accent.Render(it.group) + " " + mark + m.bar.tags.View(min(max(w-ansi.StringWidth(label)-1, 12), 48))
		}
		if len(f.tags) == 0 {
			val = "none"
		} else {
			chips := make([]string, len(f.tags))
			for i, t := range f.tags {
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
