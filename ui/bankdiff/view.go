package bankdiff

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// row is one line of the scrolling body of a view; item is the cursor position it
// belongs to (-1: none, a heading).
type row struct {
	text  string
	item  int
	muted bool
	head  bool
}

// headLines is how many fixed lines each view has above its body.
const headLines = 3

// detailLines is how many lines the selected difference's full values take under the
// comparison (a rule and the values), where the pane is tall enough.
const detailLines = 5

// hasDetail reports whether the comparison shows the selected difference in full.
func (m *Model) hasDetail() bool {
	return m.view == viewDiff && len(m.diffs) > 0 && m.height >= headLines+detailLines+6
}

// bodyHeight is how many body rows fit.
func (m *Model) bodyHeight() int {
	h := m.height - headLines
	if m.hasDetail() {
		h -= detailLines
	}
	return max(h, 1)
}

// detail is the selected difference's values in full, wrapped: what its row cuts.
func (m *Model) detail() []string {
	st := m.c.Styles
	out := []string{st.Subtle.Render(strings.Repeat("─", m.width))}
	it := m.current()
	if it == nil {
		return out
	}
	var text []string
	for _, f := range it.fields {
		for _, v := range []struct{ side, val string }{{"A", f.a}, {"B", f.b}} {
			text = append(text, components.Wrap(v.side+" "+f.name+": "+sanitize.Line(v.val), m.width, 2)...)
		}
	}
	if len(it.fields) == 0 {
		glyph, words := statusMark(it.status)
		line := glyph + " " + sanitize.Line(it.name) + ": " + words
		if !m.c.ReadOnly {
			line += "; " + m.onlyHint(it.status)
		}
		text = append(text, line)
	}
	if len(text) > detailLines-1 {
		text = append(text[:detailLines-2], components.Ellipsis)
	}
	for _, l := range text {
		out = append(out, st.Muted.Render(l))
	}
	return out
}

// onlyHint says which copy brings an item that one side lacks to the other.
func (m *Model) onlyHint(s status) string {
	if s == onlyA {
		if !m.canWriteB() {
			return "B is a file"
		}
		return "> copies it to B"
	}
	return "< copies it to A"
}

// body is the scrolling part of the view shown, unstyled.
func (m *Model) body() []row {
	switch m.view {
	case viewPick:
		return m.pickRows()
	case viewPlan:
		if m.plan != nil {
			return m.plan.rows()
		}
	case viewDiff:
		return m.diffRows()
	}
	return nil
}

// cursorItem is the cursor of the view shown (-1: none).
func (m *Model) cursorItem() int {
	switch m.view {
	case viewPick:
		return m.pick.cursor
	case viewDiff:
		return m.cursor
	}
	return -1
}

