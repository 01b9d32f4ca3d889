package retain

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// batchPathDialog asks for the file a batch is read from. It closes handing the path
// to the pane, which opens the batchDialog that reads and previews it.
type batchPathDialog struct {
	c     *common.Common
	bank  string
	async bool // the async switch the preview starts with
	input textinput.Model
	err   string

	width, height int
}

// newBatchPathDialog asks for a file for ask.bank, with ask.path typed and ask.err
// shown under it.
func newBatchPathDialog(c *common.Common, ask askBatchMsg) *batchPathDialog {
	d := &batchPathDialog{c: c, bank: ask.bank, async: ask.async, err: ask.err}
	d.input = components.NewInput(c.Styles, "› ", "path to a .json or .jsonl file of items")
	d.input.SetValue(ask.path)
	_ = d.input.Focus() // static cursor: no command
	d.SetSize(0, 0)
	return d
}

// Init implements common.Dialog: nothing to load before a path is typed.
func (d *batchPathDialog) Init() tea.Cmd { return nil }

// SetSize implements common.Dialog; the input takes the width of the box.
func (d *batchPathDialog) SetSize(w, h int) {
	d.width, d.height = w, h
	if iw := batchWidth(w) - 3; iw != d.input.Width() {
		d.input.SetWidth(iw)
		d.input.SetCursor(d.input.Position())
	}
}

// SetStyles implements common.Styler.
func (d *batchPathDialog) SetStyles(st *styles.Styles) { d.input.SetStyles(components.InputStyles(st)) }

// Help implements common.Dialog.
func (d *batchPathDialog) Help() []string { return []string{"enter read the file", "esc cancel"} }

// Update implements common.Dialog.
func (d *batchPathDialog) Update(msg tea.Msg) (common.Dialog, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, d.c.Keys.Form.Cancel):
			return d, common.CloseDialog(nil)
		case msg.String() == "enter":
			path := strings.TrimSpace(d.input.Value())
			if path == "" {
				d.err = "type the path of a .json or .jsonl file"
				return d, nil
			}
			return d, common.CloseDialog(common.Emit(readBatchMsg{bank: d.bank, path: path, async: d.async}))
		}
		d.edit(msg)
	case tea.PasteMsg:
		d.edit(msg)
	}
	return d, nil
}

// edit gives a key or a paste to the input; a changed path clears the error.
func (d *batchPathDialog) edit(msg tea.Msg) {
	before := d.input.Value()
	d.input, _ = d.input.Update(msg)
	if d.input.Value() != before {
		d.err = ""
	}
}

// View implements common.Dialog.
func (d *batchPathDialog) View() string {
	st := d.c.Styles
	w := batchWidth(d.width)
	lines := []string{components.Fit(st.OverlayTitle.Render("Retain a batch from a file"), w), "",
		components.Fit(st.Muted.Render("A JSON array of items, {\"items\": [...]}, or JSONL (one item per line);"), w),
		components.Fit(st.Muted.Render("an item has the form's fields: content, context, timestamp, tags, …"), w), "",
		components.Fit(d.input.View(), w)}
	if d.err != "" {
		for _, l := range components.Wrap("✗ "+d.err, w, 3) {
			lines = append(lines, components.Fit(st.Error.Render(l), w))
		}
	}
	return batchBox(st, w, d.height, lines, d.Help())
}
