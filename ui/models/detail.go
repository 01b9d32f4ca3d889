package models

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// detailView draws the open model's title line and the lines in view.
func (m *Model) detailView(w, h int) []string {
	title := m.det.id
	if m.det.model != nil {
		title = m.det.model.Name
	}
	return m.scrolled(sanitize.Line(title), m.det.lines, m.det.scroll, m.det.busy, w, h)
}

// dryView draws the dry run's title line and the lines in view.
func (m *Model) dryView(w, h int) []string {
	return m.scrolled("Dry-run refresh of "+m.dry.name, m.dry.lines, m.dry.scroll, m.dry.busy, w, h)
}

// scrolled is a title line (with the spinner or the position on the right) over the
// lines from scroll that fit in h-1 rows.
func (m *Model) scrolled(title string, body []string, scroll int, busy bool, w, h int) []string {
	st := m.c.Styles
	right := ""
	if busy {
		right = m.spin.View() + " loading"
	} else if n := len(body); n > h-1 {
		right = fmt.Sprintf("%d–%d of %d", scroll+1, min(scroll+h-1, n), n)
	}
	lines := []string{components.Spread(st.Bold.Render(components.Truncate(title, w-16)), st.Muted.Render(right), w)}
	end := min(scroll+h-1, len(body))
	if scroll < end {
		lines = append(lines, body[scroll:end]...)
	}
	return lines
}

// detailLines lays out the open model at width w: status, configuration, the content
// of the version in view, and the history.
func (m *Model) detailLines(w int) []string {
	st := m.c.Styles
	b := components.Lines{Width: w}
	add, wrap := b.Add, b.Wrap
	mm := m.det.model
	switch {
	case mm == nil && m.det.err != nil:
		wrap("Could not open mental model "+sanitize.Line(m.det.id)+": "+m.c.Describe(m.det.err), st.Error.Render)
		return b.Out
	case mm == nil:
		add(m.spin.View() + " " + st.Muted.Render("Loading mental model "+sanitize.Line(m.det.id)+"…"))
		return b.Out
	}
	now := m.c.Now()
	s := m.withRot(mm, stalenessOf(mm, m.det.listed, mm.IsStale))
	badge := st.Success.Render
	if s.stale {
		badge = st.Warning.Render
	}
	add(st.Muted.Render("id ") + sanitize.Line(mm.ID))
	wrap(s.why, badge)
	if f, ok := m.follow[mm.ID]; ok {
		wrap("Refreshing now (operation "+common.ShortID(f.op)+"); this view reloads when it ends.", st.Accent.Render)
	} else if o, ok := m.lastOutcome(mm); ok {
		style := st.Muted.Render
		if o.bad {
			style = st.Error.Render
		}
		wrap("Last refresh: "+o.text+".", style)
	}
	field := func(label, value string) {
		wrap(label+" "+sanitize.Line(value), func(l ...string) string { return st.Text.Render(l...) })
	}
	field("Refreshed:", fmt.Sprintf("%s (%s) · created %s", refreshed(mm, now),
		mm.LastRefreshedAt.UTC().Format("2006-01-02 15:04 UTC"), mm.CreatedAt.UTC().Format("2006-01-02")))
	if t, ok := nextRun(mm, now); ok {
		field("Next refresh:", t.Format("2006-01-02 15:04 UTC")+inLocal(t, now)+", if stale then")
	}
	b.Append(m.rotLines(w, len(b.Out))...)
	add("")
	add(st.Section.Render("Configuration"))
	field("Source query:", mm.SourceQuery)
	tags := "none: the whole bank"
	if len(mm.Tags) > 0 {
		tags = strings.Join(mm.Tags, ", ")
	}
	field("Tags:", tags+" (match "+tagsMatch(mm)+")")
	field("Trigger:", triggerSummary(mm))
	field("Mode:", fmt.Sprintf("%s · max %d tokens · %s", mode(mm), mm.MaxTokens, humanSize(len(mm.Content))))
	if a := mm.Answer(); a != nil {
		field("Based on:", basedOnSummary(a.BasedOn))
	}
	add("")
	m.det.contentAt = len(b.Out)
	if m.det.diff {
		b.Append(m.versionDiffLines(w)...)
		add("")
		b.Append(m.historyLines(w)...)
		return b.Out
	}
	content, label := mm.Content, "Content (current)"
	if v := m.det.version; v >= 0 && v < len(m.det.history) {
		content = m.det.history[v].PreviousContent
		label = "Content replaced " + m.det.history[v].ChangedAt.UTC().Format("2006-01-02 15:04 UTC") +
			fmt.Sprintf(" (version %d of %d back)", v+1, len(m.det.history))
	}
	add(st.Section.Render(label))
	if strings.TrimSpace(content) == "" {
		add(st.Muted.Render("(empty: cleared, the next refresh rebuilds it)"))
	} else {
		b.Append(m.md.Get(components.MarkdownKey{ID: mm.ID, Version: strconv.Itoa(m.det.version), Width: w, Dark: m.c.Styles.IsDark}, content)...)
	}
	add("")
	if a := mm.Answer(); a != nil && a.Trace != nil && m.det.version == -1 {
		b.Append(m.traceLines(a.Trace, w)...)
		add("")
	}
	b.Append(m.historyLines(w)...)
	return b.Out
}

