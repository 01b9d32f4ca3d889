package retain

import (
	"strings"

	"hindsight-tui/ui/components"
)

// The multi-line fields are components.Editor: a key costs the rows on screen, not
// the text, so a pasted transcript of thousands of lines is edited in place like a
// note (BenchmarkKeystroke), and $EDITOR (ctrl+e) stays an option rather than the
// only way. The pane draws their left edge; settle sizes them and copies their rows.

// setContent replaces the text, the cursor at its start (a restored draft reads from
// the top).
func (f *form) setContent(s string) {
	f.content.SetValue(s)
	f.content.SetCursor(0, 0)
}

// areaLines sizes an editor to width x rows, its left edge included, and draws it
// with prompt at the start of every row. Called from settle: the editor settles its
// scroll in SetSize, and its View draws only those rows.
func areaLines(e *components.Editor, width, rows int, prompt string) []string {
	e.SetSize(max(width-2, 1), rows)
	lines := strings.Split(e.View(), "\n")
	for i, l := range lines {
		lines[i] = components.Fit(prompt+l, width)
	}
	return lines
}

// grownRows is how many rows an editor that grows with its text takes at width (its
// left edge included): between one and most.
func grownRows(e *components.Editor, width, most int) int {
	e.SetSize(max(width-2, 1), most)
	return max(e.VisualRows(most), 1)
}
