package models

import (
	"context"
	"fmt"
	"slices"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
)

// pageSize is how many models one request lists; a bank holds few.
const pageSize = 1000

// listedMsg answers a list request.
type listedMsg struct {
	bank string
	seq  int
	page *client.MentalModelList
	err  error
}

// detailMsg answers an open request: the model at detail=full and its history.
type detailMsg struct {
	bank    string
	seq     int
	model   *client.MentalModel
	history []client.MentalModelChange
	err     error
}

// reload lists the bank's models again; the cursor stays on the model it was on
// wherever the new list puts it. An older request is cancelled and its answer dropped.
func (m *Model) reload() tea.Cmd {
	if m.bank == "" {
		return nil
	}
	if mm := m.selected(); mm != nil {
		m.keep = mm.ID
	}
	m.stopList()
	m.list.seq++
	m.list.busy, m.list.err = true, nil
	ctx, cancel := m.c.Context(context.Background())
	m.list.cancel = cancel
	bank, seq, cl := m.bank, m.list.seq, m.c.Client
	return tea.Batch(func() tea.Msg {
		defer cancel()
		page, err := cl.ListMentalModels(ctx, bank, client.ListMentalModelsParams{Detail: client.DetailFull, Limit: pageSize})
		return listedMsg{bank: bank, seq: seq, page: page, err: err}
	}, m.spin.Tick)
}

// stopList cancels the list request in flight.
func (m *Model) stopList() {
	if m.list.cancel != nil {
		m.list.cancel()
		m.list.cancel = nil
	}
	m.list.busy = false
}

// onListed takes a list answer unless a newer request replaced it; a failure stays
// in place (the rows loaded before are kept) and is logged.
func (m *Model) onListed(msg listedMsg) tea.Cmd {
	if msg.bank != m.bank || msg.seq != m.list.seq {
		return nil
	}
	m.list.busy, m.list.cancel = false, nil
	if msg.err != nil {
		m.list.err = msg.err
		if client.IsCanceled(msg.err) {
			return nil
		}
		return common.Emit(common.ErrorMsg{Op: "list the mental models of " + msg.bank, Err: msg.err})
	}
	m.list.items, m.list.total, m.list.loaded = msg.page.Items, max(msg.page.Total, len(msg.page.Items)), true
	keep := m.keep
	m.keep = ""
	m.applyFilter()
	if keep != "" {
		if i := slices.IndexFunc(m.visible, func(i int) bool { return m.list.items[i].ID == keep }); i >= 0 {
			m.cursor = i
			m.ensureVisible()
		}
	}
	return m.checkRot()
}

// detail is the open model and the request loading it.
type detail struct {
	id      string
	model   *client.MentalModel
	history []client.MentalModelChange // newest first
	listed  *bool                      // is_stale as the list said, for the list/GET disagreement
	busy    bool
	err     error
	seq     int
	cancel  context.CancelFunc
	version int // -1 = the current content, else an index into history
	mark    int // the version marked as the diff's other side, or noMark
	diff    bool
	scroll  int
	// toContent scrolls to the content (or the diff) at the next layout, after [, ] or =
	toContent bool
	contentAt int      // the line the content (or the diff) starts on
	lines     []string // settled by settle, drawn by View
}

// stop cancels the detail request in flight.
func (d *detail) stop() {
	if d.cancel != nil {
		d.cancel()
		d.cancel = nil
	}
	d.busy = false
}

// openModel loads model id (full detail, with the server's GET staleness) and its
// history into the detail.
func (m *Model) openModel(id string) tea.Cmd {
	if m.bank == "" || id == "" {
		return nil
	}
	m.open = true
	m.det.stop()
	seq := m.det.seq + 1
	var listed *bool
	if i := slices.IndexFunc(m.list.items, func(mm client.MentalModel) bool { return mm.ID == id }); i >= 0 {
		listed = m.list.items[i].IsStale
	}
	diff := m.det.diff && m.det.id == id // a reload of the model keeps the diff in view
	m.det = detail{id: id, busy: true, seq: seq, version: -1, mark: noMark, listed: listed, diff: diff}
	ctx, cancel := m.c.Context(context.Background())
	m.det.cancel = cancel
	bank, cl := m.bank, m.c.Client
	return tea.Batch(func() tea.Msg {
		defer cancel()
		mm, err := cl.GetMentalModel(ctx, bank, id, client.DetailFull)
		if err != nil {
			return detailMsg{bank: bank, seq: seq, err: err}
		}
		hist, err := cl.MentalModelHistory(ctx, bank, id)
		if err != nil {
			return detailMsg{bank: bank, seq: seq, model: mm, err: fmt.Errorf("history: %w", err)}
		}
		return detailMsg{bank: bank, seq: seq, model: mm, history: hist}
	}, m.spin.Tick)
}

// onDetail takes an open answer unless another model was opened since.
func (m *Model) onDetail(msg detailMsg) tea.Cmd {
	if msg.bank != m.bank || msg.seq != m.det.seq {
		return nil
	}
	m.det.busy, m.det.cancel = false, nil
	m.det.model, m.det.history, m.det.err = msg.model, msg.history, msg.err
	m.det.version = min(m.det.version, len(m.det.history)-1)
	if msg.err != nil && !client.IsCanceled(msg.err) {
		return common.Emit(common.ErrorMsg{Op: "open mental model " + m.det.id + " of " + msg.bank, Err: msg.err})
	}
	return nil
}
