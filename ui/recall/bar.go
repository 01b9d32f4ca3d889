package recall

import (
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// newBar is the filter bar over a bank's filters: enter on a typed item searches.
func newBar(c *common.Common) *components.FilterBar[filters] {
	kr := c.Keys.Recall
	keys := components.FilterBarKeys{Next: kr.NextItem, Prev: kr.PrevItem, Toggle: kr.Toggle, Leave: kr.Leave}
	return components.NewFilterBar(c, keys, barHints(), barItems()...)
}

// barHints is what the bar's key line says enter does on the pane's own filters.
func barHints() []string { return []string{"enter search"} }

// barKey handles a key (or a paste) in the filter bar: a changed filter searches
// again after a pause, enter searches now, esc goes back to the results.
func (m *Model) barKey(msg tea.Msg) tea.Cmd {
	cmd, ev := m.bar.Update(msg)
	return tea.Batch(cmd, m.onBar(ev))
}

// onBar acts on what the bar did.
func (m *Model) onBar(ev components.FilterEvent) tea.Cmd {
	if m.cmp.editing {
		return m.compareBar(ev)
	}
	switch ev {
	case components.FilterChanged:
		return m.filtersChanged()
	case components.FilterSubmit:
		return m.searchNow()
	case components.FilterLeave:
		return m.focusZone(zoneResults)
	case components.FilterOpen:
		if m.zone != zoneBar {
			return m.focusZone(zoneBar)
		}
	}
	return nil
}

// resetFilters puts every filter back to the server's defaults (nothing sent).
func (m *Model) resetFilters() tea.Cmd {
	m.cur.filters = filters{}
	return tea.Batch(m.bar.Sync(), m.filtersChanged(), common.Toast("filters reset to the server defaults"))
}

// setTags replaces the tag filter (for tests and the palette).
func (m *Model) setTags(tags []string) tea.Cmd {
	m.cur.filters.tags = slices.Clone(tags)
	return tea.Batch(m.bar.Sync(), m.filtersChanged())
}

// problems lists every filter error in one line, the filters' own first.
func (m *Model) problems() string { return m.bar.Problems(m.invalid, m.serverErrs) }

// barLines draws the filter bar: a summary of what is set (and of the defaults that
// apply instead) while the bar is not focused, every item while it is.
func (m *Model) barLines(w, maxLines int) []string {
	if m.zone == zoneBar && m.focused {
		return m.bar.Lines(maxLines)
	}
	return m.barSummary(w)
}

// barSummary is one line of the filters that are set, one of the defaults that apply,
// and one of the problems, if any.
func (m *Model) barSummary(w int) []string {
	st := m.c.Styles
	f := &m.cur.filters
	if m.cmp.editing {
		f = &m.cmp.bFilters
	}
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
		defaults = append(defaults, "max_tokens "+common.Thousands(defaultMaxTokens))
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
