package recall

import (
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"

	"hindsight-tui/explain"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// maxMoves is how many of what else moved a tried fix lists.
const maxMoves = 4

// keepExplain draws the verdicts at width w into the explainer's lines and scrolls the
// selected one into a body h lines high (the first line is the pin box or the
// summary). View only copies what this kept.
func (m *Model) keepExplain(w, h int) {
	e := &m.exp
	e.lines, e.starts = nil, nil
	vs := m.verdicts()
	e.cursor = min(max(e.cursor, 0), max(len(vs)-1, 0))
	for i := range vs {
		if i > 0 {
			e.lines = append(e.lines, strings.Repeat(" ", w))
		}
		e.starts = append(e.starts, len(e.lines))
		k := verdictKey{gen: e.gen, width: w, selected: i == e.cursor, active: m.focused && m.zone == zoneResults, styles: m.c.Styles}
		d, ok := e.drawn[vs[i].MemoryID]
		if !ok || d.key != k {
			d = drawnVerdict{key: k, lines: m.verdictLines(&vs[i], k.selected, w)}
			if e.drawn == nil {
				e.drawn = map[string]drawnVerdict{}
			}
			e.drawn[vs[i].MemoryID] = d
		}
		e.lines = append(e.lines, d.lines...)
	}
	view := max(h-len(m.explainHead(w)), 1)
	if len(e.starts) == 0 {
		e.offset = 0
		return
	}
	start, end := e.starts[e.cursor], len(e.lines)
	if e.cursor+1 < len(e.starts) {
		end = e.starts[e.cursor+1] - 1
	}
	switch {
	case start < e.offset:
		e.offset = start
	case end > e.offset+view:
		e.offset = min(start, end-view)
	}
	e.offset = min(max(e.offset, 0), max(len(e.lines)-view, 0))
}

// explainHead is the line over the verdicts: the pin box while it is open (and its
// complaint), else how the pins fared.
func (m *Model) explainHead(w int) []string {
	st, e := m.c.Styles, &m.exp
	if e.box {
		right := ""
		if e.resolving {
			right = st.Muted.Render("looking it up…")
		}
		out := []string{components.Spread(st.Label.Render("pin ")+m.pinBox.View(), right, w)}
		if e.boxErr != "" {
			for _, l := range components.Wrap(e.boxErr, w, 3) {
				out = append(out, components.Fit(st.Error.Render(l), w))
			}
		}
		return out
	}
	if s := m.curPins(); s == nil || len(s.pins) == 0 {
		return nil
	}
	return []string{components.Fit(st.Muted.Render(components.Truncate(m.pinSummary(), w)), w)}
}

// pinSummary says how the bank's pins fared in the answer shown: "3 pinned · 2
// recalled · 1 dropped at type".
func (m *Model) pinSummary() string {
	s := m.curPins()
	n := 0
	if s != nil {
		n = len(s.pins)
	}
	parts := []string{common.Plural(n, "memory pinned", "memories pinned")}
	switch vs := m.verdicts(); {
	case m.exp.running:
		parts = append(parts, "explaining…")
	case m.res == nil:
		parts = append(parts, "search to explain them")
	case len(vs) > 0:
		rec, at := 0, map[explain.Stage]int{}
		var order []explain.Stage
		for _, v := range vs {
			if v.Recalled() {
				rec++
				continue
			}
			if at[v.Stage] == 0 {
				order = append(order, v.Stage)
			}
			at[v.Stage]++
		}
		parts = append(parts, strconv.Itoa(rec)+" recalled")
		for _, s := range order {
			parts = append(parts, strconv.Itoa(at[s])+" dropped at "+string(s))
		}
	}
	return strings.Join(parts, " · ")
}

// verdictLines draws one verdict: the mark, the stage and the memory; the summary;
// the evidence; the fix; and what trying it did.
func (m *Model) verdictLines(v *explain.Verdict, selected bool, w int) []string {
	st := m.c.Styles
	gutter := " "
	gs := st.Muted
	if selected {
		gutter = "▌"
		if m.focused && m.zone == zoneResults {
			gs = st.Accent
		}
	}
	inner := max(w-1, 1)
	ind := "   "
	mark, ms := "✗ ", st.Error
	stage := string(v.Stage)
	if v.Recalled() {
		mark, ms = "✓ ", st.Success
		stage += " #" + strconv.Itoa(v.Rank)
	}
	text := ""
	if v.Memory != nil {
		text = v.Memory.Text
	} else if s := m.curPins(); s != nil {
		for _, p := range s.pins {
			if p.ID == v.MemoryID {
				text = p.Text
			}
		}
	}
	title := st.Bold
	if selected {
		title = st.Text.Bold(true)
	}
	var out []string
	add := func(style lipgloss.Style, prefix, s string, max int) {
		for i, l := range components.Wrap(sanitize.Line(s), inner-len(ind)-len(prefix), max) {
			p := prefix
			if i > 0 {
				p = strings.Repeat(" ", len(prefix))
			}
			out = append(out, gs.Render(gutter)+components.Fit(ind+st.Muted.Render(p)+style.Render(l), inner))
		}
	}
	out = append(out, gs.Render(gutter)+components.Fit(ms.Render(mark+stage)+"  "+
		title.Render(components.Truncate(common.ItemName(text, v.MemoryID), max(inner-len(mark)-len(stage)-2, 1))), inner))
	add(st.Text, "", v.Summary, 0)
	for _, ev := range v.Evidence {
		add(st.Muted, "· ", ev, 0)
	}
	if !v.Recalled() {
		if v.Fix.Request != nil {
			add(st.Accent, "fix: ", v.Fix.Label+" · "+m.keys.List.Open.Help().Key+" tries it", 0)
		} else if v.Fix.Hint != "" {
			add(st.Warning, "would help: ", v.Fix.Hint, 0)
		}
	}
	if t := m.exp.tried[v.MemoryID]; t != nil {
		m.triedLines(t, v, add)
	}
	return out
}

// triedLines say what trying the fix did: back or not, and what else moved.
func (m *Model) triedLines(t *tryState, v *explain.Verdict, add func(lipgloss.Style, string, string, int)) {
	st := m.c.Styles
	switch {
	case t.running:
		add(st.Muted, "", "trying "+v.Fix.Label+"…", 1)
		return
	case t.err != nil:
		add(st.Error, "", "✗ "+m.c.Describe(t.err), 2)
		return
	case t.out == nil:
		return
	}
	o := t.out
	if o.Back {
		add(st.Success, "with "+o.Fix.Label+": ", "back at #"+strconv.Itoa(o.Rank)+" · "+o.Diff.Summary(), 0)
	} else {
		next := ""
		if o.Next != nil {
			next = ", now at " + string(o.Next.Stage) + ": " + o.Next.Summary
		}
		add(st.Warning, "with "+o.Fix.Label+": ", "still not recalled"+next+" · "+o.Diff.Summary(), 0)
	}
	n := 0
	line := func(sign string, mv explain.Move) {
		if n == maxMoves || mv.ID == v.MemoryID {
			return
		}
		n++
		add(st.Muted, "  "+sign+" ", mv.Text, 1)
	}
	for _, mv := range o.Diff.Entered {
		line("new #"+strconv.Itoa(mv.To), mv)
	}
	for _, mv := range o.Diff.Moved {
		sign := "↑"
		if mv.To > mv.From {
			sign = "↓"
		}
		line(sign+" #"+strconv.Itoa(mv.From)+"→#"+strconv.Itoa(mv.To), mv)
	}
	for _, mv := range o.Diff.Left {
		line("gone #"+strconv.Itoa(mv.From), mv)
	}
}

// explainBody is the explainer, exactly w x h, from what keepExplain drew.
func (m *Model) explainBody(w, h int) []string {
	st, e := m.c.Styles, &m.exp
	out := m.explainHead(w)
	var rest []string
	s := m.curPins()
	switch {
	case s == nil || len(s.pins) == 0:
		rest = message(w, st.Text, "No memories pinned for "+sanitize.Line(m.bank)+".",
			m.keys.Memories.Pin.Help().Key+" pins the selected result, a memory in the inspector or in the memories list as expected; "+
				m.keys.Memories.Pin.Help().Key+" here pins one by id or by a fragment of its text. For every recall the explainer "+
				"then names the stage where each pinned memory dropped out, with the evidence and the smallest change that brings it back.")
	case e.err != nil && e.res == nil:
		rest = message(w, st.Error, "Could not explain the pinned memories", m.c.Describe(e.err))
	case m.res == nil || len(m.verdicts()) == 0:
		rest = nil
		for _, p := range s.pins {
			rest = append(rest, components.Fit(" "+st.Muted.Render(components.Truncate("○ "+common.ItemName(p.Text, p.ID), w-1)), w))
		}
	default:
		view := max(h-len(out), 0)
		rest = e.lines[min(e.offset, len(e.lines)):min(e.offset+view, len(e.lines))]
	}
	out = append(out, rest...)
	blank := strings.Repeat(" ", w)
	for len(out) < h {
		out = append(out, blank)
	}
	return out[:h]
}
