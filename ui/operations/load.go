package operations

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"maps"
	"slices"
	"strconv"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// pageSize is the server's largest page of operations.
const pageSize = 100

// loadState is the list request in flight. Each load has a sequence number; an answer
// to an older one (a newer load, a bank switch, esc) is dropped.
type loadState struct {
	seq     int
	cancel  context.CancelFunc
	busy    bool
	visible bool // the user is waiting for it: spinner; an auto-refresh is silent
}

// loadedMsg answers one load: the first want operations (in pages), and the current
// state of watched operations the list did not include (filtered out, or further down).
type loadedMsg struct {
	seq   int
	bank  string
	ops   []client.Operation
	total int
	extra map[string]*client.OperationStatus
	err   error
}

// startLoad (re)loads the list; visible loads show the spinner. Nothing is sent before
// the pane has been shown or without a bank.
func (m *Model) startLoad(visible bool) tea.Cmd {
	if !m.activated || m.bank == "" {
		return nil
	}
	m.stopLoad()
	m.load.seq++
	ctx, cancel := context.WithCancel(context.Background())
	m.load.cancel, m.load.busy, m.load.visible = cancel, true, visible
	seq, bank, f, want, cl, timeout := m.load.seq, m.bank, m.filter, max(m.want, pageSize), m.c.Client, m.c.Timeout
	ids := make([]string, 0, len(m.watch))
	for id := range m.watch {
		ids = append(ids, id)
	}
	call := func() tea.Msg {
		defer cancel()
		ops, total, err := fetchPages(ctx, cl, timeout, bank, f, want)
		msg := loadedMsg{seq: seq, bank: bank, ops: ops, total: total, err: err}
		if err == nil {
			msg.extra = fetchMissing(ctx, cl, timeout, bank, ids, ops)
		}
		return msg
	}
	if !visible {
		return call
	}
	return tea.Batch(call, m.startSpinner())
}

// fetchPages lists operations page by page until want are loaded or none are left.
// Operations are newest first, so one created between two pages shifts the second;
// an id seen twice is kept once.
func fetchPages(ctx context.Context, cl *client.Client, timeout time.Duration, bank string, f filters, want int) ([]client.Operation, int, error) {
	var ops []client.Operation
	seen := map[string]bool{}
	total := 0
	for offset := 0; len(ops) < want; offset += pageSize {
		rctx, done := withTimeout(ctx, timeout)
		page, err := cl.ListOperations(rctx, bank, f.params(pageSize, offset))
		done()
		if err != nil {
			return nil, 0, fmt.Errorf("list operations of %s: %w", bank, err)
		}
		total = page.Total
		for _, op := range page.Operations {
			if !seen[op.ID] {
				seen[op.ID] = true
				ops = append(ops, op)
			}
		}
		if len(page.Operations) == 0 || offset+len(page.Operations) >= page.Total {
			break
		}
	}
	return ops, total, nil
}

// missingGets caps the operations fetchMissing asks for one by one, so a refresh
// costs a bounded number of requests however many retains are watched.
const missingGets = 4

// fetchMissing finds the watched operations the list does not include, so a retain's
// end is noticed even when the filters hide it: a few are asked for by id; more are
// looked up in the newest async retains first. Failures are not reported: the next
// refresh asks again.
func fetchMissing(ctx context.Context, cl *client.Client, timeout time.Duration, bank string, ids []string, listed []client.Operation) map[string]*client.OperationStatus {
	in := make(map[string]bool, len(listed))
	for _, op := range listed {
		in[op.ID] = true
	}
	var missing []string
	for _, id := range ids {
		if !in[id] {
			missing = append(missing, id)
		}
	}
	out := map[string]*client.OperationStatus{}
	if len(missing) > missingGets {
		rctx, done := withTimeout(ctx, timeout)
		page, err := cl.ListOperations(rctx, bank, client.ListOperationsParams{Type: "batch_retain", Limit: pageSize})
		done()
		if err == nil {
			for _, op := range page.Operations {
				out[op.ID] = asStatus(op)
			}
		}
	}
	asked := 0
	for _, id := range missing {
		if out[id] != nil || asked == missingGets {
			continue
		}
		asked++
		rctx, done := withTimeout(ctx, timeout)
		st, err := cl.GetOperation(rctx, bank, id, false)
		done()
		if err == nil {
			out[id] = st
		}
	}
	for id := range out {
		if !slices.Contains(missing, id) {
			delete(out, id)
		}
	}
	return out
}

