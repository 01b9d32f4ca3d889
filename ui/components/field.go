package components

import (
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
)

// Field is one input of a Form. Fields take keys only while focused; the Form owns
// navigation and submission, and tells each field its width and the theme.
type Field interface {
	// Accepts reports whether a server field name (a 422 location without its "body"
	// prefix, e.g. "reflect_mission") belongs to this field, so the server's complaint
	// lands under the input the user typed it in.
	Accepts(name string) bool
	Focus() tea.Cmd
	Blur()
	Update(tea.Msg) tea.Cmd
	// SetWidth gives the field the width it draws in.
	SetWidth(width int)
	// SetStyles restyles the field for a new theme.
	SetStyles(st *styles.Styles)
	// View draws the field; it changes nothing.
	View() string
	SetError(msg string)
	Error() string
}

// InputStyles styles a bubbles text input with the app's semantic tokens. The cursor
// does not blink: a blinking cursor costs a timer per field, and tests need a stable
// view.
func InputStyles(st *styles.Styles) textinput.Styles {
	s := textinput.Styles{
		Focused: textinput.StyleState{Text: st.Text, Placeholder: st.Subtle, Suggestion: st.Subtle, Prompt: st.Accent},
		Blurred: textinput.StyleState{Text: st.Text, Placeholder: st.Subtle, Suggestion: st.Subtle, Prompt: st.Muted},
	}
	s.Cursor.Color = st.Palette.Accent
	s.Cursor.Shape = tea.CursorBlock
	s.Cursor.Blink = false
	return s
}

// NewInput returns a one-line text input styled for the app.
func NewInput(st *styles.Styles, prompt, placeholder string) textinput.Model {
	in := textinput.New()
	in.Prompt = prompt
	in.Placeholder = placeholder
	in.SetStyles(InputStyles(st))
	return in
}

// TextField is a labelled one-line text input with an error line under it.
type TextField struct {
	c     *common.Common
	label string
	names []string
	input textinput.Model
	err   string
	width int
}

// NewTextField returns a field labelled label; names are the server field names whose
// validation errors it shows (see Field.Accepts).
func NewTextField(c *common.Common, label, placeholder string, names ...string) *TextField {
	f := &TextField{c: c, label: label, names: names}
	f.input = NewInput(c.Styles, "› ", placeholder)
	f.SetWidth(dialogInnerWidth(0))
	return f
}

// Accepts implements Field.
func (f *TextField) Accepts(name string) bool { return acceptsName(f.names, name) }

// SetValue replaces the text. Newlines and tabs become spaces: the input is one line.
func (f *TextField) SetValue(s string) {
	f.input.SetValue(s)
	f.placeCursor()
}

// SetMasked shows the text as dots, for a secret that must not be read off the screen.
func (f *TextField) SetMasked() {
	f.input.EchoMode = textinput.EchoPassword
	f.input.EchoCharacter = '•'
}

// Value returns the text as typed.
func (f *TextField) Value() string { return f.input.Value() }

// SetCharLimit caps the length in characters (0 = no limit).
func (f *TextField) SetCharLimit(n int) { f.input.CharLimit = n }

// Focus implements Field; typing continues at the end of the text.
func (f *TextField) Focus() tea.Cmd {
	cmd := f.input.Focus()
	f.placeCursor()
	return cmd
}

// Blur implements Field.
func (f *TextField) Blur() {
	f.input.Blur()
	f.placeCursor()
}

// placeCursor shows the end of the text while it is edited and its start otherwise, so
// a long prefilled value reads from its beginning.
func (f *TextField) placeCursor() {
	if f.input.Focused() {
		f.input.CursorEnd()
	} else {
		f.input.CursorStart()
	}
}

// Focused reports whether the field takes keys.
func (f *TextField) Focused() bool { return f.input.Focused() }

// SetError implements Field; typing clears the error, since it described the old text.
func (f *TextField) SetError(msg string) { f.err = sanitize.Line(msg) }

// Error implements Field.
func (f *TextField) Error() string { return f.err }

// Update implements Field.
func (f *TextField) Update(msg tea.Msg) tea.Cmd {
	before := f.input.Value()
	var cmd tea.Cmd
	f.input, cmd = f.input.Update(msg)
	if f.input.Value() != before {
		f.err = ""
	}
	return cmd
}

// SetWidth implements Field. The input scrolls horizontally inside its width; two
// cells go to the prompt and one to the cursor at the end of the text. Re-placing the
// cursor recomputes the visible window for the new width.
func (f *TextField) SetWidth(width int) {
	f.width = width
	if w := max(width-3, 1); w != f.input.Width() {
		f.input.SetWidth(w)
		f.input.SetCursor(f.input.Position())
	}
}

// SetStyles implements Field.
func (f *TextField) SetStyles(st *styles.Styles) { f.input.SetStyles(InputStyles(st)) }

// View implements Field: the label, the input, and the error when there is one.
func (f *TextField) View() string {
	st, width := f.c.Styles, f.width
	label := st.Label
	if f.input.Focused() {
		label = st.Accent
	}
	lines := []string{label.Render(Truncate(f.label, width)), Fit(f.input.View(), width)}
	if f.err != "" {
		lines = append(lines, errorLines(st, f.err, width)...)
	}
	return strings.Join(lines, "\n")
}

// errorLines renders a field error under its input, wrapped to at most two lines.
func errorLines(st *styles.Styles, msg string, width int) []string {
	lines := Wrap("✗ "+msg, max(width-2, 1), 2)
	for i, l := range lines {
		lines[i] = "  " + st.FieldError.Render(l)
	}
	return lines
}

func acceptsName(names []string, name string) bool {
	for _, n := range names {
		if name == n || strings.HasPrefix(name, n+".") {
			return true
		}
	}
	return false
}

// Heading is a caption between a form's fields ("Disposition"); it never takes focus.
type Heading struct {
	c     *common.Common
	title string
	width int
}

// NewHeading returns a caption for the fields that follow it.
func NewHeading(c *common.Common, title string) *Heading { return &Heading{c: c, title: title} }

// Accepts implements Field: a heading owns no server field.
func (h *Heading) Accepts(string) bool { return false }

// Focus implements Field; the form skips headings when moving.
func (h *Heading) Focus() tea.Cmd { return nil }

// Blur implements Field.
func (h *Heading) Blur() {}

// Update implements Field.
func (h *Heading) Update(tea.Msg) tea.Cmd { return nil }

// SetWidth implements Field.
func (h *Heading) SetWidth(width int) { h.width = width }

// SetStyles implements Field; a heading reads the styles when it draws.
func (h *Heading) SetStyles(*styles.Styles) {}

// View implements Field.
func (h *Heading) View() string { return Fit(h.c.Styles.Section.Render(h.title), h.width) }

// SetError implements Field; a heading has nothing to be wrong about.
func (h *Heading) SetError(string) {}

// Error implements Field.
func (h *Heading) Error() string { return "" }
