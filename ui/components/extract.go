package components

import (
	"context"
	"fmt"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/keymap"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
)

// ExtractSource is what an extraction preview extracts from and compares with.
type ExtractSource struct {
	BankID string
	// What names the text in the title ("the retain form", "chunk 2 of notes").
	What string
	// Request is the dry run of the text as the bank's settings would extract it: its
	// content, context and timestamp, no overrides.
	Request client.DryRunExtractRequest
	// DocumentID and ChunkID, when set, compare the extraction with the memories
	// stored from that chunk instead of offering candidate settings.
	DocumentID, ChunkID string
	// Notes are shown under the title: what the dry run leaves out.
	Notes []string
}

// ExtractDialog is the extraction preview: POST …/memories/dry-run-extract of a text,
// which stores nothing, and the facts retain would store from it (type, text, when
// they happened, entities) with the tokens it took. From the retain editor, o opens
// candidate settings (mission, extraction mode, custom instructions, entity labels)
// filled from the bank's configuration, and the preview then shows the bank's facts
// and the candidate's side by side (stacked when narrow), marking the facts only one
// of them finds. From a document's chunk it lists the facts extracted again beside
// the memories the chunk stored. Every request runs in a command, esc cancels it and
// closes, and an answer to a superseded request is dropped.
type ExtractDialog struct {
	c    *common.Common
	src  ExtractSource
	keys keymap.Extract
	spin spinner.Model

	seq     int // of the request in flight; a newer one supersedes it
	busy    string
	cancel  context.CancelFunc
	err     error
	errWhat string

	current   *client.DryRunExtractResult // the bank's settings
	candidate *client.DryRunExtractResult // the candidate's, once compared
	stored    []client.Memory             // the chunk's memories (chunk mode)
	bank      extractSettings             // the bank's settings, once loaded
	settings  *extractSettings            // the candidate as last asked
	compare   bool                        // show the comparison (else the plain preview)

	width, height int
	scroll        int
	lines         []string // the body, laid out for the box's width
	closed        bool
}

// NewExtractDialog returns the preview of src; it extracts when the root opens it.
func NewExtractDialog(c *common.Common, src ExtractSource) *ExtractDialog {
	d := &ExtractDialog{c: c, src: src, keys: c.Keys.Extract}
	d.spin = spinner.New(spinner.WithSpinner(spinner.MiniDot), spinner.WithStyle(c.Styles.Accent))
	d.syncKeys()
	return d
}

// The dialog's answers, each stamped with the request it answers.
type (
	extractedMsg struct {
		seq                int
		current, candidate *client.DryRunExtractResult
		stored             []client.Memory
		err                error
	}
	extractConfigMsg struct {
		seq int
		cfg *client.BankConfig
		err error
	}
)

// Init implements common.Dialog: the extraction starts.
func (d *ExtractDialog) Init() tea.Cmd { return d.run() }

// Closed reports whether the dialog has asked the root to close it.
func (d *ExtractDialog) Closed() bool { return d.closed }

// Busy reports what is being asked ("" when nothing is).
func (d *ExtractDialog) Busy() string { return d.busy }

// Current is the extraction under the bank's settings (nil until it arrives).
func (d *ExtractDialog) Current() *client.DryRunExtractResult { return d.current }

// Candidate is the extraction under the candidate settings (nil until compared).
func (d *ExtractDialog) Candidate() *client.DryRunExtractResult { return d.candidate }

// Comparing reports whether the side-by-side comparison shows.
func (d *ExtractDialog) Comparing() bool { return d.compare && d.candidate != nil }

// chunkMode reports a preview that compares with a chunk's stored memories.
func (d *ExtractDialog) chunkMode() bool { return d.src.ChunkID != "" }

// begin supersedes the request in flight and returns the new one's context.
func (d *ExtractDialog) begin(what string) (context.Context, context.CancelFunc, int) {
	if d.cancel != nil {
		d.cancel()
	}
	d.seq++
	d.busy, d.err = what, nil
	ctx, cancel := d.c.Context(context.Background())
	d.cancel = cancel
	return ctx, cancel, d.seq
}

// run extracts the text again: under the bank's settings, under the candidate's when
// there is one, and with the chunk's stored memories in chunk mode.
func (d *ExtractDialog) run() tea.Cmd {
	ctx, cancel, seq := d.begin("extracting")
	cl, bank, base := d.c.Client, d.src.BankID, d.src.Request
	docID, chunkID := d.src.DocumentID, d.src.ChunkID
	var cand *client.DryRunExtractRequest
	if d.settings != nil {
		r := d.settings.apply(base, d.bank)
		cand = &r
	}
	do := func() tea.Msg {
		defer cancel()
		out := extractedMsg{seq: seq}
		out.current, out.err = cl.DryRunExtract(ctx, bank, base)
		if out.err != nil {
			out.err = fmt.Errorf("dry-run extract: %w", out.err)
			return out
		}
		if cand != nil {
			if out.candidate, out.err = cl.DryRunExtract(ctx, bank, *cand); out.err != nil {
				out.err = fmt.Errorf("dry-run extract with candidate settings: %w", out.err)
				return out
			}
		}
		if chunkID != "" {
			out.stored, out.err = chunkMemories(ctx, cl, bank, docID, chunkID)
		}
		return out
	}
	return tea.Batch(do, d.spin.Tick)
}