// lastOutcome is how the model's last refresh ended: the one this pane followed, else
// what the stored answer says (a failed refresh leaves its reason there).
func (m *Model) lastOutcome(mm *client.MentalModel) (outcome, bool) {
	if o, ok := m.outcomes[mm.ID]; ok {
		return o, true
	}
	a := mm.Answer()
	if a == nil {
		return outcome{}, false
	}
	if a.RefreshSkipped != "" {
		return outcome{text: "refresh failed: " + strings.ReplaceAll(sanitize.Line(a.RefreshSkipped), "_", " ") + " (content kept)", bad: true}, true
	}
	return outcomeWords(a.Outcome)
}

// historyLines lists the versions: the current one, then each replaced content,
// newest first, with the one in view marked.
func (m *Model) historyLines(w int) []string {
	st := m.c.Styles
	mm, now := m.det.model, m.c.Now()
	b := components.Lines{Width: w}
	add := b.Add
	switch {
	case m.det.err != nil:
		add(st.Section.Render("History"))
		for _, l := range components.Wrap("Could not load the history: "+m.c.Describe(m.det.err), w, 3) {
			add(st.Error.Render(l))
		}
		return b.Out
	case len(m.det.history) == 0:
		add(st.Section.Render("History") + st.Muted.Render(" none yet: no refresh has replaced its content"))
		return b.Out
	}
	add(st.Section.Render(fmt.Sprintf("History (%s)", common.Plural(len(m.det.history)+1, "version", "versions"))))
	mark := func(v int, text string) {
		if v == m.det.mark {
			text += " · marked"
		}
		if v == m.det.version {
			add(st.Accent.Render("▌ ") + st.Selected.Render(components.Fit(text, w-gutter)))
		} else {
			add("  " + st.Text.Render(text))
		}
	}
	mark(-1, "current · written "+refreshed(mm, now)+" · "+humanSize(len(mm.Content)))
	for i, h := range m.det.history {
		text := "replaced " + h.ChangedAt.UTC().Format("2006-01-02 15:04 UTC") + " (" + common.RelTime(h.ChangedAt.Time, now) + ") · " +
			humanSize(len(h.PreviousContent))
		if b := h.BasedOn(); len(b) > 0 {
			text += " · cited " + common.Plural(len(b.MemoryIDs()), "memory", "memories")
		}
		mark(i, sanitize.Line(text))
	}
	return b.Out
}

// basedOnSummary counts what a refresh cited, by kind.
func basedOnSummary(b client.ModelBasedOn) string {
	if len(b) == 0 {
		return "nothing cited"
	}
	kinds := make([]string, 0, len(b))
	for k := range b {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	parts := make([]string, 0, len(kinds))
	for _, k := range kinds {
		parts = append(parts, fmt.Sprintf("%d %s", len(b[k]), k))
	}
	return strings.Join(parts, ", ")
}
