// Package webhooks is the Webhooks pane: the endpoints a bank notifies of events, each
// with the status of its last delivery, and (enter) a webhook's deliveries page by
// page with their attempts, last error and next retry. n, e and D create, edit and
// delete webhooks; none of them exist under --read-only.
//
// The signing secret is typed once, in the create form (masked), and never shown
// again: the server does not return it, and the pane's copy-JSON leaves it out even
// if a later server did.
//
// The pane touches the network only once shown. Every answer carries the sequence
// number of its request, so one that arrives after the user moved on (another bank,
// another reload, another webhook) is dropped.
package webhooks

import (
	"context"
	"encoding/json"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/keymap"
	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
)

// pageSize is how many deliveries one request asks for: the server's default page.
const pageSize = 50

// Model is the webhooks pane.
type Model struct {
	c       *common.Common
	keys    keymap.KeyMap
	width   int
	height  int
	focused bool

	bank      string
	activated bool // set when first shown; nothing is loaded before

	rows    []client.Webhook // oldest first, as the server lists them
	loaded  bool
	loading bool
	err     error
	seq     int // the list request's sequence number
	cancel  context.CancelFunc
	// last is each webhook's newest delivery (nil: none yet), lastErr why it could
	// not be read; both are filled after the list, per webhook.
	last    map[string]*client.WebhookDelivery
	lastErr map[string]error

	cursor int
	offset int
	// keep is the webhook a reload puts the cursor back on; keepName names it when it
	// has left the list.
	keep, keepName string

	spin     spinner.Model
	spinning bool

	dv       *deliveries // the open webhook's deliveries, nil in the list
	pageSize int
}

var (
	_ common.Pane     = (*Model)(nil)
	_ common.Copier   = (*Model)(nil)
	_ common.Actioner = (*Model)(nil)
)

// listMsg is the answer to a list request.
type listMsg struct {
	seq   int
	bank  string
	items []client.Webhook
	err   error
}

// lastMsg is the newest delivery of one webhook, asked for after the list.
type lastMsg struct {
	seq      int
	bank, id string
	d        *client.WebhookDelivery
	err      error
}

// New returns the webhooks pane; it loads nothing until it is first shown.
func New(c *common.Common) *Model {
	m := &Model{c: c, keys: c.Keys, pageSize: pageSize}
	m.spin = spinner.New(spinner.WithSpinner(spinner.MiniDot), spinner.WithStyle(c.Styles.Accent))
	return m
}

// Init implements common.Pane.
func (m *Model) Init() tea.Cmd { return nil }

// SetSize implements common.Pane.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = max(width, 0), max(height, 0)
	m.ensureVisible()
	if m.dv != nil {
		m.dv.ensureVisible(m.deliveryRows())
	}
}

// SetStyles implements common.Pane.
func (m *Model) SetStyles(st *styles.Styles) { m.spin.Style = st.Accent }

// Focus implements common.Pane. The first time, it loads the bank's webhooks.
func (m *Model) Focus() tea.Cmd {
	m.focused = true
	if m.activated {
		return nil
	}
	m.activated = true
	return m.load("")
}

// Blur implements common.Pane.
func (m *Model) Blur() { m.focused = false }

// Capturing implements common.Pane: the pane has no text input of its own.
func (m *Model) Capturing() bool { return false }

// Update implements common.Pane.
func (m *Model) Update(msg tea.Msg) (common.Pane, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		cmd = m.handleKey(msg)
	case common.BankSelectedMsg:
		cmd = m.selectBank(msg.BankID)
	case listMsg:
		cmd = m.onList(msg)
	case lastMsg:
		m.onLast(msg)
	case deliveriesMsg:
		m.onDeliveries(msg)
	case savedMsg:
		cmd = m.onSaved(msg)
	case deletedMsg:
		cmd = m.onDeleted(msg)
	case common.ActionMsg:
		cmd = m.onAction(msg)
	case spinner.TickMsg:
		if msg.ID == m.spin.ID() {
			if !m.busy() {
				m.spinning = false // let the tick chain end
				break
			}
			m.spin, cmd = m.spin.Update(msg)
		}
	}
	return m, cmd
}

// busy reports a request the spinner stands for: the list's or the deliveries'.
func (m *Model) busy() bool { return m.loading || (m.dv != nil && m.dv.loading) }

