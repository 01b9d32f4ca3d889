package components

import (
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
)

// TagField is the tag input as a form field: chips, completed from the bank's tags
// (loaded when the field first takes focus). While a tag is being typed, enter and
// tab make it a chip and the arrows move through the completions, instead of
// submitting the form or moving to another field.
type TagField struct {
	c     *common.Common
	label string
	names []string
	in    *TagInput
	err   string
	width int
}

// tagFieldCompletions is how many completion lines the field shows under its chips.
const tagFieldCompletions = 4

// NewTagField returns a field labelled label holding tags, completing from bank's
// tags; names are the server field names whose errors it shows (see Field.Accepts).
func NewTagField(c *common.Common, label, bank string, tags []string, names ...string) *TagField {
	in := NewTagInput(c)
	in.SetBank(bank)
	in.SetTags(tags)
	return &TagField{c: c, label: label, names: names, in: in}
}

// Value is the chips plus any tag typed but not yet added.
func (f *TagField) Value() []string {
	tags := f.in.Tags()
	if t := strings.TrimSpace(f.in.Value()); t != "" && !slices.Contains(tags, t) {
		tags = append(tags, t)
	}
	return tags
}

// Accepts implements Field.
func (f *TagField) Accepts(name string) bool { return acceptsName(f.names, name) }

// Focus implements Field.
func (f *TagField) Focus() tea.Cmd { return f.in.Focus() }

// Blur implements Field.
func (f *TagField) Blur() { f.in.Blur() }

// takesKey lets the input have enter, tab and the arrows while a tag is typed.
func (f *TagField) takesKey(k tea.KeyPressMsg) bool {
	if strings.TrimSpace(f.in.Value()) == "" {
		return false
	}
	switch k.String() {
	case "enter", "tab", "up", "down":
		return true
	}
	return false
}

// Update implements Field.
func (f *TagField) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		_, changed, cmd := f.in.HandleKey(msg)
		if changed {
			f.err = ""
		}
		return cmd
	case tea.PasteMsg:
		return f.in.Paste(msg)
	}
	return f.in.Update(msg)
}

// SetWidth implements Field.
func (f *TagField) SetWidth(width int) {
	f.width = width
	f.in.SetWidth(width)
}

// SetStyles implements Field.
func (f *TagField) SetStyles(st *styles.Styles) { f.in.SetStyles(st) }

// View implements Field: the label, the chips and what is typed, the completions
// while the field has focus, and the error when there is one.
func (f *TagField) View() string {
	st := f.c.Styles
	label := st.Label
	if f.in.Focused() {
		label = st.Accent
	}
	lines := []string{label.Render(Truncate(f.label, f.width)), f.in.View()}
	if f.in.Focused() {
		lines = append(lines, f.in.CompletionLines(f.width, tagFieldCompletions)...)
	}
	if f.err != "" {
		lines = append(lines, errorLines(st, f.err, f.width)...)
	}
	return strings.Join(lines, "\n")
}

// SetError implements Field.
func (f *TagField) SetError(msg string) { f.err = sanitize.Line(msg) }

// Error implements Field.
func (f *TagField) Error() string { return f.err }
