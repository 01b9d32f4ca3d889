package components

import (
	"strings"

	"hindsight-tui/sanitize"

	"charm.land/glamour/v2"
	gansi "charm.land/glamour/v2/ansi"
	gstyles "charm.land/glamour/v2/styles"
	"github.com/charmbracelet/x/ansi"
)

// Markdown drawing shared by the panes that show stored answers (reflect, mental
// models, knowledge pages); MarkdownCache keeps the lines per version, width and theme.

// NewMarkdownRenderer builds glamour's renderer for a width and theme: its built-in dark or light
// style without the document margin (callers indent the text themselves) and
// without the "## " glamour leaves in front of headings (their colour and weight say
// they are headings; the marks are the raw markdown a reader asked not to see), word
// wrapped to the width. Styles come from the package, never from the environment.
func NewMarkdownRenderer(width int, dark bool) *glamour.TermRenderer {
	cfg := gstyles.DarkStyleConfig
	if !dark {
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
	r, err := glamour.NewTermRenderer(glamour.WithStyles(cfg), glamour.WithWordWrap(max(width-1, 8)))
	if err != nil {
		return nil
	}
	return r
}

// RenderMarkdown draws md (already sanitized) as lines of exactly width cells. When
// glamour fails, the text is shown wrapped as it is: an answer is never lost to its
// formatting.
func RenderMarkdown(r *glamour.TermRenderer, md string, width int) []string {
	var out string
	var err error
	if r != nil {
		// glamour breaks lines after hyphens too: dates and ids stay whole.
		kept, restore := KeepHyphens(md)
		out, err = r.Render(kept)
		out = restore(out)
	}
	if r == nil || err != nil {
		return plainLines(md, width)
	}
	lines := strings.Split(StripHyperlinks(out), "\n")
	// glamour frames the document with blank lines; callers space the text themselves.
	for len(lines) > 0 && strings.TrimSpace(ansi.Strip(lines[0])) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(ansi.Strip(lines[len(lines)-1])) == "" {
		lines = lines[:len(lines)-1]
	}
	fitted := make([]string, 0, len(lines))
	for _, l := range lines {
		if ansi.StringWidth(l) <= width {
			fitted = append(fitted, Fit(l, width))
			continue
		}
		// Too wide: wrap it rather than cut it, so no word of the answer is lost.
		for _, part := range strings.Split(ansi.Wrap(l, width, ""), "\n") {
			fitted = append(fitted, Fit(part, width))
		}
	}
	return fitted
}

// plainLines is md word-wrapped, unstyled.
func plainLines(md string, width int) []string {
	var out []string
	for _, para := range strings.Split(md, "\n") {
		for _, l := range Wrap(para, width, 0) {
			out = append(out, Fit(l, width))
		}
	}
	return out
}

// StripHyperlinks removes the OSC 8 hyperlinks glamour wraps links in. The link text
// and its URL stay visible; server text is untrusted, so they are not made
// clickable.
func StripHyperlinks(s string) string {
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

// MarkdownKey names one drawing of stored markdown: the item, its version (any string
// that changes when the text does), the width and the theme.
type MarkdownKey struct {
	ID      string
	Version string
	Width   int
	Dark    bool
}

// MarkdownCache keeps drawn markdown so a stored text renders once per version, width
// and theme, with one glamour renderer per width and theme. Panes fill it from their
// layout step (Update, SetSize, SetStyles), never from View.
type MarkdownCache struct {
	lines     map[MarkdownKey][]string
	renderers map[[2]int]*glamour.TermRenderer // by width and theme (1 = dark)
	renders   int
}

// markdownEntries and markdownRenderers bound the cache: a few texts at a few widths.
const (
	markdownEntries   = 32
	markdownRenderers = 8
)

// NewMarkdownCache returns an empty cache.
func NewMarkdownCache() *MarkdownCache {
	return &MarkdownCache{lines: map[MarkdownKey][]string{}, renderers: map[[2]int]*glamour.TermRenderer{}}
}

// Get returns md (untrusted: it is sanitized here) drawn for k, rendering on a miss.
func (c *MarkdownCache) Get(k MarkdownKey, md string) []string {
	if ls, ok := c.lines[k]; ok {
		return ls
	}
	if len(c.lines) >= markdownEntries {
		clear(c.lines)
	}
	rk := [2]int{k.Width, 0}
	if k.Dark {
		rk[1] = 1
	}
	r, ok := c.renderers[rk]
	if !ok {
		if len(c.renderers) >= markdownRenderers {
			clear(c.renderers)
		}
		r = NewMarkdownRenderer(k.Width, k.Dark)
		c.renderers[rk] = r
	}
	c.renders++
	ls := RenderMarkdown(r, sanitize.Text(md), k.Width)
	c.lines[k] = ls
	return ls
}

// Renders counts the glamour calls so far, for tests and benchmarks.
func (c *MarkdownCache) Renders() int { return c.renders }

// Forget drops the drawn lines and keeps the renderers, as a new text would find it.
func (c *MarkdownCache) Forget() { clear(c.lines) }
