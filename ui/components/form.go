package components

import (
	"errors"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
)

// SubmitFunc checks a form's values and builds the request that saves them. It returns
// an Invalid (or any error) instead when the values cannot be sent; the form shows it
// and stays open.
type SubmitFunc func() (Request, error)

// Form is a modal dialog of fields that saves through one request. Enter or ctrl+s
// submits (only ctrl+s in a multi-line field, where enter starts a new line), tab
// and the arrows move between fields, esc closes it and cancels a request in flight. A failed request leaves the form open with everything typed, the server's
// complaint under the field it names, or the error sentence under the fields.
type Form struct {
	c      *common.Common
	title  string
	op     string // names the request in the error log ("create bank")
	verb   string // the submit key's help ("save")
	fields []Field
	focus  int
	submit SubmitFunc
	run    inflight
	err    string
	width  int
	height int
	closed bool
}

// NewForm returns a form titled title; op names the request in the error log and verb
// describes the submit key ("create", "save").
func NewForm(c *common.Common, title, op, verb string, submit SubmitFunc, fields ...Field) *Form {
	f := &Form{c: c, title: title, op: op, verb: verb, fields: fields, submit: submit, run: newInflight(c.Styles)}
	f.SetSize(0, 0)
	for i, fl := range fields {
		if focusable(fl) {
			f.focus = i // focused in Init, whose command (a tag input's load) must run
			break
		}
	}
	return f
}

// Closed reports whether the form has asked the root to close it.
func (f *Form) Closed() bool { return f.closed }

// Busy reports whether the form's request is in flight.
func (f *Form) Busy() bool { return f.run.busy }

// Err returns the form-level error line ("" when there is none).
func (f *Form) Err() string { return f.err }

// Focused returns the index of the focused field.
func (f *Form) Focused() int { return f.focus }

// Init implements common.Dialog: the first field takes focus, with its start-up work
// (a tag input loads the bank's tags).
func (f *Form) Init() tea.Cmd {
	if f.focus < len(f.fields) && focusable(f.fields[f.focus]) {
		return f.fields[f.focus].Focus()
	}
	return nil
}

// SetSize implements common.Dialog; the fields get the width of the box.
func (f *Form) SetSize(width, height int) {
	f.width, f.height = width, height
	w := dialogInnerWidth(width)
	for _, fl := range f.fields {
		fl.SetWidth(w)
	}
	f.fit()
}

// fit gives each multi-line field the lines the screen has left after the others
// (their errors included) and the form's own lines, so a growing text never pushes
// the help line out of the box. It runs after every change, since View changes nothing.
func (f *Form) fit() {
	if f.height <= 0 {
		return
	}
	used := f.chrome()
	var grow []multiline
	for _, fl := range f.fields {
		if ml, ok := fl.(multiline); ok {
			grow = append(grow, ml)
			continue
		}
		used += strings.Count(fl.View(), "\n") + 1
	}
	for _, ml := range grow {
		ml.setRoom(max((f.height-used)/len(grow), 2))
	}
}

// chrome is the lines the form takes besides its fields: the title and a blank line,
// a blank line, the status, the help and the box's frame.
func (f *Form) chrome() int {
	w := dialogInnerWidth(f.width)
	n := 3 + len(HelpLines(f.Help(), w)) + f.c.Styles.Overlay.GetVerticalFrameSize()
	switch {
	case f.run.busy:
		n++
	case f.err != "":
		n += len(Wrap("✗ "+f.err, w, 4))
	}
	return n
}

// SetStyles implements common.Styler.
func (f *Form) SetStyles(st *styles.Styles) {
	for _, fl := range f.fields {
		fl.SetStyles(st)
	}
}

// Help implements common.Dialog.
func (f *Form) Help() []string {
	k := f.c.Keys.Form
	h := []string{k.Confirm.Help().Key + " " + f.verb, k.NextField.Help().Key + " field"}
	if ml, ok := f.focused().(multiline); ok {
		h = []string{k.Submit.Help().Key + " " + f.verb, ml.newline().Help().Key + " new line",
			k.NextField.Help().Key + " field"}
	}
	for _, fl := range f.fields {
		switch fl.(type) {
		case *ScaleField, *ChoiceField:
			h = append(h, firstKey(k.Decrease)+"/"+firstKey(k.Increase)+" adjust")
			return append(h, k.Cancel.Help().Key+" cancel")
		}
	}
	return append(h, k.Cancel.Help().Key+" cancel")
}

