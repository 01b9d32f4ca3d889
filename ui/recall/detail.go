package recall

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/components"
)

// detailState is the detail panel of the selected result: its drawing, kept while the
// selection, width and theme stay, and how far it is scrolled.
type detailState struct {
	lines  []string
	id     string
	width  int
	styles *styles.Styles
	scroll int
}

// renderDetail draws the selected result's details at width.
func (m *Model) renderDetail(width int) []string {
	r := m.selected()
	if r == nil {
		return nil
	}
	return resultDoc(r, m.cursor+1, m.res.rows[m.cursor].tokens, m.res, m.c.Now()).Lines(m.c.Styles, width)
}

// keepDetail draws the selected result's details at width into the panel (reusing the
// last drawing while the selection, width and theme stay) and keeps the scroll inside
// them for a panel h lines high.
func (m *Model) keepDetail(width, h int) {
	d := &m.detail
	id := m.selectedID()
	if id == "" {
		return
	}
	if d.lines == nil || d.id != id || d.width != width || d.styles != m.c.Styles {
		d.lines, d.id, d.width, d.styles = m.renderDetail(width), id, width, m.c.Styles
	}
	d.scroll = min(d.scroll, max(len(d.lines)-h, 0))
}

// resultDoc is everything the server returned about one result: full text, context,
// every score, dates, entities, tags, metadata, document and chunk (with the chunk's
// text when chunks were included) and, for an observation, its source facts.
func resultDoc(r *client.RecallResult, rank, tokens int, rs *resultSet, now time.Time) *components.Doc {
	d, resp := &components.Doc{}, rs.resp
	typ := r.Type
	d.Line(func(st *styles.Styles, w int) string {
		head := fmt.Sprintf("#%d ", rank)
		return st.Bold.Render(head) + st.FactType(typ).Render(sanitize.Line(typ)) +
			st.Muted.Render(components.Truncate(" · ~"+strconv.Itoa(tokens)+" tokens", max(w-len(head)-len(typ), 0)))
	})
	d.Text(r.Text)
	d.Field("context", r.Context)
	d.Field("id", r.ID)
	if s := r.Scores; s != nil {
		d.Section("Scores")
		d.Field("final", score(&s.Final))
		// With the trace on, the server says how it got there (the breakdown of the
		// reranked candidates); without it, the hint says how to see it.
		if b, ok := rs.scores[r.ID]; ok {
			d.Field("", "= "+b.String())
			d.MutedText(client.ScoreFormula)
		} else if len(resp.Trace) == 0 {
			d.MutedText("t turns the trace on, which shows how final is computed")
		}
		d.Field("reranker", score(s.Reranker))
		d.Field("semantic", score(s.Semantic))
		d.Field("keyword", score(s.Keyword))
	}
	d.Section("Dates")
	d.Field("mentioned", components.FormatTime(r.MentionedAt, now))
	d.Field("occurred", components.FormatTime(r.OccurredStart, now))
	d.Field("until", components.FormatTime(r.OccurredEnd, now))
	if r.MentionedAt.IsZero() && r.OccurredStart.IsZero() && r.OccurredEnd.IsZero() {
		d.MutedText("no dates")
	}
	d.Section("Labels")
	d.Field("tags", strings.Join(r.Tags, ", "))
	if len(r.Tags) == 0 {
		d.Field("tags", "untagged")
	}
	d.Field("entities", strings.Join(r.Entities, ", "))
	d.Field("metadata", components.JoinMeta(r.Metadata))
	d.Section("Source")
	d.Field("document", r.DocumentID)
	d.Field("chunk", r.ChunkID)
	if r.DocumentID == "" && r.ChunkID == "" {
		d.MutedText("no document")
	}
	if c, ok := resp.Chunks[r.ChunkID]; ok && r.ChunkID != "" {
		label := "chunk text"
		if c.Truncated {
			label = "chunk text (truncated to fit include.chunks.max_tokens)"
		}
		d.Section(label)
		d.Text(c.Text)
	}
	if r.Type == client.FactObservation && len(r.SourceFactIDs) > 0 {
		d.Section(fmt.Sprintf("Source facts (%d)", len(r.SourceFactIDs)))
		for _, id := range r.SourceFactIDs {
			f, ok := resp.SourceFacts[id]
			if !ok {
				d.Field("fact", id+" (not returned: source_facts max_tokens)")
				continue
			}
			ft := f.Type
			d.Line(func(st *styles.Styles, w int) string {
				return st.FactType(ft).Render(components.TypeBadge(ft)) + " " + st.Muted.Render(components.Truncate(sanitize.Line(id), w-6))
			})
			d.Text(f.Text)
		}
	}
	return d
}

// score renders a score to three decimals; an absent one is "" (the field is left out).
func score(v *float64) string {
	if v == nil {
		return ""
	}
	return strconv.FormatFloat(*v, 'f', 3, 64)
}
