package retain

import (
	"strings"

	"charm.land/lipgloss/v2"

	"hindsight-tui/sanitize"
	"hindsight-tui/ui/components"
)

// Layout of the form: labels in a column on the left, inputs beside them; the content
// editor spans the width and takes the room the other fields leave.
const (
	labelW         = 13
	contentMinRows = 3
	contentMaxRows = 40
	completionRows = 3
	statusMaxLines = 4
)

// block is one field's lines.
type block struct {
	f     field
	lines []string
}

// View implements common.Pane: exactly width x height cells. It draws the header and
// the status, and copies the fields settle laid out; the editors were drawn there,
// their visible rows only.
func (m *Model) View() string {
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		return ""
	}
	st := m.cur
	var lines []string
	switch {
	case m.c.ReadOnly:
		lines = m.notice(w, "Retain is off in read-only mode",
			"hindsight-tui was started with --read-only, so nothing in this pane can change the server's memories. "+
				"Recall and the other panes still read them.")
	case st == nil:
		lines = m.notice(w, "No bank selected", "Select a bank in the sidebar to retain memories into it.")
	default:
		lines = append(lines, m.headerLine(st, w))
		lines = append(lines, m.body...)
		lines = append(lines, m.statusLines(st, w, statusRoom(h))...)
	}
	for len(lines) < h {
		lines = append(lines, strings.Repeat(" ", w))
	}
	return strings.Join(lines[:h], "\n")
}

// settle lays the form out after any change (a key, an answer, a size, a theme,
// focus), so View only draws: the inputs' widths, the content editor's size and
// drawing, the scroll that keeps the focused field in view, the fields' lines under
// the header and where each field is, for clicks. The status under the fields takes
// the room it needs first.
func (m *Model) settle() {
	m.body, m.rows = nil, nil
	w, h := m.width, m.height
	st := m.cur
	if w <= 0 || h <= 0 || m.c.ReadOnly || st == nil {
		return
	}
	status := m.statusLines(st, w, statusRoom(h))
	m.body = m.formLines(st, w, max(h-1-len(status), 1))
}

// statusRoom is how many lines the status may take under its rule: fewer on a short
// pane, where the fields need the room.
func statusRoom(h int) int {
	if h < 25 {
		return 2
	}
	return statusMaxLines
}

// notice is a title and a paragraph, for the states without a form.
func (m *Model) notice(w int, title, text string) []string {
	st := m.c.Styles
	lines := []string{components.Fit(st.Warning.Render(components.Truncate(title, w)), w), strings.Repeat(" ", w)}
	for _, l := range components.Wrap(text, w, 0) {
		lines = append(lines, components.Fit(st.Muted.Render(l), w))
	}
	return lines
}

// headerLine names the bank and says where the draft is.
func (m *Model) headerLine(st *bankState, w int) string {
	s := m.c.Styles
	left := s.Bold.Render("Retain into ") + s.Accent.Render(sanitize.Line(st.bank))
	note, bad := m.draftStatus(st)
	if st.locked() {
		note, bad = "the form waits for the retain", false
	}
	style := s.Muted
	if bad {
		style = s.Error
	}
	if note == "" {
		return components.Fit(left, w)
	}
	return components.Spread(left, style.Render(components.Truncate(note, max(w/2, 10))), w)
}

// formLines lays the fields out in body lines, scrolled so the focused field shows,
// and notes where each field is.
func (m *Model) formLines(st *bankState, w, body int) []string {
	f := st.form
	var blocks []block
	others := 0
	for fl := fContext; fl < numFields; fl++ {
		if !f.visible(fl) {
			continue
		}
		b := block{f: fl, lines: m.fieldBlock(st, fl, w)}
		others += len(b.lines)
		blocks = append(blocks, b)
	}
	contentErr := m.errorLines(f, fContent, 0, w)
	rows := min(max(body-others-1-len(contentErr), contentMinRows), contentMaxRows)
	blocks = append([]block{{f: fContent, lines: m.contentBlock(st, w, rows, contentErr)}}, blocks...)

	var all []string
	start := make([]int, len(blocks))
	focusIdx := 0
	for i, b := range blocks {
		start[i] = len(all)
		all = append(all, b.lines...)
		if b.f == f.focus {
			focusIdx = i
		}
	}
	// When the fields do not fit, the last line says where the rest is.
	view := body
	if len(all) > body {
		view = max(body-1, 1)
	}
	if m.zone == zoneForm {
		top, end := start[focusIdx], start[focusIdx]+len(blocks[focusIdx].lines)
		switch {
		case top < st.scroll || end-top > view:
			st.scroll = top
		case end > st.scroll+view:
			st.scroll = end - view
		}
	}
	st.scroll = max(min(st.scroll, len(all)-view), 0)
	for i, b := range blocks {
		m.rows = append(m.rows, rowSpan{f: b.f, top: 1 + start[i] - st.scroll, height: len(b.lines)})
	}
	out := make([]string, 0, body)
	out = append(out, all[st.scroll:min(st.scroll+view, len(all))]...)
	for len(out) < view {
		out = append(out, strings.Repeat(" ", w))
	}
	if view < body {
		var marks []string
		if st.scroll > 0 {
			marks = append(marks, "↑ more above")
		}
		if st.scroll+view < len(all) {
			marks = append(marks, "↓ more below")
		}
		out = append(out, components.Fit(m.c.Styles.Subtle.Render("  "+strings.Join(marks, " · ")+" (tab moves)"), w))
	}
	return out
}

