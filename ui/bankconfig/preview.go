package bankconfig

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// change is one key of a PATCH as the preview shows it: before and after.
type change struct {
	key, before, after string
}

// Line is the change as the preview writes it: "key: before → after".
func (ch change) Line() string { return sanitize.Line(ch.key) + ": " + ch.before + " → " + ch.after }

// Changes are the preview's lines of keys before and after, in key order.
func (p *Preview) Changes() []string {
	out := make([]string, len(p.changes))
	for i, ch := range p.changes {
		out[i] = ch.Line()
	}
	return out
}

// Preview is the dialog that shows a configuration PATCH before it is sent: each key
// with its value before and after, and the request body exactly as it goes out.
// Enter sends it; esc goes back to the edit that made it, which keeps what was typed,
// with the server's refusal under it when there was one.
type Preview struct {
	c       *common.Common
	title   string
	bank    string
	updates map[string]any
	body    string
	changes []change
	send    func(ctx context.Context) (*client.BankConfig, error)
	note    string // what the toast says once it is saved
	back    backFn // reopens the edit (nil: esc only closes)
	spin    spinner.Model
	busy    bool
	seq     int
	cancel  context.CancelFunc
	err     error
	width   int
	height  int
	closed  bool
}

// backFn builds the command that reopens the edit behind a preview, with the
// server's refusal of it ("" when none).
type backFn func(refusal string) tea.Cmd

var _ common.Dialog = (*Preview)(nil)

// previewDoneMsg is the answer to the preview's request.
type previewDoneMsg struct {
	seq int
	cfg *client.BankConfig
	err error
}

// savedMsg tells the pane a PATCH or DELETE succeeded, with the configuration the
// server answered.
type savedMsg struct {
	bank string
	cfg  *client.BankConfig
	note string
}

// Body is the PATCH body the client encodes for updates, byte for byte: the client
// writes {"updates": …} with the same encoder settings.
func Body(updates map[string]any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(map[string]any{"updates": updates})
	return strings.TrimSpace(buf.String())
}

// newPatchPreview previews PATCH …/config with updates; cfg is the configuration the
// before values come from.
func newPatchPreview(c *common.Common, bank string, cfg *client.BankConfig, updates map[string]any, note string, back backFn) *Preview {
	p := &Preview{c: c, title: "Change bank configuration", bank: bank, updates: updates, body: Body(updates), note: note, back: back}
	for _, k := range sortedKeys(updates) {
		before, _ := cfg.Value(k)
		after := "inherited (override removed)"
		if v := updates[k]; v != nil {
			after = FormatValue(toRaw(v))
		}
		b := FormatValue(before)
		if !cfg.IsOverride(k) {
			b += " (default)"
		}
		if v := updates[k]; k == defenseKey && v != nil {
			if rules := ruleChanges(before, toRaw(v)); rules != nil {
				p.changes = append(p.changes, rules...)
				continue
			}
		}
		p.changes = append(p.changes, change{key: k, before: b, after: after})
	}
	cl := c.Client
	p.send = func(ctx context.Context) (*client.BankConfig, error) {
		if len(updates) == 1 {
			for k, v := range updates {
				if v == nil {
					return cl.ClearBankConfigKeys(ctx, bank, k)
				}
			}
		}
		return cl.PatchBankConfig(ctx, bank, updates)
	}
	p.spin = spinner.New(spinner.WithSpinner(spinner.MiniDot), spinner.WithStyle(c.Styles.Accent))
	return p
}

// toRaw is an update's value as JSON.
func toRaw(v any) json.RawMessage {
	if raw, ok := v.(json.RawMessage); ok {
		return raw
	}
	return marshal(v)
}

// Body returns the request body the preview shows and Enter sends.
func (p *Preview) Body() string { return p.body }

// Busy reports the request in flight.
func (p *Preview) Busy() bool { return p.busy }

// Err is the server's refusal, nil when there is none.
func (p *Preview) Err() error { return p.err }

// Init implements common.Dialog.
func (p *Preview) Init() tea.Cmd { return nil }

// SetSize implements common.Dialog.
func (p *Preview) SetSize(width, height int) { p.width, p.height = width, height }

// SetStyles implements common.Styler.
func (p *Preview) SetStyles(st *styles.Styles) { p.spin.Style = st.Accent }

// Help implements common.Dialog.
func (p *Preview) Help() []string {
	k := p.c.Keys.Form
	back := k.Cancel.Help().Key + " cancel"
	if p.back != nil {
		back = k.Cancel.Help().Key + " back to the edit"
	}
	return []string{k.Confirm.Help().Key + " send", back}
}

// Update implements common.Dialog.
func (p *Preview) Update(msg tea.Msg) (common.Dialog, tea.Cmd) {
	if p.closed {
		return p, nil
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return p, p.handleKey(msg)
	case previewDoneMsg:
		return p, p.finish(msg)
	case spinner.TickMsg:
		if msg.ID == p.spin.ID() && p.busy {
			var cmd tea.Cmd
			p.spin, cmd = p.spin.Update(msg)
			return p, cmd
		}
	}
	return p, nil
}

