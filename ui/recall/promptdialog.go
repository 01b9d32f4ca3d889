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

// promptDialog shows the results as the plain text block an agent integration puts
// into its prompt, with the block's estimated token count; enter copies it. The text
// is wrapped and scrolled in SetSize and Update.
type promptDialog struct {
	c      *common.Common
	text   string
	tokens int
	count  int
	scroll int
	width  int
	height int
	lines  []string
	linesW int
}

var _ common.Dialog = (*promptDialog)(nil)

// openPrompt opens the prompt preview of the results shown.
func (m *Model) openPrompt() tea.Cmd {
	if m.res == nil {
		return nil
	}
	text := codegen.PromptBlock(m.res.results())
	d := &promptDialog{c: m.c, text: text, tokens: codegen.EstimateTokens(text), count: len(m.res.rows)}
	return common.OpenDialog(d)
}

// Init implements common.Dialog: the block is made before it opens.
func (d *promptDialog) Init() tea.Cmd { return nil }

// SetSize implements common.Dialog.
func (d *promptDialog) SetSize(width, height int) {
	d.width, d.height = width, height
	d.settle()
}

// settle wraps the block to the box (once per width) and keeps the scroll inside it.
func (d *promptDialog) settle() {
	if w := d.boxWidth(); d.lines == nil || d.linesW != w {
		d.lines = nil
		for _, l := range strings.Split(strings.TrimRight(d.text, "\n"), "\n") {
			d.lines = append(d.lines, components.Wrap(strings.ReplaceAll(sanitize.Text(l), "\t", "    "), w, 0)...)
		}
		d.linesW = w
	}
	d.scroll = min(d.scroll, max(len(d.lines)-d.room(), 0))
}

// Help implements common.Dialog.
func (d *promptDialog) Help() []string {
	k := d.c.Keys
	return []string{k.List.Down.Help().Key + " scroll", k.Form.Confirm.Help().Key + " copy", k.Form.Cancel.Help().Key + " close"}
}

// Update implements common.Dialog.
func (d *promptDialog) Update(msg tea.Msg) (common.Dialog, tea.Cmd) {
	if w, ok := msg.(tea.MouseWheelMsg); ok {
		switch w.Button {
		case tea.MouseWheelUp:
			d.scroll = max(d.scroll-3, 0)
		case tea.MouseWheelDown:
			d.scroll += 3
		}
		d.settle()
		return d, nil
	}
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return d, nil
	}
	kl, kf := d.c.Keys.List, d.c.Keys.Form
	page := max(d.room()-1, 1)
	switch {
	case key.Matches(k, kf.Cancel, d.c.Keys.Global.Quit):
		return d, common.CloseDialog(nil)
	case key.Matches(k, kf.Confirm, d.c.Keys.Global.CopyID):
		return d, common.CloseDialog(common.Copy(d.text, "the prompt block ("+common.Thousands(d.tokens)+" tokens)"))
	case key.Matches(k, kl.Down):
		d.scroll++
	case key.Matches(k, kl.Up):
		d.scroll = max(d.scroll-1, 0)
	case key.Matches(k, kl.PageDown):
		d.scroll += page
	case key.Matches(k, kl.PageUp):
		d.scroll = max(d.scroll-page, 0)
	case key.Matches(k, kl.Top):
		d.scroll = 0
	case key.Matches(k, kl.Bottom):
		d.scroll = 1 << 30
	}
	d.settle()
	return d, nil
}

func (d *promptDialog) boxWidth() int {
	w := d.width
	if w <= 0 {
		w = 100
	}
	return max(min(w-6, 100), 20)
}

// room is the lines of text that fit under the title and above the help.
func (d *promptDialog) room() int {
	h := d.height
	if h <= 0 {
		h = 30
	}
	return max(h-2-d.c.Styles.Overlay.GetVerticalFrameSize()-4, 3)
}

// View implements common.Dialog.
func (d *promptDialog) View() string {
	st := d.c.Styles
	w := d.boxWidth()
	title := "Prompt preview · " + common.Plural(d.count, "result", "results") + " · ~" + common.Thousands(d.tokens) + " tokens"
	lines := []string{components.Fit(st.OverlayTitle.Render(components.Truncate(title, w)), w), ""}
	room := d.room()
	for _, l := range d.lines[d.scroll:min(d.scroll+room, len(d.lines))] {
		lines = append(lines, components.Fit(st.Code.Render(l), w))
	}
	if len(d.lines) > room {
		lines = append(lines, components.Fit(st.Subtle.Render("lines "+strconv.Itoa(d.scroll+1)+"–"+
			strconv.Itoa(min(d.scroll+room, len(d.lines)))+" of "+strconv.Itoa(len(d.lines))), w))
	}
	lines = append(lines, components.Fit(st.Muted.Render(components.Truncate(strings.Join(d.Help(), " · "), w)), w))
	return st.Overlay.Render(strings.Join(lines, "\n"))
}
