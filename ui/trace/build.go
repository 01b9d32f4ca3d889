package trace

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"hindsight-tui/client"
)

// section is one tab of the viewer: a retrieval lane, the fused list, the reranked list
// or the phase timings.
type section struct {
	key          string // identity across traces ("lane:bm25", "fused"), to keep the tab on a new trace
	label, short string // names in the section bar, wide and narrow
	lane         bool   // one of the retrieval lanes (the bar's first group)
	absent       bool   // not in this trace: drawn subtle in the bar
	title, info  string // the header line: title in bold, info muted
	missing      string // shown instead of rows when the section cannot be shown
	tbl          table
	head         []seg // the header line, laid out for the current width
	laidOut      int   // the width tbl and head were formatted for; -1 before the first layout
}

const notInTrace = "not in this trace"

// buildSections turns a decoded trace into the viewer's tabs.
func buildSections(d *doc) []*section {
	var out []*section
	for _, name := range laneOrder(d) {
		out = append(out, laneSection(name, d.lanes))
	}
	out = append(out, fusedSection(d), rerankedSection(d), phasesSection(d))
	for _, s := range out {
		s.laidOut = -1
	}
	return out
}

// layout formats the section for width, unless it already is.
func (s *section) layout(width int) {
	if s.laidOut == width {
		return
	}
	s.tbl.layout(width)
	s.layoutHead(width)
	s.laidOut = width
}

// problemText explains a section that is absent or of the wrong type.
func problemText[T any](p part[T]) string {
	if p.problem != "" {
		return "unreadable in this trace (" + p.problem + ")"
	}
	return notInTrace
}

func skippedText(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" · %d unreadable skipped", n)
}

func fusedSection(d *doc) *section {
	s := &section{key: "fused", label: "Fused", short: "fused", title: "Fused (RRF)"}
	p := d.fused
	if !p.found || p.problem != "" {
		s.absent, s.missing = true, problemText(p)
		return s
	}
	lanes := fusedLanes(d)
	t := &s.tbl
	t.cols = []column{{title: "#", right: true}, {title: "rrf score", short: "rrf", right: true}}
	// Narrow views drop the source ranks from the right, keeping the text readable.
	for i, l := range lanes {
		t.cols = append(t.cols, column{title: l, short: shortLane(l), right: true, maxWidth: 10, drop: 1 + i})
	}
	t.cols = append(t.cols, column{title: "text", flex: true})
	for _, r := range p.items {
		cells := []cell{newCell(fmtRank(r.rank), toneNone), newCell(fmtScore(r.score), toneNone)}
		for _, l := range lanes {
			if n, ok := r.sources[l]; ok {
				cells = append(cells, newCell(fmtRank(n), toneNone))
			} else {
				cells = append(cells, newCell(dash, toneSubtle))
			}
		}
		t.rows = append(t.rows, row{nodeID: r.nodeID, cells: append(cells, textCell(r.text, r.nodeID))})
	}
	t.empty = "no candidates"
	t.finish()
	s.info = joinInfo(plural(len(p.items), "candidate"), fromLanes(lanes)) + skippedText(p.skipped)
	return s
}

