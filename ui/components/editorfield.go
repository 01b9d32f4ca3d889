package components

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/keymap"
	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
)

// EditorField is a Form field of several lines: a label over an Editor. In a form it
// takes enter for a new line (the form submits with ctrl+s then, and its help line
// says so), and up and down move through the text, leaving the field only from its
// first or last row. The box grows with its text up to its rows, and never past the
// room the form has on the screen.
type EditorField struct {
	c     *common.Common
	label string
	names []string
	ed    *Editor
	err   string
	width int
	rows  int // the most rows the editor grows to
	room  int // the most lines the form can give the whole field; 0 when unknown
}

// NewEditorField returns a field labelled label whose editor grows to at most rows
// rows; names are the server field names whose validation errors it shows (see
// Field.Accepts). Its keys are the app's editor keys.
func NewEditorField(c *common.Common, label, placeholder string, rows int, names ...string) *EditorField {
	f := &EditorField{c: c, label: label, names: names, rows: max(rows, 1)}
	f.ed = NewEditor(c.Styles, c.Keys.Editor)
	f.ed.SetPlaceholder(placeholder)
	f.SetWidth(dialogInnerWidth(0))
	return f
}

// Accepts implements Field.
func (f *EditorField) Accepts(name string) bool { return acceptsName(f.names, name) }

// SetValue replaces the text, kept exactly (the editor draws it safely); the cursor
// goes to its end.
func (f *EditorField) SetValue(s string) {
	f.ed.SetValue(s)
	f.fit()
}

// Value returns the text as typed.
func (f *EditorField) Value() string { return f.ed.Value() }

// Editor is the field's editor, for a host that needs more than the field offers.
func (f *EditorField) Editor() *Editor { return f.ed }

// Focus implements Field.
func (f *EditorField) Focus() tea.Cmd {
	f.ed.Focus()
	f.fit()
	return nil
}

// Blur implements Field.
func (f *EditorField) Blur() {
	f.ed.Blur()
	f.fit()
}

// Focused reports whether the field takes keys.
func (f *EditorField) Focused() bool { return f.ed.Focused() }

// SetError implements Field; typing clears it.
func (f *EditorField) SetError(msg string) {
	f.err = sanitize.Line(msg)
	f.fit()
}

// Error implements Field.
func (f *EditorField) Error() string { return f.err }

// Update implements Field: keys and pastes edit the text. A paste goes through the
// sanitizer first, like a file's text: escape sequences are not kept in what is sent.
func (f *EditorField) Update(msg tea.Msg) tea.Cmd {
	if p, ok := msg.(tea.PasteMsg); ok {
		msg = CleanPaste(p)
	}
	if _, changed := f.ed.Update(msg); changed {
		f.err = ""
	}
	f.fit()
	return nil
}

// CleanPaste is a bracketed paste as an editor that sends what it holds should take
// it: line ends made "\n", then through the sanitizer like a file's text, so escape
// sequences and other control characters pasted from a terminal are not kept.
func CleanPaste(p tea.PasteMsg) tea.PasteMsg {
	return tea.PasteMsg{Content: sanitize.Text(normalizeNewlines(p.Content))}
}

// SetWidth implements Field; two cells go to the prompt.
func (f *EditorField) SetWidth(width int) {
	f.width = width
	f.fit()
}

// SetStyles implements Field.
func (f *EditorField) SetStyles(st *styles.Styles) { f.ed.SetStyles(st) }

// takesKey reports whether the field wants a key the form would otherwise act on:
// the editor's keys, except up on the first row and down on the last, which move to
// the next field.
func (f *EditorField) takesKey(k tea.KeyPressMsg) bool {
	km, s := f.ed.KeyMap(), k.String()
	switch {
	case bound(s, km.LinePrevious):
		return !f.ed.CursorOnFirstRow()
	case bound(s, km.LineNext):
		return !f.ed.CursorOnLastRow()
	}
	for _, b := range keymap.Bindings(km) {
		if bound(s, b) {
			return true
		}
	}
	return false
}

// newline is the key that starts a new line, for the form's help line.
func (f *EditorField) newline() key.Binding { return f.ed.KeyMap().InsertNewline }

// setRoom tells the field how many lines the form can give it (0: no limit).
func (f *EditorField) setRoom(lines int) {
	f.room = lines
	f.fit()
}

// fit sizes the editor: as many rows as the text takes at the width, between one and
// the field's rows, within the room the form gave (less the label and the error).
func (f *EditorField) fit() {
	w := max(f.width-2, 1)
	most := f.rows
	if f.room > 0 {
		most = min(most, max(f.room-1-len(f.errorLines()), 1))
	}
	f.ed.SetSize(w, most) // the width first: the rows depend on it
	f.ed.SetSize(w, min(max(f.ed.VisualRows(most), 1), most))
}

// errorLines is the error under the editor.
func (f *EditorField) errorLines() []string {
	if f.err == "" {
		return nil
	}
	return errorLines(f.c.Styles, f.err, f.width)
}

// View implements Field: the label, the editor with a prompt on the text's first
// row, and the error when there is one.
func (f *EditorField) View() string {
	st := f.c.Styles
	label, prompt := st.Label, st.Muted
	if f.ed.Focused() {
		label, prompt = st.Accent, st.Accent
	}
	lines := []string{label.Render(Truncate(f.label, f.width))}
	for i, row := range strings.Split(f.ed.View(), "\n") {
		mark := "  "
		if i == 0 && !f.ed.Scrolled() {
			mark = prompt.Render("› ")
		}
		lines = append(lines, Fit(mark+row, f.width))
	}
	lines = append(lines, f.errorLines()...)
	return strings.Join(lines, "\n")
}

// multiline is a field of several lines: the form lets it take enter and, away from
// its edges, up and down, says which key starts a new line, and gives it the room
// the screen has.
type multiline interface {
	Field
	takesKey(tea.KeyPressMsg) bool
	newline() key.Binding
	setRoom(lines int)
}

var _ multiline = (*EditorField)(nil)
