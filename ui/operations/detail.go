package operations

import (
	"context"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// detailState holds the selected operation's full record (GET operation) and the
// panel's drawing. Records are kept per operation with the row state they were read
// for: a record is fetched again only when the list shows that the operation changed.
type detailState struct {
	entries map[string]*detailEntry
	payload map[string]bool // operations whose task payload the user asked for

	// The request scheduled or in flight; its sequence number drops late answers.
	seq     int
	cancel  context.CancelFunc
	pending string // request key (id, row state, payload); "" when none
	reqID   string
	reqKey  string
	reqPay  bool
	lastErr string

	lines    []string
	drawn    drawKey
	scroll   int
	scrollID string // the operation scroll belongs to: another one starts at the top
}

// detailEntry is what the server said about one operation in one state.
type detailEntry struct {
	key     string // the row state it was read in
	st      *client.OperationStatus
	payload bool  // st includes the task payload
	err     error // the request failed: r asks again
	stopped bool  // esc stopped the request: r asks again
	gone    bool  // the server answered not_found: deleted meanwhile
}

// drawKey is everything a drawing of the panel depends on.
type drawKey struct {
	id, key string
	entry   *detailEntry
	loading bool
	frame   int // the processing glyph, as in the list
	width   int
	minute  int64
	styles  *styles.Styles
}

type detailDueMsg struct {
	seq int
}

type detailLoadedMsg struct {
	seq     int
	bank    string
	id, key string
	payload bool
	st      *client.OperationStatus
	err     error
}

func newDetailState() detailState {
	return detailState{entries: map[string]*detailEntry{}, payload: map[string]bool{}}
}

// detailVisible reports whether the panel is drawn: beside a wide list unless hidden,
// instead of a narrow one when asked for.
func (m *Model) detailVisible() bool {
	if m.width >= sideBySide {
		return !m.detailToggled
	}
	return m.detailToggled
}

// ensureDetail asks for the selected operation's record when the panel shows it and
// what is kept is missing or older than the list, after the cursor has rested.
func (m *Model) ensureDetail() tea.Cmd {
	if !m.activated || !m.detailVisible() {
		return nil
	}
	r := m.selected()
	if r == nil {
		return nil
	}
	id, pay := r.op.ID, m.det.payload[r.op.ID]
	if e := m.det.entries[id]; e != nil && e.key == r.key && (e.payload || !pay || e.err != nil || e.stopped || e.gone) {
		return nil
	}
	req := id + "\x00" + r.key + "\x00" + fmt.Sprint(pay)
	if m.det.pending == req {
		return nil
	}
	m.stopDetail()
	m.det.seq++
	m.det.pending, m.det.reqID, m.det.reqKey, m.det.reqPay = req, id, r.key, pay
	return m.c.After(detailDebounce, detailDueMsg{seq: m.det.seq})
}

// onDetailDue sends the request the cursor rested on.
func (m *Model) onDetailDue(msg detailDueMsg) tea.Cmd {
	if msg.seq != m.det.seq || m.det.pending == "" {
		return nil
	}
	ctx, cancel := m.c.Context(context.Background())
	m.det.cancel = cancel
	seq, bank, id, key, pay, cl := m.det.seq, m.bank, m.det.reqID, m.det.reqKey, m.det.reqPay, m.c.Client
	return func() tea.Msg {
		defer cancel()
		st, err := cl.GetOperation(ctx, bank, id, pay)
		if err != nil {
			err = fmt.Errorf("get operation %s: %w", common.ShortID(id), err)
		}
		return detailLoadedMsg{seq: seq, bank: bank, id: id, key: key, payload: pay, st: st, err: err}
	}
}

// stopDetail cancels the record request scheduled or in flight.
func (m *Model) stopDetail() {
	if m.det.cancel != nil {
		m.det.cancel()
		m.det.cancel = nil
	}
	m.det.pending = ""
	m.det.seq++
}

// detailBusy reports whether a record request is scheduled or in flight.
func (m *Model) detailBusy() bool { return m.det.pending != "" }

// onDetail keeps a record. not_found means the operation was deleted meanwhile: the
// list is refreshed so it goes.
func (m *Model) onDetail(msg detailLoadedMsg) tea.Cmd {
	if msg.seq != m.det.seq || msg.bank != m.bank || m.det.pending == "" {
		return nil
	}
	m.det.pending, m.det.cancel = "", nil
	switch {
	case msg.err != nil:
		if client.IsCanceled(msg.err) {
			return nil
		}
		m.det.entries[msg.id] = &detailEntry{key: msg.key, err: msg.err}
		if text := msg.err.Error(); text != m.det.lastErr {
			m.det.lastErr = text
			return common.Emit(common.ErrorMsg{Op: "get operation", Err: msg.err})
		}
		return nil
	case msg.st.Status == client.StatusNotFound:
		m.det.entries[msg.id] = &detailEntry{key: msg.key, gone: true}
		if m.load.busy {
			return nil
		}
		return m.startLoad(false)
	}
	m.det.lastErr = ""
	m.det.entries[msg.id] = &detailEntry{key: msg.key, st: msg.st, payload: msg.payload}
	return nil
}

// prune forgets the records of operations no longer listed.
func (d *detailState) prune(l *listing) {
	for id := range d.entries {
		if l.index(id) < 0 {
			delete(d.entries, id)
		}
	}
	for id := range d.payload {
		if l.index(id) < 0 {
			delete(d.payload, id)
		}
	}
}

// selectedEntry is the record kept for the selected operation, if any.
func (m *Model) selectedEntry() *detailEntry {
	if r := m.selected(); r != nil {
		return m.det.entries[r.op.ID]
	}
	return nil
}

// detailKey is what the selected operation's panel at width depends on, and its row
// (nil when nothing is selected).
func (m *Model) detailKey(width int) (drawKey, *row) {
	r := m.selected()
	if r == nil {
		return drawKey{}, nil
	}
	k := drawKey{id: r.op.ID, key: r.key, entry: m.det.entries[r.op.ID], loading: m.detailBusy() && m.det.reqID == r.op.ID,
		width: width, minute: m.c.Now().Unix() / 60, styles: m.c.Styles}
	if r.op.Status == "processing" {
		k.frame = m.frame
	}
	return k, r
}

// detailLines are the selected operation's panel at width: the drawing settle kept
// while nothing it shows has changed, else a new one.
func (m *Model) detailLines(width int) []string {
	k, r := m.detailKey(width)
	if r == nil {
		return nil
	}
	if m.det.lines != nil && m.det.drawn == k {
		return m.det.lines
	}
	return m.drawDetail(r, k)
}

// drawDetail draws the panel of r for k.
func (m *Model) drawDetail(r *row, k drawKey) []string {
	doc := operationDoc(r, k.entry, k.loading, k.frame, m.keys, m.c, m.c.Now())
	return doc.Lines(m.c.Styles, k.width)
}

// keepDetail draws the panel at w x h for View when what it shows changed, and keeps
// its scroll inside the text (a new operation starts at the top).
func (m *Model) keepDetail(w, h int) {
	k, r := m.detailKey(w)
	if r == nil {
		return
	}
	d := &m.det
	if d.lines == nil || d.drawn != k {
		d.lines, d.drawn = m.drawDetail(r, k), k
	}
	d.scrollFor(r.op.ID)
	d.scroll = detailScroll(d.scroll, len(d.lines), h)
}

// detailScroll is scroll kept inside a text of n lines in a panel of h lines, whose
// last line may say where it is.
func detailScroll(scroll, n, h int) int {
	return min(max(scroll, 0), max(n-h+1, 0))
}

// detailView is the panel scrolled, exactly w x h; the last line says when there is
// more and how to see it.
func (m *Model) detailView(w, h int) []string {
	all := m.detailLines(w)
	d := &m.det
	scroll := 0
	if d.scrollID == m.selectedID() {
		scroll = detailScroll(d.scroll, len(all), h)
	}
	out := make([]string, 0, h)
	out = append(out, all[min(scroll, len(all)):min(scroll+h, len(all))]...)
	if len(all) > h && h > 1 {
		pos := m.keys.Operations.DetailDn.Help().Key + "/" + m.keys.Operations.DetailUp.Help().Key + " scroll · " +
			fmt.Sprintf("%d–%d/%d", scroll+1, min(scroll+h-1, len(all)), len(all))
		if len(out) >= h {
			out = out[:h-1]
		}
		out = append(out, components.Fit(m.c.Styles.Subtle.Render(components.Truncate(pos, w)), w))
	}
	blank := strings.Repeat(" ", w)
	for len(out) < h {
		out = append(out, blank)
	}
	return out
}

// scrollDetail scrolls the panel by n lines (settle keeps it inside the text).
func (m *Model) scrollDetail(n int) {
	m.det.scrollFor(m.selectedID())
	m.det.scroll = max(m.det.scroll+n, 0)
}

// scrollFor starts the panel at the top when it shows another operation.
func (d *detailState) scrollFor(id string) {
	if d.scrollID != id {
		d.scrollID, d.scroll = id, 0
	}
}
