package components

import (
	"context"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
)

// MemoryDialog shows one memory in full: it loads GET …/memories/{id} and, for an
// observation, its history, then draws MemoryDoc in a scrollable box. y and Y copy
// the memory's id and JSON; esc closes it and cancels a load in flight.
type MemoryDialog struct {
	c        *common.Common
	bankID   string
	memoryID string

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
	mem     *client.Memory
	history []client.ObservationChange
	err     error
}

// NewMemoryDialog returns the dialog for memoryID of bankID; it loads the memory
// when the root opens it.
func NewMemoryDialog(c *common.Common, bankID, memoryID string) *MemoryDialog {
	d := &MemoryDialog{c: c, bankID: bankID, memoryID: memoryID, loading: true}
	d.spin = spinner.New(spinner.WithSpinner(spinner.MiniDot), spinner.WithStyle(c.Styles.Accent))
	return d
}

// Init implements common.Dialog: the load starts.
func (d *MemoryDialog) Init() tea.Cmd {
	ctx, cancel := d.c.Context(context.Background())
	d.cancel = cancel
	cl, bankID, memoryID := d.c.Client, d.bankID, d.memoryID
	load := func() tea.Msg {
		defer cancel()
		m, err := cl.GetMemory(ctx, bankID, memoryID)
		if err != nil {
			return memoryLoadedMsg{err: fmt.Errorf("get memory %s: %w", memoryID, err)}
		}
		var hist []client.ObservationChange
		if m.FactType == client.FactObservation {
			if hist, err = cl.MemoryHistory(ctx, bankID, memoryID); err != nil {
				return memoryLoadedMsg{mem: m, err: fmt.Errorf("memory history %s: %w", memoryID, err)}
			}
		}
		return memoryLoadedMsg{mem: m, history: hist}
	}
	return tea.Batch(load, d.spin.Tick)
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

// Help implements common.Dialog.
func (d *MemoryDialog) Help() []string {
	kl, kg := d.c.Keys.List, d.c.Keys.Global
	h := []string{kl.Down.Help().Key + " scroll"}
	if d.mem != nil {
		h = append(h, kg.CopyID.Help().Key+" copy id", kg.CopyJSON.Help().Key+" copy JSON")
	}
	return append(h, kl.Back.Help().Key+" close")
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
		if !d.loading {
			return d, nil
		}
		d.loading, d.cancel = false, nil
		d.mem, d.history, d.err = msg.mem, msg.history, msg.err
		if d.mem != nil {
			d.doc = MemoryDoc(d.mem, d.history, d.c.Now())
		}
		d.redraw()
		if msg.err != nil && !client.IsCanceled(msg.err) {
			return d, logError("open memory", msg.err)
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
	kl, kg := d.c.Keys.List, d.c.Keys.Global
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
// the title, a blank line and the help line.
func (d *MemoryDialog) bodyHeight() int {
	h := d.height
	if h <= 0 {
		h = 24
	}
	return max(h-2-d.c.Styles.Overlay.GetVerticalFrameSize()-3, 3)
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
	lines = append(lines, "", Fit(st.Muted.Render(strings.Join(d.Help(), " · ")), w))
	return renderBox(st.Overlay, strings.Join(lines, "\n"), d.height)
}
