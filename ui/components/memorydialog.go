package components

import (
	"context"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/keymap"
	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
)

// MemoryDialog is the memory inspector, the one view of a memory wherever it shows
// (the memories list, recall results and trace, reflect evidence, a document's, an
// entity's or a tag's memories): it loads GET …/memories/{id} and, for an observation,
// its history, and draws MemoryDoc in a scrollable box. It acts with the memories
// pane's keys: E edits (with the before/after preview), x invalidates and u restores
// (with a reason, after a confirmation that names the memory), o and e open its
// document and entity, P pins it as expected for the bank (common.PinMemoryMsg; the
// recall pane's explainer takes it), y / Y / W copy its id, copy or write its JSON, r
// loads it again.
// After a write it loads the memory again and every pane hears a
// common.MemoryChangedMsg. Observations are read-only: the write keys say why. esc
// closes it and cancels a load in flight.
type MemoryDialog struct {
	c        *common.Common
	bankID   string
	memoryID string
	keys     keymap.Memories
	seq      int // of the load in flight; a reload supersedes an older one

	mem     *client.Memory
	history []client.ObservationChange
	err     error
	loading bool
	cancel  context.CancelFunc
	spin    spinner.Model

	width, height int
	scroll        int
	closed        bool

	doc   *Doc
	lines []string // doc drawn at the box's width, redrawn on resize and theme change
}

// memoryLoadedMsg answers the dialog's load.
type memoryLoadedMsg struct {
	seq     int
	mem     *client.Memory
	history []client.ObservationChange
	err     error
}

// NewMemoryDialog returns the dialog for memoryID of bankID; it loads the memory
// when the root opens it.
func NewMemoryDialog(c *common.Common, bankID, memoryID string) *MemoryDialog {
	d := &MemoryDialog{c: c, bankID: bankID, memoryID: memoryID, loading: true, keys: c.Keys.Memories}
	d.spin = spinner.New(spinner.WithSpinner(spinner.MiniDot), spinner.WithStyle(c.Styles.Accent))
	d.syncKeys()
	return d
}

// Init implements common.Dialog: the load starts.
func (d *MemoryDialog) Init() tea.Cmd { return d.load() }

// load fetches the memory (again): what shows stays until the answer replaces it.
func (d *MemoryDialog) load() tea.Cmd {
	if d.cancel != nil {
		d.cancel()
	}
	d.seq++
	d.loading = true
	ctx, cancel := d.c.Context(context.Background())
	d.cancel = cancel
	cl, bankID, memoryID, seq := d.c.Client, d.bankID, d.memoryID, d.seq
	load := func() tea.Msg {
		defer cancel()
		m, err := cl.GetMemory(ctx, bankID, memoryID)
		if err != nil {
			return memoryLoadedMsg{seq: seq, err: fmt.Errorf("get memory %s: %w", memoryID, err)}
		}
		var hist []client.ObservationChange
		if m.FactType == client.FactObservation {
			if hist, err = cl.MemoryHistory(ctx, bankID, memoryID); err != nil {
				return memoryLoadedMsg{seq: seq, mem: m, err: fmt.Errorf("memory history %s: %w", memoryID, err)}
			}
		}
		return memoryLoadedMsg{seq: seq, mem: m, history: hist}
	}
	return tea.Batch(load, d.spin.Tick)
}

// syncKeys enables the actions that apply to the memory as loaded. The write keys
// stay on for an observation, to say why they do nothing.
func (d *MemoryDialog) syncKeys() {
	k, mem := &d.keys, d.mem
	writable := mem != nil && !d.c.ReadOnly
	valid := mem != nil && mem.State != "invalidated"
	k.Edit.SetEnabled(writable)
	k.Invalidate.SetEnabled(writable && valid)
	k.Restore.SetEnabled(writable && !valid)
	k.Document.SetEnabled(mem != nil && mem.DocumentID != "")
	k.Entity.SetEnabled(mem != nil && len(mem.Entities) > 0)
	k.Pin.SetEnabled(mem != nil)
	k.Provenance.SetEnabled(mem != nil)
	k.Neighbourhood.SetEnabled(mem != nil)
}

// Closed reports whether the dialog has asked the root to close it.
func (d *MemoryDialog) Closed() bool { return d.closed }