// spinCmd starts the spinner unless it already turns.
func (m *Model) spinCmd() tea.Cmd {
	if m.spinning {
		return nil
	}
	m.spinning = true
	return m.spin.Tick
}

// selectBank switches to another bank; once the pane has been shown, its webhooks load.
func (m *Model) selectBank(id string) tea.Cmd {
	if id == m.bank {
		return nil
	}
	m.bank = id
	m.rows, m.loaded, m.err, m.cursor, m.offset = nil, false, nil, 0, 0
	m.closeDeliveries()
	if !m.activated {
		m.stop()
		return nil
	}
	return m.load("")
}

// selected is the webhook under the cursor, or nil.
func (m *Model) selected() *client.Webhook {
	if m.cursor < 0 || m.cursor >= len(m.rows) {
		return nil
	}
	return &m.rows[m.cursor]
}

// stop cancels the list request in flight and the last-delivery requests; their
// answers, if any, are dropped.
func (m *Model) stop() {
	m.seq++
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
	m.loading = false
}

// refresh lists the webhooks again, the cursor going back to its webhook.
func (m *Model) refresh() tea.Cmd {
	if h := m.selected(); h != nil {
		m.keepName = common.ItemName(h.URL, h.ID)
		return m.load(h.ID)
	}
	return m.load("")
}

// load lists the bank's webhooks, then asks each one's newest delivery; keep is the
// webhook the cursor goes back to ("" = the first).
func (m *Model) load(keep string) tea.Cmd {
	m.stop()
	m.keep, m.err = keep, nil
	if m.bank == "" {
		return nil
	}
	m.loading = true
	ctx, cancel := m.c.Context(context.Background())
	m.cancel = cancel
	cl, bank, seq := m.c.Client, m.bank, m.seq
	fetch := func() tea.Msg {
		defer cancel()
		items, err := cl.ListWebhooks(ctx, bank)
		return listMsg{seq: seq, bank: bank, items: items, err: err}
	}
	return tea.Batch(fetch, m.spinCmd())
}

// onList shows a list answer, unless the user has moved on since it was asked for,
// and asks for each webhook's newest delivery.
func (m *Model) onList(msg listMsg) tea.Cmd {
	if msg.seq != m.seq || msg.bank != m.bank {
		return nil
	}
	m.loading, m.cancel = false, nil
	if msg.err != nil {
		m.err = msg.err
		return nil
	}
	m.rows, m.loaded, m.err = msg.items, true, nil
	m.last, m.lastErr = map[string]*client.WebhookDelivery{}, map[string]error{}
	keep := m.keep
	m.keep = ""
	var cmds []tea.Cmd
	if keep != "" && !m.selectID(keep) {
		cmds = append(cmds, common.Toast(common.NoLongerListed(m.keepName, m.cursor+1)))
	} else if keep == "" {
		m.cursor, m.offset = 0, 0
	}
	m.clamp()
	cl, bank, seq := m.c.Client, m.bank, m.seq
	for _, h := range m.rows {
		id := h.ID
		ctx, cancel := m.c.Context(context.Background())
		cmds = append(cmds, func() tea.Msg {
			defer cancel()
			p, err := cl.ListWebhookDeliveries(ctx, bank, id, 1, "")
			msg := lastMsg{seq: seq, bank: bank, id: id, err: err}
			if err == nil && len(p.Items) > 0 {
				msg.d = &p.Items[0]
			}
			return msg
		})
	}
	return tea.Batch(cmds...)
}

// onLast notes a webhook's newest delivery, unless the list was asked for again since.
func (m *Model) onLast(msg lastMsg) {
	if msg.seq != m.seq || msg.bank != m.bank || m.last == nil {
		return
	}
	if msg.err != nil {
		m.lastErr[msg.id] = msg.err
		return
	}
	m.last[msg.id] = msg.d
}

// selectID moves the cursor to the webhook with id, if it is listed.
func (m *Model) selectID(id string) bool {
	for i := range m.rows {
		if m.rows[i].ID == id {
			m.cursor = i
			m.ensureVisible()
			return true
		}
	}
	return false
}

