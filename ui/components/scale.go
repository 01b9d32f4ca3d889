package components

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
)

// Scale bounds: Hindsight's disposition traits are integers from 1 to 5.
const (
	ScaleMin = 1
	ScaleMax = 5
)

// Dots renders value on the 1-5 scale as filled and empty dots ("●●●●○"). Values
// outside the scale are clamped, so a bad server value cannot break the row.
func Dots(st *styles.Styles, value int) string {
	v := min(max(value, 0), ScaleMax)
	return st.Accent.Render(strings.Repeat("●", v)) + st.Subtle.Render(strings.Repeat("○", ScaleMax-v))
}

// ScaleLine renders one trait as "label ●●●●○ 4  low … high" in width cells, the label
// padded to labelWidth so several scales line up. The poles go first when space runs
// out: the dots and the number are the information.
func ScaleLine(st *styles.Styles, label string, labelWidth, value int, low, high string, width int) string {
	num := "?"
	if value >= ScaleMin && value <= ScaleMax {
		num = strconv.Itoa(value)
	}
	head := st.Label.Render(Fit(label, labelWidth)) + " " + Dots(st, value) + " " + st.Bold.Render(num)
	line := head
	if low != "" || high != "" {
		line += "  " + st.Muted.Render(low+" … "+high)
	}
	if ansi.StringWidth(line) > width {
		line = Truncate(head, width)
	}
	return Fit(line, width)
}

// ScaleField is a 1-5 scale in a form, adjusted with the Form group's increase and
// decrease keys (→/+ and ←/-); it stops at the ends instead of wrapping, so holding a
// key cannot overshoot.
type ScaleField struct {
	c          *common.Common
	label      string
	low, high  string
	names      []string
	value      int
	labelWidth int
	focused    bool
	err        string
	width      int
}

// NewScaleField returns a scale starting at value (3, the server's default, when value
// is off the scale); names are the server fields whose errors it shows.
func NewScaleField(c *common.Common, label, low, high string, value int, names ...string) *ScaleField {
	if value < ScaleMin || value > ScaleMax {
		value = 3
	}
	return &ScaleField{c: c, label: label, low: low, high: high, names: names, value: value, labelWidth: len(label)}
}

// SetLabelWidth pads the label so the scales of one form line up.
func (f *ScaleField) SetLabelWidth(w int) { f.labelWidth = w }

// Value returns the chosen value.
func (f *ScaleField) Value() int { return f.value }

// SetValue sets the value, clamped to the scale.
func (f *ScaleField) SetValue(v int) { f.value = min(max(v, ScaleMin), ScaleMax) }

// Accepts implements Field.
func (f *ScaleField) Accepts(name string) bool { return acceptsName(f.names, name) }

// Focus implements Field.
func (f *ScaleField) Focus() tea.Cmd { f.focused = true; return nil }

// Blur implements Field.
func (f *ScaleField) Blur() { f.focused = false }

// SetError implements Field.
func (f *ScaleField) SetError(msg string) { f.err = sanitize.Line(msg) }

// Error implements Field.
func (f *ScaleField) Error() string { return f.err }

// Update implements Field.
func (f *ScaleField) Update(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok || !f.focused {
		return nil
	}
	before := f.value
	switch {
	case key.Matches(k, f.c.Keys.Form.Increase):
		f.SetValue(f.value + 1)
	case key.Matches(k, f.c.Keys.Form.Decrease):
		f.SetValue(f.value - 1)
	}
	if f.value != before {
		f.err = ""
	}
	return nil
}

// SetWidth implements Field.
func (f *ScaleField) SetWidth(width int) { f.width = width }

// SetStyles implements Field; the scale reads the styles when it draws.
func (f *ScaleField) SetStyles(*styles.Styles) {}

// View implements Field: a marker when focused, the scale line, and the error.
func (f *ScaleField) View() string {
	st, width := f.c.Styles, f.width
	marker := "  "
	if f.focused {
		marker = st.Accent.Render("› ")
	}
	line := marker + ScaleLine(st, f.label, f.labelWidth, f.value, f.low, f.high, max(width-2, 1))
	if f.err == "" {
		return line
	}
	return line + "\n" + strings.Join(errorLines(st, f.err, width), "\n")
}
