package memories

import (
	"strings"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/components"
)

// The expanded row: w shows the selected memory in full under the list, so a long
// text is read without opening it: its text wrapped, the dates the table folds into
// one column apart (when it happened, when it was mentioned), and its tags and
// entities as chips.

// panelCache is the panel as settle drew it, and what it was drawn from.
type panelCache struct {
	key   panelKey
	lines []string
}

type panelKey struct {
	id, text string
	width, h int
	styles   any
	minute   int64
}

// panelHeight is how many lines the panel takes: none when collapsed, or when the
// pane is too short to keep rows above it.
func (m *Model) panelHeight() int {
	if !m.expand || m.height < 12 {
		return 0
	}
	return min(8, m.height/3)
}

// settlePanel draws the panel for the row under the cursor when something it shows
// changed.
func (m *Model) settlePanel(w int) {
	h := m.panelHeight()
	mem := m.current()
	if h == 0 || mem == nil || w <= 0 {
		m.panel = panelCache{}
		return
	}
	k := panelKey{id: mem.ID, text: mem.Text, width: w, h: h, styles: m.c.Styles, minute: m.c.Now().Unix() / 60}
	if m.panel.lines != nil && m.panel.key == k {
		return
	}
	m.panel = panelCache{key: k, lines: m.panelLines(mem, w, h)}
}

// panelLines are exactly h lines of width w: a rule, the text, the dates, the chips.
func (m *Model) panelLines(mem *client.Memory, w, h int) []string {
	st := m.c.Styles
	loc := m.c.Now().Location()
	out := []string{st.Muted.Render(strings.Repeat("─", w))}
	textH := max(h-3, 1)
	for _, l := range components.Wrap(sanitize.Text(mem.Text), w, textH) {
		out = append(out, st.Text.Render(components.Fit(l, w)))
	}
	for len(out) < 1+textH {
		out = append(out, strings.Repeat(" ", w))
	}
	day := func(t client.Time) string {
		if t.IsZero() {
			return "–"
		}
		return t.In(loc).Format(time.DateOnly + " 15:04")
	}
	occurred := day(mem.OccurredStart)
	if !mem.OccurredEnd.IsZero() && !mem.OccurredEnd.Equal(mem.OccurredStart.Time) {
		occurred += " → " + day(mem.OccurredEnd)
	}
	dates := st.Label.Render("occurred ") + st.Text.Render(occurred) + st.Label.Render("  mentioned ") + st.Text.Render(day(mem.MentionedAt))
	out = append(out, components.Fit(dates, w))
	var chips []string
	for _, t := range mem.Tags {
		chips = append(chips, st.Chip.Render(sanitize.Line(t)))
	}
	for _, e := range mem.Entities {
		chips = append(chips, st.Accent.Render("@"+sanitize.Line(e)))
	}
	if len(chips) == 0 {
		chips = []string{st.Muted.Render("untagged · no entities")}
	}
	out = append(out, components.Fit(strings.Join(chips, " "), w))
	return out[:h]
}