// Loading reports whether the memory is still being fetched.
func (d *MemoryDialog) Loading() bool { return d.loading }

// Memory returns the loaded memory (nil until it arrives or when loading failed).
func (d *MemoryDialog) Memory() *client.Memory { return d.mem }

// History returns the observation's changes, oldest first.
func (d *MemoryDialog) History() []client.ObservationChange { return d.history }

// SetSize implements common.Dialog.
func (d *MemoryDialog) SetSize(width, height int) {
	d.width, d.height = width, height
	d.redraw()
}

// SetStyles implements common.Styler: the document is drawn again in the new colours.
func (d *MemoryDialog) SetStyles(*styles.Styles) { d.redraw() }

// redraw lays the document out at the box's width and keeps the scroll in range.
func (d *MemoryDialog) redraw() {
	d.lines = nil
	if d.doc != nil {
		d.lines = d.doc.Lines(d.c.Styles, d.boxWidth())
	}
	d.scrollBy(0)
}

// Help implements common.Dialog: the actions first, since a narrow box cuts the end.
func (d *MemoryDialog) Help() []string {
	kl, kg, k := d.c.Keys.List, d.c.Keys.Global, d.keys
	var h []string
	if d.mem != nil && !d.observation() {
		for _, b := range []key.Binding{k.Edit, k.Invalidate, k.Restore} {
			if b.Enabled() {
				h = append(h, b.Help().Key+" "+b.Help().Desc)
			}
		}
	}
	for _, b := range []key.Binding{k.Document, k.Entity, k.Pin, k.Provenance, k.Neighbourhood} {
		if b.Enabled() {
			h = append(h, b.Help().Key+" "+b.Help().Desc)
		}
	}
	if d.mem != nil {
		h = append(h, kg.CopyID.Help().Key+" copy id", kg.CopyJSON.Help().Key+" copy JSON", kg.SaveJSON.Help().Key+" write JSON")
	}
	return append(h, kl.Down.Help().Key+" scroll", kl.Back.Help().Key+" close")
}

// observation reports whether the memory is an observation, which the server keeps
// read-only.
func (d *MemoryDialog) observation() bool {
	return d.mem != nil && d.mem.FactType == client.FactObservation
}

// Update implements common.Dialog.
func (d *MemoryDialog) Update(msg tea.Msg) (common.Dialog, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		if d.closed {
			return d, nil
		}
		return d, d.handleKey(msg)
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			d.scrollBy(-3)
		case tea.MouseWheelDown:
			d.scrollBy(3)
		}
	case memoryLoadedMsg:
		if !d.loading || msg.seq != d.seq {
			return d, nil
		}
		d.loading, d.cancel = false, nil
		d.err = msg.err
		if msg.mem != nil || d.mem == nil {
			d.mem, d.history = msg.mem, msg.history
		}
		if d.mem != nil {
			d.doc = MemoryDoc(d.mem, d.history, d.c.Now())
		}
		d.syncKeys()
		d.redraw()
		if msg.err != nil && !client.IsCanceled(msg.err) {
			return d, logError("open memory", msg.err)
		}
	case memoryWrittenMsg:
		if msg.id == d.memoryID {
			return d, d.load()
		}
	case spinner.TickMsg:
		if msg.ID == d.spin.ID() && d.loading {
			var cmd tea.Cmd
			d.spin, cmd = d.spin.Update(msg)
			return d, cmd
		}
	}
	return d, nil
}

