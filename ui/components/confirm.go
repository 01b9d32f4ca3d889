package components

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
)

// Confirm is a dialog that asks before something destructive and then runs it. With a
// non-empty Expect text the user must type it exactly (a bank id, say) before enter
// does anything, so a stray enter can never delete; with an empty one, enter confirms.
type Confirm struct {
	c       *common.Common
	title   string
	message string
	expect  string
	op      string
	verb    string
	req     Request
	input   textinput.Model
	run     inflight
	err     string
	width   int
	height  int
	closed  bool
	// free shows the input without requiring a match: an optional note such as an
	// invalidation reason (see WithNote).
	free bool
}

// NewConfirm returns a confirmation titled title that explains message, requires expect
// to be typed (when non-empty), and runs req on enter; op names it in the error log,
// verb describes enter ("delete").
func NewConfirm(c *common.Common, title, message, expect, op, verb string, req Request) *Confirm {
	d := &Confirm{c: c, title: title, message: message, expect: expect, op: op, verb: verb, req: req,
		run: newInflight(c.Styles)}
	d.input = NewInput(c.Styles, "› ", "")
	_ = d.input.Focus() // static cursor: no command
	d.SetSize(0, 0)
	return d
}

// WithNote shows a free-text input (for an optional note such as a reason) that enter
// does not wait for; Typed returns it.
func (d *Confirm) WithNote(placeholder string) *Confirm {
	d.free = true
	d.input.Placeholder = placeholder
	return d
}

// Closed reports whether the dialog has asked the root to close it.
func (d *Confirm) Closed() bool { return d.closed }

// Busy reports whether the confirmed request is in flight.
func (d *Confirm) Busy() bool { return d.run.busy }

// Err returns the error line ("" when there is none).
func (d *Confirm) Err() string { return d.err }

// Ready reports whether enter would act: the typed text equals the expected text
// exactly (no trimming, no case folding).
func (d *Confirm) Ready() bool { return d.expect == "" || d.input.Value() == d.expect }

// Typed returns the text typed so far.
func (d *Confirm) Typed() string { return d.input.Value() }

// Init implements common.Dialog: nothing to load.
func (d *Confirm) Init() tea.Cmd { return nil }

// SetSize implements common.Dialog; the input gets the width of the box.
func (d *Confirm) SetSize(width, height int) {
	d.width, d.height = width, height
	if iw := max(dialogInnerWidth(width)-3, 1); iw != d.input.Width() {
		d.input.SetWidth(iw)
		d.input.SetCursor(d.input.Position())
	}
}

// SetStyles implements common.Styler.
func (d *Confirm) SetStyles(st *styles.Styles) { d.input.SetStyles(InputStyles(st)) }

// Help implements common.Dialog.
func (d *Confirm) Help() []string {
	k := d.c.Keys.Form
	return []string{k.Confirm.Help().Key + " " + d.verb, k.Cancel.Help().Key + " cancel"}
}

// Update implements common.Dialog.
func (d *Confirm) Update(msg tea.Msg) (common.Dialog, tea.Cmd) {
	if d.closed {
		return d, nil
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return d, d.handleKey(msg)
	case tea.PasteMsg:
		if !d.run.busy && d.expect != "" {
			d.input, _ = d.input.Update(msg)
		}
		return d, nil
	}
	if done, ok := d.run.answer(msg); ok {
		return d, d.finish(done)
	}
	return d, d.run.tick(msg)
}

// finish takes the confirmed request's answer: success closes the dialog and hands
// the result to its owner; a failure stays on screen and goes to the error log.
func (d *Confirm) finish(done requestDoneMsg) tea.Cmd {
	if done.err == nil {
		d.closed = true
		return common.CloseDialog(done.next)
	}
	if client.IsCanceled(done.err) {
		return nil
	}
	d.err = d.c.Describe(done.err)
	return logError(d.op, done.err)
}

func (d *Confirm) handleKey(k tea.KeyPressMsg) tea.Cmd {
	keys := d.c.Keys.Form
	switch {
	case key.Matches(k, keys.Cancel):
		d.run.abort()
		d.closed = true
		return common.CloseDialog(nil)
	case d.run.busy:
		return nil
	case key.Matches(k, keys.Confirm):
		if !d.Ready() {
			return nil
		}
		d.err = ""
		return d.run.start(d.c, d.req)
	case d.expect != "" || d.free:
		before := d.input.Value()
		var cmd tea.Cmd
		d.input, cmd = d.input.Update(k)
		if d.input.Value() != before {
			d.err = ""
		}
		return cmd
	}
	return nil
}

// View implements common.Dialog.
func (d *Confirm) View() string {
	st := d.c.Styles
	w := dialogInnerWidth(d.width)
	lines := []string{Fit(st.OverlayTitle.Render(d.title), w), ""}
	for _, l := range Wrap(d.message, w, 6) {
		lines = append(lines, Fit(st.Text.Render(l), w))
	}
	if d.expect != "" || d.free {
		lines = append(lines, "", Fit(d.input.View(), w))
	}
	lines = append(lines, "")
	keys := d.c.Keys.Form
	switch {
	case d.run.busy:
		lines = append(lines, d.run.view(st, "working…", w))
	case d.err != "":
		for _, l := range Wrap("✗ "+d.err, w, 4) {
			lines = append(lines, Fit(st.Error.Render(l), w))
		}
	case d.Ready():
		lines = append(lines, Fit(st.Error.Render(keys.Confirm.Help().Key+" to "+d.verb), w))
	default:
		lines = append(lines, Fit(st.Muted.Render(keys.Confirm.Help().Key+" works once the text matches"), w))
	}
	lines = append(lines, Fit(st.Muted.Render(strings.Join(d.Help(), " · ")), w))
	return renderBox(st.Overlay, strings.Join(lines, "\n"), d.height)
}