// active reports whether fl has the keys.
func (m *Model) active(f *form, fl field) bool {
	return m.focused && m.zone == zoneForm && f.focus == fl
}

// label is a field's label cell: accent when focused, error colour when wrong.
func (m *Model) label(f *form, fl field, text string) string {
	s := m.c.Styles
	style := s.Label
	switch {
	case m.active(f, fl):
		style = s.Accent
	case f.errs[fl] != "":
		style = s.Error
	}
	return components.Fit(style.Render(text), labelW)
}

// errorLines is a field's error under its input, indented to the input column.
func (m *Model) errorLines(f *form, fl field, indent, w int) []string {
	msg := f.errs[fl]
	if msg == "" {
		return nil
	}
	pad := strings.Repeat(" ", indent)
	var out []string
	for _, l := range components.Wrap("✗ "+msg, max(w-indent, 1), 2) {
		out = append(out, components.Fit(pad+m.c.Styles.FieldError.Render(l), w))
	}
	return out
}

// contentBlock is the content's label line and its editor.
func (m *Model) contentBlock(st *bankState, w, rows int, errLines []string) []string {
	s := m.c.Styles
	f := st.form
	hint := "ctrl+e $EDITOR · ctrl+o file · enter new line"
	if w < 70 {
		hint = "ctrl+e $EDITOR · ctrl+o file"
	}
	hints := s.Subtle.Render(hint)
	lines := []string{components.Spread(m.label(f, fContent, "Content"), hints, w)}
	lines = append(lines, areaLines(f.content, w, rows, m.edge(f, fContent))...)
	return append(lines, errLines...)
}

// edge is the left edge of a multi-line field: heavy while it has the keys.
func (m *Model) edge(f *form, fl field) string {
	if m.active(f, fl) {
		return m.c.Styles.Accent.Render("┃ ")
	}
	return m.c.Styles.Subtle.Render("│ ")
}

// fieldBlock draws every field but the content, sizing its input first (settle calls
// it).
func (m *Model) fieldBlock(st *bankState, fl field, w int) []string {
	s := m.c.Styles
	f := st.form
	iw := max(w-labelW, 4)
	row := func(name, input string) string { return m.label(f, fl, name) + components.Fit(input, iw) }
	note := func(style lipgloss.Style, text string) string {
		return components.Fit(strings.Repeat(" ", labelW)+style.Render(components.Truncate(text, iw)), w)
	}
	var lines []string
	switch fl {
	case fContext, fTimestamp, fDocumentID, fEntities:
		in := f.input(fl) // sized here: settle draws the fields
		if in.Width() != iw-3 {
			in.SetWidth(iw - 3)
			in.SetCursor(in.Position())
		}
		names := map[field]string{fContext: "Context", fTimestamp: "Timestamp", fDocumentID: "Document id", fEntities: "Entities"}
		lines = append(lines, row(names[fl], in.View()))
		if fl == fTimestamp && f.errs[fl] == "" {
			if text, err := timestampNote(in.Value()); err != nil {
				lines = append(lines, note(s.Warning, "! "+err.Error()))
			} else {
				lines = append(lines, note(s.Muted, "→ "+text))
			}
		}
	case fUpdateMode:
		value, text := "replace", "this text replaces the document's text and memories"
		if f.appendOn {
			value, text = "append", "this text is added to the document, then all is extracted again"
		}
		chip := s.FilterItem.Render("‹ " + value + " ›")
		if m.active(f, fl) {
			chip = s.FilterFocus.Render("‹ " + value + " ›")
		}
		lines = append(lines, row("Update mode", chip+" "+s.Muted.Render(text)))
	case fTags:
		f.tags.SetWidth(iw)
		lines = append(lines, row("Tags", f.tags.View()))
		if m.active(f, fl) {
			for _, l := range f.tags.CompletionLines(iw-2, completionRows) {
				lines = append(lines, components.Fit(strings.Repeat(" ", labelW+2)+l, w))
			}
		}
	case fMetadata:
		rows := grownRows(f.metadata, iw, metadataMaxRows)
		for i, l := range areaLines(f.metadata, iw, rows, m.edge(f, fl)) {
			name := ""
			if i == 0 {
				name = "Metadata"
			}
			lines = append(lines, row(name, l))
		}
	case fAsync:
		box, text := "[ ] off", "waits while the server extracts, then shows items and tokens"
		if f.async {
			box, text = "[x] on", "the server answers at once; the pane follows the operation"
		}
		chip := s.FilterItem.Render(box)
		if m.active(f, fl) {
			chip = s.FilterFocus.Render(box)
		}
		lines = append(lines, row("Async", chip+" "+s.Muted.Render(text)))
	}
	return append(lines, m.errorLines(f, fl, labelW, w)...)
}