// Update implements common.Dialog.
func (f *Form) Update(msg tea.Msg) (common.Dialog, tea.Cmd) {
	if f.closed {
		return f, nil
	}
	cmd := f.update(msg)
	f.fit()
	return f, cmd
}

func (f *Form) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return f.handleKey(msg)
	case tea.PasteMsg:
		if !f.run.busy && len(f.fields) > 0 {
			return f.fields[f.focus].Update(msg)
		}
		return nil
	}
	if done, ok := f.run.answer(msg); ok {
		return f.finish(done)
	}
	if cmd := f.run.tick(msg); cmd != nil {
		return cmd
	}
	// Anything else is a field's own (a tag input's completions, say).
	var cmds []tea.Cmd
	for _, fl := range f.fields {
		cmds = append(cmds, fl.Update(msg))
	}
	return tea.Batch(cmds...)
}

// focused is the field with the keys, or nil in a form without fields.
func (f *Form) focused() Field {
	if f.focus < len(f.fields) {
		return f.fields[f.focus]
	}
	return nil
}

func (f *Form) handleKey(k tea.KeyPressMsg) tea.Cmd {
	keys := f.c.Keys.Form
	switch {
	case key.Matches(k, keys.Cancel):
		f.run.abort()
		f.closed = true
		return common.CloseDialog(nil)
	case f.run.busy:
		// One request at a time, and the values being saved stay as they are.
		return nil
	case f.takenByField(k):
		return f.fields[f.focus].Update(k)
	case key.Matches(k, keys.Submit, keys.Confirm):
		return f.Submit()
	case key.Matches(k, keys.NextField):
		return f.move(1)
	case key.Matches(k, keys.PrevField):
		return f.move(-1)
	case len(f.fields) > 0:
		return f.fields[f.focus].Update(k)
	}
	return nil
}

// keyTaker is a field that acts on some keys before the form does: a multi-line
// field on enter and the arrows, a tag field on enter while a tag is typed.
type keyTaker interface {
	takesKey(tea.KeyPressMsg) bool
}

// takenByField reports a key the focused field acts on before the form.
func (f *Form) takenByField(k tea.KeyPressMsg) bool {
	kt, ok := f.focused().(keyTaker)
	return ok && kt.takesKey(k)
}

// Submit validates and sends the form, unless a request is already in flight.
func (f *Form) Submit() tea.Cmd {
	if f.run.busy || f.closed {
		return nil
	}
	f.err = ""
	for _, fl := range f.fields {
		fl.SetError("")
	}
	req, err := f.submit()
	if err != nil {
		f.showError(err)
		return nil
	}
	return f.run.start(f.c, req)
}

func (f *Form) finish(done requestDoneMsg) tea.Cmd {
	if done.err == nil {
		f.closed = true
		return common.CloseDialog(done.next)
	}
	if client.IsCanceled(done.err) {
		return nil
	}
	f.showError(done.err)
	var inv Invalid
	if errors.As(done.err, &inv) {
		return nil // our own check, not a failed request: nothing for the error log
	}
	return logError(f.op, done.err)
}

// showError puts each named problem under its field and the rest under the form, and
// moves the focus to the first field that needs fixing.
func (f *Form) showError(err error) {
	named, rest := namedErrors(err)
	first := -1
	for _, name := range sortedKeys(named) {
		i := f.fieldFor(name)
		if i < 0 {
			rest = append(rest, name+": "+named[name])
			continue
		}
		if f.fields[i].Error() == "" {
			f.fields[i].SetError(named[name])
		}
		if first < 0 || i < first {
			first = i
		}
	}
	switch {
	case len(rest) > 0:
		f.err = sanitize.Line(strings.Join(rest, "; "))
	case len(named) == 0:
		f.err = f.c.Describe(err)
	}
	if first >= 0 && first != f.focus {
		f.fields[f.focus].Blur()
		f.focus = first
		_ = f.fields[first].Focus()
	}
}

