package entities

import (
	"context"
	"strings"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
)

// pageMsg is one page of entities.
type pageMsg struct {
	seq    int
	bank   string
	offset int
	list   *client.EntityList
	err    error
}

// detailMsg is the selected entity and its linked memories.
type detailMsg struct {
	seq    int
	entity *client.Entity
	mems   *client.MemoryList
	err    error
}

// detail is the panel beside (or instead of) the list.
type detail struct {
	id      string
	seq     int
	loading bool
	entity  *client.Entity
	mems    []client.Memory
	total   int
	err     error
	cursor  int
	offset  int
	cancel  context.CancelFunc
}

// reload drops what is listed and asks for the first page.
func (m *Model) reload() tea.Cmd {
	m.stop()
	m.rows, m.total, m.loaded, m.err = nil, 0, false, nil
	m.visible, m.cursor, m.offset = nil, 0, 0
	m.cache = rowCache{}
	m.stopDetail()
	m.det = detail{}
	if m.zone == zoneDetail {
		m.zone = zoneList
	}
	if m.bank == "" {
		return nil
	}
	return m.fetch(0)
}

// stop cancels the list request in flight; its answer, if any, is dropped.
func (m *Model) stop() {
	m.seq++
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
	m.loading = false
}

// fetch asks for the page at offset.
func (m *Model) fetch(offset int) tea.Cmd {
	m.stop()
	m.loading = true
	ctx, cancel := m.c.Context(context.Background())
	m.cancel = cancel
	cl, bank, seq := m.c.Client, m.bank, m.seq
	return func() tea.Msg {
		defer cancel()
		l, err := cl.ListEntities(ctx, bank, pageSize, offset)
		return pageMsg{seq: seq, bank: bank, offset: offset, list: l, err: err}
	}
}

// more asks for the next page once the cursor nears the end of what is loaded.
func (m *Model) more() tea.Cmd {
	if m.loading || !m.loaded || len(m.rows) >= m.total || m.err != nil {
		return nil
	}
	if m.cursor < len(m.visible)-10 {
		return nil
	}
	return m.fetch(len(m.rows))
}

// onPage takes a page in; a stale one (another bank, a newer request) is dropped.
func (m *Model) onPage(msg pageMsg) tea.Cmd {
	if msg.seq != m.seq || msg.bank != m.bank {
		return nil
	}
	m.loading, m.cancel = false, nil
	if msg.err != nil {
		m.err = msg.err
		return common.Emit(common.ErrorMsg{Op: "list the entities of " + msg.bank, Err: msg.err})
	}
	m.err = nil
	if msg.offset != len(m.rows) {
		return nil
	}
	m.loaded = true
	m.rows = append(m.rows, msg.list.Items...)
	m.total = max(msg.list.Total, len(m.rows))
	if len(msg.list.Items) == 0 {
		m.total = len(m.rows) // the server ran out early
	}
	m.applyFilter()
	if m.want != "" && m.selectID(m.want) {
		m.want = ""
		return nil
	}
	if m.det.id == "" && m.want == "" {
		return m.syncDetail()
	}
	return nil
}

// applyFilter recomputes the rows that pass the quick filter, keeping the selection.
func (m *Model) applyFilter() {
	keep := ""
	if e := m.selected(); e != nil {
		keep = e.ID
	}
	q := strings.ToLower(strings.TrimSpace(m.filter.Value()))
	m.visible = m.visible[:0]
	for i := range m.rows {
		if q == "" || strings.Contains(strings.ToLower(m.rows[i].CanonicalName), q) {
			m.visible = append(m.visible, i)
		}
	}
	m.cursor = 0
	if keep != "" {
		for i, r := range m.visible {
			if m.rows[r].ID == keep {
				m.cursor = i
			}
		}
	}
	m.ensureVisible()
}

// syncDetail loads the selected entity's detail when it is not the one shown.
func (m *Model) syncDetail() tea.Cmd {
	e := m.selected()
	if e == nil || e.ID == m.det.id {
		return nil
	}
	return m.loadDetail(e.ID)
}

// stopDetail cancels the detail request in flight.
func (m *Model) stopDetail() {
	m.det.seq++
	if m.det.cancel != nil {
		m.det.cancel()
		m.det.cancel = nil
	}
	m.det.loading = false
}

// loadDetail asks for an entity and the memories linked to it.
func (m *Model) loadDetail(id string) tea.Cmd {
	if m.bank == "" || id == "" {
		return nil
	}
	m.stopDetail()
	seq := m.det.seq
	m.det = detail{id: id, seq: seq, loading: true}
	if e := m.selected(); e != nil && e.ID == id {
		m.det.entity = e
	}
	ctx, cancel := m.c.Context(context.Background())
	m.det.cancel = cancel
	cl, bank := m.c.Client, m.bank
	return func() tea.Msg {
		defer cancel()
		e, err := cl.GetEntity(ctx, bank, id)
		if err != nil {
			return detailMsg{seq: seq, err: err}
		}
		l, err := cl.ListMemories(ctx, bank, client.ListMemoriesParams{EntityID: id, Limit: memLimit})
		return detailMsg{seq: seq, entity: e, mems: l, err: err}
	}
}

// onDetail takes the detail in; an answer for an entity no longer selected is dropped,
// a failure is also logged.
func (m *Model) onDetail(msg detailMsg) tea.Cmd {
	if msg.seq != m.det.seq {
		return nil
	}
	m.det.loading, m.det.cancel = false, nil
	m.det.err = msg.err
	if msg.err != nil {
		return common.Emit(common.ErrorMsg{Op: "open an entity of " + m.bank, Err: msg.err})
	}
	if msg.entity != nil {
		m.det.entity = msg.entity
	}
	if msg.mems != nil {
		m.det.mems = msg.mems.Items
		m.det.total = max(msg.mems.Total, len(msg.mems.Items))
	}
	m.det.cursor, m.det.offset = 0, 0
	return nil
}
