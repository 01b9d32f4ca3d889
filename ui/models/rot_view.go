package models

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// stateWidth is the width of the list's STATE column, where a rotten model's badge
// takes the staleness badge's place.
const stateWidth = 19

// rotBadge says what a model's citations lost in at most w cells when it can: the
// long form, then shorter ones.
func rotBadge(r rotCount, w int) string {
	var long, mid, short []string
	if r.invalidated > 0 {
		long = append(long, fmt.Sprintf("%d invalidated", r.invalidated))
		mid = append(mid, fmt.Sprintf("%d inval.", r.invalidated))
		short = append(short, fmt.Sprintf("%d inv", r.invalidated))
	}
	if r.deleted > 0 {
		long = append(long, fmt.Sprintf("%d deleted", r.deleted))
		mid = append(mid, fmt.Sprintf("%d del.", r.deleted))
		short = append(short, fmt.Sprintf("%d del", r.deleted))
	}
	forms := []string{
		"cites " + strings.Join(long, ", "),
		"cites " + strings.Join(mid, ", "),
		"gone: " + strings.Join(short, ", "),
		"gone " + strings.Join(short, " "),
	}
	for _, f := range forms {
		if ansi.StringWidth(f) <= w {
			return f
		}
	}
	return forms[len(forms)-1]
}

// rotStatus is what the filter line says while evidence is checked or a refresh is
// being queued ("" otherwise).
func (m *Model) rotStatus() string {
	switch {
	case len(m.follow) > 0:
		return m.spin.View() + " refreshing · "
	case m.rot.busy && !m.list.busy:
		return m.spin.View() + " checking evidence · "
	}
	return ""
}

// rotLines is the detail's "Cited evidence" section, laid out at width w from line
// at of the detail: how many cited memories are gone, and each of them (state, id,
// its text, why it was invalidated), the marked one first to enter. Nothing when the
// model cites no memory.
func (m *Model) rotLines(w, at int) []string {
	st := m.c.Styles
	r := m.rotOf(m.det.id)
	if r.cited == 0 {
		return nil
	}
	var out []string
	add := func(s string) { out = append(out, components.Fit(s, w)) }
	wrap := func(s string, indent int, maxLines int, style func(...string) string) {
		for _, l := range components.Wrap(s, w-indent, maxLines) {
			add(strings.Repeat(" ", indent) + style(l))
		}
	}
	add("")
	head := st.Section.Render("Cited evidence:")
	switch {
	case m.rot.busy && m.rot.checks == nil:
		add(head + " " + m.spin.View() + st.Muted.Render(" checking "+common.Plural(r.cited, "memory", "memories")+"…"))
		return out
	case r.rotten():
		add(head)
		wrap(goneSentence(r), 0, 0, st.Warning.Render)
	case r.failed+r.unchecked == 0:
		add(head + " " + st.Success.Render("all "+common.Plural(r.cited, "memory", "memories")+" still valid"))
	case r.failed+r.unchecked < r.cited:
		add(head + " " + st.Success.Render("the "+common.Plural(r.cited-r.failed-r.unchecked, "memory", "memories")+" read are valid"))
	default:
		add(head)
	}
	if r.failed > 0 {
		wrap(common.Plural(r.failed, "cited memory", "cited memories")+" could not be read (see the error log).", 0, 0, st.Error.Render)
	}
	if r.unchecked > 0 {
		wrap(fmt.Sprintf("%s not checked: a check reads at most %d memories.", common.Plural(r.unchecked, "cited memory", "cited memories"), rotMaxIDs), 0, 0, st.Muted.Render)
	}
	g := m.openGone()
	for i, it := range g {
		line := sanitize.Line(it.ev.ID)
		if t := sanitize.Line(it.ev.Type); t != "" {
			line += " · " + t
		}
		if i == m.rot.mark {
			m.rot.markLine = at + len(out)
			add(st.Accent.Render("▌ ") + st.Selected.Render(components.Fit(line, w-gutter)))
		} else {
			add("  " + st.Text.Render(line))
		}
		state := "deleted: the model stored the text below"
		if it.check.state == citeInvalidated {
			state = "invalidated"
			if !it.check.at.IsZero() {
				state += " " + it.check.at.UTC().Format("2006-01-02")
			}
			if it.check.reason != "" {
				state += ": " + sanitize.Line(it.check.reason)
			}
		}
		wrap(state, 4, 2, st.Warning.Render)
		wrap("“"+sanitize.Line(it.ev.Text)+"”", 4, 2, st.Muted.Render)
	}
	if len(g) > 0 {
		var keys []string
		if g[m.rot.mark].check.state == citeInvalidated {
			keys = append(keys, m.keys.List.Open.Help().Key+" inspects the marked memory")
		}
		if len(g) > 1 {
			keys = append(keys, m.keys.Models.NextGone.Help().Key+" marks the next")
		}
		if !m.c.ReadOnly {
			keys = append(keys, m.keys.Models.Refresh.Help().Key+" refreshes the model")
		}
		wrap(strings.Join(keys, " · "), 0, 0, st.Muted.Render)
	}
	return out
}

// goneSentence says how many cited memories are gone, and how.
func goneSentence(r rotCount) string {
	n, how := r.invalidated+r.deleted, strings.TrimPrefix(rotBadge(r, 1<<20), "cites ")
	switch {
	case r.cited == 1:
		return "The one cited memory is gone: " + how + "."
	case n == r.cited:
		return fmt.Sprintf("All %d cited memories are gone: %s.", r.cited, how)
	case n == 1:
		return fmt.Sprintf("1 of the %d cited memories is gone: %s.", r.cited, how)
	}
	return fmt.Sprintf("%d of the %d cited memories are gone: %s.", n, r.cited, how)
}
