package components

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
)

// Doc is a read-only document of titled sections, labelled fields and paragraphs: the
// shape of every details panel (a recall result, a memory, its history). Panels build
// a Doc from server data once and draw it at whatever width they get; all text goes
// through the sanitizer here, so a panel cannot forget it.
type Doc struct {
	blocks []docBlock
}

type docKind int

const (
	docSection docKind = iota
	docField
	docText
	docLine
	docGap
)

type docBlock struct {
	kind  docKind
	label string
	text  string
	style func(*styles.Styles) lipgloss.Style // nil: the kind's default
	line  func(st *styles.Styles, width int) string
}

// Section starts a titled group ("Scores", "History").
func (d *Doc) Section(title string) {
	if len(d.blocks) > 0 {
		d.blocks = append(d.blocks, docBlock{kind: docGap})
	}
	d.blocks = append(d.blocks, docBlock{kind: docSection, text: title})
}

// Field adds "label  value" with the value wrapped under itself; an empty value adds
// nothing, so callers can add every field the server may send.
func (d *Doc) Field(label, value string) {
	if value = sanitize.Line(value); value != "" {
		d.blocks = append(d.blocks, docBlock{kind: docField, label: label, text: value})
	}
}

// StyledField is Field with the value drawn in a style of the theme.
func (d *Doc) StyledField(label, value string, style func(*styles.Styles) lipgloss.Style) {
	if value = sanitize.Line(value); value != "" {
		d.blocks = append(d.blocks, docBlock{kind: docField, label: label, text: value, style: style})
	}
}

// Text adds a paragraph, word-wrapped; its own line breaks are kept.
func (d *Doc) Text(text string) {
	if text = strings.TrimSpace(sanitize.Text(text)); text != "" {
		d.blocks = append(d.blocks, docBlock{kind: docText, text: text})
	}
}

// MutedText is Text in the muted style (hints, "none").
func (d *Doc) MutedText(text string) {
	if text = strings.TrimSpace(sanitize.Text(text)); text != "" {
		d.blocks = append(d.blocks, docBlock{kind: docText, text: text,
			style: func(st *styles.Styles) lipgloss.Style { return st.Muted }})
	}
}

// Line adds one line drawn by the caller at the document's width (a badge row, say).
// The caller sanitizes what it draws.
func (d *Doc) Line(draw func(st *styles.Styles, width int) string) {
	d.blocks = append(d.blocks, docBlock{kind: docLine, line: draw})
}

// Gap adds an empty line.
func (d *Doc) Gap() { d.blocks = append(d.blocks, docBlock{kind: docGap}) }

// Len is the number of blocks; zero means the document is empty.
func (d *Doc) Len() int { return len(d.blocks) }

// docLabelMax caps the label column, so one long label cannot squeeze every value.
const docLabelMax = 14

// Lines draws the document at width cells: every line is exactly width cells wide.
// Labels line up per section.
func (d *Doc) Lines(st *styles.Styles, width int) []string {
	if width <= 0 {
		return nil
	}
	var out []string
	labelW := 0
	for i, b := range d.blocks {
		switch b.kind {
		case docSection:
			labelW = d.labelWidth(i + 1)
			out = append(out, Fit(st.Section.Render(Truncate(b.text, width)), width))
		case docGap:
			out = append(out, strings.Repeat(" ", width))
		case docLine:
			out = append(out, Fit(b.line(st, width), width))
		case docText:
			style := st.Text
			if b.style != nil {
				style = b.style(st)
			}
			for _, l := range Wrap(b.text, width, 0) {
				out = append(out, Fit(style.Render(l), width))
			}
		case docField:
			if labelW == 0 {
				labelW = d.labelWidth(i)
			}
			out = append(out, fieldLines(st, b, min(labelW, width/3), width)...)
		}
	}
	return out
}

// labelWidth is the widest label of the fields from block i to the next section.
func (d *Doc) labelWidth(i int) int {
	w := 0
	for ; i < len(d.blocks) && d.blocks[i].kind != docSection; i++ {
		if d.blocks[i].kind == docField {
			w = max(w, ansi.StringWidth(d.blocks[i].label))
		}
	}
	return min(w, docLabelMax)
}

// fieldLines draws a label column and the value wrapped beside it; when the label
// column would leave the value too little room, the value goes under the label.
func fieldLines(st *styles.Styles, b docBlock, labelW, width int) []string {
	style := st.Text
	if b.style != nil {
		style = b.style(st)
	}
	valueW := width - labelW - 1
	// A word (an id, a URL) wider than the value column but not the line goes under
	// its label, so it is not broken where it need not be.
	if labelW > 0 && longestWord(b.text) > valueW && longestWord(b.text) <= width-2 {
		valueW = 0
	}
	if labelW == 0 || valueW < 12 {
		out := []string{Fit(st.Label.Render(Truncate(b.label, width)), width)}
		for _, l := range Wrap(b.text, max(width-2, 1), 0) {
			out = append(out, Fit("  "+style.Render(l), width))
		}
		return out
	}
	label := st.Label.Render(Fit(Truncate(b.label, labelW), labelW)) + " "
	pad := strings.Repeat(" ", labelW+1)
	var out []string
	for i, l := range Wrap(b.text, valueW, 0) {
		lead := pad
		if i == 0 {
			lead = label
		}
		out = append(out, Fit(lead+style.Render(l), width))
	}
	return out
}

// longestWord is the width of the widest space-separated word of s.
func longestWord(s string) int {
	n := 0
	for _, w := range strings.Fields(s) {
		n = max(n, ansi.StringWidth(w))
	}
	return n
}
