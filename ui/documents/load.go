package documents

import (
	"context"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
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
	m.cursor, m.offset = 0, 0
	m.list.items, m.list.total, m.list.loaded = nil, 0, false
	m.list.version++
	return m.fetch(false)
}

// more lists the next page, unless one is already on its way.
func (m *Model) more() tea.Cmd {
	if m.list.busy || !m.list.loaded || len(m.list.items) >= m.list.total {
		return nil
	}
	return m.fetch(true)
}

// fetch sends a list request.
func (m *Model) fetch(appendPage bool) tea.Cmd {
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
		m.list.items = append(m.list.items, msg.page.Items...)
	} else {
		m.list.items = msg.page.Items
	}
	m.list.total = max(msg.page.Total, len(m.list.items))
	m.list.loaded = true
	m.list.version++
	m.cursor = min(m.cursor, max(len(m.list.items)-1, 0))
	m.ensureVisible()
	return nil
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
