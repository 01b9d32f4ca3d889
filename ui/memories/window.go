package memories

import (
	"context"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
)

// pageSize is how many memories one request asks for.
const pageSize = 100

// maxPages bounds the pages held in memory: those nearest the cursor stay, the
// others are dropped and fetched again when the cursor comes back.
const maxPages = 5

// window is the part of the filtered list held in memory: a few pages around the
// cursor, keyed by page number (offset / pageSize). Rows are drawn once per page.
type window struct {
	seq     int // bumped by every reset; answers to an older sequence are dropped
	total   int // -1 until the first answer
	pages   map[int]*page
	loading map[int]bool
	cancel  map[int]context.CancelFunc
}

// page is one answered page.
type page struct {
	items  []client.Memory
	rows   []string       // drawn rows, by index; "" until drawn
	width  int            // the width rows were drawn at
	styles *styles.Styles // and the theme
}

// pageMsg answers a page request.
type pageMsg struct {
	seq  int
	bank string
	n    int
	list *client.MemoryList
	err  error
}

func newWindow(seq int) window {
	return window{seq: seq, total: -1, pages: map[int]*page{}, loading: map[int]bool{}, cancel: map[int]context.CancelFunc{}}
}

// reset drops everything and starts a new sequence.
func (w *window) reset() {
	for _, c := range w.cancel {
		c()
	}
	*w = newWindow(w.seq + 1)
}

// find returns the index of the memory id among the loaded pages.
func (w *window) find(id string) (int, bool) {
	for n, p := range w.pages {
		for i := range p.items {
			if p.items[i].ID == id {
				return n*pageSize + i, true
			}
		}
	}
	return 0, false
}

// item returns the memory at index i, or nil when its page is not loaded.
func (w *window) item(i int) *client.Memory {
	p := w.pages[i/pageSize]
	if p == nil || i%pageSize >= len(p.items) {
		return nil
	}
	return &p.items[i%pageSize]
}

// pageFor is the page of index i, start offset of the window's requests: the last page
// is asked for at total-pageSize, so G shows a full page.
func pageFor(i int) int { return i / pageSize }

// want returns the page numbers the cursor needs: its own and the neighbours ahead
// and behind, within the total.
func (w *window) want(cursor int) []int {
	n := pageFor(cursor)
	out := []int{n}
	if w.total < 0 {
		return out
	}
	last := max((w.total-1)/pageSize, 0)
	if n+1 <= last {
		out = append(out, n+1)
	}
	if n > 0 {
		out = append(out, n-1)
	}
	return out
}

// evict keeps at most maxPages pages, dropping those furthest from the cursor.
func (w *window) evict(cursor int) {
	c := pageFor(cursor)
	for len(w.pages) > maxPages {
		far, dist := -1, -1
		for n := range w.pages {
			if d := abs(n - c); d > dist {
				far, dist = n, d
			}
		}
		delete(w.pages, far)
	}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// fetch returns the commands loading the pages the cursor needs that are neither
// held nor in flight.
func (m *Model) fetch() tea.Cmd {
	if !m.activated || m.bank == "" {
		return nil
	}
	var cmds []tea.Cmd
	for _, n := range m.win.want(m.cursor) {
		if m.win.pages[n] != nil || m.win.loading[n] {
			continue
		}
		cmds = append(cmds, m.fetchPage(n))
	}
	return tea.Batch(cmds...)
}

// fetchPage requests page n with the current filters.
func (m *Model) fetchPage(n int) tea.Cmd {
	ctx, cancel := m.c.Context(context.Background())
	m.win.loading[n], m.win.cancel[n] = true, cancel
	seq, bank, p, cl := m.win.seq, m.bank, m.filter.params(pageSize, n*pageSize), m.c.Client
	return func() tea.Msg {
		defer cancel()
		list, err := cl.ListMemories(ctx, bank, p)
		if err != nil {
			err = fmt.Errorf("list memories of %s: %w", bank, err)
		}
		return pageMsg{seq: seq, bank: bank, n: n, list: list, err: err}
	}
}

// onPage stores an answered page and asks for whatever the cursor still needs.
func (m *Model) onPage(msg pageMsg) tea.Cmd {
	if msg.seq != m.win.seq || msg.bank != m.bank {
		return nil
	}
	delete(m.win.loading, msg.n)
	delete(m.win.cancel, msg.n)
	if msg.err != nil {
		m.err = msg.err
		return common.Emit(common.ErrorMsg{Op: "list the memories of " + msg.bank, Err: msg.err})
	}
	m.err = nil
	m.win.total = msg.list.Total
	m.win.pages[msg.n] = &page{items: msg.list.Items, rows: make([]string, len(msg.list.Items))}
	if m.cursor >= m.win.total {
		m.cursor = max(m.win.total-1, 0)
	}
	m.win.evict(m.cursor)
	if m.quick.active() {
		m.refilter()
		return m.follow()
	}
	fetch := m.fetch() // first: follow waits for the pages it starts
	return tea.Batch(m.follow(), fetch)
}