// redacted is v as JSON without any "secret" key: the server never returns the
// secret today, and copying must not leak it if a later version did.
func redacted(v any) (string, bool) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", false
	}
	var obj map[string]any
	if err := json.Unmarshal(b, &obj); err != nil {
		return "", false
	}
	delete(obj, "secret")
	out, err := json.MarshalIndent(obj, "", "  ")
	if err != nil {
		return "", false
	}
	return string(out), true
}

// Selection implements common.Copier: the selected delivery in the deliveries, else
// the selected webhook, never with a secret.
func (m *Model) Selection() (id, what, jsonText string, ok bool) {
	if m.dv != nil {
		d := m.dv.selected()
		if d == nil {
			return "", "", "", false
		}
		text, ok := redacted(d)
		return d.ID, "delivery " + sanitize.Line(d.EventType), text, ok
	}
	h := m.selected()
	if h == nil {
		return "", "", "", false
	}
	text, ok := redacted(h)
	return h.ID, "webhook " + sanitize.Line(h.URL), text, ok
}

// handleKey handles a key while the pane has focus.
func (m *Model) handleKey(k tea.KeyPressMsg) tea.Cmd {
	if m.dv != nil {
		return m.deliveriesKey(k)
	}
	lk, wk := m.keys.List, m.keys.Webhooks
	switch {
	case key.Matches(k, lk.Up):
		m.move(-1)
	case key.Matches(k, lk.Down):
		m.move(1)
	case key.Matches(k, lk.PageUp):
		m.move(-m.rowsHeight())
	case key.Matches(k, lk.PageDown):
		m.move(m.rowsHeight())
	case key.Matches(k, lk.Top):
		m.move(-len(m.rows))
	case key.Matches(k, lk.Bottom):
		m.move(len(m.rows))
	case key.Matches(k, lk.Open):
		return m.openDeliveries()
	case key.Matches(k, m.keys.Global.Refresh):
		return m.refresh()
	case key.Matches(k, wk.Create):
		return m.openForm(nil)
	case key.Matches(k, wk.Edit):
		return m.openForm(m.selected())
	case key.Matches(k, wk.Delete):
		return m.confirmDelete()
	}
	return nil
}

// move moves the cursor by n rows, within the list.
func (m *Model) move(n int) {
	m.cursor += n
	m.clamp()
}

// clamp keeps the cursor on a row and in view.
func (m *Model) clamp() {
	m.cursor = max(min(m.cursor, len(m.rows)-1), 0)
	m.ensureVisible()
}

// ensureVisible scrolls so that the cursor's row shows.
func (m *Model) ensureVisible() {
	h := m.rowsHeight()
	if m.cursor < m.offset {
		m.offset = m.cursor
	}
	if m.cursor >= m.offset+h {
		m.offset = m.cursor - h + 1
	}
	m.offset = max(min(m.offset, len(m.rows)-h), 0)
}

// ShortHelp implements common.Pane.
func (m *Model) ShortHelp() []key.Binding {
	lk, wk := m.keys.List, m.keys.Webhooks
	if m.dv != nil {
		return []key.Binding{lk.Back, wk.NextPage, wk.PrevPage, lk.Up, lk.Down, m.keys.Global.Refresh}
	}
	open := lk.Open
	open.SetHelp("enter", "deliveries")
	return []key.Binding{open, m.writeKey(wk.Create), m.writeKey(wk.Edit), m.writeKey(wk.Delete), lk.Up, lk.Down, m.keys.Global.Refresh}
}

// FullHelp implements common.Pane.
func (m *Model) FullHelp() [][]key.Binding {
	lk, wk := m.keys.List, m.keys.Webhooks
	open := lk.Open
	open.SetHelp("enter", "deliveries")
	back := lk.Back
	back.SetHelp("esc", "deliveries: back to list")
	return [][]key.Binding{
		{lk.Up, lk.Down, lk.PageUp, lk.PageDown, lk.Top, lk.Bottom},
		{open, m.writeKey(wk.Create), m.writeKey(wk.Edit), m.writeKey(wk.Delete), m.keys.Global.Refresh},
		{back, wk.NextPage, wk.PrevPage, wk.Check},
	}
}

// writeKey is b, off under --read-only: it writes to the server.
func (m *Model) writeKey(b key.Binding) key.Binding {
	b.SetEnabled(!m.c.ReadOnly)
	return b
}
