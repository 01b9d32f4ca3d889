package bankconfig

import (
	"context"
	"encoding/json"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// reeditMsg reopens the edit of key with what was typed, after esc in its preview;
// refusal is the server's answer to it, "" when it was not sent.
type reeditMsg struct {
	bank, key, text, refusal string
}

// edit edits the selected key: a boolean goes straight to the preview of its
// opposite, every other kind opens its editor. Nothing under --read-only.
func (m *Model) edit() tea.Cmd {
	r := m.selected()
	if r == nil || m.c.ReadOnly || m.cfg == nil {
		return nil
	}
	if r.spec.Kind == KindBool {
		next := "true"
		if string(r.value) == "true" {
			next = "false"
		}
		return m.preview(r.spec.Key, json.RawMessage(next), nil)
	}
	return m.openEditor(r.spec.Key, editText(r.spec, r.value), "")
}

// onReedit reopens an editor its preview went back to, if the bank is the same.
func (m *Model) onReedit(msg reeditMsg) tea.Cmd {
	if msg.bank != m.bank || m.c.ReadOnly || m.cfg == nil {
		return nil
	}
	return m.openEditor(msg.key, msg.text, msg.refusal)
}

// preview opens the preview of setting key to value; back reopens the editor.
func (m *Model) preview(key string, value json.RawMessage, back backFn) tea.Cmd {
	updates := map[string]any{key: value}
	note := "Set " + key + " to " + components.Truncate(FormatValue(value), 40)
	return common.OpenDialog(newPatchPreview(m.c, m.bank, m.cfg, updates, note, back))
}

// openEditor opens the form that edits key, starting with text and, when the server
// refused it, the refusal under the field.
func (m *Model) openEditor(keyName, text, refusal string) tea.Cmd {
	var r *row
	for i := range m.rows {
		if m.rows[i].spec.Key == keyName {
			r = &m.rows[i]
		}
	}
	if r == nil {
		return nil
	}
	s := r.spec
	src := wordDefault
	if r.override {
		src = wordOverride
	}
	label := "Value (" + s.TypeName() + s.rangeText() + ")"
	var field components.Field
	var value func() string
	switch s.Kind {
	case KindEnum:
		ch := newChoice(m.c, "Value (←/→ choose)", s.Enum, text)
		field, value = ch, ch.Value
	case KindInt, KindFloat:
		tf := components.NewTextField(m.c, label, "a number", "value")
		tf.SetValue(text)
		field, value = tf, tf.Value
	default:
		rows := 6
		if s.Kind == KindJSON {
			rows = 12
		}
		ef := components.NewEditorField(m.c, label, placeholder(s), rows, "value")
		ef.SetValue(text)
		field, value = ef, ef.Value
	}
	if refusal != "" {
		field.SetError(refusal)
	}
	now := components.NewHeading(m.c, "now "+components.Truncate(FormatValue(r.value), 40)+" ("+src+")")
	fields := []components.Field{field, now}
	if s.Note != "" {
		fields = append(fields, components.NewHeading(m.c, s.Note))
	}
	bank, cfg, c := m.bank, m.cfg, m.c
	cur, override := r.value, r.override
	submit := func() (components.Request, error) {
		typed := value()
		raw, err := Parse(s, typed)
		if err != nil {
			return nil, components.Invalid{"value": err.Error()}
		}
		if override && sameJSON(raw, cur) {
			return nil, components.Invalid{"value": "unchanged: this is already the bank's value"}
		}
		back := func(refusal string) tea.Cmd {
			return common.Emit(reeditMsg{bank: bank, key: s.Key, text: typed, refusal: refusal})
		}
		updates := map[string]any{s.Key: raw}
		note := "Set " + s.Key + " to " + components.Truncate(FormatValue(raw), 40)
		p := newPatchPreview(c, bank, cfg, updates, note, back)
		return func(context.Context) (tea.Cmd, error) { return common.OpenDialog(p), nil }, nil
	}
	return common.OpenDialog(components.NewForm(m.c, "Edit "+sanitize.Line(s.Key), "edit bank configuration", "preview", submit, fields...))
}

// placeholder is what an empty editor shows for the key.
func placeholder(s Spec) string {
	switch s.Shape {
	case "list":
		return "[ … ]"
	case "object":
		return "{ … }"
	case "list or object":
		return "[ … ] or { … }"
	}
	return "text"
}

// sameJSON reports two JSON values equal (as decoded values).
func sameJSON(a, b json.RawMessage) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return string(xa) == string(ya)
}