// gapBefore reports whether a blank line goes before field i: always before a heading,
// and between other fields when there is room; the scales under a heading stay
// together as one group.
func (f *Form) gapBefore(i int, spaced bool) bool {
	if i == 0 {
		return false
	}
	if _, heading := f.fields[i].(*Heading); heading {
		return true
	}
	_, scale := f.fields[i].(*ScaleField)
	_, afterHeading := f.fields[i-1].(*Heading)
	return spaced && !scale && !afterHeading
}

// firstKey is the first part of a binding's help key ("←" of "←/-").
func firstKey(b key.Binding) string {
	k, _, _ := strings.Cut(b.Help().Key, "/")
	return k
}

func (f *Form) fieldFor(name string) int {
	for i, fl := range f.fields {
		if fl.Accepts(name) {
			return i
		}
	}
	return -1
}

// move focuses the next (d=1) or previous (d=-1) field, skipping headings.
func (f *Form) move(d int) tea.Cmd {
	n := len(f.fields)
	for i := 1; i < n; i++ {
		next := (f.focus + d*i + n*n) % n
		if focusable(f.fields[next]) {
			f.fields[f.focus].Blur()
			f.focus = next
			return f.fields[next].Focus()
		}
	}
	return nil
}

func focusable(fl Field) bool {
	_, heading := fl.(*Heading)
	return !heading
}

// View implements common.Dialog.
func (f *Form) View() string {
	st := f.c.Styles
	w := dialogInnerWidth(f.width)
	views := make([]string, len(f.fields))
	used := 0
	for i, fl := range f.fields {
		views[i] = fl.View()
		used += strings.Count(views[i], "\n") + 1
	}
	// Fields breathe when the screen has room: title, blank, fields, blank, status
	// and help lines, and the box's frame.
	spaced := f.height <= 0 || used+len(f.fields)+7 <= f.height
	var body []string
	focusTop, focusEnd := 0, 0
	for i, v := range views {
		if f.gapBefore(i, spaced) {
			body = append(body, "")
		}
		if i == f.focus {
			focusTop = len(body)
		}
		body = append(body, strings.Split(v, "\n")...)
		if i == f.focus {
			focusEnd = len(body)
		}
	}
	lines := []string{Fit(st.OverlayTitle.Render(f.title), w), ""}
	lines = append(lines, f.window(body, focusTop, focusEnd, w)...)
	lines = append(lines, "")
	switch {
	case f.run.busy:
		lines = append(lines, f.run.view(st, "saving…", w))
	case f.err != "":
		for _, l := range Wrap("✗ "+f.err, w, 4) {
			lines = append(lines, Fit(st.Error.Render(l), w))
		}
	}
	for _, l := range HelpLines(f.Help(), w) {
		lines = append(lines, Fit(st.Muted.Render(l), w))
	}
	return renderBox(st.Overlay, strings.Join(lines, "\n"), f.height)
}

// window is the part of the fields' lines that fits the box with the title above and
// the status and help below, scrolled so the focused field (lines top to end) shows
// whole, with a line saying how many fields' lines are above or below.
func (f *Form) window(body []string, top, end, w int) []string {
	if f.height <= 0 {
		return body
	}
	room := f.height - f.c.Styles.Overlay.GetVerticalFrameSize() - 4 - len(HelpLines(f.Help(), w))
	switch {
	case f.run.busy:
		room--
	case f.err != "":
		room -= len(Wrap("✗ "+f.err, w, 4))
	}
	if room <= 2 || len(body) <= room {
		return body
	}
	more := func(n int, where string) string {
		return Fit(f.c.Styles.Muted.Render(fmt.Sprintf("  ⋮ %d more %s", n, where)), w)
	}
	if end <= room-1 { // the top of the form, with a line saying what is below
		return append(body[:room-1:room-1], more(len(body)-(room-1), "lines below (tab moves)"))
	}
	if len(body)-top <= room-1 { // the bottom, with a line saying what is above
		start := len(body) - (room - 1)
		return append([]string{more(start, "lines above")}, body[start:]...)
	}
	start := min(end-(room-2), top)
	out := append([]string{more(start, "lines above")}, body[start:start+room-2]...)
	return append(out, more(len(body)-(start+room-2), "lines below (tab moves)"))
}

// Fields returns the form's fields, for the code that built them and for tests.
func (f *Form) Fields() []Field { return f.fields }
