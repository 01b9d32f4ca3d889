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
// the request as it was when the dialog opened.
type codeDialog struct {
	c        *common.Common
	targets  []codegen.Target
	snippets []string
	cur      int
	scroll   int
	width    int
	height   int
	// lines is the preview of cur drawn at linesW.
	lines  []string
	linesW int
	linesI int
}

// openCode opens the copy-as-code menu for the current request. A request the filters
// make invalid is not offered: it is not what the pane would send.
func (m *Model) openCode() tea.Cmd {
	if m.bank == "" {
		return nil
	}
	req, errs := buildRequest(m.search.Value(), m.cur.filters)
	delete(errs, "query") // an empty query still makes a useful template
	if len(errs) > 0 {
		m.invalid = errs
		return common.Toast("fix the marked filters first: " + m.problems())
	}
	in := codegen.Input{BaseURL: m.c.BaseURL, BankID: m.bank, KeySet: m.c.KeySet, Req: req}
	d := &codeDialog{c: m.c, targets: codegen.Targets(), linesI: -1}
	for _, t := range d.targets {
		d.snippets = append(d.snippets, codegen.Recall(t, in))
	}
	return emit(common.OpenDialogMsg{Dialog: d})
}

// SetSize implements common.Dialog.
func (d *codeDialog) SetSize(width, height int) { d.width, d.height = width, height }

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
		return d, emit(common.CloseDialogMsg{})
	case key.Matches(k, kf.Confirm, d.c.Keys.Global.CopyID):
		t := d.targets[d.cur]
		return d, tea.Batch(emit(common.CloseDialogMsg{}), tea.SetClipboard(d.snippets[d.cur]),
			common.Toast("copied the recall request as "+t.String()))
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

// preview is the selected snippet wrapped to w (sanitized for the screen; the
// clipboard gets the snippet as generated).
func (d *codeDialog) preview(w int) []string {
	if d.linesI != d.cur || d.linesW != w {
		d.lines = d.lines[:0]
		for _, l := range strings.Split(strings.TrimRight(d.snippets[d.cur], "\n"), "\n") {
			l = strings.ReplaceAll(sanitize.Text(l), "\t", "    ")
			d.lines = append(d.lines, components.Wrap(l, w, 0)...)
		}
		d.linesI, d.linesW = d.cur, w
	}
	return d.lines
}

// View implements common.Dialog.
func (d *codeDialog) View() string {
	st := d.c.Styles
	w := d.boxWidth()
	h := d.height
	if h <= 0 {
		h = 30
	}
	lines := []string{components.Fit(st.OverlayTitle.Render("Copy the request as code"), w), ""}
	if h < 28 {
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
	room := max(h-2-st.Overlay.GetVerticalFrameSize()-len(lines)-2, 3)
	code := d.preview(w)
	d.scroll = min(d.scroll, max(len(code)-room, 0))
	for _, l := range code[d.scroll:min(d.scroll+room, len(code))] {
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