func (p *Preview) handleKey(k tea.KeyPressMsg) tea.Cmd {
	keys := p.c.Keys.Form
	switch {
	case key.Matches(k, keys.Cancel):
		p.abort()
		p.closed = true
		var then tea.Cmd
		if p.back != nil {
			refusal := ""
			if p.err != nil {
				refusal = p.c.Describe(p.err)
			}
			then = p.back(refusal)
		}
		return common.CloseDialog(then)
	case p.busy:
		return nil
	case key.Matches(k, keys.Confirm):
		return p.start()
	}
	return nil
}

// start sends the request, unless it is in flight.
func (p *Preview) start() tea.Cmd {
	p.seq++
	p.busy, p.err = true, nil
	ctx, cancel := p.c.Context(context.Background())
	p.cancel = cancel
	seq, send := p.seq, p.send
	run := func() tea.Msg {
		defer cancel()
		cfg, err := send(ctx)
		return previewDoneMsg{seq: seq, cfg: cfg, err: err}
	}
	return tea.Batch(run, p.spin.Tick)
}

// abort cancels the request in flight; its answer will be dropped.
func (p *Preview) abort() {
	if p.cancel != nil {
		p.cancel()
		p.cancel = nil
	}
	p.busy = false
}

// finish takes the answer: a success closes the dialog and hands the new
// configuration to the pane; a refusal stays on screen and goes to the error log.
func (p *Preview) finish(msg previewDoneMsg) tea.Cmd {
	if msg.seq != p.seq || !p.busy {
		return nil
	}
	p.busy, p.cancel = false, nil
	if msg.err == nil {
		p.closed = true
		return common.CloseDialog(common.Emit(savedMsg{bank: p.bank, cfg: msg.cfg, note: p.note}))
	}
	if client.IsCanceled(msg.err) {
		return nil
	}
	p.err = msg.err
	err := msg.err
	return func() tea.Msg { return common.ErrorMsg{Op: "change bank configuration", Err: err} }
}

// View implements common.Dialog.
func (p *Preview) View() string {
	st := p.c.Styles
	w := dialogWidth(p.width)
	b := components.Lines{Width: w}
	b.Add(st.OverlayTitle.Render(p.title))
	b.Add(st.Muted.Render("bank " + sanitize.Line(p.bank)))
	b.Add("")
	for _, ch := range p.changes {
		for _, l := range components.Wrap(ch.Line(), w, 4) {
			b.Add(st.Text.Render(l))
		}
	}
	b.Add("")
	b.Add(st.Label.Render("PATCH …/banks/" + sanitize.Line(p.bank) + "/config"))
	for _, l := range bodyLines(p.body, w, p.bodyRoom()) {
		b.Add(st.Code.Render(l))
	}
	b.Add("")
	switch {
	case p.busy:
		b.Add(p.spin.View() + " " + st.Muted.Render("sending…"))
	case p.err != nil:
		for _, l := range components.Wrap("✗ "+p.c.Describe(p.err), w, 5) {
			b.Add(st.Error.Render(l))
		}
		if p.back != nil {
			b.Add(st.Muted.Render("Nothing was changed; esc goes back to the edit, as typed."))
		}
	}
	for _, l := range components.HelpLines(p.Help(), w) {
		b.Add(st.Muted.Render(l))
	}
	body := strings.Join(b.Out, "\n")
	if p.height > 0 {
		body = components.Clip(body, max(p.height-st.Overlay.GetVerticalFrameSize(), 1))
	}
	return st.Overlay.Render(body)
}

// bodyRoom is how many lines the body may take: what the screen leaves.
func (p *Preview) bodyRoom() int {
	if p.height <= 0 {
		return 20
	}
	return max(p.height-p.c.Styles.Overlay.GetVerticalFrameSize()-10-2*len(p.changes), 3)
}

// bodyLines is the body indented as JSON, wrapped to width, in at most room lines;
// where that does not fit, the body as sent (compact) wrapped, and only then cut.
func bodyLines(body string, width, room int) []string {
	wrap := func(text string) []string {
		var out []string
		for _, l := range strings.Split(sanitize.Text(text), "\n") {
			out = append(out, components.Wrap(l, width, 0)...)
		}
		return out
	}
	var buf bytes.Buffer
	if json.Indent(&buf, []byte(body), "", "  ") == nil {
		if out := wrap(buf.String()); len(out) <= room {
			return out
		}
	}
	out := wrap(body)
	if len(out) > room {
		out = append(out[:max(room-1, 0)], components.Ellipsis)
	}
	return out
}

// dialogWidth is the text width of this package's dialogs, as wide as the shared
// ones: the screen less the box, at most 64.
func dialogWidth(screen int) int {
	if screen <= 0 {
		screen = 80
	}
	return max(min(screen-4, 72)-4, 16)
}

// sortedKeys are m's keys in order.
func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
