package reflect

import (
	"strings"

	"charm.land/glamour/v2"
	gansi "charm.land/glamour/v2/ansi"
	gstyles "charm.land/glamour/v2/styles"
	"github.com/charmbracelet/x/ansi"

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

// newRenderer builds glamour's renderer for a variant: its built-in dark or light
// style without the document margin (the transcript indents answers itself) and
// without the "## " glamour leaves in front of headings (their colour and weight say
// they are headings; the marks are the raw markdown a reader asked not to see), word
// wrapped to the width. Styles come from the package, never from the environment.
func newRenderer(v variant) *glamour.TermRenderer {
	cfg := gstyles.DarkStyleConfig
	if !v.dark {
		cfg = gstyles.LightStyleConfig
	}
	zero := uint(0)
	cfg.Document.Margin = &zero
	cfg.Document.BlockPrefix, cfg.Document.BlockSuffix = "", ""
	for _, h := range []*gansi.StyleBlock{&cfg.H2, &cfg.H3, &cfg.H4, &cfg.H5, &cfg.H6} {
		h.Prefix = ""
	}
	// glamour's wrapping can run a cell past its width (list items, punctuation), so
	// it wraps one cell short; renderMarkdown re-wraps whatever still overflows.
	r, err := glamour.NewTermRenderer(glamour.WithStyles(cfg), glamour.WithWordWrap(max(v.width-1, 8)))
	if err != nil {
		return nil
	}
	return r
}

// renderMarkdown draws md (already sanitized) as lines of exactly width cells. When
// glamour fails, the text is shown wrapped as it is: an answer is never lost to its
// formatting.
func renderMarkdown(r *glamour.TermRenderer, md string, width int) []string {
	var out string
	var err error
	if r != nil {
		// glamour breaks lines after hyphens too: dates and ids stay whole.
		kept, restore := components.KeepHyphens(md)
		out, err = r.Render(kept)
		out = restore(out)
	}
	if r == nil || err != nil {
		return plainLines(md, width)
	}
	lines := strings.Split(stripHyperlinks(out), "\n")
	// glamour frames the document with blank lines; the transcript spaces turns itself.
	for len(lines) > 0 && strings.TrimSpace(ansi.Strip(lines[0])) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(ansi.Strip(lines[len(lines)-1])) == "" {
		lines = lines[:len(lines)-1]
	}
	fitted := make([]string, 0, len(lines))
	for _, l := range lines {
		if ansi.StringWidth(l) <= width {
			fitted = append(fitted, components.Fit(l, width))
			continue
		}
		// Too wide: wrap it rather than cut it, so no word of the answer is lost.
		for _, part := range strings.Split(ansi.Wrap(l, width, ""), "\n") {
			fitted = append(fitted, components.Fit(part, width))
		}
	}
	return fitted
}

// plainLines is md word-wrapped, unstyled.
func plainLines(md string, width int) []string {
	var out []string
	for _, para := range strings.Split(md, "\n") {
		for _, l := range components.Wrap(para, width, 0) {
			out = append(out, components.Fit(l, width))
		}
	}
	return out
}

// stripHyperlinks removes the OSC 8 hyperlinks glamour wraps links in. The link text
// and its URL stay visible; an answer's links are untrusted, so they are not made
// clickable.
func stripHyperlinks(s string) string {
	if !strings.Contains(s, "\x1b]8;") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, "\x1b]8;")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		rest := s[i:]
		end, skip := len(rest), 0
		if j := strings.IndexAny(rest, "\x07"); j >= 0 {
			end, skip = j, 1
		}
		if j := strings.Index(rest, "\x1b\\"); j >= 0 && j < end {
			end, skip = j, 2
		}
		s = rest[min(end+skip, len(rest)):]
	}
}
