package models

import (
	"fmt"
	"slices"
	"strings"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/textdiff"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// noMark says no version is marked as the other side of a diff.
const noMark = -2

// versionContent is version v's content and what it cited: -1 is the current
// content, else an index into the history (newest first).
func (d *detail) versionContent(v int) (string, client.ModelBasedOn) {
	if v < 0 || v >= len(d.history) {
		if d.model == nil {
			return "", nil
		}
		if a := d.model.Answer(); a != nil {
			return d.model.Content, a.BasedOn
		}
		return d.model.Content, nil
	}
	return d.history[v].PreviousContent, d.history[v].BasedOn()
}

// versionName names version v in a diff's heading.
func (d *detail) versionName(v int) string {
	if v < 0 || v >= len(d.history) {
		return "current"
	}
	return "replaced " + d.history[v].ChangedAt.UTC().Format("2006-01-02 15:04")
}

// diffSides is the older and the newer version of the diff in view: the marked version
// and the one in view, or the one in view and the version before it. ok is false when
// the version in view is the oldest and nothing is marked.
func (d *detail) diffSides() (older, newer int, ok bool) {
	a, b := d.version+1, d.version
	if d.mark != noMark && d.mark != d.version {
		a = d.mark
	}
	if a < b {
		a, b = b, a
	}
	return a, b, a < len(d.history)
}

// versionDiffLines draws the diff between two versions: the content as a unified diff,
// then the cited memories that came and went.
func (m *Model) versionDiffLines(w int) []string {
	st := m.c.Styles
	older, newer, ok := m.det.diffSides()
	if !ok {
		return []string{components.Fit(st.Section.Render("Diff")+st.Muted.Render(" none: this is the oldest version; m marks another to compare"), w)}
	}
	oldText, oldCited := m.det.versionContent(older)
	newText, newCited := m.det.versionContent(newer)
	out := []string{components.Fit(st.Section.Render("Diff ")+st.Text.Render(m.det.versionName(older)+" → "+m.det.versionName(newer)), w)}
	d := textdiff.Unified(oldText, newText, m.det.versionName(older), m.det.versionName(newer))
	if d == "" {
		out = append(out, components.Fit(st.Muted.Render("  the content is the same in both"), w))
	} else {
		out = append(out, m.unifiedLines(d, w)...)
	}
	out = append(out, "", components.Fit(st.Section.Render("Cited memories"), w))
	return append(out, m.citedDiffLines(oldCited, newCited, w)...)
}

// unifiedLines draws a unified diff, each line wrapped (nothing is cut) and coloured by
// its marker: + added, - removed, @@ where.
func (m *Model) unifiedLines(diff string, w int) []string {
	st := m.c.Styles
	var out []string
	for _, l := range strings.Split(diff, "\n") {
		style := st.Text.Render
		switch {
		case strings.HasPrefix(l, "+++"), strings.HasPrefix(l, "---"):
			style = st.Muted.Render
		case strings.HasPrefix(l, "@@"):
			style = st.Accent.Render
		case strings.HasPrefix(l, "+"):
			style = st.Success.Render
		case strings.HasPrefix(l, "-"):
			style = st.Error.Render
		}
		marker, rest := "", sanitize.Line(l)
		if rest != "" && !strings.HasPrefix(l, "@@") && !strings.HasPrefix(l, "+++") && !strings.HasPrefix(l, "---") {
			marker, rest = rest[:1], rest[1:]
		}
		parts := components.Wrap(rest, max(w-2, 1), 0)
		if len(parts) == 0 {
			parts = []string{""}
		}
		for i, part := range parts {
			lead := marker + " "
			if marker == "" {
				lead = ""
			} else if i > 0 {
				lead = "  "
			}
			out = append(out, components.Fit(style(lead+part), w))
		}
	}
	return out
}

// citedDiffLines lists the memories cited by only one of two versions.
func (m *Model) citedDiffLines(older, newer client.ModelBasedOn, w int) []string {
	st := m.c.Styles
	index := func(b client.ModelBasedOn) (map[string]client.ModelEvidence, []string) {
		byID := map[string]client.ModelEvidence{}
		var ids []string
		for _, k := range []string{"world", "experience", "observation", "memories"} {
			for _, ev := range b[k] {
				if _, dup := byID[ev.ID]; !dup {
					byID[ev.ID] = ev
					ids = append(ids, ev.ID)
				}
			}
		}
		return byID, ids
	}
	oldBy, oldIDs := index(older)
	newBy, newIDs := index(newer)
	var out []string
	line := func(mark string, style func(...string) string, ev client.ModelEvidence) {
		text := common.ShortID(ev.ID) + " " + ev.Type + " · " + sanitize.Line(ev.Text)
		for i, l := range components.Wrap(text, max(w-2, 1), 3) {
			lead := mark + " "
			if i > 0 {
				lead = "  "
			}
			out = append(out, components.Fit(style(lead+l), w))
		}
	}
	kept := 0
	for _, id := range oldIDs {
		if _, ok := newBy[id]; ok {
			kept++
		} else {
			line("-", st.Error.Render, oldBy[id])
		}
	}
	for _, id := range newIDs {
		if _, ok := oldBy[id]; !ok {
			line("+", st.Success.Render, newBy[id])
		}
	}
	added := len(newIDs) - kept
	summary := fmt.Sprintf("  %d cited by both · %d no longer cited · %d newly cited", kept, len(oldIDs)-kept, added)
	if len(oldIDs) == 0 && len(newIDs) == 0 {
		summary = "  neither version cites a memory"
	}
	return slices.Insert(out, 0, components.Fit(st.Muted.Render(summary), w))
}
