package reflect

import (
	"strconv"
	"strings"

	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// A tool call is an evidence item like the others: one row with its iteration, the
// tool, a bar for its duration relative to the slowest call, the duration and its
// input on one line; open, its input and output as indented JSON under it.

// toolCols are the widths of the tool rows' columns, shared by a turn's calls so
// they line up.
type toolCols struct {
	name    int
	bar     int // 0: no bar at this width
	longest float64
}

// toolColumns sizes the columns for tools at width w: the bar gives way first, so
// the input keeps some room on a narrow screen.
func toolColumns(tools []toolCall, w int) toolCols {
	var c toolCols
	for _, t := range tools {
		c.longest = max(c.longest, t.ms)
		c.name = max(c.name, len([]rune(t.tool)))
	}
	c.name = min(c.name, max(w*2/5, 8))
	if w >= 70 {
		c.bar = max(min(w/8, 12), 4)
	}
	return c
}

// toolRow is a tool call's row.
func (m *Model) toolRow(c *toolCall, cols toolCols, selected, active bool, w int) string {
	st := m.c.Styles
	mark, text, fill := m.rowStyles(selected, active)
	line := st.Accent.Render(mark) + st.Muted.Inherit(fill).Render(pad(strconv.Itoa(c.iteration), 3, true)+"  ") +
		fill.Render(" ") + text.Render(components.Fit(c.tool, cols.name)) + " "
	if cols.bar > 0 {
		n := 1
		if cols.longest > 0 {
			n = max(int(c.ms/cols.longest*float64(cols.bar)+0.5), 1)
		}
		line += st.MeterOn.Render(strings.Repeat("▆", n)) + st.MeterOff.Render(strings.Repeat(" ", cols.bar-n)) + " "
	}
	line += st.Muted.Render(pad(millis(c.ms), 7, true)) + "  " + st.Subtle.Render(c.summary)
	return components.Fit(line, w)
}

// toolBody is an open tool call: its input, then its output, each capped at
// outputRows rows with a note of what is left.
func (m *Model) toolBody(c *toolCall, w int) []string {
	st := m.c.Styles
	label := func(s string) string {
		return components.Fit(strings.Repeat(" ", detailIndent)+st.Muted.Render(s), w)
	}
	var out []string
	section := func(name string, lines []string, all int, absent string) {
		out = append(out, label(name))
		if lines == nil {
			out = append(out, label("  "+absent))
			return
		}
		rows, shown := codeLines(st, lines, detailIndent+2, w, outputRows)
		out = append(out, rows...)
		if more := all - shown; more > 0 {
			out = append(out, components.Fit(strings.Repeat(" ", detailIndent+2)+st.Subtle.Render(components.Truncate(
				"… "+common.Plural(more, "more line", "more lines")+" · "+m.keys.Global.CopyJSON.Help().Key+
					" copies the whole response", w-detailIndent-2)), w))
		}
	}
	section("input", c.input, c.inputAll, "the server sent no input")
	section("output", c.output, c.outputAll, "the server sent no output for this call")
	return out
}

// outputRows bounds the rows an open tool call's input or output takes in the
// transcript, wrapped lines included.
const outputRows = 24
