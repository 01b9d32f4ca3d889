package components

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/sanitize"
)

// Lines draws the open bar in at most maxLines lines of exactly the width: every
// item, flowed into lines, the one under the cursor highlighted; then that item's
// problem, what it does, the tags' completions on the tags item, and the keys. When
// the lines do not fit, the explanation gives way and the keys stay. It changes
// nothing.
func (b *FilterBar[T]) Lines(maxLines int) []string {
	w := b.width
	if b.val == nil || len(b.items) == 0 || w <= 0 || maxLines <= 0 {
		return nil
	}
	st := b.c.Styles
	lines := b.flow(w)
	it := b.items[b.cursor]
	if msg := b.ErrorOf(b.cursor); msg != "" {
		lines = append(lines, Fit(st.Error.Render(Truncate("✗ "+it.Label+": "+msg, w)), w))
	}
	for _, l := range Wrap(it.Label+": "+b.help(b.cursor), w, 2) {
		lines = append(lines, Fit(st.Muted.Render(l), w))
	}
	if it.Kind == FilterTags {
		for _, l := range b.tags.CompletionLines(min(w, 48), min(5, maxLines-len(lines)-1)) {
			lines = append(lines, Fit(l, w))
		}
	}
	parts := append([]string{b.keys.Next.Help().Key + " move", b.keys.Toggle.Help().Key + " toggle", "type to edit"}, b.hints...)
	parts = append(parts, b.keys.Leave.Help().Key+" "+b.leave)
	lines = append(lines, Fit(st.Subtle.Render(Truncate(strings.Join(parts, " · "), w)), w))
	if len(lines) > maxLines {
		lines = append(lines[:maxLines-1], lines[len(lines)-1])
	}
	return lines
}

// flow lays the items out in lines of width w. A group moves to the next line whole
// when it fits there, so "window from → to" is never split.
func (b *FilterBar[T]) flow(w int) []string {
	var lines []string
	line, lineW := "", 0
	for i, it := range b.items {
		seg := b.segment(i, false)
		sw := ansi.StringWidth(seg)
		sep := " "
		if it.Group != "" || it.Alone {
			sep = "  "
			sw = b.groupWidth(i)
		}
		if lineW > 0 && lineW+len(sep)+sw > w {
			lines = append(lines, Fit(line, w))
			line, lineW = "", 0
		}
		if lineW == 0 {
			seg = b.segment(i, true)
		} else {
			line += sep
			lineW += len(sep)
		}
		line += seg
		lineW += ansi.StringWidth(seg)
	}
	return append(lines, Fit(line, w))
}

// groupWidth is the width of the group that starts at item i, as drawn.
func (b *FilterBar[T]) groupWidth(i int) int {
	n := ansi.StringWidth(b.segment(i, false))
	for next := i + 1; next < len(b.items) && b.items[next].Group == "" && !b.items[next].Alone; next++ {
		n += 1 + ansi.StringWidth(b.segment(next, false))
	}
	return n
}

// help explains item i; on a cycle, the value in force.
func (b *FilterBar[T]) help(i int) string {
	it := b.items[i]
	if it.Kind != FilterCycle || it.ValueHelp == nil {
		return it.Help
	}
	v, def := b.cycleValue(i)
	s := it.ValueHelp(v)
	if def {
		s += " (server default, not sent)"
	}
	return s + "; space cycles"
}

// segment draws item i. A toggle that is off leaves room for the check mark, so
// toggling does not reflow the bar, except at the start of a line.
func (b *FilterBar[T]) segment(i int, lineStart bool) string {
	st := b.c.Styles
	it := b.items[i]
	focused := i == b.cursor
	label := ""
	if it.Group != "" {
		label = st.Muted.Render(it.Group) + " "
	}
	mark := ""
	if b.ErrorOf(i) != "" {
		mark = st.Error.Render("✗")
	}
	var val string
	plain := st.FilterDflt
	switch it.Kind {
	case FilterToggle:
		switch {
		case b.on(i):
			val, plain = "✓"+it.Label, st.FilterItem
		case lineStart && label == "":
			val = it.Label
		default:
			val = " " + it.Label
		}
		if it.AllWhenNone && !b.anyOn(it) {
			val += " (all)"
		}
	case FilterCycle:
		v, def := b.cycleValue(i)
		val = v
		if def {
			val += " (default)"
		} else {
			plain = st.FilterItem
		}
	case FilterText:
		if focused && b.holds == i {
			prefix := ""
			if it.Prefix != "" {
				prefix = st.Accent.Render(it.Prefix)
			}
			return label + mark + prefix + b.text.View()
		}
		v := strings.TrimSpace(*it.Text(b.val))
		switch {
		case v != "":
			val, plain = Truncate(sanitize.Line(Head(v, 400)), max(b.width/3, 12)), st.FilterItem
		case it.Default != "":
			val = it.Default + " (default)"
		default:
			val = it.Hint
		}
		val = it.Prefix + val
	case FilterTags:
		if focused && b.tags.Focused() {
			return st.Accent.Render(it.Group) + " " + mark + b.tags.View()
		}
		tags := *it.Tags(b.val)
		if len(tags) == 0 {
			val = "none"
			break
		}
		chips := make([]string, len(tags))
		for j, t := range tags {
			chips[j] = st.Chip.Render(" " + sanitize.Line(t) + " ")
		}
		return label + mark + strings.Join(chips, " ")
	}
	if focused {
		plain = st.FilterFocus
	}
	return label + mark + plain.Render(val)
}

// anyOn reports whether any option of a choices item is on.
func (b *FilterBar[T]) anyOn(it FilterItem[T]) bool {
	for _, on := range it.Bools(b.val) {
		if on {
			return true
		}
	}
	return false
}
