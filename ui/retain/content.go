package retain

import (
	"strings"

	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// The content editor is a bubbles textarea, which lays out its whole text on every
// key and every frame. Its drawing is therefore cached until something it shows
// changes (text, cursor, focus, size, theme), and a text longer than longContentLines
// (or longContentChars) is not edited in place at all: it is shown read-only and
// edited in $EDITOR (ctrl+e), so a pasted transcript never makes typing lag (see
// BenchmarkKeystroke: the cost of a key grows with the text's length).
const (
	longContentLines = 500
	longContentChars = 40_000
)

// contentView is the cached drawing of the content editor.
type contentView struct {
	rev     int // bumped by every change the drawing depends on
	drawn   int // the rev of lines
	width   int
	rows    int
	lines   []string
	long    bool
	preview []string // the first lines of a long text, sanitized
}

// touchContent marks the drawing stale (a cursor move, focus, size or theme change).
func (f *form) touchContent() { f.cv.rev++ }

// contentChanged notes new text: the drawing is stale and the long mode is decided.
func (f *form) contentChanged() {
	f.cv.rev++
	f.cv.long = f.content.LineCount() > longContentLines || f.content.Length() > longContentChars
	f.cv.preview = nil
	if f.cv.long {
		head := components.Head(f.content.Value(), 16<<10)
		lines := strings.SplitN(head, "\n", 80)
		for i, l := range lines[:min(len(lines), 79)] {
			lines[i] = sanitize.Line(l)
		}
		f.cv.preview = lines[:min(len(lines), 79)]
	}
}

// setContent replaces the text, the cursor at its start.
func (f *form) setContent(s string) {
	f.content.SetValue(s)
	f.content.MoveToBegin()
	f.contentChanged()
}

// longContent reports a text edited only in $EDITOR.
func (f *form) longContent() bool { return f.cv.long }

// contentLines draws the editor at width x rows, from the cache when nothing changed.
func (f *form) contentLines(width, rows int, note func(string) string, prompt string) []string {
	cv := &f.cv
	if cv.drawn == cv.rev && cv.width == width && cv.rows == rows && cv.lines != nil {
		return cv.lines
	}
	cv.drawn, cv.width, cv.rows = cv.rev, width, rows
	if cv.long {
		out := make([]string, 0, rows)
		for _, l := range cv.preview[:min(len(cv.preview), max(rows-1, 0))] {
			out = append(out, components.Fit(prompt+l, width))
		}
		for len(out) < rows-1 {
			out = append(out, components.Fit(prompt, width))
		}
		text := "long content (" + common.Thousands(f.content.LineCount()) + " lines): ctrl+e edits it in $EDITOR"
		cv.lines = append(out, components.Fit(note(text), width))
		return cv.lines
	}
	if f.content.Width() != width-2 {
		f.content.SetWidth(width)
	}
	if f.content.Height() != rows {
		f.content.SetHeight(rows)
	}
	lines := strings.Split(f.content.View(), "\n")
	for i, l := range lines {
		lines[i] = components.Fit(l, width)
	}
	cv.lines = lines
	return lines
}