// chunkMemories lists the document's memories, page by page, and keeps those stored
// from the chunk.
func chunkMemories(ctx context.Context, cl *client.Client, bank, docID, chunkID string) ([]client.Memory, error) {
	var out []client.Memory
	for offset := 0; ; {
		page, err := cl.ListMemories(ctx, bank, client.ListMemoriesParams{DocumentID: docID, Limit: 500, Offset: offset})
		if err != nil {
			return nil, fmt.Errorf("list memories of document %s: %w", docID, err)
		}
		for _, m := range page.Items {
			if m.ChunkID == chunkID {
				out = append(out, m)
			}
		}
		offset += len(page.Items)
		if len(page.Items) == 0 || offset >= page.Total {
			return out, nil
		}
	}
}

// askSettings loads the bank's configuration, to fill the candidate form with it.
func (d *ExtractDialog) askSettings() tea.Cmd {
	ctx, cancel, seq := d.begin("reading the bank's retain settings")
	cl, bank := d.c.Client, d.src.BankID
	load := func() tea.Msg {
		defer cancel()
		cfg, err := cl.GetBankConfig(ctx, bank)
		if err != nil {
			err = fmt.Errorf("bank config: %w", err)
		}
		return extractConfigMsg{seq: seq, cfg: cfg, err: err}
	}
	return tea.Batch(load, d.spin.Tick)
}

// syncKeys enables what applies now: candidates from a text to retain, not a chunk.
func (d *ExtractDialog) syncKeys() {
	d.keys.Overrides.SetEnabled(!d.chunkMode())
	d.keys.Switch.SetEnabled(d.candidate != nil)
	d.keys.Run.SetEnabled(true)
}

// SetSize implements common.Dialog.
func (d *ExtractDialog) SetSize(width, height int) {
	d.width, d.height = width, height
	d.relayout()
}

// SetStyles implements common.Styler: the body is drawn again in the new colours.
func (d *ExtractDialog) SetStyles(st *styles.Styles) {
	d.spin.Style = st.Accent
	d.relayout()
}

// Help implements common.Dialog.
func (d *ExtractDialog) Help() []string {
	kl, k := d.c.Keys.List, d.keys
	var h []string
	for _, b := range []key.Binding{k.Overrides, k.Switch, k.Run} {
		if b.Enabled() {
			h = append(h, b.Help().Key+" "+b.Help().Desc)
		}
	}
	return append(h, kl.Down.Help().Key+" scroll", kl.Back.Help().Key+" close")
}

// Update implements common.Dialog.
func (d *ExtractDialog) Update(msg tea.Msg) (common.Dialog, tea.Cmd) {
	if d.closed {
		return d, nil
	}
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		cmd = d.handleKey(msg)
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			d.scrollBy(-3)
		case tea.MouseWheelDown:
			d.scrollBy(3)
		}
	case extractedMsg:
		if msg.seq != d.seq || d.busy == "" {
			return d, nil
		}
		d.busy, d.cancel = "", nil
		if msg.err != nil {
			d.err, d.errWhat = msg.err, "could not extract"
			if !client.IsCanceled(msg.err) {
				cmd = logError("extraction preview", msg.err)
			}
			break
		}
		d.current, d.candidate, d.stored = msg.current, msg.candidate, msg.stored
		d.compare = d.candidate != nil
	case extractConfigMsg:
		if msg.seq != d.seq || d.busy == "" {
			return d, nil
		}
		d.busy, d.cancel = "", nil
		if msg.err != nil {
			d.err, d.errWhat = msg.err, "could not read the bank's settings"
			if !client.IsCanceled(msg.err) {
				cmd = logError("bank config", msg.err)
			}
			break
		}
		d.bank = bankExtractSettings(msg.cfg)
		fill := d.bank
		if d.settings != nil {
			fill = *d.settings
		}
		cmd = common.OpenDialog(newSettingsForm(d.c, fill))
	case candidateMsg:
		s := msg.settings
		d.settings = &s
		cmd = d.run()
	case spinner.TickMsg:
		if msg.ID == d.spin.ID() && d.busy != "" {
			d.spin, cmd = d.spin.Update(msg)
			return d, cmd
		}
	}
	d.syncKeys()
	d.relayout()
	return d, cmd
}

func (d *ExtractDialog) handleKey(k tea.KeyPressMsg) tea.Cmd {
	kl, kx := d.c.Keys.List, d.keys
	page := max(d.bodyHeight()-1, 1)
	switch {
	case key.Matches(k, kl.Back):
		if d.cancel != nil {
			d.cancel()
		}
		d.closed = true
		return common.CloseDialog(nil)
	case key.Matches(k, kl.Down):
		d.scrollBy(1)
	case key.Matches(k, kl.Up):
		d.scrollBy(-1)
	case key.Matches(k, kl.PageDown):
		d.scrollBy(page)
	case key.Matches(k, kl.PageUp):
		d.scrollBy(-page)
	case key.Matches(k, kl.Top):
		d.scroll = 0
	case key.Matches(k, kl.Bottom):
		d.scrollBy(1 << 30)
	case key.Matches(k, kx.Run):
		return d.run()
	case key.Matches(k, kx.Overrides):
		return d.askSettings()
	case key.Matches(k, kx.Switch):
		d.compare = !d.compare
		d.scroll = 0
	}
	return nil
}

func (d *ExtractDialog) scrollBy(n int) {
	d.scroll = min(max(d.scroll+n, 0), max(len(d.lines)-d.bodyHeight(), 0))
}