// asStatus is a list row as the single-operation answer, for fetchMissing.
func asStatus(op client.Operation) *client.OperationStatus {
	return &client.OperationStatus{OperationID: op.ID, Status: op.Status, OperationType: op.TaskType,
		UpdatedAt: op.UpdatedAt, ErrorMessage: op.ErrorMessage,
		ResultMetadata: map[string]json.RawMessage{"items_count": json.RawMessage(strconv.Itoa(op.ItemsCount))}}
}

func withTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		return context.WithCancel(ctx)
	}
	return context.WithTimeout(ctx, d)
}

// stopLoad cancels the load in flight; its answer will be dropped.
func (m *Model) stopLoad() {
	if m.load.cancel != nil {
		m.load.cancel()
	}
	m.load = loadState{seq: m.load.seq + 1}
}

// onLoaded takes a load's answer unless a newer load, a bank switch or esc made it
// stale: the list is replaced (the selected operation stays selected), finished
// retains raise their toasts and the next auto-refresh is scheduled.
func (m *Model) onLoaded(msg loadedMsg) tea.Cmd {
	if msg.seq != m.load.seq || msg.bank != m.bank || !m.load.busy {
		return nil
	}
	m.load = loadState{seq: m.load.seq}
	if msg.err != nil {
		if client.IsCanceled(msg.err) {
			return nil
		}
		m.err = msg.err
		var logged tea.Cmd
		// An auto-refresh repeats a failure every few seconds; the log gets it once.
		if text := msg.err.Error(); text != m.lastErr {
			m.lastErr = text
			logged = common.Emit(common.ErrorMsg{Op: "list operations", Err: msg.err})
		}
		return tea.Batch(logged, m.schedulePoll(false))
	}
	prev, prevName := "", ""
	if r := m.selected(); r != nil && !m.relist {
		prev, prevName = r.op.ID, "operation "+r.short
		if r.typ != "" {
			prevName += " (" + r.typ + ")"
		}
	}
	m.relist = false
	old := m.list
	m.list = newListing(msg.ops, msg.total, msg.extra, old, m.c.Now())
	m.err, m.lastErr = nil, ""
	m.frame++
	var left tea.Cmd
	switch {
	case m.follow != "" && m.list.index(m.follow) >= 0:
		m.cursor = m.list.index(m.follow)
	case m.list.index(prev) >= 0:
		m.cursor = m.list.index(prev)
	case prev != "" && len(m.list.rows) > 0:
		// The operation left the list (its status no longer passes the filter, or it
		// was deleted elsewhere): the cursor keeps its row, and says so.
		left = common.Toast(common.NoLongerListed(prevName, min(m.cursor, len(m.list.rows)-1)+1))
	}
	if m.seek != "" && m.list.index(m.seek) < 0 {
		left = common.Toast("operation " + common.ShortID(m.seek) + " is not among the " +
			common.Plural(len(m.list.rows), "operation", "operations") + " listed: a filter hides it, or it is older")
	}
	m.follow, m.seek = "", ""
	m.cursor = min(max(m.cursor, 0), max(len(m.list.rows)-1, 0))
	m.ensureVisible()
	m.det.prune(m.list)
	toasts := m.transitions(msg.extra)
	changed := old == nil || old.sig != m.list.sig
	return tea.Batch(left, toasts, m.schedulePoll(changed))
}

// listing is one answer with what the view needs precomputed, so a frame never walks
// every operation: per-row text, counts, and a fingerprint of the server state that
// tells the auto-refresh whether anything changed.
type listing struct {
	rows    []row
	byID    map[string]int
	total   int
	active  int // pending or processing
	stalled int // active, but unchanged for longer than stallAfter: not worth polling for
	pending int
	failed  int
	sig     uint64
}