// settle keeps the cursor's rows in view; it runs after every change, since View
// changes nothing.
func (m *Model) settle() {
	rows := m.body()
	h := m.bodyHeight()
	off := &m.offset
	switch m.view {
	case viewPick:
		off = &m.pick.offset
	case viewPlan:
		if m.plan == nil {
			return
		}
		off = &m.plan.offset
	}
	cur := m.cursorItem()
	first, last := -1, -1
	for i, r := range rows {
		if cur >= 0 && r.item == cur {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first >= 0 {
		if last-first+1 > h {
			last = first + h - 1
		}
		// Keep a heading just above the first item in view with it.
		if first > 0 && rows[first-1].head && first-1 >= *off-1 {
			first--
		}
		if first < *off {
			*off = first
		}
		if last >= *off+h {
			*off = last - h + 1
		}
	}
	*off = min(*off, max(len(rows)-h, 0))
	*off = max(*off, 0)
}

// View implements common.Pane: exactly width x height cells.
func (m *Model) View() string {
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		return ""
	}
	st := m.c.Styles
	if m.bank == "" {
		return components.Page([]string{st.Muted.Render("Select a bank to compare it with another bank or a template file.")}, w, h)
	}
	head := m.headLines()
	for len(head) < headLines {
		head = append(head, "")
	}
	rows, off := m.body(), m.offset
	switch m.view {
	case viewPick:
		off = m.pick.offset
	case viewPlan:
		if m.plan != nil {
			off = m.plan.offset
		}
	}
	cur := m.cursorItem()
	lines := head
	for i := off; i < len(rows) && i < off+m.bodyHeight(); i++ {
		r := rows[i]
		text := components.Fit(r.text, w)
		switch {
		case cur >= 0 && r.item == cur && m.focused:
			text = st.Selected.Render(text)
		case cur >= 0 && r.item == cur:
			text = st.Cursor.Render(text)
		case r.head:
			text = st.Section.Render(text)
		case r.muted:
			text = st.Muted.Render(text)
		}
		lines = append(lines, text)
	}
	if m.hasDetail() {
		for len(lines) < h-detailLines {
			lines = append(lines, "")
		}
		lines = append(lines, m.detail()...)
	}
	return components.Page(lines, w, h)
}

// headLines are the fixed lines above the body: what is compared, a summary, and the
// error or a blank.
func (m *Model) headLines() []string {
	st := m.c.Styles
	spin := ""
	if m.busy() {
		spin = " " + m.spin.View()
	}
	a := sanitize.Line(m.bank)
	switch m.view {
	case viewPick:
		out := []string{st.Bold.Render("Compare bank "+a+" (A) with") + spin}
		switch {
		case m.pick.err != nil:
			out = append(out, st.Error.Render("cannot list banks: "+sanitize.Line(m.pick.err.Error())))
		default:
			out = append(out, st.Muted.Render("choose bank B, or a template file (enter)"))
		}
		return out
	case viewPlan:
		if m.plan != nil {
			return m.plan.headLines(st, spin)
		}
	}
	out := []string{st.Bold.Render("A "+a+"  ⇄  B "+sanitize.Line(m.b.name())) + spin}
	switch {
	case m.err != nil:
		out = append(out, st.Error.Render(sanitize.Line(m.err.Error())))
	case m.loading && m.ta == nil:
		out = append(out, st.Muted.Render("loading both templates…"))
	case len(m.diffs) == 0:
		out = append(out, st.Success.Render("No differences but the id"), st.Muted.Render("both: "+m.sameSummary()))
	default:
		s := common.Plural(len(m.diffs), "difference", "differences") + " · " + common.Plural(m.cmp.same, "item", "items") + " the same"
		if n := len(m.marked); n > 0 {
			s += " · " + common.Plural(n, "marked", "marked")
		}
		out = append(out, s)
	}
	return out
}

// sameSummary says what both sides hold when they hold the same.
func (m *Model) sameSummary() string {
	t := orEmptyTemplate(m.ta)
	return common.Plural(len(t.Bank), "config override", "config overrides") + ", " +
		common.Plural(len(t.MentalModels), "mental model", "mental models") + ", " +
		common.Plural(len(t.Directives), "directive", "directives")
}

// pickRows are the chooser's rows: the other banks, then the template file.
func (m *Model) pickRows() []row {
	var out []row
	width := 0
	for _, b := range m.choices() {
		width = max(width, ansi.StringWidth(sanitize.Line(b)))
	}
	width = min(width, max(m.width/2, 12))
	for i, b := range m.choices() {
		text := "  " + components.Fit(sanitize.Line(b), width)
		if n := m.pick.names[b]; n != "" && n != b {
			text += "  " + sanitize.Line(n)
		}
		out = append(out, row{text: text, item: i})
	}
	if m.pick.loading && len(out) == 0 {
		out = append(out, row{text: "  listing banks…", item: -1, muted: true})
	}
	out = append(out, row{text: "  a template file…", item: len(m.choices())})
	return out
}

// sectionTitles name the sections of a comparison and a plan.
var sectionTitles = map[string]string{secConfig: "Configuration", secModel: "Mental models", secDirective: "Directives"}

// statusMark is a difference's glyph and words.
func statusMark(s status) (glyph, words string) {
	switch s {
	case onlyA:
		return "−", "only in A"
	case onlyB:
		return "+", "only in B"
	}
	return "~", "differs"
}

// diffRows are the differences by section, each with its differing fields.
func (m *Model) diffRows() []row {
	var out []row
	section := ""
	for i, it := range m.diffs {
		if it.section != section {
			section = it.section
			out = append(out, row{text: sectionTitles[section], item: -1, head: true})
		}
		mark := ""
		if !m.c.ReadOnly {
			mark = "[ ] "
			if m.marked[itemKey(it)] {
				mark = "[x] "
			}
		}
		glyph, words := statusMark(it.status)
		name := sanitize.Line(it.name)
		if it.section == secConfig {
			f := it.fields[0]
			out = append(out, row{text: "  " + mark + glyph + " " + name + ": " + sanitize.Line(f.a) + " | " + sanitize.Line(f.b), item: i})
			continue
		}
		out = append(out, row{text: "  " + mark + glyph + " " + name + "  (" + words + ")", item: i})
		for _, f := range it.fields {
			out = append(out, row{text: "        " + f.name + ": " + sanitize.Line(f.a) + " | " + sanitize.Line(f.b), item: i, muted: true})
		}
	}
	return out
}
