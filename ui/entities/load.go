package entities

import (
	"context"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
)

// pageMsg is one page of entities.
type pageMsg struct {
	seq     int
	bank    string
	offset  int
	replace bool // a refresh: the page replaces every row
	list    *client.EntityList
	err     error
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
	// refresh says the answer reloads the memories shown: the cursor goes back to
	// memory keep (named keepName), or keeps its row when keep is "" or gone.
	refresh        bool
	keep, keepName string
}

// reload drops what is listed and asks for the first page.
func (m *Model) reload() tea.Cmd {
	m.stop()
	m.rows, m.total, m.loaded, m.err = nil, 0, false, nil
	m.visible, m.cursor, m.offset, m.keep = nil, 0, 0, ""
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

// refresh lists the same entities again, as many as are loaded, and puts the cursor
// back on its entity wherever the new order put it (the detail reloads too, keeping
// its memory); when that entity left the list, the cursor keeps its row and a notice
// says so. Without a list shown it lists from the top.
func (m *Model) refresh() tea.Cmd {
	e := m.selected()
	if e == nil || !m.loaded || m.bank == "" {
		return m.reload()
	}
	m.keep, m.keepName = e.ID, common.ItemName(e.CanonicalName, e.ID)
	return tea.Batch(m.send(0, max(pageSize, len(m.rows)), true), m.refreshDetail(m.detailMemoryID()))
}

// onMemoryChanged reloads the detail's memories when memories of the bank were
// written (an edit in the inspector opened from it, say): the cursor stays on its
// memory, or on its row when that memory was invalidated or restored and so left.
func (m *Model) onMemoryChanged(msg common.MemoryChangedMsg) tea.Cmd {
	if msg.BankID != m.bank {
		return nil
	}
	if msg.Change == common.MemoryRetained && m.loaded {
		// New memories bring new entities and mentions: the list (and the detail
		// shown) reload, each cursor on its item.
		return m.refresh()
	}
	if m.det.id == "" {
		return nil
	}
	keep := m.detailMemoryID()
	if (msg.Change == common.MemoryInvalidated || msg.Change == common.MemoryRestored) && slices.Contains(msg.IDs, keep) {
		keep = ""
	}
	return m.refreshDetail(keep)
}

// detailMemoryID is the id of the memory under the detail's cursor, "" when none is.
func (m *Model) detailMemoryID() string {
	if m.det.cursor < len(m.det.mems) {
		return m.det.mems[m.det.cursor].ID
	}
	return ""
}

// refreshDetail reloads the entity shown and its memories, keeping what is shown
// until the answer comes; the cursor then goes back to memory keep (onDetail).
func (m *Model) refreshDetail(keep string) tea.Cmd {
	if m.det.id == "" || m.det.loading {
		return nil
	}
	old := m.det
	cmd := m.loadDetail(old.id)
	m.det.entity, m.det.mems, m.det.total = old.entity, old.mems, old.total
	m.det.cursor, m.det.offset = old.cursor, old.offset
	m.det.refresh, m.det.keep = true, keep
	if keep != "" {
		m.det.keepName = common.ItemName(old.mems[old.cursor].Text, keep)
	}
	return cmd
}

// fetch asks for the page at offset.
func (m *Model) fetch(offset int) tea.Cmd { return m.send(offset, pageSize, false) }

// send asks for limit entities from offset; replace says they replace every row.
func (m *Model) send(offset, limit int, replace bool) tea.Cmd {
	m.stop()
	m.loading = true
	ctx, cancel := m.c.Context(context.Background())
	m.cancel = cancel
	cl, bank, seq := m.c.Client, m.bank, m.seq
	return func() tea.Msg {
		defer cancel()
		l, err := cl.ListEntities(ctx, bank, limit, offset)
		return pageMsg{seq: seq, bank: bank, offset: offset, replace: replace, list: l, err: err}
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
	if msg.replace {
		return m.onRefreshed(msg.list)
	}
	if msg.offset != len(m.rows) {
		return nil
	}
	m.loaded = true
	// An entity mentioned between two pages moves up and shifts the next page: one
	// already listed is kept once, where it was.
	for _, e := range msg.list.Items {
		if !slices.ContainsFunc(m.rows, func(o client.Entity) bool { return o.ID == e.ID }) {
			m.rows = append(m.rows, e)
		}
	}
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

// onRefreshed takes the answer of a refresh: it replaces the rows, and the cursor goes
// back to the entity it was on, or keeps its row with a notice when that entity left.
func (m *Model) onRefreshed(list *client.EntityList) tea.Cmd {
	m.rows, m.visible, m.cache = list.Items, nil, rowCache{}
	m.total = max(list.Total, len(m.rows))
	keep, name := m.keep, m.keepName
	m.keep = ""
	if m.filterRows(keep, m.cursor) || keep == "" || len(m.visible) == 0 {
		return nil
	}
	// The detail showed the entity that left: it follows the cursor's new entity.
	return tea.Batch(common.Toast(common.NoLongerListed(name, m.cursor+1)), m.syncDetail())
}

// applyFilter recomputes the rows that pass the quick filter, keeping the selection.
func (m *Model) applyFilter() {
	keep := ""
	if e := m.selected(); e != nil {
		keep = e.ID
	}
	m.filterRows(keep, 0)
}

// filterRows recomputes the rows that pass the quick filter and puts the cursor on
// entity keep; found is false when it does not pass, and the cursor is then on row
// fallback (clamped).
func (m *Model) filterRows(keep string, fallback int) (found bool) {
	q := strings.ToLower(strings.TrimSpace(m.filter.Value()))
	m.visible = m.visible[:0]
	for i := range m.rows {
		if q == "" || strings.Contains(strings.ToLower(m.rows[i].CanonicalName), q) {
			m.visible = append(m.visible, i)
		}
	}
	m.cursor = min(fallback, max(len(m.visible)-1, 0))
	if keep != "" {
		for i, r := range m.visible {
			if m.rows[r].ID == keep {
				m.cursor, found = i, true
			}
		}
	}
	m.ensureVisible()
	return found
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
	if !m.det.refresh {
		m.det.cursor, m.det.offset = 0, 0
		return nil
	}
	keep := m.det.keep
	m.det.refresh, m.det.keep = false, ""
	i := slices.IndexFunc(m.det.mems, func(mem client.Memory) bool { return mem.ID == keep })
	m.det.cursor = min(m.det.cursor, max(len(m.det.mems)-1, 0))
	if i >= 0 {
		m.det.cursor = i
	}
	m.det.offset = scrollTo(m.det.cursor, m.det.offset, m.memRows())
	if i < 0 && keep != "" && len(m.det.mems) > 0 {
		return common.Toast(common.NoLongerListed(m.det.keepName, m.det.cursor+1))
	}
	return nil
}
