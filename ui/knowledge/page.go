package knowledge

import (
	"context"
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// pageState is the open page and the request loading it.
type pageState struct {
	id, name string // asked for; name from the tree or the search, until the page is in
	page     *client.KnowledgePage
	busy     bool
	err      error
	seq      int
	cancel   context.CancelFunc
	scroll   int
	lines    []string // settled by settle, drawn by View
}

// stop cancels the page request in flight.
func (p *pageState) stop() {
	p.seq++
	if p.cancel != nil {
		p.cancel()
		p.cancel = nil
	}
	p.busy = false
}

// pageMsg answers a page request.
type pageMsg struct {
	bank string
	seq  int
	page *client.KnowledgePage
	err  error
}

// openPage shows the page view and loads page id into it.
func (m *Model) openPage(id, name string) tea.Cmd {
	if m.bank == "" || id == "" {
		return nil
	}
	m.page.stop()
	scroll := 0
	if m.page.id == id {
		scroll = m.page.scroll // a reload keeps the place
	}
	m.page = pageState{id: id, name: name, seq: m.page.seq, busy: true, scroll: scroll}
	m.view = viewPage
	ctx, cancel := m.request()
	m.page.cancel = cancel
	cl, bank, seq := m.c.Client, m.bank, m.page.seq
	return tea.Batch(func() tea.Msg {
		defer cancel()
		p, err := cl.GetKnowledgePage(ctx, bank, id)
		return pageMsg{bank: bank, seq: seq, page: p, err: err}
	}, m.spin.Tick)
}

// onPage takes a page answer unless another page was opened since.
func (m *Model) onPage(msg pageMsg) tea.Cmd {
	if msg.bank != m.bank || msg.seq != m.page.seq {
		return nil
	}
	m.page.busy, m.page.cancel = false, nil
	m.page.page, m.page.err = msg.page, msg.err
	if msg.err != nil && !client.IsCanceled(msg.err) {
		return common.Emit(common.ErrorMsg{Op: "open knowledge page " + m.page.id + " of " + msg.bank, Err: msg.err})
	}
	return nil
}

// staleness is what the server says about a page's freshness, in words. The tree's
// is_stale follows the mental-model list's rule (API §15.1): stale when a memory in
// the page's scope was written after the newest one its last refresh saw (or, before
// any refresh saw one, after the refresh itself).
type staleness struct {
	badge, why string
	stale      bool
}

func stalenessOf(n *client.KnowledgeNode, body string, bodyKnown bool) staleness {
	switch {
	case bodyKnown && body == client.PlaceholderContent:
		return staleness{badge: "new", why: "Never refreshed: its first refresh has not written it yet."}
	case n == nil || n.IsStale == nil:
		return staleness{badge: "?", why: "The server did not say whether it is stale."}
	case *n.IsStale:
		return staleness{badge: "stale", stale: true,
			why: "Stale: memories in its scope were written after the newest one its last refresh saw."}
	}
	return staleness{badge: "fresh", why: "Fresh: no memory in its scope was written since its last refresh."}
}

// pageLines lays out the open page at width w: where it sits, its staleness, its
// source query and tags, then its body drawn as markdown.
func (m *Model) pageLines(w int) []string {
	st := m.c.Styles
	b := components.Lines{Width: w}
	add, wrap := b.Add, b.Wrap
	p := m.page.page
	switch {
	case p == nil && m.page.err != nil:
		wrap("Could not open page "+sanitize.Line(m.page.name)+": "+m.c.Describe(m.page.err), st.Error.Render)
		return b.Out
	case p == nil:
		add(m.spin.View() + " " + st.Muted.Render("Loading page "+sanitize.Line(m.page.name)+"…"))
		return b.Out
	}
	node := m.find(p.ID)
	where := "top level"
	if above, ok := m.pathTo(p.ID); ok && len(above) > 0 {
		names := make([]string, len(above))
		for i, f := range above {
			names[i] = f.Name
		}
		where = strings.Join(names, " / ")
	}
	text := func(l ...string) string { return st.Text.Render(l...) }
	wrap("In: "+sanitize.Line(where)+" · type "+sanitize.Line(p.Type)+" · id "+sanitize.Line(p.ID), st.Muted.Render)
	s := stalenessOf(node, p.Body, true)
	badge := st.Success.Render
	if s.stale || s.badge == "new" || s.badge == "?" {
		badge = st.Warning.Render
	}
	wrap(s.why, badge)
	wrap("Refreshed: "+refreshedAt(p.Timestamp.Time, m.c.Now()), text)
	wrap("Source query: "+sanitize.Line(p.Description), text)
	if len(p.Tags) > 0 {
		wrap("Tags: "+sanitize.Line(strings.Join(p.Tags, ", ")), text)
	}
	add("")
	if strings.TrimSpace(p.Body) == "" {
		add(st.Muted.Render("(empty: the next refresh writes it)"))
		return b.Out
	}
	key := components.MarkdownKey{ID: p.ID, Version: p.Timestamp.UTC().Format(time.RFC3339Nano), Width: w, Dark: st.IsDark}
	return append(b.Out, m.md.Get(key, p.Body)...)
}

// refreshedAt is a refresh time, relative and in UTC.
func refreshedAt(t, now time.Time) string {
	if t.IsZero() {
		return "not said"
	}
	return fmt.Sprintf("%s (%s)", common.RelTime(t, now), t.UTC().Format("2006-01-02 15:04 UTC"))
}
