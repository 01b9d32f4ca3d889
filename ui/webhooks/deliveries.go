package webhooks

import (
	"context"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
)

// deliveries is one webhook's deliveries, a page at a time, newest first. The server
// pages by cursor (the last item's time): cursors holds the one that fetched each
// page so [ can go back.
type deliveries struct {
	hook    client.Webhook
	items   []client.WebhookDelivery
	page    int      // 0-based
	cursors []string // cursors[i] fetched page i ("" for the first)
	next    string   // the next page's cursor, "" on the last page
	loaded  bool
	loading bool
	err     error
	seq     int
	cancel  context.CancelFunc
	cursor  int
	offset  int
	keep    string // the delivery a reload puts the cursor back on
}

// deliveriesMsg is the answer to a deliveries page request.
type deliveriesMsg struct {
	seq      int
	bank, id string
	page     int
	cursor   string
	p        *client.WebhookDeliveryPage
	err      error
}

func (d *deliveries) selected() *client.WebhookDelivery {
	if d.cursor < 0 || d.cursor >= len(d.items) {
		return nil
	}
	return &d.items[d.cursor]
}

func (d *deliveries) clamp(rows int) {
	d.cursor = max(min(d.cursor, len(d.items)-1), 0)
	d.ensureVisible(rows)
}

func (d *deliveries) ensureVisible(rows int) {
	if d.cursor < d.offset {
		d.offset = d.cursor
	}
	if d.cursor >= d.offset+rows {
		d.offset = d.cursor - rows + 1
	}
	d.offset = max(min(d.offset, len(d.items)-rows), 0)
}

// openDeliveries shows the selected webhook's deliveries, from the newest.
func (m *Model) openDeliveries() tea.Cmd {
	h := m.selected()
	if h == nil || m.bank == "" {
		return nil
	}
	m.closeDeliveries()
	m.dv = &deliveries{hook: *h, cursors: []string{""}}
	return m.fetchPage(0, "")
}

// closeDeliveries goes back to the list; an answer still on its way is dropped.
func (m *Model) closeDeliveries() {
	if m.dv == nil {
		return
	}
	if m.dv.cancel != nil {
		m.dv.cancel()
	}
	m.dv = nil
}

// fetchPage asks for page (0-based), which cursor fetches.
func (m *Model) fetchPage(page int, cursor string) tea.Cmd {
	d := m.dv
	if d.cancel != nil {
		d.cancel()
	}
	d.seq++
	d.loading, d.err = true, nil
	ctx, cancel := m.c.Context(context.Background())
	d.cancel = cancel
	cl, bank, id, seq, limit := m.c.Client, m.bank, d.hook.ID, d.seq, m.pageSize
	fetch := func() tea.Msg {
		defer cancel()
		p, err := cl.ListWebhookDeliveries(ctx, bank, id, limit, cursor)
		return deliveriesMsg{seq: seq, bank: bank, id: id, page: page, cursor: cursor, p: p, err: err}
	}
	return tea.Batch(fetch, m.spinCmd())
}

// onDeliveries shows a page, unless the user has moved on (another page, another
// webhook, back to the list) since it was asked for.
func (m *Model) onDeliveries(msg deliveriesMsg) {
	d := m.dv
	if d == nil || msg.seq != d.seq || msg.bank != m.bank || msg.id != d.hook.ID {
		return
	}
	d.loading, d.cancel = false, nil
	if msg.err != nil {
		d.err = msg.err
		return
	}
	keep := d.keep
	d.keep = ""
	if msg.page != d.page || keep == "" {
		d.cursor, d.offset = 0, 0
	}
	d.items, d.next, d.page, d.loaded = msg.p.Items, msg.p.NextCursor, msg.page, true
	d.cursors = append(d.cursors[:min(msg.page, len(d.cursors))], msg.cursor)
	if keep != "" {
		for i := range d.items {
			if d.items[i].ID == keep {
				d.cursor = i
			}
		}
	}
	d.clamp(m.deliveryRows())
}

// deliveriesKey handles a key while the deliveries show.
func (m *Model) deliveriesKey(k tea.KeyPressMsg) tea.Cmd {
	d, lk, wk, rows := m.dv, m.keys.List, m.keys.Webhooks, m.deliveryRows()
	move := func(n int) { d.cursor += n; d.clamp(rows) }
	switch {
	case key.Matches(k, lk.Back):
		m.closeDeliveries()
	case key.Matches(k, lk.Up):
		move(-1)
	case key.Matches(k, lk.Down):
		move(1)
	case key.Matches(k, lk.PageUp):
		move(-rows)
	case key.Matches(k, lk.PageDown):
		move(rows)
	case key.Matches(k, lk.Top):
		move(-len(d.items))
	case key.Matches(k, lk.Bottom):
		move(len(d.items))
	case key.Matches(k, wk.NextPage):
		if d.next != "" && !d.loading {
			return m.fetchPage(d.page+1, d.next)
		}
	case key.Matches(k, wk.PrevPage):
		if d.page > 0 && !d.loading {
			return m.fetchPage(d.page-1, d.cursors[d.page-1])
		}
	case key.Matches(k, m.keys.Global.Refresh):
		return m.reloadPage()
	}
	return nil
}

// reloadPage asks for the page shown again, the cursor staying on its delivery.
func (m *Model) reloadPage() tea.Cmd {
	d := m.dv
	if s := d.selected(); s != nil {
		d.keep = s.ID
	}
	return m.fetchPage(d.page, d.cursors[d.page])
}
