package operations

import (
	"encoding/json"
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

// The auto-refresh waits pollMin after a change and doubles the wait while nothing
// changes, up to pollMax: quick while work moves, cheap while it waits in a queue.
const (
	pollMin = time.Second
	pollMax = 15 * time.Second
)

// pollState is the auto-refresh. Each timer carries the sequence number it was
// scheduled with; scheduling again (or pausing, or switching banks) makes older
// timers stale, so there is never more than one live timer.
type pollState struct {
	seq      int
	interval time.Duration // the wait of the live timer; 0 when none is scheduled
	paused   bool
}

// pollDueMsg fires when it is time to refresh.
type pollDueMsg struct {
	seq  int
	bank string
}

// stop drops the live timer.
func (p *pollState) stop() {
	p.seq++
	p.interval = 0
}

// running reports whether anything shown or watched may still change; stalled work is
// left to r.
func (m *Model) running() bool {
	if m.list != nil && m.list.active > m.list.stalled {
		return true
	}
	for id := range m.watch {
		if i := m.list.index(id); i < 0 || !stalled(m.list.rows[i].op, m.c.Now()) {
			return true // a watched retain not in the list is followed by its own request
		}
	}
	return false
}

// schedulePoll arms the next refresh while something is running and the user has not
// paused it; changed says whether the last answer differed from the one before.
func (m *Model) schedulePoll(changed bool) tea.Cmd {
	last := m.poll.interval
	m.poll.stop()
	if m.poll.paused || !m.activated || m.bank == "" || !m.running() {
		return nil
	}
	switch {
	case changed || last == 0:
		m.poll.interval = pollMin
	default:
		m.poll.interval = min(last*2, pollMax)
	}
	return m.c.After(m.poll.interval, pollDueMsg{seq: m.poll.seq, bank: m.bank})
}

// onPoll refreshes quietly, unless the timer is stale or a load is already on its way
// (its answer schedules the next refresh).
func (m *Model) onPoll(msg pollDueMsg) tea.Cmd {
	if msg.seq != m.poll.seq || msg.bank != m.bank || m.poll.paused || m.load.busy {
		return nil
	}
	return m.startLoad(false)
}

// togglePause pauses the auto-refresh, or resumes it with a refresh now.
func (m *Model) togglePause() tea.Cmd {
	m.poll.paused = !m.poll.paused
	if m.poll.paused {
		m.poll.stop()
		return common.Toast("auto-refresh paused")
	}
	m.poll.interval = 0
	if m.load.busy {
		return nil
	}
	return m.startLoad(false)
}

// watched is an async retain (or a followed operation) the pane saw running.
type watched struct {
	typ    string
	label  string // document id, or the short id
	items  int
	status string
	// quiet marks an operation another pane announced: that pane reports its end
	// itself, so a second toast would only repeat it.
	quiet bool
}

// transitions compares what is watched with the new answer: an operation that
// finished raises a toast and is no longer watched; then every async retain listed as
// running is watched from now on. A retain first seen finished raises nothing.
func (m *Model) transitions(extra map[string]*client.OperationStatus) tea.Cmd {
	var cmds []tea.Cmd
	for _, id := range slices.Sorted(maps.Keys(m.watch)) {
		w := m.watch[id]
		if i := m.list.index(id); i >= 0 {
			op := m.list.rows[i].op
			w = w.update(op.TaskType, op.DocumentID, op.ItemsCount)
			cmds = append(cmds, m.track(id, w, op.Status, op.ErrorMessage))
			continue
		}
		st, ok := extra[id]
		if !ok {
			continue // not seen this time; asked again next time
		}
		if st.Status == client.StatusNotFound {
			delete(m.watch, id)
			continue
		}
		w = w.update(st.OperationType, "", metaInt(st.ResultMetadata, "items_count"))
		cmds = append(cmds, m.track(id, w, st.Status, st.ErrorMessage))
	}
	for _, r := range m.list.rows {
		if r.op.TaskType == "batch_retain" && isActive(r.op.Status) {
			if _, ok := m.watch[r.op.ID]; !ok {
				m.watch[r.op.ID] = watched{}.update(r.op.TaskType, r.op.DocumentID, r.op.ItemsCount).withID(r.op.ID, r.op.Status)
			}
		}
	}
	return tea.Batch(cmds...)
}

// track records a watched operation's new status and, when it has finished, stops
// watching it and returns its toast.
func (m *Model) track(id string, w watched, status, errMsg string) tea.Cmd {
	w = w.withID(id, status)
	if isActive(status) {
		m.watch[id] = w
		return nil
	}
	delete(m.watch, id)
	if w.quiet {
		return nil
	}
	what := "operation " + w.label
	if w.typ != "" && w.typ != "batch_retain" {
		what = sanitize.Line(w.typ) + " " + w.label
	} else if w.typ == "batch_retain" {
		what = "retain " + w.label
	}
	switch status {
	case client.StatusCompleted:
		text := what + " completed"
		if w.typ == "batch_retain" {
			text += ": " + common.Plural(w.items, "item", "items")
		}
		// A finished operation wrote memories (facts, observations): what shows them
		// reloads.
		return tea.Batch(common.Toast(text), common.Emit(common.MemoryChangedMsg{BankID: m.bank, Change: common.MemoryRetained}))
	case client.StatusFailed:
		text := what + " failed"
		if e := sanitize.Line(errMsg); e != "" {
			text += ": " + e
		}
		return common.Emit(common.ToastMsg{Text: text, Error: true})
	case client.StatusCancelled:
		return common.Toast(what + " was cancelled")
	}
	return nil
}

// update fills in what the server said about the operation.
func (w watched) update(typ, documentID string, items int) watched {
	if typ != "" {
		w.typ = typ
	}
	if documentID != "" {
		// Generated document ids are UUIDs: a toast needs only enough to recognise it.
		w.label = components.Truncate(sanitize.Line(documentID), 32)
	}
	if items > 0 {
		w.items = items
	}
	return w
}

func (w watched) withID(id, status string) watched {
	if w.label == "" {
		w.label = common.ShortID(id)
	}
	w.status = status
	return w
}

// metaInt reads an integer out of free-form result metadata (0 when absent).
func metaInt(meta map[string]json.RawMessage, key string) int {
	n, _ := strconv.Atoi(string(meta[key]))
	return n
}
