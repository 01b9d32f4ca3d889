package health

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	hc "hindsight-tui/health"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// indent is where a check's evidence starts, under its name.
const indent = 4

// sideBySide is the narrowest pane that shows a duplicate pair's two observations
// beside each other (the pane is 96 wide in a 120-column terminal); a narrower one
// stacks them.
const sideBySide = 72

// scopeLines is how many scopes the evidence lists, the most populous first; the rest
// are counted (the check keeps up to 50, which Y copies).
const scopeLines = 10

// pairLines is how many lines each observation of a pair may take.
const pairLines = 4

// evidenceLines draws what check c found, every server text sanitized: the summary in
// full, the fix, then the evidence of its kind. item is the line (within them) of the
// chosen pair or model, -1 when the evidence has none.
func (m *Model) evidenceLines(c *hc.Check, w int, summaryShown bool) (lines []string, item int) {
	st := m.c.Styles
	iw := max(w-indent, 10)
	pad := strings.Repeat(" ", indent)
	// add wraps s under the check's name, an item's further lines under its text.
	add := func(style func(...string) string, s string, maxLines int) {
		hang := ""
		switch lead := len(s) - len(strings.TrimLeft(s, " ")); {
		case strings.HasPrefix(s, "· "), strings.HasPrefix(s, "▸ "):
			hang = "  "
		case lead > 0:
			hang = strings.Repeat(" ", lead+2)
		}
		for i, l := range components.Wrap(s, iw-len(hang), maxLines) {
			if i > 0 {
				l = hang + l
			}
			lines = append(lines, pad+style(l))
		}
	}
	if !summaryShown {
		add(st.Text.Render, m.summaryOf(c), 0)
	}
	if c.Fix != "" {
		add(st.Muted.Render, "fix: "+sanitize.Line(c.Fix), 0)
	}
	if kind, label := fixOf(c); kind != "" && !m.c.ReadOnly {
		add(st.Accent.Render, m.own.Fix.Help().Key+": "+label, 0)
	}
	item = -1
	ev := c.Evidence
	chosen := m.itemOf(c)
	for _, f := range ev.Facts {
		add(st.Muted.Render, "· "+factLine(f), 2)
	}
	for _, cp := range ev.Copies {
		add(st.Muted.Render, fmt.Sprintf("· learned in %d scopes: %s", cp.Scopes, oneLine(cp.Text)), 2)
	}
	for i, s := range ev.Scopes {
		if i == scopeLines && len(ev.Scopes) > scopeLines+1 {
			add(st.Muted.Render, fmt.Sprintf("· and %d more scopes (Y copies them all)", len(ev.Scopes)-i), 1)
			break
		}
		add(st.Muted.Render, fmt.Sprintf("· %s: %s", scopeName(s.Tags), common.Plural(s.Count, "observation", "observations")), 1)
	}
	for i, p := range ev.Duplicates {
		if i == chosen {
			item = len(lines)
		}
		lines = append(lines, m.pairLines(i, len(ev.Duplicates), p, i == chosen, w)...)
	}
	for _, mg := range ev.Merges {
		add(st.Text.Render, "· "+sanitize.Line(mg.Name)+" ("+common.ShortID(mg.EntityID)+") co-occurs with groups that never meet:", 2)
		for i, cl := range mg.Clusters {
			add(st.Muted.Render, fmt.Sprintf("    %d: %s", i+1, sanitize.Line(strings.Join(cl, ", "))), 2)
		}
		for _, f := range mg.Unnamed {
			add(st.Muted.Render, "    not naming it: "+factLine(f), 2)
		}
	}
	for _, d := range ev.Documents {
		add(st.Muted.Render, fmt.Sprintf("· %s: %s characters, created %s, no facts", sanitize.Line(d.ID),
			common.Thousands(d.TextLength), when(d.CreatedAt)), 1)
	}
	for _, op := range ev.Operations {
		add(st.Muted.Render, fmt.Sprintf("· %s %s %s at %s: %s", sanitize.Line(op.Type), common.ShortID(op.ID),
			sanitize.Line(op.Status), when(op.At), oneLine(op.Error)), 2)
	}
	for i, mm := range ev.Models {
		mark := "· "
		if i == chosen {
			item = len(lines)
			mark = "▸ "
		}
		add(st.Text.Render, mark+common.ItemName(mm.Name, mm.ID)+": "+
			strings.TrimSuffix(strings.ToLower(modelProblem(mm)), "."), 2)
	}
	for _, call := range ev.LLMCalls {
		add(st.Muted.Render, fmt.Sprintf("· %s %s/%s: %s", when(call.At), sanitize.Line(call.Provider),
			sanitize.Line(call.Model), oneLine(call.Error)), 2)
	}
	for _, p := range ev.Probe {
		res := "ok"
		if !p.OK {
			res = "failed"
		}
		lat := ""
		if p.LatencyMS != nil {
			lat = fmt.Sprintf(", %.0f ms", *p.LatencyMS)
		}
		add(st.Muted.Render, fmt.Sprintf("· %s: %s (%s%s)", sanitize.Line(p.Operation), res,
			strings.ReplaceAll(sanitize.Line(p.Status), "_", " "), lat), 1)
	}
	return lines, item
}

