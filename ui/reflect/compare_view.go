package reflect

import (
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// cmpColumnsMin is the narrowest pane that shows A and B side by side; a narrower one
// shows one of them at a time (←/→ switches).
const cmpColumnsMin = 76

// cmpLayout is what View draws while the comparison is shown: exactly h lines, one
// of which (dyn) is the spinner's while B is out.
type cmpLayout struct {
	lines []string
	dyn   int // -1 when none
}

// prepareCompare lays the comparison out for View.
func (m *Model) prepareCompare(w, h int) {
	c := m.cur.cmp
	own := m.cmpInvalid()
	m.cmpBar.SetWidth(w)
	m.cmpBar.SetErrors(own, c.errs)
	var lines []string
	dyn := -1
	if c.phase == cmpResult {
		lines = m.resultLines(w, h)
	} else {
		lines, dyn = m.setupLines(w, h, own)
	}
	for len(lines) < h {
		lines = append(lines, blank(w))
	}
	if dyn >= h {
		dyn = -1
	}
	m.lay.cmp = cmpLayout{lines: lines[:h], dyn: dyn}
}

// cmpInvalid is B's parameters' own problems.
func (m *Model) cmpInvalid() fieldErrors {
	_, errs := buildRequest("x", m.cur.cmp.p)
	return errs
}

// cmpTitle is the first line of both views: what is compared.
func (m *Model) cmpTitle(w int) string {
	st := m.c.Styles
	c := m.cur.cmp
	n := slices.Index(m.cur.turns, c.a) + 1
	head := st.Section.Render("Compare") + st.Muted.Render(" turn "+strconv.Itoa(n)+" · ") +
		st.Accent.Render("› ") + st.Bold.Render(oneLine(c.a.question))
	return components.Fit(head, w)
}

// setupLines draws the setup: the models to leave out, B's parameters, and the keys
// (or, while B is out, the spinner line, whose index is returned).
func (m *Model) setupLines(w, h int, own fieldErrors) ([]string, int) {
	st := m.c.Styles
	c := m.cur.cmp
	kc := m.keys.Compare
	lines := []string{m.cmpTitle(w),
		components.Fit(st.Muted.Render(components.Truncate("A: "+strings.Join(paramSummary(c.a.req), " · "), w)), w),
		blank(w)}

	// B's parameters, below the models: drawn first to know their height.
	var params []string
	if c.inBar && m.focused {
		params = m.cmpBar.Lines(max(h/2, 3))
	} else {
		hint := st.Muted.Render(kc.Params.Help().Key + " edits")
		params = []string{components.Spread(st.Section.Render("B's parameters ")+
			strings.Join(summaryParts(st, &c.p), st.Subtle.Render(" · ")), hint, w)}
		if msg := m.cmpBar.Problems(own, c.errs); msg != "" {
			params = append(params, components.Fit(st.Error.Render(components.Truncate("✗ "+msg, w)), w))
		}
	}

	used := 0
	for _, mm := range c.models {
		if mm.usedA {
			used++
		}
	}
	head := st.Section.Render("Mental models") + st.Muted.Render("  [x] leaves one out of B · A used "+strconv.Itoa(used))
	switch {
	case c.loading:
		head += st.Muted.Render(" · listing the bank's others…")
	case c.listErr != "":
		head += st.Error.Render(" · the bank's others could not be listed: " + c.listErr)
	}
	lines = append(lines, components.Fit(head, w))
	if c.p.noModels {
		lines = append(lines, components.Fit(st.Warning.Render(components.Truncate(
			"  B's parameters exclude every mental model (exclude_mental_models): the boxes do not matter", w)), w))
	}
	room := max(h-len(lines)-len(params)-3, 1)
	if len(c.models) == 0 {
		msg := "  no mental models: A used none"
		if !c.loading && c.listErr == "" {
			msg = "  this bank has no mental models"
		}
		lines = append(lines, components.Fit(st.Muted.Render(msg), w))
	}
	top := 0
	if c.cursor >= room {
		top = c.cursor - room + 1
	}
	for i := top; i < len(c.models) && i < top+room; i++ {
		lines = append(lines, m.cmpModelRow(c.models[i], i == c.cursor, w))
	}
	if rest := len(c.models) - top - room; rest > 0 {
		lines = append(lines, components.Fit(st.Muted.Render("  … "+common.Plural(rest, "more model", "more models")+" below"), w))
	}
	lines = append(lines, blank(w))
	lines = append(lines, params...)
	lines = append(lines, blank(w))
	if c.phase == cmpAsking {
		return lines, len(lines)
	}
	keys := kc.Run.Help().Key + " asks B · " + kc.Exclude.Help().Key + " out/in · " +
		kc.Params.Help().Key + " parameters · " + kc.Back.Help().Key + " back to the chat"
	if c.b != nil {
		keys = kc.Run.Help().Key + " asks B again · " + kc.Back.Help().Key + " back to the chat"
	}
	if c.inBar {
		keys = ""
	}
	if keys != "" {
		lines = append(lines, components.Fit(st.Subtle.Render(components.Truncate(keys, w)), w))
	}
	return lines, -1
}

// cmpModelRow is one model of the setup: its box, name and id, and whether A used it.
func (m *Model) cmpModelRow(mm cmpModel, selected bool, w int) string {
	st := m.c.Styles
	c := m.cur.cmp
	active := selected && m.focused && !c.inBar && c.phase == cmpSetup
	mark, text, fill := m.rowStyles(selected, active)
	box := "[ ]"
	if slices.Contains(c.p.excludeIDs, mm.id) {
		box = "[x]"
	}
	name := oneLine(m.cur.names[mm.id])
	id := oneLine(mm.id)
	left := st.Accent.Render(mark) + fill.Render(box+" ")
	if name != "" {
		left += text.Render(name) + fill.Render("  ") + st.Muted.Render(id)
	} else {
		left += text.Render(id)
	}
	right := ""
	if mm.usedA {
		right = st.Info.Render("used by A")
	}
	return components.Spread(left, right, w)
}

// waitingB is the spinner line while B is out.
func (m *Model) waitingB(w int) string {
	st := m.c.Styles
	c := m.cur.cmp
	return components.Fit(m.spin.View()+st.Muted.Render(" asking B… "+waited(m.c.Now().Sub(c.started))+" · ")+
		st.Subtle.Render(m.keys.Compare.Back.Help().Key+" cancels"), w)
}

// cmpSide is what one answer of the comparison used, by kind, in the order the server
// listed it.
type cmpSide struct {
	models, memories, directives []string // ids (a memory without one: its text)
}

func sideOf(t *turn) cmpSide {
	var s cmpSide
	for _, e := range t.evidence {
		k := e.id
		if k == "" {
			k = e.title
		}
		switch e.kind {
		case evModel:
			s.models = append(s.models, k)
		case evMemory:
			s.memories = append(s.memories, k)
		case evDirective:
			s.directives = append(s.directives, k)
		}
	}
	return s
}

// only are the items of xs that ys lacks.
func only(xs, ys []string) []string {
	var out []string
	for _, x := range xs {
		if !slices.Contains(ys, x) {
			out = append(out, x)
		}
	}
	return out
}

// resultKey is everything the result's lines depend on besides the scroll position.
type resultKey struct {
	width  int
	styles *styles.Styles
	side   int
	a, b   *turn
	arev   int
	brev   int
	names  int // the names known grow; a new one may name a model shown
}

// resultCache is the result's lines as last built: scrolling only slices them.
type resultCache struct {
	key    resultKey
	head   []string // the title, B's changes and the differences
	tabs   string   // the A/B tabs, when one answer shows at a time
	legend string
	body   []string
}

// resultLines draws A and B: the title, what B changed, what differs, then the two
// answers with their evidence, side by side when there is room, else one at a time.
func (m *Model) resultLines(w, h int) []string {
	st := m.c.Styles
	c := m.cur.cmp
	k := resultKey{width: w, styles: st, side: c.side, a: c.a, b: c.b, arev: c.a.rev, brev: c.b.rev, names: len(m.cur.names)}
	if c.view.key != k || c.view.body == nil {
		c.view = m.buildResult(k)
	}
	r := &c.view
	lines := slices.Clone(r.head)
	body := r.body
	bh := max(h-len(lines)-1, 1)
	m.lay.cmpBody = bh
	c.top = min(max(c.top, 0), max(len(body)-bh, 0))
	pos := ""
	if len(body) > bh {
		pos = "lines " + strconv.Itoa(c.top+1) + "–" + strconv.Itoa(min(c.top+bh, len(body))) + " of " + strconv.Itoa(len(body))
	}
	legend := r.legend
	if r.tabs != "" {
		legend = r.tabs + st.Subtle.Render(" · ") + legend
		if ansi.StringWidth(legend)+ansi.StringWidth(pos)+1 > w {
			legend = r.tabs // the marks explain themselves; the tabs and the position stay
		}
	}
	lines = append(lines, components.Spread(legend, st.Muted.Render(pos), w))
	return append(lines, body[c.top:min(c.top+bh, len(body))]...)
}

// buildResult lays out the result at k.
func (m *Model) buildResult(k resultKey) resultCache {
	st := m.c.Styles
	c := m.cur.cmp
	a, b, w := c.a, c.b, k.width
	r := resultCache{key: k, head: []string{m.cmpTitle(w)}}
	aParts, bParts := paramSummary(a.req), paramSummary(b.req)
	var changes []string
	for _, p := range only(bParts, aParts) {
		changes = append(changes, "+"+p)
	}
	for _, p := range only(aParts, bParts) {
		changes = append(changes, "−"+p)
	}
	change := "B asks exactly what A asked"
	if len(changes) > 0 {
		change = "B: " + strings.Join(changes, " · ")
	}
	r.head = append(r.head, components.Fit(st.Muted.Render(components.Truncate(change, w)), w))
	r.head = append(r.head, m.diffLines(w)...)

	cols := w >= cmpColumnsMin
	if !cols {
		la, lb := " A original ", " B re-asked "
		if c.side == 0 {
			la, lb = st.TabActive.Render(la), st.Tab.Render(lb)
		} else {
			la, lb = st.Tab.Render(la), st.TabActive.Render(lb)
		}
		r.tabs = la + " " + lb + st.Subtle.Render(" "+m.keys.Compare.Side.Help().Key)
	}
	r.legend = st.Error.Render("−") + st.Muted.Render(" only in A · ") + st.Success.Render("+") + st.Muted.Render(" only in B")

	switch {
	case cols:
		cw := (w - 3) / 2
		left, right := m.sideLines(a, b, 0, cw), m.sideLines(b, a, 1, w-3-cw)
		sep := st.Subtle.Render(" │ ")
		for i := 0; i < max(len(left), len(right)); i++ {
			l, rt := blank(cw), blank(w-3-cw)
			if i < len(left) {
				l = left[i]
			}
			if i < len(right) {
				rt = right[i]
			}
			r.body = append(r.body, l+sep+rt)
		}
	case c.side == 0:
		r.body = m.sideLines(a, b, 0, w)
	default:
		r.body = m.sideLines(b, a, 1, w)
	}
	return r
}

// diffLines say what only one answer used, kind by kind: models by name, the others
// counted.
func (m *Model) diffLines(w int) []string {
	st := m.c.Styles
	c := m.cur.cmp
	if c.b.state != turnAnswered {
		return []string{components.Fit(st.Error.Render("B failed: nothing to compare"), w)}
	}
	sa, sb := sideOf(c.a), sideOf(c.b)
	names := func(ids []string) string {
		out := make([]string, len(ids))
		for i, id := range ids {
			if n := oneLine(m.cur.names[id]); n != "" {
				out[i] = n
			} else {
				out[i] = oneLine(id)
			}
		}
		return strings.Join(out, ", ")
	}
	var parts []string
	add := func(kind string, xa, xb []string, named bool) {
		oa, ob := only(xa, xb), only(xb, xa)
		if len(oa) == 0 && len(ob) == 0 {
			parts = append(parts, st.Muted.Render(kind+" the same"))
			return
		}
		s := kind
		if len(oa) > 0 {
			v := strconv.Itoa(len(oa))
			if named {
				v = names(oa)
			}
			s += " " + st.Error.Render("−"+v)
		}
		if len(ob) > 0 {
			v := strconv.Itoa(len(ob))
			if named {
				v = names(ob)
			}
			s += " " + st.Success.Render("+"+v)
		}
		parts = append(parts, s)
	}
	add("models", sa.models, sb.models, true)
	add("memories", sa.memories, sb.memories, false)
	add("directives", sa.directives, sb.directives, true)
	out := []string{}
	line := st.Section.Render("Differences") + " "
	for _, p := range parts {
		sep := st.Subtle.Render(" · ")
		if ansi.StringWidth(line)+ansi.StringWidth(p)+3 > w && line != "" {
			out = append(out, components.Fit(line, w))
			line, sep = "  ", ""
		}
		if strings.HasSuffix(line, " ") {
			sep = ""
		}
		line += sep + p
	}
	return append(out, components.Fit(line, w))
}

// sideLines is one answer's column: its heading, the answer, and its evidence with
// what the other answer lacks marked (− for A, + for B).
func (m *Model) sideLines(t, other *turn, side, w int) []string {
	st := m.c.Styles
	name, mark, markStyle := "A · original", "−", st.Error
	if side == 1 {
		name, mark, markStyle = "B · re-asked", "+", st.Success
	}
	meta := seconds(t.took)
	if t.resp != nil && t.resp.Usage != nil {
		meta += " · " + common.Thousands(t.resp.Usage.TotalTokens) + " tokens"
	}
	lines := []string{components.Spread(st.Section.Render(name), st.Muted.Render(meta), w)}
	if t.state != turnAnswered {
		for _, l := range components.Wrap("✗ "+t.reason, w, 0) {
			lines = append(lines, components.Fit(st.Error.Render(l), w))
		}
		return append(lines, components.Fit(st.Muted.Render(m.keys.Compare.Open.Help().Key+" changes B and asks again"), w))
	}
	lines = append(lines, m.md.lines(answerKey(t.id), t.answer, variant{width: w, dark: st.IsDark})...)
	var theirs cmpSide
	if other != nil && other.state == turnAnswered {
		theirs = sideOf(other)
	}
	for _, kind := range []evKind{evModel, evMemory, evDirective} {
		var rows []string
		for _, e := range t.evidence {
			if e.kind != kind {
				continue
			}
			k := e.id
			if k == "" {
				k = e.title
			}
			var in []string
			switch kind {
			case evModel:
				in = theirs.models
			case evMemory:
				in = theirs.memories
			default:
				in = theirs.directives
			}
			lead := "  "
			if other != nil && other.state == turnAnswered && !slices.Contains(in, k) {
				lead = markStyle.Render(mark) + " "
			}
			rows = append(rows, lead+m.cmpEvidenceRow(e, w-2))
		}
		head := kindName(kind) + " (" + strconv.Itoa(len(rows)) + ")"
		lines = append(lines, blank(w), components.Fit(st.Muted.Render(head), w))
		if len(rows) == 0 {
			lines = append(lines, components.Fit(st.Muted.Render("  none"), w))
		}
		lines = append(lines, rows...)
	}
	return lines
}

// cmpEvidenceRow is an evidence item on one line of a column: its badge and title (a
// model's name when known).
func (m *Model) cmpEvidenceRow(e evItem, w int) string {
	st := m.c.Styles
	title := e.title
	var badge string
	switch e.kind {
	case evMemory:
		badge = st.FactType(e.badge).Render(components.TypeBadge(e.badge))
	case evModel:
		badge = st.Info.Render("model")
		if n := oneLine(m.cur.names[e.id]); n != "" {
			title = n
		}
	case evDirective:
		badge = st.Warning.Render("rule ")
	}
	return components.Fit(badge+" "+st.Text.Render(title), w)
}