// resetOne previews dropping the selected key's override (a PATCH with null), so it
// inherits the server's value again.
func (m *Model) resetOne() tea.Cmd {
	r := m.selected()
	if r == nil || !r.override || m.c.ReadOnly || m.cfg == nil {
		return nil
	}
	p := newPatchPreview(m.c, m.bank, m.cfg, map[string]any{r.spec.Key: nil}, "Reset "+r.spec.Key+"; it inherits the default again", nil)
	p.title = "Reset to inherited"
	return common.OpenDialog(p)
}

// confirmResetAll asks, naming the bank and its overrides, before removing them all.
func (m *Model) confirmResetAll() tea.Cmd {
	n := m.overrides()
	if n == 0 || m.c.ReadOnly || m.cfg == nil {
		return nil
	}
	var keys []string
	for _, r := range m.rows {
		if r.override {
			keys = append(keys, r.spec.Key)
		}
	}
	bank, cl := m.bank, m.c.Client
	req := func(ctx context.Context) (tea.Cmd, error) {
		cfg, err := cl.ResetBankConfig(ctx, bank)
		if err != nil {
			return nil, err
		}
		return common.Emit(savedMsg{bank: bank, cfg: cfg, note: "Removed every override of bank " + sanitize.Line(bank)}), nil
	}
	msg := "Remove all " + common.Plural(n, "override", "overrides") + " of bank " + sanitize.Line(bank) + " (" +
		components.Truncate(sanitize.Line(strings.Join(keys, ", ")), 120) + ")? Every key goes back to the server's default."
	return common.OpenDialog(components.NewConfirm(m.c, "Reset bank configuration", msg, "", "reset bank configuration", "reset all", req))
}

// onSaved shows the configuration a write answered, the cursor on its key.
func (m *Model) onSaved(msg savedMsg) tea.Cmd {
	if msg.bank != m.bank || msg.cfg == nil {
		return nil
	}
	m.stop() // a reload in flight would show the older state
	m.show(msg.cfg)
	if m.def != nil {
		m.def.reset(msg.cfg)
	}
	return common.Toast(sanitize.Line(msg.note))
}

// choice is a form field that picks one of a few values with the form's
// increase and decrease keys (→ and ←).
type choice struct {
	c       *common.Common
	label   string
	options []string
	at      int
	focused bool
	err     string
	width   int
}

var _ components.Field = (*choice)(nil)

// newChoice returns a choice starting at value (the first option when it is none).
func newChoice(c *common.Common, label string, options []string, value string) *choice {
	ch := &choice{c: c, label: label, options: options}
	for i, o := range options {
		if o == value {
			ch.at = i
		}
	}
	return ch
}

// Value is the chosen option.
func (f *choice) Value() string { return f.options[f.at] }

func (f *choice) Accepts(name string) bool { return name == "value" || name == "action" }
func (f *choice) Focus() tea.Cmd           { f.focused = true; return nil }
func (f *choice) Blur()                    { f.focused = false }
func (f *choice) SetWidth(width int)       { f.width = width }
func (f *choice) SetStyles(*styles.Styles) {}
func (f *choice) SetError(msg string)      { f.err = sanitize.Line(msg) }
func (f *choice) Error() string            { return f.err }
func (f *choice) Update(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok || !f.focused {
		return nil
	}
	n := len(f.options)
	switch {
	case key.Matches(k, f.c.Keys.Form.Increase):
		f.at, f.err = (f.at+1)%n, ""
	case key.Matches(k, f.c.Keys.Form.Decrease):
		f.at, f.err = (f.at+n-1)%n, ""
	}
	return nil
}

// View draws the label, the options with the chosen one marked, and the error.
func (f *choice) View() string {
	st := f.c.Styles
	label := st.Label
	if f.focused {
		label = st.Accent
	}
	parts := make([]string, len(f.options))
	for i, o := range f.options {
		if i == f.at {
			parts[i] = st.FilterFocus.Render("[" + o + "]")
		} else {
			parts[i] = st.Muted.Render(" " + o + " ")
		}
	}
	lines := []string{label.Render(components.Truncate(f.label, f.width)), components.Fit("  "+strings.Join(parts, " "), f.width)}
	if f.err != "" {
		lines = append(lines, st.Error.Render(components.Fit("✗ "+f.err, f.width)))
	}
	return strings.Join(lines, "\n")
}