// row is one operation as the list draws it.
type row struct {
	op      client.Operation
	typ     string // sanitized
	short   string // the first 8 characters of the id
	errText string // one line, sanitized, bounded
	key     string // the server state that matters: it changes when the operation does

	drawn    string
	drawnFor rowKey
}

// errTextMax bounds a row's error text; the column shows far less.
const errTextMax = 400

// newListing builds the rows of an answer. A row whose operation has not changed since
// prev is kept as it was, drawing included, so a refresh redraws only what moved.
func newListing(ops []client.Operation, total int, extra map[string]*client.OperationStatus, prev *listing, now time.Time) *listing {
	l := &listing{rows: make([]row, len(ops)), byID: make(map[string]int, len(ops)), total: total}
	h := fnv.New64a()
	for i, op := range ops {
		key := rowKeyOf(op)
		if j := prev.index(op.ID); j >= 0 && prev.rows[j].key == key {
			l.rows[i] = prev.rows[j]
			l.rows[i].op = op
		} else {
			l.rows[i] = row{op: op, typ: sanitize.Line(op.TaskType), short: common.ShortID(op.ID),
				errText: sanitize.Line(components.Head(op.ErrorMessage, errTextMax)), key: key}
		}
		l.byID[op.ID] = i
		switch op.Status {
		case client.StatusPending:
			l.pending++
		case client.StatusFailed:
			l.failed++
		}
		if isActive(op.Status) {
			l.active++
			if stalled(op, now) {
				l.stalled++
			}
		}
		_, _ = h.Write([]byte(op.ID + "\x00" + key + "\x00"))
	}
	for _, id := range slices.Sorted(maps.Keys(extra)) {
		_, _ = h.Write([]byte(id + "\x00" + extra[id].Status + "\x00" + extra[id].UpdatedAt.Raw + "\x00"))
	}
	_, _ = h.Write([]byte(strconv.Itoa(total)))
	l.sig = h.Sum64()
	return l
}

// rowKeyOf is what an operation's row and details depend on.
func rowKeyOf(op client.Operation) string {
	k := op.Status + "|" + op.UpdatedAt.Raw + "|" + strconv.Itoa(op.RetryCount) + "|" + strconv.Itoa(op.ItemsCount) +
		"|" + op.TaskType + "|" + op.DocumentID + "|" + components.Head(op.ErrorMessage, errTextMax)
	if p := op.Progress; p != nil {
		k += "|" + p.Stage + "|" + p.At.Raw
		if p.Processed != nil {
			k += "|" + strconv.Itoa(*p.Processed)
		}
		if p.Total != nil {
			k += "/" + strconv.Itoa(*p.Total)
		}
	}
	return k
}

func (l *listing) index(id string) int {
	if l == nil || id == "" {
		return -1
	}
	if i, ok := l.byID[id]; ok {
		return i
	}
	return -1
}

// isActive reports whether an operation in this status may still change.
func isActive(status string) bool {
	return status == client.StatusPending || status == client.StatusProcessing
}

// stallAfter is how long an operation may stay pending or processing without a change
// before the auto-refresh stops waiting for it: a queue that has not moved for an hour
// is stuck (or parked on purpose, like the demo's), and polling it every 15 s for days
// would keep the program and the server busy for nothing. r still refreshes.
const stallAfter = time.Hour

// stalled reports whether op is active and has not changed for longer than stallAfter.
func stalled(op client.Operation, now time.Time) bool {
	last := op.UpdatedAt.Time
	if last.IsZero() {
		last = op.CreatedAt.Time
	}
	if p := op.Progress; p != nil && p.At.Time.After(last) {
		last = p.At.Time
	}
	return isActive(op.Status) && !last.IsZero() && now.Sub(last) > stallAfter
}

// startSpinner starts the spinner's tick chain unless it runs already; it ends itself
// once nothing visible is loading.
func (m *Model) startSpinner() tea.Cmd {
	if m.spinning {
		return nil
	}
	m.spinning = true
	return m.spin.Tick
}
