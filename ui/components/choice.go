package components

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
)

// Choice is one value of a ChoiceField: what is sent, how it reads, and a sentence
// that says what choosing it does.
type Choice struct {
	Value string
	Label string
	Note  string
}

// ChoiceField picks one of a few fixed values (an enum of the API) in a form, with
// the Form group's increase and decrease keys (→/+ and ←/-); like ScaleField it stops
// at the ends. The chosen value's note shows under it, so each choice explains itself
// before it is sent.
type ChoiceField struct {
	c       *common.Common
	label   string
	names   []string
	choices []Choice
	i       int
	focused bool
	err     string
	width   int
}

// NewChoiceField returns a field on the first of choices; names are the server fields
// whose errors it shows.
func NewChoiceField(c *common.Common, label string, choices []Choice, names ...string) *ChoiceField {
	return &ChoiceField{c: c, label: label, choices: choices, names: names, width: dialogInnerWidth(0)}
}

// Value is the chosen value ("" without choices).
func (f *ChoiceField) Value() string {
	if f.i < len(f.choices) {
		return f.choices[f.i].Value
	}
	return ""
}

// SetValue chooses the choice with value v; another value changes nothing.
func (f *ChoiceField) SetValue(v string) {
	for i, ch := range f.choices {
		if ch.Value == v {
			f.i = i
		}
	}
}

// Accepts implements Field.
func (f *ChoiceField) Accepts(name string) bool { return acceptsName(f.names, name) }

// Focus implements Field.
func (f *ChoiceField) Focus() tea.Cmd { f.focused = true; return nil }

// Blur implements Field.
func (f *ChoiceField) Blur() { f.focused = false }

// SetError implements Field.
func (f *ChoiceField) SetError(msg string) { f.err = sanitize.Line(msg) }

// Error implements Field.
func (f *ChoiceField) Error() string { return f.err }

// Update implements Field.
func (f *ChoiceField) Update(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok || !f.focused {
		return nil
	}
	before := f.i
	switch {
	case key.Matches(k, f.c.Keys.Form.Increase):
		f.i = min(f.i+1, max(len(f.choices)-1, 0))
	case key.Matches(k, f.c.Keys.Form.Decrease):
		f.i = max(f.i-1, 0)
	}
	if f.i != before {
		f.err = ""
	}
	return nil
}

// SetWidth implements Field.
func (f *ChoiceField) SetWidth(width int) { f.width = width }

// SetStyles implements Field; the field reads the styles when it draws.
func (f *ChoiceField) SetStyles(*styles.Styles) {}

// View implements Field: the label, the choices in a row with the chosen one marked,
// its note, and the error.
func (f *ChoiceField) View() string {
	st, width := f.c.Styles, f.width
	label := st.Label
	if f.focused {
		label = st.Accent
	}
	parts := make([]string, len(f.choices))
	for i, ch := range f.choices {
		if i == f.i {
			parts[i] = st.Accent.Render("(•) " + ch.Label)
		} else {
			parts[i] = st.Muted.Render("( ) " + ch.Label)
		}
	}
	lines := []string{label.Render(Truncate(f.label, width))}
	for i, l := range Wrap(strings.Join(parts, "  "), max(width-2, 1), 3) {
		marker := "  "
		if i == 0 && f.focused {
			marker = st.Accent.Render("› ")
		}
		lines = append(lines, marker+l)
	}
	if f.i < len(f.choices) && f.choices[f.i].Note != "" {
		for _, l := range Wrap(f.choices[f.i].Note, max(width-2, 1), 2) {
			lines = append(lines, "  "+st.Muted.Render(l))
		}
	}
	if f.err != "" {
		lines = append(lines, errorLines(st, f.err, width)...)
	}
	return strings.Join(lines, "\n")
}
