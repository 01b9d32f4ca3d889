package banks

import (
	"slices"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// View implements common.Pane: exactly width x height cells, scrolled by j/k. It
// returns the frame settle drew; only when the minute has turned since (relative
// times) is a frame drawn here, and not kept.
func (o *Overview) View() string {
	w, h := o.width, o.height
	if w <= 0 || h <= 0 {
		return ""
	}
	if o.frameKey() == o.drawnFor && o.drawn != "" {
		return o.drawn
	}
	return o.render(w, h)
}

// frameKey is what a frame drawn now would be drawn from.
func (o *Overview) frameKey() frameKey {
	return frameKey{rev: o.rev, width: o.width, height: o.height, scroll: o.scroll, focused: o.focused,
		minute: o.c.Now().Unix() / 60, styles: o.c.Styles}
}

// settle draws the frame after anything changed (a message, the size, focus, the
// theme): most frames of the app are drawn for messages that did not touch the
// overview, and those reuse it. The mission is wrapped here, once per text and size.
func (o *Overview) settle() {
	if o.width <= 0 || o.height <= 0 {
		return
	}
	if o.profile != nil {
		cw, _ := o.contentWidth()
		o.mission.keep(o.profile.Mission, cw, o.missionLines())
	}
	if k := o.frameKey(); k != o.drawnFor || o.drawn == "" {
		o.drawn, o.drawnFor = o.render(o.width, o.height), k
	}
}

// render draws a frame.
func (o *Overview) render(w, h int) string {
	cw, pad := o.contentWidth()
	all := o.content(cw)
	start := min(o.scroll, max(len(all)-h, 0))
	lines := all[start:min(start+h, len(all))]
	if start+h < len(all) {
		// Say that there is more below instead of cutting the view off silently.
		lines = append(lines[:len(lines)-1:len(lines)-1],
			components.Fit(o.c.Styles.Muted.Render("↓ more ("+o.keys.List.Down.Help().Key+")"), cw))
	}
	var b strings.Builder
	margin := strings.Repeat(" ", pad)
	for i := range h {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(margin)
		if i < len(lines) {
			b.WriteString(lines[i])
		} else {
			b.WriteString(strings.Repeat(" ", cw))
		}
		b.WriteString(margin)
	}
	return b.String()
}

// contentWidth is the width the content is laid out in: a one-cell margin keeps text
// off the border the root draws, when there is room for it.
func (o *Overview) contentWidth() (width, margin int) {
	if o.width >= 12 {
		return o.width - 2, 1
	}
	return o.width, 0
}

// content is every line of the overview at width w; View shows a window of it.
func (o *Overview) content(w int) []string {
	st := o.c.Styles
	refresh := o.keys.Global.Refresh.Help().Key
	id := sanitize.Line(components.Head(o.bankID, labelBytes))
	switch {
	case o.bankID == "":
		return message(w, st.Muted, "No bank selected", st.Muted, "", "")
	case o.deleted:
		return message(w, st.Muted, "Bank "+id+" was deleted.", st.Muted, "", "")
	case o.profile == nil && o.profErr != nil:
		return append(message(w, st.Error, "Couldn't load bank "+id, st.Text, o.c.Describe(o.profErr), ""),
			message(w, st.Muted, refresh+" to retry", st.Muted, "", "")...)
	case o.profile == nil:
		return []string{components.Fit(o.spin.View()+" "+st.Muted.Render("Loading "+id+"…"), w)}
	}
	p := o.profile
	name := sanitize.Line(components.Head(p.Name, labelBytes))
	right := ""
	if o.loading() {
		right = o.spin.View()
	}
	var lines []string
	if name == "" || name == id {
		lines = append(lines, components.Spread(st.Bold.Render(id), right, w))
	} else {
		lines = append(lines, components.Spread(st.Bold.Render(name), right, w), components.Fit(st.Muted.Render(id), w))
	}
	lines = append(lines, o.healthLines(w)...)

	lines = append(lines, "", components.Fit(st.Section.Render("Mission"), w))
	if strings.TrimSpace(p.Mission) == "" {
		lines = append(lines, components.Fit(st.Subtle.Render("none"), w))
	} else {
		for _, l := range o.mission.get(p.Mission, w, o.missionLines()) {
			lines = append(lines, components.Fit(st.Text.Render(l), w))
		}
	}

	lines = append(lines, "", components.Fit(st.Section.Render("Disposition"), w))
	for _, t := range traits() {
		lines = append(lines, components.ScaleLine(st, t.name, traitLabelWidth, t.get(p.Disposition), t.low, t.high, w))
	}
	lines = append(lines, "")

	switch {
	case o.stats != nil:
		lines = append(lines, o.statsGrid(o.stats, w)...)
	case o.statsErr != nil:
		lines = append(lines, message(w, st.Error, "Couldn't load counters", st.Text, o.c.Describe(o.statsErr), "")...)
		lines = append(lines, message(w, st.Muted, refresh+" to retry", st.Muted, "", "")...)
	default:
		lines = append(lines, components.Fit(o.spin.View()+" "+st.Muted.Render("Loading counters…"), w))
	}
	for i, l := range lines {
		if l == "" {
			lines[i] = strings.Repeat(" ", w)
		}
	}
	return lines
}

// missionLines caps the mission so the disposition and counters stay in view; the
// whole text is one Y (copy JSON) away.
func (o *Overview) missionLines() int { return min(max(o.height/4, 2), 8) }

// statBlock is one titled group of the counters grid; a block with bar parts draws
// them as a stacked bar under its title, each row of a part marked with its glyph.
type statBlock struct {
	title string
	bar   []components.Part
	rows  []statRow
}

type statRow struct {
	label  string
	ls     lipgloss.Style
	value  string
	vstyle lipgloss.Style
	part   int // 1 + the index of its part in the block's bar; 0 for a row without one
}

// add appends a row that is also a part of the block's bar.
func (b *statBlock) add(label string, ls lipgloss.Style, n int, vstyle lipgloss.Style) {
	b.bar = append(b.bar, components.Part{N: n, Style: ls})
	b.rows = append(b.rows, statRow{label, ls, strconv.Itoa(n), vstyle, len(b.bar)})
}

// statsGrid lays the counters out in up to three columns, as many as fit.
func (o *Overview) statsGrid(s *client.BankStats, w int) []string {
	st := o.c.Styles
	num := strconv.Itoa
	warn := func(n int, style lipgloss.Style) lipgloss.Style {
		if n > 0 {
			return style
		}
		return st.Text
	}
	now := o.c.Now()

	memories := statBlock{title: "Memories"}
	for _, t := range []string{"world", "experience", "observation"} {
		memories.add(t, st.FactType(t), s.NodesByFactType[t], st.Text)
	}
	for _, t := range sortedExtra(s.NodesByFactType, "world", "experience", "observation") {
		memories.add(sanitize.Line(t), st.Muted, s.NodesByFactType[t], st.Text)
	}
	memories.rows = append(memories.rows,
		statRow{"total", st.Label, num(s.TotalNodes), st.Bold, 0},
		statRow{"documents", st.Label, num(s.TotalDocuments), st.Text, 0},
		statRow{"last write", st.Label, common.RelTime(s.LastMemoryWriteAt.Time, now), st.Text, 0})

	links := statBlock{title: "Links"}
	known := []string{"temporal", "semantic", "entity", "caused_by"}
	linkStyles := []lipgloss.Style{st.Info, st.Accent, st.Success, st.Warning}
	for i, t := range append(known, sortedExtra(s.LinksByLinkType, known...)...) {
		ls := st.Muted
		if i < len(linkStyles) {
			ls = linkStyles[i]
		}
		links.add(sanitize.Line(t), ls, s.LinksByLinkType[t], st.Text)
	}
	links.rows = append(links.rows, statRow{"total", st.Label, num(s.TotalLinks), st.Bold, 0})

	ops := statBlock{title: "Operations"}
	if len(s.OperationsByStatus) == 0 {
		ops.rows = []statRow{
			{"pending", st.Label, num(s.PendingOperations), warn(s.PendingOperations, st.Warning), 0},
			{"failed", st.Label, num(s.FailedOperations), warn(s.FailedOperations, st.Error), 0},
		}
	} else {
		statuses := []string{"completed", "processing", "pending", "failed", "cancelled"}
		for _, t := range append(statuses, sortedExtra(s.OperationsByStatus, statuses...)...) {
			if n, ok := s.OperationsByStatus[t]; ok || t == "pending" || t == "failed" {
				vs := st.Text
				switch t {
				case "pending":
					vs = warn(n, st.Warning)
				case "failed":
					vs = warn(n, st.Error)
				}
				ops.add(sanitize.Line(t), st.OperationStatus(t), n, vs)
			}
		}
	}
	// Consolidation turns facts into observations: done is the facts no longer
	// waiting for it nor failed in it.
	facts := s.NodesByFactType["world"] + s.NodesByFactType["experience"]
	done := max(facts-s.PendingConsolidation-s.FailedConsolidation, 0)
	consolidation := statBlock{title: "Consolidation"}
	consolidation.add("done", st.OpCompleted, done, st.Text)
	consolidation.add("pending", st.OpPending, s.PendingConsolidation, warn(s.PendingConsolidation, st.Warning))
	consolidation.add("failed", st.OpFailed, s.FailedConsolidation, warn(s.FailedConsolidation, st.Error))
	consolidation.rows = append(consolidation.rows, statRow{"last run", st.Label, common.RelTime(s.LastConsolidatedAt.Time, now), st.Text, 0})
	blocks := []statBlock{memories, links, ops, consolidation}
	if n := o.models; n != nil && n.inSync+n.stale+n.unknown > 0 {
		models := statBlock{title: "Mental models"}
		models.add("in sync", st.OpCompleted, n.inSync, st.Text)
		models.add("stale", st.OpPending, n.stale, warn(n.stale, st.Warning))
		if n.unknown > 0 {
			models.add("not said", st.Muted, n.unknown, st.Text)
		}
		if n.more {
			models.title += " (first " + num(modelsListed) + ")"
		}
		blocks = append(blocks, models)
	}

	const gap, minCol, maxCol = 2, 17, 26
	cols := min(max((w+gap)/(minCol+gap), 1), 3)
	colW := min(maxCol, (w-gap*(cols-1))/cols)
	if cols == 1 {
		colW = w
	}
	groups := map[int][][]int{1: {{0, 1, 2, 3}}, 2: {{0, 2}, {1, 3}}, 3: {{0}, {1}, {2, 3}}}[cols]
	if len(blocks) == 5 { // the mental models go where there is room
		groups = map[int][][]int{1: {{0, 1, 2, 3, 4}}, 2: {{0, 2, 4}, {1, 3}}, 3: {{0}, {1, 4}, {2, 3}}}[cols]
	}
	columns := make([][]string, len(groups))
	height := 0
	for c, g := range groups {
		for i, b := range g {
			if i > 0 {
				columns[c] = append(columns[c], strings.Repeat(" ", colW))
			}
			columns[c] = append(columns[c], renderBlock(st.Section, blocks[b], colW)...)
		}
		height = max(height, len(columns[c]))
	}
	lines := make([]string, height)
	for i := range lines {
		var b strings.Builder
		for c, col := range columns {
			if c > 0 {
				b.WriteString(strings.Repeat(" ", gap))
			}
			if i < len(col) {
				b.WriteString(col[i])
			} else {
				b.WriteString(strings.Repeat(" ", colW))
			}
		}
		lines[i] = components.Fit(b.String(), w)
	}
	return lines
}

func renderBlock(title lipgloss.Style, b statBlock, w int) []string {
	lines := []string{components.Fit(title.Render(b.title), w)}
	if len(b.bar) > 0 {
		lines = append(lines, components.StackedBar(b.bar, w))
	}
	for _, r := range b.rows {
		label := r.ls.Render(r.label)
		if r.part > 0 {
			label = r.ls.Render(components.PartGlyph(r.part-1)) + " " + label
		}
		lines = append(lines, components.Spread(label, r.vstyle.Render(r.value), w))
	}
	return lines
}

// sortedExtra returns the keys of m that are not in known, sorted: counters of types
// this version does not know yet still show.
func sortedExtra(m map[string]int, known ...string) []string {
	var out []string
	for k := range m {
		if !slices.Contains(known, k) {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// wrapCache keeps the wrapped mission: wrapping a huge text on every frame would make
// the view's cost depend on the text's length.
type wrapCache struct {
	text     string
	width    int
	maxLines int
	lines    []string
}

// keep wraps text for width and maxLines unless that is what the cache holds.
func (c *wrapCache) keep(text string, width, maxLines int) {
	if !c.holds(text, width, maxLines) {
		c.text, c.width, c.maxLines = text, width, maxLines
		c.lines = wrapMission(text, width, maxLines)
	}
}

// get returns text wrapped for width and maxLines: from the cache when it holds
// that, else wrapped now without changing the cache.
func (c *wrapCache) get(text string, width, maxLines int) []string {
	if c.holds(text, width, maxLines) {
		return c.lines
	}
	return wrapMission(text, width, maxLines)
}

func (c *wrapCache) holds(text string, width, maxLines int) bool {
	return c.lines != nil && c.text == text && c.width == width && c.maxLines == maxLines
}

// wrapMission wraps a mission into at most maxLines lines of width cells.
func wrapMission(text string, width, maxLines int) []string {
	clean := strings.TrimSpace(strings.ReplaceAll(sanitize.Text(text), "\t", " "))
	// Only maxLines lines are shown: a prefix of the text is enough to fill them, and
	// wrapping only that keeps a megabyte-long mission cheap.
	cut := false
	if limit := width*maxLines*4 + 1; len(clean) > limit {
		clean, cut = strings.ToValidUTF8(clean[:limit], ""), true
	}
	lines := components.Wrap(clean, width, maxLines)
	if last := len(lines) - 1; cut && last >= 0 && !strings.HasSuffix(lines[last], components.Ellipsis) {
		lines[last] = components.Truncate(lines[last], width-1) + components.Ellipsis
	}
	return lines
}

// healthLines say how the bank's health checks came out, once some have run (the bank
// list's quick checks, or the Health pane's full run): which checks fail, with a mark
// readable without colour.
func (o *Overview) healthLines(w int) []string {
	st := o.c.Styles
	h, ok := o.health[o.bankID]
	if !ok {
		return nil
	}
	scope := ""
	if !h.Full {
		scope = " (quick checks; the Health pane runs them all)"
	}
	var text string
	style := st.Success
	switch h.Worst {
	case "fail":
		text, style = "✗ failing: "+strings.Join(h.Failing, ", "), st.Error
	case "warn":
		text, style = "! no check fails; some warn", st.Warning
	default:
		text = "✓ no check fails"
	}
	var lines []string
	for i, l := range components.Wrap("Health "+text+scope, w, 3) {
		if i == 0 {
			l = st.Label.Render("Health") + " " + style.Render(strings.TrimPrefix(l, "Health "))
		} else {
			l = style.Render(l)
		}
		lines = append(lines, components.Fit(l, w))
	}
	return lines
}