// fusedLanes are the lanes that get a source-rank column: those that ran, then any
// other a source_ranks map names.
func fusedLanes(d *doc) []string {
	ran := map[string]bool{}
	for _, e := range d.lanes.items {
		ran[e.method] = true
	}
	var extra []string
	for _, r := range d.fused.items {
		for l := range r.sources {
			if !ran[l] {
				ran[l] = true
				extra = append(extra, l)
			}
		}
	}
	sort.Strings(extra)
	var out []string
	for _, l := range laneOrder(d) {
		if ran[l] {
			out = append(out, l)
		}
	}
	for _, l := range extra {
		if !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out
}

func fromLanes(lanes []string) string {
	if len(lanes) == 0 {
		return ""
	}
	return "ranks from " + strings.Join(lanes, ", ")
}

func rerankedSection(d *doc) *section {
	s := &section{key: "reranked", label: "Reranked", short: "rerank", title: "Reranked"}
	p := d.reranked
	if !p.found || p.problem != "" {
		s.absent, s.missing = true, problemText(p)
		return s
	}
	t := &s.tbl
	t.cols = []column{
		{title: "#", right: true},
		{title: "move", right: true},
		{title: "rerank score", short: "score", right: true, drop: 1},
		// score = CE × the three multipliers (API: recall score breakdown).
		{title: "= CE", right: true, drop: 3},
		{title: "× recency", short: "×rec", right: true, drop: 4},
		{title: "× temporal", short: "×tmp", right: true, drop: 5},
		{title: "× proof", short: "×prf", right: true, drop: 6},
		{title: "rrf #", right: true, drop: 2},
		{title: "text", flex: true},
	}
	up, down, same := 0, 0, 0
	for _, r := range p.items {
		mv := moveCell(r.change)
		switch mv.tone {
		case toneSuccess:
			up++
		case toneError:
			down++
		case toneMuted:
			same++
		}
		b := client.ScoreBreakdown{Recency: r.recency.v, Temporal: r.temporal.v, ProofNorm: r.proof.v}
		t.rows = append(t.rows, row{nodeID: r.nodeID, cells: []cell{
			newCell(fmtRank(r.rank), toneNone), mv, newCell(fmtScore(r.score), toneNone),
			newCell(fmtScore(r.ce), toneNone),
			factorCell(b.RecencyFactor(), r.recency.ok), factorCell(b.TemporalFactor(), r.temporal.ok), factorCell(b.ProofFactor(), r.proof.ok),
			newCell(fmtRank(r.rrfRank), toneNone), textCell(r.text, r.nodeID),
		}})
	}
	t.empty = "no results"
	t.finish()
	s.info = joinInfo(plural(len(p.items), "result"),
		fmt.Sprintf("%d up, %d down, %d unchanged", up, down, same)) + skippedText(p.skipped)
	return s
}

// factorCell is one multiplier of the final score: above 1 it raised the score
// (green), below 1 it lowered it (red); ok is false when the trace lacks its part.
func factorCell(f float64, ok bool) cell {
	if !ok {
		return newCell(dash, toneSubtle)
	}
	tone := toneMuted
	switch {
	case f > 1.0005:
		tone = toneSuccess
	case f < 0.9995:
		tone = toneError
	}
	return newCell(fmt.Sprintf("%.3f", f), tone)
}

// moveCell shows how far reranking moved a result: ↑3 (up), ↓2 (down), = (stayed).
func moveCell(change num) cell {
	switch {
	case !change.ok:
		return newCell(dash, toneSubtle)
	case change.v > 0:
		return newCell("↑"+fmtNumber(change.v), toneSuccess)
	case change.v < 0:
		return newCell("↓"+fmtNumber(-change.v), toneError)
	}
	return newCell("=", toneMuted)
}

// shareWidth is the width of the proportional duration bar in the phases table.
const shareWidth = 10

func phasesSection(d *doc) *section {
	s := &section{key: "phases", label: "Phases", short: "phases", title: "Phases"}
	p, sum := d.phases, d.summary
	total := phaseTotal(d)
	var facts []string
	if sum.returned.ok {
		facts = append(facts, fmtNumber(sum.returned.v)+" results returned")
	}
	if sum.visited.ok {
		facts = append(facts, fmtNumber(sum.visited.v)+" nodes visited")
	}
	totalText := ""
	if total.ok {
		totalText = durationText(total) + " total"
	}
	if !p.found || p.problem != "" {
		s.absent, s.missing = true, "phase timings "+problemText(p)
		if sum.problem != "" {
			s.missing = "summary unreadable in this trace (" + sum.problem + ")"
		}
		s.info = joinInfo(append([]string{totalText}, facts...)...)
		return s
	}
	t := &s.tbl
	t.cols = []column{
		{title: "phase", maxWidth: 28, shortMax: 12},
		{title: "ms", right: true},
		{title: "share", drop: 1},
		{title: "details", flex: true},
	}
	// The bar tells more at a glance than the details, which may be cut short.
	t.minFlex = 12
	for _, ph := range p.items {
		name, ms, details := newCell(ph.name, toneNone), newCell(dash, toneSubtle), newCell(ph.details, toneMuted)
		if ph.diagnostic {
			name.tone = toneMuted
			details = newCell(joinInfo("diagnostic, overlaps others", ph.details), toneMuted)
		}
		frac := 0.0
		if ph.duration.ok {
			ms = newCell(fmt.Sprintf("%.2f", ph.duration.v*1000), toneNone)
			if total.ok && total.v > 0 {
				frac = ph.duration.v / total.v
			}
		}
		t.rows = append(t.rows, row{cells: []cell{name, ms, newCell(bar(frac, shareWidth), toneAccent), details}})
	}
	t.empty = "no phases"
	t.finish()
	s.info = joinInfo(append([]string{plural(len(p.items), "phase"), totalText}, facts...)...) +
		skippedText(p.skipped)
	return s
}

// phaseTotal is the summary's total duration, else the sum of the non-diagnostic phases.
func phaseTotal(d *doc) num {
	if t := d.summary.total; t.ok {
		return t
	}
	sum, seen := 0.0, false
	for _, p := range d.phases.items {
		if p.duration.ok && !p.diagnostic {
			sum, seen = sum+p.duration.v, true
		}
	}
	return num{v: sum, ok: seen}
}

// bar draws frac (0..1) as a bar of w cells with eighth-cell precision; a phase that
// took any time at all gets at least a sliver.
func bar(frac float64, w int) string {
	const partial = " ▏▎▍▌▋▊▉"
	frac = min(max(frac, 0), 1)
	eighths := int(math.Round(frac * float64(w*8)))
	if eighths == 0 && frac > 0 {
		eighths = 1
	}
	var b strings.Builder
	b.WriteString(strings.Repeat("█", eighths/8))
	if r := eighths % 8; r > 0 {
		b.WriteString(string([]rune(partial)[r]))
	}
	filled := (eighths + 7) / 8
	b.WriteString(strings.Repeat(" ", w-filled))
	return b.String()
}

// textCell is a result's text, or its id (muted) when the trace has no text for it.
func textCell(text, nodeID string) cell {
	switch {
	case text != "":
		return newCell(text, toneNone)
	case nodeID != "":
		return newCell(nodeID, toneMuted)
	}
	return newCell(dash, toneSubtle)
}

func durationText(d num) string {
	if !d.ok {
		return ""
	}
	return fmtDuration(d.v)
}

func orDash(s string) string {
	if s == "" {
		return dash
	}
	return s
}

// plural counts things: "1 result", "2 results".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// joinInfo joins the non-empty parts of a header with " · ".
func joinInfo(parts ...string) string {
	out := parts[:0:0]
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, " · ")
}
