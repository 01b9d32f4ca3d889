package documents

import (
	"context"
	"fmt"
	"slices"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// searchDueMsg fires when typing in the search box has paused.
type searchDueMsg struct {
	seq int
}

// listedMsg answers a list request; append says it is the next page.
type listedMsg struct {
	bank   string
	seq    int
	append bool
	page   *client.DocumentList
	err    error
}

// detailMsg answers a document request: the document and its chunks.
type detailMsg struct {
	bank   string
	seq    int
	doc    *client.Document
	chunks []client.Chunk
	err    error
}

// params is the list request for the current filters at offset.
func (m *Model) params(offset int) client.ListDocumentsParams {
	return client.ListDocumentsParams{Q: m.query, Tags: m.tags.Tags(), TagsMatch: m.match,
		Limit: pageSize, Offset: offset}
}

// reload lists from the top with the current filters; an older request is cancelled
// and its answer dropped.
func (m *Model) reload() tea.Cmd {
	m.cursor, m.offset, m.keep = 0, 0, ""
	m.list.items, m.list.total, m.list.loaded = nil, 0, false
	m.list.version++
	return m.fetch(false)
}

// refresh lists the same documents again, as many as are loaded, and puts the cursor
// back on its document wherever the new order put it; when that document left the
// list, the cursor keeps its row and a notice says so (onListed). Without a list
// shown it lists from the top.
func (m *Model) refresh() tea.Cmd {
	d := m.selected()
	if d == nil || !m.list.loaded {
		return m.reload()
	}
	m.keep = d.ID
	m.keepName = "document " + components.Truncate(sanitize.Line(d.ID), 40)
	return m.send(false, max(pageSize, len(m.list.items)))
}

// onMemoryChanged lists the documents again after a retain into the bank (from the
// Retain tab, or an async retain that completed): the new document shows, and the
// cursor stays on its document. Edits and invalidations change no document.
func (m *Model) onMemoryChanged(msg common.MemoryChangedMsg) tea.Cmd {
	if msg.BankID != m.bank || msg.Change != common.MemoryRetained || !m.list.loaded {
		return nil
	}
	return m.refresh()
}

// more lists the next page, unless one is already on its way.
func (m *Model) more() tea.Cmd {
	if m.list.busy || !m.list.loaded || len(m.list.items) >= m.list.total {
		return nil
	}
	return m.fetch(true)
}

// fetch sends a list request for a page.
func (m *Model) fetch(appendPage bool) tea.Cmd { return m.send(appendPage, pageSize) }

// send sends a list request for limit documents: from the top, or after those loaded.
func (m *Model) send(appendPage bool, limit int) tea.Cmd {
	if m.bank == "" {
		return nil
	}
	m.stopList()
	m.list.seq++
	m.list.busy, m.list.err = true, nil
	ctx, cancel := m.c.Context(context.Background())
	m.list.cancel = cancel
	bank, seq, cl := m.bank, m.list.seq, m.c.Client
	p := m.params(0)
	p.Limit = limit
	if appendPage {
		p.Offset = len(m.list.items)
	}
	return func() tea.Msg {
		defer cancel()
		page, err := cl.ListDocuments(ctx, bank, p)
		return listedMsg{bank: bank, seq: seq, append: appendPage, page: page, err: err}
	}
}

// stopList cancels the list request in flight.
func (m *Model) stopList() {
	if m.list.cancel != nil {
		m.list.cancel()
		m.list.cancel = nil
	}
	m.list.busy = false
}

// onListed takes a list answer, unless a newer request replaced it; a failure is
// also logged.
func (m *Model) onListed(msg listedMsg) tea.Cmd {
	if msg.bank != m.bank || msg.seq != m.list.seq {
		return nil
	}
	m.list.busy, m.list.cancel = false, nil
	if msg.err != nil {
		m.list.err = msg.err
		return common.Emit(common.ErrorMsg{Op: "list the documents of " + msg.bank, Err: msg.err})
	}
	if msg.append {
		// A document written between two pages shifts the next one: one already
		// listed is kept once, where it was.
		for _, d := range msg.page.Items {
			if !slices.ContainsFunc(m.list.items, func(o client.Document) bool { return o.ID == d.ID }) {
				m.list.items = append(m.list.items, d)
			}
		}
	} else {
		m.list.items = msg.page.Items
	}
	m.list.total = max(msg.page.Total, len(m.list.items))
	m.list.loaded = true
	m.list.version++
	var toast tea.Cmd
	if m.keep != "" && !msg.append {
		if i := slices.IndexFunc(m.list.items, func(d client.Document) bool { return d.ID == m.keep }); i >= 0 {
			m.cursor = i
		} else if len(m.list.items) > 0 {
			toast = common.Toast(common.NoLongerListed(m.keepName, min(m.cursor, len(m.list.items)-1)+1))
		}
		m.keep = ""
	}
	m.cursor = min(m.cursor, max(len(m.list.items)-1, 0))
	m.ensureVisible()
	return toast
}

// detail is the open document and the request loading it.
type detail struct {
	id     string // the document asked for
	chunk  string // a chunk to scroll to once loaded
	doc    *client.Document
	chunks []client.Chunk
	busy   bool
	err    error
	seq    int
	cancel context.CancelFunc
	scroll int // first line of the text viewer in view
	pick   int // the chunk ] or [ (or a link) went to, plus one; 0: the chunk at the top
	view   viewCache
}

// stop cancels the detail request in flight.
func (d *detail) stop() {
	if d.cancel != nil {
		d.cancel()
		d.cancel = nil
	}
	d.busy = false
}

// openDocument loads document id (and its chunks) into the detail.
func (m *Model) openDocument(id, chunk string) tea.Cmd {
	if m.bank == "" || id == "" {
		return nil
	}
	m.open = true
	m.det.stop()
	seq := m.det.seq + 1
	m.det = detail{id: id, chunk: chunk, busy: true, seq: seq}
	ctx, cancel := m.c.Context(context.Background())
	m.det.cancel = cancel
	bank, cl := m.bank, m.c.Client
	return func() tea.Msg {
		defer cancel()
		doc, err := cl.GetDocument(ctx, bank, id)
		if err != nil {
			return detailMsg{bank: bank, seq: seq, err: err}
		}
		var chunks []client.Chunk
		for offset := 0; ; {
			page, err := cl.ListChunks(ctx, bank, id, 1000, offset)
			if err != nil {
				return detailMsg{bank: bank, seq: seq, doc: doc, err: fmt.Errorf("chunks: %w", err)}
			}
			chunks = append(chunks, page.Items...)
			offset += len(page.Items)
			if len(page.Items) == 0 || offset >= page.Total {
				break
			}
		}
		return detailMsg{bank: bank, seq: seq, doc: doc, chunks: chunks}
	}
}

// onDetail takes a document answer, unless another document was opened since; a
// failure is also logged.
func (m *Model) onDetail(msg detailMsg) tea.Cmd {
	if msg.bank != m.bank || msg.seq != m.det.seq {
		return nil
	}
	m.det.busy, m.det.cancel = false, nil
	m.det.doc, m.det.chunks, m.det.err = msg.doc, msg.chunks, msg.err
	m.det.view = viewCache{}
	if msg.err != nil {
		return common.Emit(common.ErrorMsg{Op: "open a document of " + msg.bank, Err: msg.err})
	}
	return nil
}
