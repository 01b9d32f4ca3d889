package reflect

import (
	"charm.land/glamour/v2"

	"hindsight-tui/ui/components"
)

// variant is a way answers are drawn: a width and a theme.
type variant struct {
	width int
	dark  bool
}

// mdKey names a markdown text of the transcript: a turn's answer (item -1) or the
// content of one of its evidence items (a mental model, a directive).
type mdKey struct {
	turn int
	item int
}

// answerKey is the key of turn id's answer.
func answerKey(id int) mdKey { return mdKey{turn: id, item: -1} }

// mdCache keeps rendered markdown per variant: the lines glamour produced for each
// answer and each evidence item shown. It remembers the last few variants only, so resizing back and forth
// costs nothing while a long resize drag does not keep every width it passed through.
type mdCache struct {
	byVariant map[variant]*rendered
	order     []variant // oldest first
	// renders and hits count glamour calls and cache answers, for tests and
	// benchmarks.
	renders int
	hits    int
}

// rendered is one variant's renderer and its answers.
type rendered struct {
	r     *glamour.TermRenderer
	lines map[mdKey][]string
}

// mdVariants is how many variants the cache keeps: answers and the evidence shown
// under them are drawn at two widths, so four transcript widths.
const mdVariants = 8

func newMDCache() *mdCache { return &mdCache{byVariant: map[variant]*rendered{}} }

// lines returns the markdown of k drawn at v, rendering it on a miss. It is called
// from Update only: rendering takes about a millisecond per answer.
func (c *mdCache) lines(k mdKey, md string, v variant) []string {
	rv := c.byVariant[v]
	if rv == nil {
		rv = &rendered{lines: map[mdKey][]string{}}
		c.byVariant[v] = rv
		c.order = append(c.order, v)
		if len(c.order) > mdVariants {
			delete(c.byVariant, c.order[0])
			c.order = c.order[1:]
		}
	}
	if ls, ok := rv.lines[k]; ok {
		c.hits++
		return ls
	}
	if rv.r == nil {
		rv.r = newRenderer(v)
	}
	c.renders++
	ls := renderMarkdown(rv.r, md, v.width)
	rv.lines[k] = ls
	return ls
}

// newRenderer builds the markdown renderer of a variant.
func newRenderer(v variant) *glamour.TermRenderer {
	return components.NewMarkdownRenderer(v.width, v.dark)
}

// renderMarkdown draws md (already sanitized) as lines of exactly width cells.
func renderMarkdown(r *glamour.TermRenderer, md string, width int) []string {
	return components.RenderMarkdown(r, md, width)
}

// stripHyperlinks removes the OSC 8 hyperlinks glamour wraps links in.
func stripHyperlinks(s string) string { return components.StripHyperlinks(s) }
