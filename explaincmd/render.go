package explaincmd

import (
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/explain"
	"hindsight-tui/sanitize"
)

// textWidth is how much of a memory's text a verdict line quotes, in terminal cells.
const textWidth = 60

// printer writes lines, each through the sanitizer: memory text, ids and whatever the
// server said are untrusted.
type printer struct {
	w   io.Writer
	err error
}

func (p *printer) line(indent int, format string, args ...any) {
	if p.err != nil {
		return
	}
	_, p.err = fmt.Fprintln(p.w, strings.Repeat(" ", indent)+sanitize.Line(fmt.Sprintf(format, args...)))
}

// quote is a memory's text, sanitized, cut to textWidth cells, in quotes.
func quote(text string) string {
	return `"` + ansi.Truncate(sanitize.Line(text), textWidth, "…") + `"`
}

// verdict prints one verdict: a line that begins with the stage, then (for a memory
// that did not come back) the evidence and the fix, and what trying the fix did.
func (p *printer) verdict(indent int, label string, v explain.Verdict, tried *explain.Outcome) {
	who := label
	if v.Memory != nil && v.Memory.Text != "" {
		who += " " + quote(v.Memory.Text)
	}
	p.line(indent, "%s: %s: %s", v.Stage, who, v.Summary)
	if v.Recalled() {
		if v.Score != nil {
			p.line(indent+2, "· %s", v.Score)
		}
		for _, e := range v.Evidence {
			if strings.HasPrefix(e, explain.TimeNotePrefix) { // kept beside the score
				p.line(indent+2, "· %s", e)
			}
		}
		return
	}
	for _, e := range v.Evidence {
		p.line(indent+2, "· %s", e)
	}
	fix := "fix: " + v.Fix.Text()
	if tried != nil {
		if tried.Back {
			fix += fmt.Sprintf(" → tried: recalled at rank %d (%s)", tried.Rank, tried.Diff.Summary())
		} else {
			fix += fmt.Sprintf(" → tried: still not recalled (%s)", tried.Diff.Summary())
		}
	}
	p.line(indent+2, "%s", fix)
	if tried != nil && tried.Next != nil {
		n := tried.Next
		p.line(indent+4, "then %s: %s; fix: %s", n.Stage, n.Summary, n.Fix.Text())
	}
}

// describeRequest lists the parameters a request sets beyond the query.
func describeRequest(r client.RecallRequest) string {
	var parts []string
	add := func(format string, args ...any) { parts = append(parts, fmt.Sprintf(format, args...)) }
	if len(r.Types) > 0 {
		add("types %s", strings.Join(r.Types, ","))
	}
	if len(r.Tags) > 0 {
		add("tags %s", strings.Join(r.Tags, ","))
	}
	if r.TagsMatch != "" {
		add("tags_match %s", r.TagsMatch)
	}
	if len(r.TagGroups) > 0 {
		add("%d tag group(s)", len(r.TagGroups))
	}
	if r.Budget != "" {
		add("budget %s", r.Budget)
	}
	if r.MaxTokens != nil {
		add("max_tokens %d", *r.MaxTokens)
	}
	if r.PreferObservations {
		add("prefer_observations")
	}
	if ms := r.MinScores; ms != nil {
		for _, f := range []struct {
			n string
			v *float64
		}{{"semantic", ms.Semantic}, {"keyword", ms.Keyword}, {"reranker", ms.Reranker}, {"final", ms.Final}} {
			if f.v != nil {
				add("min_scores.%s %g", f.n, *f.v)
			}
		}
	}
	if r.QueryTimestamp != "" {
		add("query_timestamp %s", r.QueryTimestamp)
	}
	if w := r.TemporalWindow; w != nil {
		add("temporal_window %s..%s", w.Start, w.End)
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

// expectationJSON is one expectation in why's JSON, and in check's.
type expectationJSON struct {
	MemoryID    *string `json:"memory_id"`
	Recalled    bool    `json:"recalled"`
	Rank        *int    `json:"rank"`
	Stage       string  `json:"stage"`
	Explanation string  `json:"explanation"`
	Fix         *string `json:"fix"`
}

func toJSON(v explain.Verdict) expectationJSON {
	e := expectationJSON{Recalled: v.Recalled(), Stage: string(v.Stage)}
	if v.MemoryID != "" {
		e.MemoryID = ptr(sanitize.Line(v.MemoryID))
	}
	if v.Recalled() {
		e.Rank = &v.Rank
	} else if t := v.Fix.Text(); t != "" {
		e.Fix = ptr(sanitize.Line(t))
	}
	parts := []string{v.Summary}
	parts = append(parts, v.Evidence...)
	e.Explanation = sanitize.Line(strings.Join(parts, "; "))
	return e
}

func ptr[T any](v T) *T { return &v }
