package recall

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/sanitize"
	"hindsight-tui/ui/codegen"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// codeDialog lists the copy-as-code targets with a preview of the selected one's
// snippet; enter copies it (OSC 52) and closes. The snippets are generated once, from
// the request as it was when the dialog opened; the preview is wrapped and scrolled
// in SetSize and Update.
type codeDialog struct {
	c        *common.Common
	targets  []codegen.Target
	snippets []string
	cur      int
	scroll   int
	width    int
	height   int
	lines    []string // the preview of cur, wrapped to the box
}

var _ common.Dialog = (*codeDialog)(nil)

// openCode opens the copy-as-code menu for the current request. A request the filters
// make invalid is not offered: it is not what the pane would send.
func (m *Model) openCode() tea.Cmd {
	if m.bank == "" {
		return nil
	}
	req, errs := buildRequest(m.search.Value(), m.cur.filters, m.c.Now())
	delete(errs, "query") // an empty query still makes a useful template
	if len(errs) > 0 {
		m.invalid = errs
		return common.Toast("fix the marked filters first: " + m.problems())
	}
	in := codegen.Input{BaseURL: m.c.BaseURL, BankID: m.bank, KeySet: m.c.KeySet, KeyOrigin: m.c.KeyOrigin, Req: req}
	d := &codeDialog{c: m.c, targets: codegen.Targets()}
	for _, t := range d.targets {
		d.snippets = append(d.snippets, codegen.Recall(t, in))
	}
	return common.OpenDialog(d)
}

// Init implements common.Dialog: the snippets are made before it opens.
func (d *codeDialog) Init() tea.Cmd { return nil }

// SetSize implements common.Dialog.
func (d *codeDialog) SetSize(width, height int) {
	d.width, d.height = width, height
	d.settle()
}

// Help implements common.Dialog.
func (d *codeDialog) Help() []string {
	k := d.c.Keys
	return []string{"↑/↓ target", k.Form.Confirm.Help().Key + " copy", k.List.PageDown.Help().Key + " scroll", k.Form.Cancel.Help().Key + " close"}
}

// Update implements common.Dialog.
func (d *codeDialog) Update(msg tea.Msg) (common.Dialog, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return d, nil
	}
	kl, kf := d.c.Keys.List, d.c.Keys.Form
	switch {
	case key.Matches(k, kf.Cancel, d.c.Keys.Global.Quit):
		return d, common.CloseDialog(nil)
	case key.Matches(k, kf.Confirm, d.c.Keys.Global.CopyID):
		t := d.targets[d.cur]
		return d, common.CloseDialog(common.Copy(d.snippets[d.cur], "the recall request as "+t.String()))
	case key.Matches(k, kl.Up), k.String() == "shift+tab":
		d.cur = (d.cur - 1 + len(d.targets)) % len(d.targets)
		d.scroll = 0
	case key.Matches(k, kl.Down), k.String() == "tab":
		d.cur = (d.cur + 1) % len(d.targets)
		d.scroll = 0
	case key.Matches(k, kl.PageDown):
		d.scroll += 5
	case key.Matches(k, kl.PageUp):
		d.scroll = max(d.scroll-5, 0)
	}
	d.settle()
	return d, nil
}

// boxWidth is the text width of the dialog: code wants more room than a form.
func (d *codeDialog) boxWidth() int {
	w := d.width
	if w <= 0 {
		w = 100
	}
	return max(min(w-6, 100), 20)
}

// settle wraps the selected snippet to the box (sanitized for the screen; the
// clipboard gets the snippet as generated) and keeps the scroll inside it.
func (d *codeDialog) settle() {
	w := d.boxWidth()
	d.lines = d.lines[:0]
	for _, l := range strings.Split(strings.TrimRight(d.snippets[d.cur], "\n"), "\n") {
		l = strings.ReplaceAll(sanitize.Text(l), "\t", "    ")
		d.lines = append(d.lines, components.Wrap(l, w, 0)...)
	}
	d.scroll = min(d.scroll, max(len(d.lines)-d.room(), 0))
}

// screenH is the screen's height, or a usual one before SetSize.
func (d *codeDialog) screenH() int {
	if d.height <= 0 {
		return 30
	}
	return d.height
}

// short reports whether the screen is too short to list every target: one line names
// the selected one instead.
func (d *codeDialog) short() bool { return d.screenH() < 28 }

// room is the lines of code that fit under the title, the targets and the rule, and
// above the two notes.
func (d *codeDialog) room() int {
	head := 3 // the title, the blank (or target) line, the rule
	if !d.short() {
		head += len(d.targets)
	}
	return max(d.screenH()-2-d.c.Styles.Overlay.GetVerticalFrameSize()-head-2, 3)
}

// View implements common.Dialog.
func (d *codeDialog) View() string {
	st := d.c.Styles
	w := d.boxWidth()
	lines := []string{components.Fit(st.OverlayTitle.Render("Copy the request as code"), w), ""}
	if d.short() {
		// A short screen keeps its lines for the code: one line names the target.
		pos := " (" + strconv.Itoa(d.cur+1) + "/" + strconv.Itoa(len(d.targets)) + ", ↑/↓ for the others)"
		lines[1] = components.Fit("› "+st.Accent.Render(d.targets[d.cur].String())+st.Muted.Render(pos), w)
	} else {
		for i, t := range d.targets {
			mark, style := "  ", st.Text
			if i == d.cur {
				mark, style = "› ", st.Accent
			}
			lines = append(lines, components.Fit(mark+style.Render(t.String()), w))
		}
	}
	lines = append(lines, components.Fit(st.Subtle.Render(strings.Repeat("─", w)), w))
	room := d.room()
	for _, l := range d.lines[d.scroll:min(d.scroll+room, len(d.lines))] {
		lines = append(lines, components.Fit(st.Code.Render(l), w))
	}
	note := "the key is read from $HINDSIGHT_API_KEY; it is never copied"
	if !d.c.KeySet {
		note = "no API key is configured, so none is sent"
	}
	lines = append(lines, components.Fit(st.Muted.Render(components.Truncate(note, w)), w),
		components.Fit(st.Muted.Render(components.Truncate(strings.Join(d.Help(), " · "), w)), w))
	return st.Overlay.Render(strings.Join(lines, "\n"))
}
