package recall

import (
	"slices"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// param is one recall option as the comparison names it, with the value a request
// gives it ("mid (default)" for one left to the server).
type param struct {
	name, value string
	list        []string // the values of a list option (types, tags), for +/− changes
}

// requestParams lists every option of req, the server's defaults included, so A and
// B can be laid side by side and what B changes named.
func requestParams(req client.RecallRequest) []param {
	dflt := func(v, d string) string {
		if v == "" {
			return d + " (default)"
		}
		return sanitize.Line(v)
	}
	onOff := func(b bool) string {
		if b {
			return "on"
		}
		return "off"
	}
	types := "all (default)"
	if len(req.Types) > 0 {
		types = strings.Join(req.Types, "+")
	}
	tags := "none"
	if len(req.Tags) > 0 {
		tags = sanitize.Line(strings.Join(req.Tags, ", "))
	}
	maxTokens := common.Thousands(defaultMaxTokens) + " (default)"
	if req.MaxTokens != nil {
		maxTokens = common.Thousands(*req.MaxTokens)
	}
	window := "none"
	if w := req.TemporalWindow; w != nil {
		window = sanitize.Line(w.Start + " → " + w.End)
	}
	inc := req.Include
	entities, chunks, sources := "on (default)", "off", "off"
	if inc != nil {
		entities = onOff(!inc.NoEntities)
		chunks, sources = onOff(inc.Chunks != nil), onOff(inc.SourceFacts != nil)
	}
	out := []param{
		{name: "types", value: types, list: req.Types},
		{name: "tags", value: tags, list: req.Tags},
		{name: "tags_match", value: dflt(req.TagsMatch, defaultMatch)},
		{name: "budget", value: dflt(req.Budget, defaultBudget)},
		{name: "max_tokens", value: maxTokens},
		{name: "query_timestamp", value: dflt(req.QueryTimestamp, "now")},
		{name: "temporal_window", value: window},
		{name: "entities", value: entities},
		{name: "chunks", value: chunks},
		{name: "source facts", value: sources},
		{name: "prefer_observations", value: onOff(req.PreferObservations)},
	}
	var floors [4]*float64
	if ms := req.MinScores; ms != nil {
		floors = [4]*float64{ms.Semantic, ms.Keyword, ms.Reranker, ms.Final}
	}
	for i, f := range floors {
		v := "none"
		if f != nil {
			v = "≥ " + strconv.FormatFloat(*f, 'f', -1, 64)
		}
		out = append(out, param{name: "min " + scoreNames()[i], value: v})
	}
	return append(out, param{name: "trace", value: onOff(req.Trace)})
}

// requestChanges names what b changes of a, in option order: "budget high", "types
// +experience −world"; none when b is the same request.
func requestChanges(a, b client.RecallRequest) []string {
	pa, pb := requestParams(a), requestParams(b)
	var out []string
	for i := range pb {
		if pa[i].value == pb[i].value {
			continue
		}
		v := strings.TrimSuffix(pb[i].value, " (default)")
		if len(pa[i].list) > 0 && len(pb[i].list) > 0 {
			var d []string
			for _, x := range pb[i].list {
				if !slices.Contains(pa[i].list, x) {
					d = append(d, "+"+sanitize.Line(x))
				}
			}
			for _, x := range pa[i].list {
				if !slices.Contains(pb[i].list, x) {
					d = append(d, "−"+sanitize.Line(x))
				}
			}
			v = strings.Join(d, " ")
		}
		out = append(out, pb[i].name+" "+v)
	}
	return out
}

// saveCompare asks where to write the comparison as markdown, and writes it there.
func (m *Model) saveCompare() tea.Cmd {
	s := m.cmp
	if s.a == nil || s.b == nil {
		return common.Toast("nothing to write yet: B has not answered")
	}
	bank, c := m.bank, m.c
	name := "hindsight-recall-ab-" + components.FileSafe(bank) + "-" + c.Now().Format("20060102-1504") + ".md"
	return components.SaveFile(c, "the A/B comparison", name, func() string {
		return compareMarkdown(bank, c.BaseURL, c.Now(), &s)
	})
}

// mdCell keeps untrusted text inside one markdown table cell.
func mdCell(s string) string {
	return strings.NewReplacer("|", `\|`, "`", "'").Replace(sanitize.Line(s))
}

// compareMarkdown is the comparison as a markdown document: the bank, the query, both
// parameter sets side by side, the totals and the merged table.
func compareMarkdown(bank, server string, now time.Time, s *compareState) string {
	var b strings.Builder
	w := func(parts ...string) {
		for _, p := range parts {
			b.WriteString(p)
		}
	}
	title := "# Recall A/B comparison: "
	if s.replay != nil {
		title = "# Recall replay, then and now: "
	}
	w(title, sanitize.Line(bank), "\n\n")
	w("Written ", now.UTC().Format("2006-01-02 15:04 MST"))
	if server != "" {
		w(" from ", sanitize.Line(server))
	}
	w(" with hindsight-tui.\n\n")
	w("**Query** `", mdCell(s.a.req.Query), "`\n\n")
	n := s.sideNames()
	switch {
	case s.replay != nil:
		w("then is the answer the audit log recorded at ", s.replayAt.UTC().Format("2006-01-02 15:04 MST"),
			"; now is the same request sent again: the difference is what changed in the bank since.\n\n")
	case len(s.changes) == 0:
		w("B is the same request as A, run again: the difference is what changed in the bank between the two.\n\n")
	default:
		w(n[1], " changes: ", mdCell(strings.Join(s.changes, ", ")), ".\n\n")
	}
	w("## Parameters\n\n| parameter | ", n[0], " | ", n[1], " |\n|---|---|---|\n")
	pa, pb := requestParams(s.a.req), requestParams(s.b.req)
	for i := range pa {
		w("| ", pa[i].name, " | ", mdCell(pa[i].value), " | ", mdCell(pb[i].value), " |\n")
	}
	d := s.diff
	w("\n## Results\n\n")
	for _, side := range []struct {
		name string
		rs   *resultSet
	}{{n[0], s.a}, {n[1], s.b}} {
		w("- ", side.name, ": ", common.Plural(len(side.rs.rows), "result", "results"), ", ",
			common.Thousands(side.rs.tokens), " of ", common.Thousands(side.rs.maxTokens), " tokens, ", latency(side.rs.took), "\n")
	}
	w("- ", strconv.Itoa(len(d.Entered)), " new, ", strconv.Itoa(len(d.Left)), " gone, ",
		strconv.Itoa(len(d.Moved)), " moved, ", strconv.Itoa(d.Same), " same\n\n")
	w("| ", n[0], " | ", n[1], " | move | final ", n[0], " | final ", n[1], " | type | memory | id |\n|---:|---:|:---:|---:|---:|---|---|---|\n")
	cell := func(r *row) string {
		if r == nil || r.res.Scores == nil {
			return "–"
		}
		return score(&r.res.Scores.Final)
	}
	for i := range s.rows {
		r := &s.rows[i]
		res := r.result()
		w("| ", strings.TrimSpace(rankCell(r.mv.From, 1)), " | ", strings.TrimSpace(rankCell(r.mv.To, 1)), " | ",
			r.mv.Change(), " | ", cell(r.a), " | ", cell(r.b), " | ", mdCell(res.Type), " | ",
			mdCell(components.Head(res.Text, rowTextMax)), " | ", mdCell(res.ID), " |\n")
	}
	return b.String()
}
