package ui

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// box draws content inside style's border and padding at exactly w×h cells, with
// title set into the top border ("╭─ Banks ───╮"). Content lines are clipped to the
// inner width and height by display width, so a pane that draws too much can never
// push the layout out of shape. It returns "" when the box does not fit at all.
func box(style, titleStyle lipgloss.Style, title, content string, w, h int) string {
	b := style.GetBorderStyle()
	pt, pr, pb, pl := style.GetPadding()
	iw := w - 2 - pl - pr
	ih := h - 2 - pt - pb
	if iw < 0 || ih < 0 {
		return ""
	}
	ink := lipgloss.NewStyle().Foreground(style.GetBorderTopForeground())
	left := ink.Render(b.Left) + strings.Repeat(" ", pl)
	right := strings.Repeat(" ", pr) + ink.Render(b.Right)
	blank := left + strings.Repeat(" ", iw) + right

	var sb strings.Builder
	sb.Grow((w + 16) * h)
	sb.WriteString(topBorder(b, ink, titleStyle, title, w))
	for range pt {
		sb.WriteString("\n" + blank)
	}
	lines := strings.SplitN(content, "\n", ih+1)
	for i := range ih {
		sb.WriteByte('\n')
		if i >= len(lines) {
			sb.WriteString(blank)
			continue
		}
		sb.WriteString(left)
		sb.WriteString(fit(lines[i], iw))
		sb.WriteString(right)
	}
	for range pb {
		sb.WriteString("\n" + blank)
	}
	sb.WriteString("\n" + ink.Render(b.BottomLeft+strings.Repeat(b.Bottom, max(w-2, 0))+b.BottomRight))
	return sb.String()
}

// topBorder is the top edge of a box with the title after one stroke of border.
func topBorder(b lipgloss.Border, ink, titleStyle lipgloss.Style, title string, w int) string {
	fill := max(w-2, 0)
	if title == "" || fill < 5 {
		return ink.Render(b.TopLeft + strings.Repeat(b.Top, fill) + b.TopRight)
	}
	t := titleStyle.Render(" " + ansi.Truncate(title, fill-3, "…") + " ")
	rest := max(fill-1-ansi.StringWidth(t), 0)
	return ink.Render(b.TopLeft+b.Top) + t + ink.Render(strings.Repeat(b.Top, rest)+b.TopRight)
}

// fit clips s to width display cells and pads it with spaces to exactly width.
func fit(s string, width int) string {
	if width <= 0 {
		return ""
	}
	sw := ansi.StringWidth(s)
	if sw > width {
		s = ansi.Truncate(s, width, "")
		sw = ansi.StringWidth(s)
	}
	if sw < width {
		s += strings.Repeat(" ", width-sw)
	}
	return s
}

// truncate cuts s to width display cells, marking a cut with an ellipsis.
func truncate(s string, width int) string {
	if width <= 0 {
		return ""
	}
	return ansi.Truncate(s, width, "…")
}

// spread puts left and right on one line of exactly width cells; left gives way first.
func spread(left, right string, width int) string {
	rw := ansi.StringWidth(right)
	if rw >= width {
		return fit(truncate(right, width), width)
	}
	if right == "" {
		return fit(truncate(left, width), width)
	}
	return fit(truncate(left, width-rw-1), width-rw) + right
}

// wrap word-wraps plain text to width cells, breaking words that do not fit a line.
func wrap(s string, width int) []string {
	if width <= 0 {
		return nil
	}
	return strings.Split(ansi.Wrap(s, width, " -"), "\n")
}

// clip keeps at most w cells of each line and at most h lines, so whatever a dialog
// or message renders fits the screen.
func clip(s string, w, h int) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	lines := strings.SplitN(s, "\n", h+1)
	if len(lines) > h {
		lines = lines[:h]
	}
	for i, l := range lines {
		if ansi.StringWidth(l) > w {
			lines[i] = ansi.Truncate(l, w, "")
		}
	}
	return strings.Join(lines, "\n")
}

// frameCache remembers the framed view of each pane slot. Framing walks every line
// by display width; when a pane's content and the frame's inputs are unchanged (the
// common case: most messages touch one pane or none), the last result is reused.
type frameCache struct {
	slots [2]framed // 0: the sidebar slot, 1: the main slot
}

type framed struct {
	content, title string
	w, h           int
	focused        bool
	styles         any
	out            string
}

// get returns the framed content for slot, drawing it only when an input changed.
func (c *frameCache) get(slot int, stylesKey any, focused bool, title, content string, w, h int,
	draw func() string) string {
	f := &c.slots[slot]
	if f.out != "" && f.w == w && f.h == h && f.focused == focused && f.title == title &&
		f.styles == stylesKey && f.content == content {
		return f.out
	}
	*f = framed{content: content, title: title, w: w, h: h, focused: focused, styles: stylesKey}
	f.out = draw()
	return f.out
}