func (d *MemoryDialog) handleKey(k tea.KeyPressMsg) tea.Cmd {
	kl, kg, mk := d.c.Keys.List, d.c.Keys.Global, d.keys
	if d.observation() && key.Matches(k, mk.Edit, mk.Invalidate, mk.Restore) {
		return common.Toast("observations are read-only: consolidation builds them from facts; " +
			"edit or invalidate the facts it was built from (listed below) instead")
	}
	page := max(d.bodyHeight()-1, 1)
	switch {
	case key.Matches(k, kl.Back, kg.Quit):
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
	case key.Matches(k, kg.CopyID) && d.mem != nil:
		return common.Copy(d.mem.ID, "memory id "+sanitize.Line(d.mem.ID))
	case key.Matches(k, kg.CopyJSON) && d.mem != nil:
		return common.Copy(MemoryJSON(d.mem, d.history), "the memory's JSON")
	case key.Matches(k, kg.SaveJSON) && d.mem != nil:
		doc := MemoryJSON(d.mem, d.history) + "\n"
		return SaveFile(d.c, "the memory's JSON", "hindsight-memory-"+FileSafe(d.mem.ID)+".json",
			func() string { return doc })
	case key.Matches(k, kg.Refresh):
		return d.load()
	case key.Matches(k, mk.Edit):
		return EditMemory(d.c, d.bankID, d.mem)
	case key.Matches(k, mk.Invalidate):
		return SetMemoryState(d.c, d.bankID, d.mem, true)
	case key.Matches(k, mk.Restore):
		return SetMemoryState(d.c, d.bankID, d.mem, false)
	case key.Matches(k, mk.Document):
		d.closed = true
		return common.CloseDialog(common.Emit(common.ShowPaneMsg{ID: common.PaneDocuments,
			Then: common.ShowDocumentMsg{BankID: d.bankID, DocumentID: d.mem.DocumentID, ChunkID: d.mem.ChunkID}}))
	case key.Matches(k, mk.Pin) && d.mem != nil:
		return common.Emit(common.PinMemoryMsg{BankID: d.bankID, MemoryID: d.mem.ID, Text: d.mem.Text})
	case key.Matches(k, mk.Provenance) && d.mem != nil:
		d.closed = true
		return common.CloseDialog(common.Emit(common.ShowPaneMsg{ID: common.PaneLLMLog,
			Then: common.ShowProvenanceMsg{BankID: d.bankID, MemoryID: d.mem.ID}}))
	case key.Matches(k, mk.Neighbourhood) && d.mem != nil:
		d.closed = true
		return common.CloseDialog(ShowNeighbourhood(d.bankID, d.mem.ID))
	case key.Matches(k, mk.Entity):
		d.closed = true
		return common.CloseDialog(JumpEntity(d.c, d.bankID, d.mem.Entities[0]))
	}
	return nil
}

// boxWidth is the text width: wider than a form, since memories are prose.
func (d *MemoryDialog) boxWidth() int {
	w := d.width
	if w <= 0 {
		w = 80
	}
	return max(min(w-6, 96), 20)
}

// bodyHeight is the lines of the document that fit: the screen less the box's frame,
// the title, a blank line, the position line and the help lines, leaving the header
// and the footer (where the toasts of its actions show) in sight.
func (d *MemoryDialog) bodyHeight() int {
	h := d.height
	if h <= 0 {
		h = 24
	}
	return max(h-2-d.c.Styles.Overlay.GetVerticalFrameSize()-3-len(HelpLines(d.Help(), d.boxWidth())), 3)
}

func (d *MemoryDialog) scrollBy(n int) {
	d.scroll = min(max(d.scroll+n, 0), max(len(d.lines)-d.bodyHeight(), 0))
}

// View implements common.Dialog.
func (d *MemoryDialog) View() string {
	st := d.c.Styles
	w := d.boxWidth()
	lines := []string{Fit(st.OverlayTitle.Render("Memory"), w), ""}
	body := d.bodyHeight()
	switch {
	case d.loading:
		spin := d.spin
		spin.Style = st.Accent
		lines = append(lines, Fit(spin.View()+" "+st.Muted.Render(Truncate("loading memory "+sanitize.Line(d.memoryID)+"…", w-2)), w))
	case d.mem == nil && d.err != nil:
		for _, l := range Wrap("✗ "+d.c.Describe(d.err), w, 4) {
			lines = append(lines, Fit(st.Error.Render(l), w))
		}
	default:
		all := d.lines
		end := min(d.scroll+body, len(all))
		lines = append(lines, all[d.scroll:end]...)
		if d.err != nil {
			lines = append(lines, Fit(st.Error.Render(Truncate("✗ "+d.c.Describe(d.err), w)), w))
		}
		if len(all) > body {
			pos := fmt.Sprintf("%d–%d of %d lines", d.scroll+1, end, len(all))
			lines = append(lines, Fit(st.Subtle.Render(pos), w))
		}
	}
	lines = append(lines, "")
	for _, l := range HelpLines(d.Help(), w) {
		lines = append(lines, Fit(st.Muted.Render(l), w))
	}
	return renderBox(st.Overlay, strings.Join(lines, "\n"), d.height)
}