// pairLines draws duplicate pair i of n: a title line, then A and B side by side when
// the pane is wide enough, one under the other when not.
func (m *Model) pairLines(i, n int, p hc.DuplicatePair, chosen bool, w int) []string {
	st := m.c.Styles
	pad := strings.Repeat(" ", indent)
	mark, ts := "· ", st.Text
	if chosen {
		mark, ts = "▸ ", st.Bold
	}
	title := fmt.Sprintf("%spair %d of %d: similarity %.2f, scope %s", mark, i+1, n, p.Similarity, scopeName(p.A.Tags))
	lines := []string{pad + ts.Render(components.Truncate(title, w-indent))}
	if w >= sideBySide {
		colW := (w - indent - 2 - 3) / 2
		a, b := sideLines("A", p.A, colW), sideLines("B", p.B, colW)
		for j := 0; j < max(len(a), len(b)); j++ {
			la, lb := "", ""
			if j < len(a) {
				la = a[j]
			}
			if j < len(b) {
				lb = b[j]
			}
			lines = append(lines, pad+"  "+st.Muted.Render(components.Fit(la, colW))+st.Subtle.Render(" │ ")+st.Muted.Render(lb))
		}
		return lines
	}
	for _, side := range []struct {
		name string
		f    hc.Fact
	}{{"A", p.A}, {"B", p.B}} {
		for _, l := range sideLines(side.name, side.f, w-indent-2) {
			lines = append(lines, pad+"  "+st.Muted.Render(l))
		}
	}
	return lines
}

// sideLines are one observation of a pair in a column of width w: its text wrapped to
// pairLines lines, then its id and its source memories.
func sideLines(name string, f hc.Fact, w int) []string {
	lines := components.Wrap(name+": "+oneLine(f.Text), w-3, pairLines)
	for i := 1; i < len(lines); i++ {
		lines[i] = "   " + lines[i]
	}
	src := make([]string, 0, len(f.Sources))
	for _, s := range f.Sources {
		src = append(src, common.ShortID(s))
	}
	meta := "   " + common.ShortID(f.ID) + " · from " + sanitize.Line(strings.Join(src, ", "))
	return append(lines, ansi.Truncate(meta, w, components.Ellipsis))
}

// factLine is a fact on one line: its id, type and text.
func factLine(f hc.Fact) string {
	s := common.ShortID(f.ID) + " " + sanitize.Line(f.Type)
	if len(f.Tags) > 0 {
		s += " [" + sanitize.Line(strings.Join(f.Tags, ", ")) + "]"
	}
	return s + ": " + oneLine(f.Text)
}

// scopeName is an observation scope as its tags, "global" for none.
func scopeName(tags []string) string {
	if len(tags) == 0 {
		return "global (untagged)"
	}
	return "[" + sanitize.Line(strings.Join(tags, ", ")) + "]"
}

// oneLine is a server text sanitized and on one line.
func oneLine(s string) string { return strings.Join(strings.Fields(sanitize.Line(s)), " ") }

// when is a time in UTC to the minute, "?" when unknown.
func when(t time.Time) string {
	if t.IsZero() {
		return "?"
	}
	return t.UTC().Format("2006-01-02 15:04")
}
