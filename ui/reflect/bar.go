package reflect

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// newBar is the parameter bar over a bank's parameters: enter on a typed item sends the
// composer's question, like enter in a form; ctrl+e edits the schema in $EDITOR.
func newBar(c *common.Common) *components.FilterBar[params] {
	kr := c.Keys.Reflect
	keys := components.FilterBarKeys{Next: kr.NextItem, Prev: kr.PrevItem, Toggle: kr.Toggle, Leave: kr.Leave}
	return components.NewFilterBar(c, keys, []string{kr.Schema.Help().Key + " schema in $EDITOR"}, barItems()...)
}

// barKey handles a key (or a paste) in the parameter bar.
func (m *Model) barKey(msg tea.Msg) tea.Cmd {
	if k, ok := msg.(tea.KeyPressMsg); ok && key.Matches(k, m.keys.Reflect.Schema) {
		return m.editSchema()
	}
	cmd, ev := m.bar.Update(msg)
	return tea.Batch(cmd, m.onBar(ev))
}

// onBar acts on what the bar did.
func (m *Model) onBar(ev components.FilterEvent) tea.Cmd {
	switch ev {
	case components.FilterChanged:
		m.paramsChanged()
	case components.FilterSubmit:
		return m.send()
	case components.FilterLeave:
		return m.focusZone(m.leaveBarTo())
	case components.FilterOpen:
		if m.zone != zoneBar {
			return m.focusZone(zoneBar)
		}
	}
	return nil
}

// leaveBarTo is where esc from the bar goes: back where the bar was opened from (the
// composer, or the transcript when there is one).
func (m *Model) leaveBarTo() zone {
	if m.barFrom == zoneTranscript && len(m.cur.turns) > 0 {
		return zoneTranscript
	}
	return zoneComposer
}

// paramsChanged forgets the server's complaints about the parameters: they described
// the values before the change.
func (m *Model) paramsChanged() { m.cur.serverErrs = nil }

// resetParams puts every parameter back to the server's defaults.
func (m *Model) resetParams() tea.Cmd {
	m.cur.params = params{}
	m.paramsChanged()
	return tea.Batch(m.bar.Sync(), common.Toast("parameters reset to the server defaults"))
}

// setSchema replaces the response schema (after $EDITOR), keeping the bar's input in
// step when it holds the schema.
func (m *Model) setSchema(s string) tea.Cmd {
	m.cur.params.schema = s
	m.paramsChanged()
	return m.bar.Sync()
}

// setTags replaces the tags (for tests and the palette).
func (m *Model) setTags(tags []string) tea.Cmd {
	m.cur.params.tags = slices.Clone(tags)
	m.paramsChanged()
	return m.bar.Sync()
}

// invalid returns the parameters' own problems (nothing is sent while there are any).
func (m *Model) invalid() fieldErrors {
	_, errs := buildRequest("x", m.cur.params)
	return errs
}

// barLines draws the parameter bar: one line of what is set and the defaults in force
// while the bar is not focused, every item while it is; own are the parameters' own
// problems.
func (m *Model) barLines(w, maxLines int, own fieldErrors) []string {
	if m.zone == zoneBar && m.focused {
		return m.bar.Lines(maxLines)
	}
	st := m.c.Styles
	hint := st.Muted.Render(m.keys.Reflect.Params.Help().Key + " edit")
	lines := []string{components.Spread(strings.Join(summaryParts(st, &m.cur.params), st.Subtle.Render(" · ")), hint, w)}
	if msg := m.bar.Problems(own, m.cur.serverErrs); msg != "" {
		lines = append(lines, components.Fit(st.Error.Render(components.Truncate("✗ "+msg, w)), w))
	}
	return lines
}

// summaryParts describes every parameter in a few words: set ones stand out, the
// server defaults in force for the rest are plain.
func summaryParts(st *styles.Styles, p *params) []string {
	on, off := st.FilterItem.Render, st.FilterDflt.Render
	var parts []string
	if p.budget != "" {
		parts = append(parts, on("budget "+p.budget))
	} else {
		parts = append(parts, off("budget "+defaultBudget))
	}
	if s := strings.TrimSpace(p.maxTokens); s != "" {
		parts = append(parts, on("max_tokens "+sanitize.Line(s)))
	} else {
		parts = append(parts, off("max_tokens "+common.Thousands(defaultMaxTokens)))
	}
	match := p.match
	if match == "" {
		match = defaultMatch
	}
	switch {
	case len(p.tags) > 0:
		chips := make([]string, len(p.tags))
		for i, t := range p.tags {
			chips[i] = st.Chip.Render(" " + sanitize.Line(t) + " ")
		}
		parts = append(parts, "tags "+strings.Join(chips, " ")+" "+on(match))
	case p.match != "":
		parts = append(parts, on("tags none "+match))
	}
	if g := strings.TrimSpace(p.groups); g != "" {
		parts = append(parts, on("tag_groups "+sanitize.Line(components.Truncate(g, 40))))
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
	if n := len(p.excludeIDs); n > 0 && !p.noModels {
		parts = append(parts, on("without "+common.Plural(n, "mental model", "mental models")))
	}
	if p.allDirs {
		parts = append(parts, on("all directives"))
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
