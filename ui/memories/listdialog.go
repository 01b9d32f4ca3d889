package memories

import (
	"context"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// maxSources bounds how many source memories of an observation are loaded.
const maxSources = 50

// listDialog is a small list over the pane: an observation's sources (enter opens
// one) or the memories a bulk action could not change (read only). Its lines are
// drawn from sanitized text when it is built; the scroll follows the cursor in Update.
type listDialog struct {
	c             *common.Common
	title, note   string
	lines         []string
	subs          []string // a second, muted line under each entry (nil: none)
	cursor, off   int
	width, height int
	closed        bool
	open          func(i int) tea.Cmd // nil: enter does nothing
}

var _ common.Dialog = (*listDialog)(nil)

// Closed reports whether the dialog has asked the root to close it.
func (d *listDialog) Closed() bool { return d.closed }

// Init implements common.Dialog: the list is built before it opens.
func (d *listDialog) Init() tea.Cmd { return nil }

// SetSize implements common.Dialog.
func (d *listDialog) SetSize(w, h int) {
	d.width, d.height = w, h
	d.follow()
}

// rows is how many entries fit.
func (d *listDialog) rows() int {
	per := 1
	if d.subs != nil {
		per = 2
	}
	return max(min(len(d.lines), (d.height-8)/per), 1)
}

// follow scrolls so the cursor is in view.
func (d *listDialog) follow() {
	d.off = min(max(d.off, d.cursor-d.rows()+1), d.cursor)
}

// Help implements common.Dialog.
func (d *listDialog) Help() []string {
	kl := d.c.Keys.List
	h := []string{kl.Down.Help().Key + " move"}
	if d.open != nil {
		h = append(h, kl.Open.Help().Key+" open")
	}
	return append(h, kl.Back.Help().Key+" close")
}

// Update implements common.Dialog.
func (d *listDialog) Update(msg tea.Msg) (common.Dialog, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok || d.closed {
		return d, nil
	}
	kl := d.c.Keys.List
	switch {
	case key.Matches(k, kl.Down):
		d.cursor = min(d.cursor+1, max(len(d.lines)-1, 0))
	case key.Matches(k, kl.Up):
		d.cursor = max(d.cursor-1, 0)
	case key.Matches(k, kl.Open):
		if d.open != nil && d.cursor < len(d.lines) {
			return d, d.open(d.cursor)
		}
	case key.Matches(k, kl.Back):
		d.closed = true
		return d, common.CloseDialog(nil)
	}
	d.follow()
	return d, nil
}

// View implements common.Dialog.
func (d *listDialog) View() string {
	st := d.c.Styles
	screen := d.width
	if screen <= 0 {
		screen = 80
	}
	w := max(min(screen-4, 76)-4, 16)
	rows := d.rows()
	out := []string{st.OverlayTitle.Render(components.Truncate(d.title, w))}
	if d.note != "" {
		out = append(out, st.Muted.Render(components.Truncate(d.note, w)))
	}
	out = append(out, "")
	for i := d.off; i < len(d.lines) && i < d.off+rows; i++ {
		line := components.Fit("  "+d.lines[i], w)
		if i == d.cursor {
			line = st.Accent.Render("▌ ") + st.Selected.Render(components.Fit(d.lines[i], w-2))
		}
		out = append(out, line)
		if i < len(d.subs) {
			out = append(out, st.Muted.Render(components.Fit("    "+d.subs[i], w)))
		}
	}
	return st.Overlay.Render(strings.Join(out, "\n"))
}

// sourceRow is one source memory of an observation, or why it could not be loaded.
type sourceRow struct {
	id  string
	mem *client.Memory
	err error
}

// sourcesMsg answers openSources.
type sourcesMsg struct {
	obsID string
	rows  []sourceRow
	err   error
}

// openSources loads the source memories of the observation under the cursor.
func (m *Model) openSources() tea.Cmd {
	mem := m.current()
	if mem == nil || mem.FactType != client.FactObservation {
		return nil
	}
	bank, id, ids, cl, c := m.bank, mem.ID, append([]string(nil), mem.SourceMemoryIDs...), m.c.Client, m.c
	return func() tea.Msg {
		ctx, cancel := c.Context(context.Background())
		defer cancel()
		if len(ids) == 0 {
			full, err := cl.GetMemory(ctx, bank, id)
			if err != nil {
				return sourcesMsg{obsID: id, err: fmt.Errorf("get memory %s: %w", id, err)}
			}
			ids = full.SourceMemoryIDs
		}
		rows := make([]sourceRow, 0, min(len(ids), maxSources))
		for _, sid := range ids[:min(len(ids), maxSources)] {
			s, err := cl.GetMemory(ctx, bank, sid)
			rows = append(rows, sourceRow{id: sid, mem: s, err: err})
		}
		return sourcesMsg{obsID: id, rows: rows}
	}
}

// onSources opens the list of an observation's sources.
func (m *Model) onSources(msg sourcesMsg) tea.Cmd {
	if msg.err != nil {
		return common.Emit(common.ErrorMsg{Op: "load source memories", Err: msg.err})
	}
	if len(msg.rows) == 0 {
		return common.Toast("this observation lists no source memories")
	}
	lines := make([]string, len(msg.rows))
	ids := make([]string, len(msg.rows))
	for i, r := range msg.rows {
		ids[i] = r.id
		if r.err != nil || r.mem == nil {
			lines[i] = "?     " + common.ShortID(r.id) + " " + m.c.Describe(r.err)
			continue
		}
		lines[i] = components.TypeBadge(r.mem.FactType) + " " + sanitize.Line(r.mem.Text)
	}
	c, bank := m.c, m.bank
	// The list opens the memory itself: the memory dialog is the list's, over it.
	d := &listDialog{c: m.c, title: "Source memories of " + common.ShortID(msg.obsID), note: count(len(lines)) + " · enter opens one",
		lines: lines, open: func(i int) tea.Cmd { return common.OpenDialog(components.NewMemoryDialog(c, bank, ids[i])) }}
	return common.OpenDialog(d)
}

// failuresDialog lists each memory a bulk action could not change and why.
func (m *Model) failuresDialog(verb string) tea.Cmd {
	if len(m.bulk.failures) == 0 {
		return nil
	}
	text := map[string]string{}
	for _, p := range m.win.pages {
		for i := range p.items {
			text[p.items[i].ID] = p.items[i].Text
		}
	}
	lines := make([]string, len(m.bulk.failures))
	subs := make([]string, len(m.bulk.failures))
	for i, f := range m.bulk.failures {
		lines[i] = common.ShortID(f.id)
		if t := text[f.id]; t != "" {
			lines[i] += " " + sanitize.Line(t)
		}
		subs[i] = m.c.Describe(f.err)
	}
	d := &listDialog{c: m.c, title: fmt.Sprintf("%s could not be %s", count(len(lines)), verb),
		note: "they stay selected, to retry", lines: lines, subs: subs}
	return common.OpenDialog(d)
}
