package directives

import (
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// preview is the applies-to preview: the directives a reflect with these tags,
// tags_match and apply_all_directives would apply, in the order it applies them,
// and why each of the others would not. It is computed from the listed directives
// with client.JudgeDirectives, the rule the stand-in server's reflect runs too, so
// it costs no request.
type preview struct {
	open     bool
	tags     *components.TagInput
	mode     string // tags_match
	all      bool   // apply_all_directives
	verdicts []client.DirectiveVerdict
	applied  int
}

// previewModes are the reflect's tags_match values, its default first.
var previewModes = components.TagsMatchModes()

// previewCompletions is how many completion lines show under the tags while typing.
const previewCompletions = 3

// scope is the reflect the preview stands for.
func (p *preview) scope() client.DirectiveScope {
	return client.DirectiveScope{Tags: p.tags.Tags(), TagsMatch: p.mode, ApplyAll: p.all}
}

// judge recomputes the verdicts: the applied directives first, in their order, then
// the others in the list's order. It runs after every change of the scope or the
// rows, since View changes nothing.
func (m *Model) judge() {
	p := &m.pv
	if !p.open {
		return
	}
	vs := client.JudgeDirectives(m.rows, p.scope())
	slices.SortStableFunc(vs, func(a, b client.DirectiveVerdict) int {
		switch {
		case a.Order > 0 && b.Order > 0:
			return a.Order - b.Order
		case a.Order > 0:
			return -1
		case b.Order > 0:
			return 1
		}
		return 0
	})
	p.verdicts, p.applied = vs, 0
	for _, v := range vs {
		if v.Order > 0 {
			p.applied++
		}
	}
	m.ensureVisible()
}

// togglePreview opens the preview, editing its tags, or closes it.
func (m *Model) togglePreview() tea.Cmd {
	p := &m.pv
	if p.open {
		p.open = false
		p.tags.Blur()
		m.ensureVisible()
		return nil
	}
	if p.tags == nil {
		p.tags = components.NewTagInput(m.c)
		p.mode = previewModes[0]
	}
	p.open = true
	p.tags.SetBank(m.bank)
	p.tags.SetWidth(m.previewTagsWidth())
	cmd := p.tags.Focus()
	m.judge()
	return cmd
}

// previewTagsWidth is what the tag input may use on the preview's first line.
func (m *Model) previewTagsWidth() int {
	return max(m.width-len(previewLabel)-16, 10)
}

// previewLabel starts the preview's first line.
const previewLabel = "Reflect tags "

// previewKey handles a key while the preview shows: the tag input's while it has
// focus, else the preview's own keys, the list's moves (over the preview's order)
// and the writes of the list, which act on the directive under the cursor.
func (m *Model) previewKey(k tea.KeyPressMsg) tea.Cmd {
	p, dk, lk := &m.pv, m.keys.Directives, m.keys.List
	if p.tags.Focused() {
		handled, changed, cmd := p.tags.HandleKey(k)
		if !handled && (k.String() == "enter" || k.String() == "esc" || k.String() == "tab") {
			p.tags.Blur()
		}
		if changed {
			m.judge()
		}
		m.ensureVisible() // the completions under the tags come and go
		return cmd
	}
	switch {
	case key.Matches(k, dk.Leave), key.Matches(k, dk.Preview):
		return m.togglePreview()
	case key.Matches(k, dk.Tags):
		cmd := p.tags.Focus()
		m.ensureVisible()
		return cmd
	case key.Matches(k, dk.Match):
		i := slices.Index(previewModes, p.mode)
		p.mode = previewModes[(i+1)%len(previewModes)]
		m.judge()
	case key.Matches(k, dk.All):
		p.all = !p.all
		m.judge()
	case key.Matches(k, lk.Up):
		m.movePreview(-1)
	case key.Matches(k, lk.Down):
		m.movePreview(1)
	case key.Matches(k, lk.PageUp):
		m.movePreview(-m.rowsHeight())
	case key.Matches(k, lk.PageDown):
		m.movePreview(m.rowsHeight())
	case key.Matches(k, lk.Top):
		m.movePreview(-len(m.rows))
	case key.Matches(k, lk.Bottom):
		m.movePreview(len(m.rows))
	default:
		return m.listKey(k)
	}
	return nil
}

// previewIndex is the row of the directive under the cursor in the preview's order.
func (m *Model) previewIndex() int {
	if d := m.selected(); d != nil {
		for i, v := range m.pv.verdicts {
			if v.Directive.ID == d.ID {
				return i
			}
		}
	}
	return 0
}

// movePreview moves the cursor n rows in the preview's order; the list's cursor is
// the same directive, so the writes act on it.
func (m *Model) movePreview(n int) {
	vs := m.pv.verdicts
	if len(vs) == 0 {
		return
	}
	i := max(min(m.previewIndex()+n, len(vs)-1), 0)
	m.selectID(vs[i].Directive.ID)
	m.ensureVisible()
}

// previewTop is how many lines the preview draws above its rows: the tags line (and
// its completions while typing), the mode line and the column titles.
func (m *Model) previewTop() int {
	n := 3
	if t := m.pv.tags; t != nil && t.Focused() {
		n += len(t.CompletionLines(max(m.width-2, 1), previewCompletions))
	}
	return n
}

// matchLine says what the reflect's tags, mode and apply_all_directives select.
func (p *preview) matchLine() string {
	switch {
	case p.all:
		return "apply_all_directives: every active directive applies, tags or not"
	case len(p.tags.Tags()) == 0:
		return "no tags: only global (untagged) directives apply"
	}
	switch p.mode {
	case client.TagsAll, client.TagsAllStrict:
		return p.mode + ": global ones, and tagged ones holding every tag"
	case client.TagsExact:
		return p.mode + ": global ones, and tagged ones with exactly these tags"
	}
	return p.mode + ": global ones, and tagged ones sharing a tag"
}

// why says why a directive is left out, or what it says when it applies.
func (p *preview) why(v client.DirectiveVerdict) string {
	d := v.Directive
	switch v.Skip {
	case client.DirectiveApplied:
		return sanitize.Line(d.Content)
	case client.DirectiveInactive:
		return "inactive"
	case client.DirectiveNoScope:
		return "tagged; reflect has no tags"
	case client.DirectiveTagsDiffer:
		want := p.tags.Tags()
		switch p.mode {
		case client.TagsAll, client.TagsAllStrict:
			for _, t := range want {
				if !slices.Contains(d.Tags, t) {
					return "tag mismatch: lacks " + sanitize.Line(t)
				}
			}
		case client.TagsExact:
			return "tag mismatch: not the same set"
		}
		return "tag mismatch: no tag shared"
	}
	return string(v.Skip)
}

// previewLines are the preview's lines at width w, height h: the scope, what it
// selects, the column titles and the directives in view.
func (m *Model) previewLines(w, h int) []string {
	st, p := m.c.Styles, &m.pv
	mode := p.mode
	switch {
	case p.all:
		mode = "apply all"
	case w >= 80:
		mode = "match " + mode
	}
	count := strconv.Itoa(p.applied) + " of " + common.Plural(len(m.rows), "directive", "directives") + " apply"
	if w < 80 {
		count = strconv.Itoa(p.applied) + " of " + strconv.Itoa(len(m.rows)) + " apply"
	}
	if len(m.rows) < m.total {
		count += " (of those loaded)"
	}
	lines := []string{components.Spread(st.Label.Render(previewLabel)+p.tags.View()+st.Muted.Render(" · "+mode),
		st.Muted.Render(count), w)}
	if p.tags.Focused() {
		for _, l := range p.tags.CompletionLines(max(w-2, 1), previewCompletions) {
			lines = append(lines, "  "+l)
		}
	}
	lines = append(lines, st.Muted.Render(components.Fit(p.matchLine(), w)))
	c := columnsFor(w)
	titles := "  " + lpad("#", 3) + lpad("prio", 6) + " " + components.Fit("name", c.name)
	if c.tags > 0 {
		titles += components.Fit(" tags", c.tags)
	}
	lines = append(lines, st.Label.Render(components.Fit(titles+" applies, or why not", w)))
	if m.err != nil {
		for _, l := range components.Wrap("✗ "+m.c.Describe(m.err), w, 3) {
			lines = append(lines, st.Error.Render(l))
		}
		return lines
	}
	if m.loaded && len(m.rows) == 0 {
		return append(lines, st.Muted.Render("  No directives: reflect follows only the bank's mission."))
	}
	sel := m.previewIndex()
	for i := m.offset; i < len(p.verdicts) && len(lines) < h; i++ {
		lines = append(lines, m.previewRow(p.verdicts[i], w, i == sel))
	}
	return lines
}

// previewRow draws one directive of the preview: its place in the order (or –), its
// priority, name, tags, and its content when it applies or why it does not.
func (m *Model) previewRow(v client.DirectiveVerdict, w int, selected bool) string {
	st := m.c.Styles
	text, muted, fill, g, gs := st.Text, st.Muted, lipgloss.NewStyle(), "  ", st.Muted
	if selected {
		g, text = "▌ ", st.Bold
		if m.focused {
			gs, text, fill, muted = st.Accent, st.Selected, st.Selected, st.Muted.Inherit(st.Selected)
		}
	}
	why := muted
	order := "–"
	if v.Order > 0 {
		order = strconv.Itoa(v.Order)
	} else {
		text, why = muted, st.Warning
		if selected && m.focused {
			why = st.Warning.Inherit(st.Selected)
		}
	}
	d := v.Directive
	c := columnsFor(w)
	cells := text.Render(lpad(order, 3)+lpad(strconv.Itoa(d.Priority), 6)+" ") +
		text.Render(components.Fit(sanitize.Line(d.Name), c.name))
	if c.tags > 0 {
		tags := "global"
		if len(d.Tags) > 0 {
			tags = sanitize.Line(strings.Join(d.Tags, ", "))
		}
		cells += muted.Render(components.Fit(" "+tags, c.tags))
	}
	rest := max(w-2-ansi.StringWidth(cells), 0)
	if rest > 1 {
		mark := "✓ "
		if v.Order == 0 {
			mark = "✗ "
		}
		cells += why.Render(" " + components.Fit(mark+m.pv.why(v), rest-1))
	}
	return gs.Render(g) + cells + fill.Render(strings.Repeat(" ", max(w-2-ansi.StringWidth(cells), 0)))
}

// previewHelp is the short help while the preview shows: typing keys while its tags
// are edited, else its own keys and the toggle first, which the footer keeps longest.
func (m *Model) previewHelp() []key.Binding {
	dk := m.keys.Directives
	if m.pv.tags.Focused() {
		return []key.Binding{
			key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "add tag/done")),
			key.NewBinding(key.WithKeys("backspace"), key.WithHelp("⌫", "remove tag")),
			key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "done")),
		}
	}
	return []key.Binding{m.writeKey(dk.Toggle), dk.Tags, dk.Match, dk.All, dk.Leave}
}
