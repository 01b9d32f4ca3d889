package documents

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"charm.land/lipgloss/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// viewCache keeps the open document drawn at one width: its lines and where each
// chunk starts among them.
type viewCache struct {
	width  int
	styles *styles.Styles
	lines  []string
	starts []int // the first line of each chunk
}

// detailLines draws the open document, scrolled, with a position line at the bottom.
func (m *Model) detailLines(w, h int) []string {
	st := m.c.Styles
	blank := strings.Repeat(" ", w)
	var lines []string
	d := &m.det
	switch {
	case !m.open || d.id == "":
		lines = append(lines, components.Fit(st.Muted.Render("Enter opens the selected document."), w))
	case d.doc == nil && d.err != nil:
		for _, l := range components.Wrap("Could not load the document: "+m.c.Describe(d.err), w, 4) {
			lines = append(lines, components.Fit(st.Error.Render(l), w))
		}
	case d.doc == nil:
		lines = append(lines, components.Fit(st.Muted.Render("Loading "+sanitize.Line(d.id)+"…"), w))
	default:
		all := d.view.lines
		body := max(h-1, 1)
		start := min(d.scroll, len(all))
		end := min(start+body, len(all))
		lines = append(lines, all[start:end]...)
		for len(lines) < body {
			lines = append(lines, blank)
		}
		pos := fmt.Sprintf("lines %d–%d of %d", start+1, end, len(all))
		lines = append(lines, components.Spread(st.Muted.Render("J/K scroll · [ ] chunks"), st.Muted.Render(pos), w))
	}
	for len(lines) < h {
		lines = append(lines, blank)
	}
	return lines[:h]
}

// documentLines builds (or reuses) every line of the open document at width w; a
// chunk asked for by a link becomes the scroll position once its line is known.
func (m *Model) documentLines(w int) []string {
	v := &m.det.view
	if v.lines != nil && v.width == w && v.styles == m.c.Styles {
		return v.lines
	}
	st, doc := m.c.Styles, m.det.doc
	*v = viewCache{width: w, styles: st}
	add := func(s string) { v.lines = append(v.lines, components.Fit(s, w)) }
	field := func(label, value string) {
		for i, l := range components.Wrap(value, max(w-12, 8), 3) {
			if i == 0 {
				add(st.Label.Render(components.Fit(label, 11)) + " " + st.Text.Render(l))
			} else {
				add(strings.Repeat(" ", 12) + st.Text.Render(l))
			}
		}
	}
	for _, l := range components.Wrap(sanitize.Line(doc.ID), w, 2) {
		add(st.Bold.Render(l))
	}
	now := m.c.Now()
	field("created", common.RelTime(doc.CreatedAt.Time, now)+" · updated "+common.RelTime(doc.UpdatedAt.Time, now))
	field("size", fmt.Sprintf("%s · %s", humanSize(textLength(doc.TextLength, doc.OriginalText)), common.Plural(len(m.det.chunks), "chunk", "chunks")))
	mem := st.Text.Render(common.Plural(doc.MemoryUnitCount, "memory", "memories"))
	sep := ": "
	for _, t := range []struct {
		name  string
		style lipgloss.Style
	}{{"world", st.World}, {"experience", st.Experience}, {"observation", st.Observation}} {
		if n, ok := doc.NodesByFactType[t.name]; ok {
			mem += st.Muted.Render(sep) + t.style.Render(fmt.Sprintf("%s %d", t.name, n))
			sep = " · "
		}
	}
	add(st.Label.Render(components.Fit("memories", 11)) + " " + mem)
	tags := "none"
	if len(doc.Tags) > 0 {
		tags = sanitize.Line(strings.Join(doc.Tags, ", "))
	}
	field("tags", tags)
	if len(doc.RetainParams) > 0 {
		add("")
		add(st.Section.Render("Retain parameters"))
		for _, k := range sortedKeys(doc.RetainParams) {
			if k == "metadata" {
				continue
			}
			field(sanitize.Line(k), sanitize.Line(compact(doc.RetainParams[k])))
		}
	}
	if len(doc.DocumentMetadata) > 0 {
		add("")
		add(st.Section.Render("Metadata"))
		for _, k := range sortedKeys(doc.DocumentMetadata) {
			field(sanitize.Line(k), sanitize.Line(doc.DocumentMetadata[k]))
		}
	}
	add("")
	add(st.Section.Render("Text"))
	m.textLines(w, add)
	if m.det.err != nil {
		add(st.Error.Render(components.Truncate(m.c.Describe(m.det.err), w)))
	}
	if m.det.chunk != "" {
		if i := slices.IndexFunc(m.det.chunks, func(c client.Chunk) bool { return c.ChunkID == m.det.chunk }); i >= 0 && i < len(v.starts) {
			m.det.scroll, m.det.pick = v.starts[i], i+1
		}
		m.det.chunk = ""
	}
	return v.lines
}

// textLines adds the document's text: its chunks with their boundaries marked, else
// the original text, else a note that the server does not keep it.
func (m *Model) textLines(w int, add func(string)) {
	st, v := m.c.Styles, &m.det.view
	text := func(s string) {
		for _, para := range strings.Split(sanitize.Text(s), "\n") {
			for _, l := range components.Wrap(para, w, 0) {
				add(st.Text.Render(l))
			}
		}
	}
	switch {
	case len(m.det.chunks) > 0:
		for _, c := range m.det.chunks {
			v.starts = append(v.starts, len(v.lines))
			label := fmt.Sprintf("── chunk %d · %s ", c.ChunkIndex, humanSize(len([]rune(c.ChunkText))))
			add(st.Subtle.Render(label + strings.Repeat("─", max(w-len([]rune(label)), 0))))
			text(c.ChunkText)
		}
	case m.det.doc.OriginalText != nil:
		text(*m.det.doc.OriginalText)
	default:
		add(st.Muted.Render("The server does not store this document's text."))
	}
}

// scrollText moves the text viewer by n lines.
func (m *Model) scrollText(n int) {
	if m.open {
		m.det.scroll = max(m.det.scroll+n, 0) // settle clamps the end
		m.det.pick = 0
	}
}

// jumpChunk scrolls to the next (d = 1) or previous (d = -1) chunk boundary.
func (m *Model) jumpChunk(d int) {
	if !m.open || m.det.doc == nil {
		return
	}
	_ = m.documentLines(m.detailWidth()) // the chunk starts, even before the first frame
	starts := m.det.view.starts
	if len(starts) == 0 {
		return
	}
	cur := m.det.scroll
	if m.det.pick > 0 && m.det.pick <= len(starts) {
		cur = starts[m.det.pick-1] // the chunk gone to, when the text fits and did not scroll
	}
	if d > 0 {
		for i, s := range starts {
			if s > cur {
				m.det.scroll, m.det.pick = s, i+1
				return
			}
		}
		return
	}
	for i := len(starts) - 1; i >= 0; i-- {
		if starts[i] < cur {
			m.det.scroll, m.det.pick = starts[i], i+1
			return
		}
	}
}

// detailWidth is the width the open document is drawn at.
func (m *Model) detailWidth() int {
	if m.wide() {
		return m.width - m.listWidth() - 1
	}
	return m.width
}

// textLength prefers the server's count and falls back to the text itself.
func textLength(n int, text *string) int {
	if n == 0 && text != nil {
		return len([]rune(*text))
	}
	return n
}

// compact is a JSON value on one line; strings lose their quotes.
func compact(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return strings.Join(strings.Fields(string(raw)), " ")
}

// sortedKeys returns a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
