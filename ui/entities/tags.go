package entities

import (
	"context"
	"encoding/json"
	"slices"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/keymap"
	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// Tags is the tag browser the Entities tab switches to with t: every tag of the bank with how many memories carry it, most
// used first, searched on the server as it is typed.
type Tags struct {
	c       *common.Common
	keys    keymap.KeyMap
	width   int
	height  int
	focused bool

	bank      string
	activated bool

	rows    []client.TagCount
	total   int
	loaded  bool
	loading bool
	err     error
	seq     int
	cancel  context.CancelFunc
	q       string // the search the rows answer

	search    textinput.Model
	searching bool // the search box has the keys
	cursor    int
	offset    int
	cache     rowCache
	keep      string // the tag r keeps the cursor on once the list is back
}

var (
	_ common.Pane     = (*Tags)(nil)
	_ common.Actioner = (*Tags)(nil)
	_ common.Copier   = (*Tags)(nil)
)

// tagsMsg is one page of tags.
type tagsMsg struct {
	seq     int
	offset  int
	replace bool // a refresh: the page replaces every row
	list    *client.TagList
	err     error
}

// NewTags returns the tags pane; it loads nothing until it is first shown.
func NewTags(c *common.Common) *Tags {
	t := &Tags{c: c, keys: c.Keys}
	t.search = components.NewInput(c.Styles, "/ ", "anchored: source:* or *trip* (* is any text)")
	t.settle()
	return t
}

// Init implements common.Pane.
func (t *Tags) Init() tea.Cmd { return nil }

// SetSize implements common.Pane.
func (t *Tags) SetSize(width, height int) {
	t.width, t.height = max(width, 0), max(height, 0)
	t.cursor = max(min(t.cursor, len(t.rows)-1), 0)
	t.offset = scrollTo(t.cursor, t.offset, t.rowsHeight())
	t.settle()
}

// SetStyles implements common.Pane: the search box takes the new colours and the
// rows in view are drawn again.
func (t *Tags) SetStyles(st *styles.Styles) {
	t.search.SetStyles(components.InputStyles(st))
	t.settle()
}

// Focus implements common.Pane. The first time, it loads the bank's tags.
func (t *Tags) Focus() tea.Cmd {
	t.focused = true
	if t.activated {
		return nil
	}
	t.activated = true
	cmd := t.reload()
	t.settle()
	return cmd
}

// Blur implements common.Pane.
func (t *Tags) Blur() {
	t.focused = false
	t.searching = false
	t.search.Blur()
}

// Capturing implements common.Pane: the search box takes every key.
func (t *Tags) Capturing() bool { return t.focused && t.searching }

// Update implements common.Pane.
func (t *Tags) Update(msg tea.Msg) (common.Pane, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		cmd = t.handleKey(msg)
	case tea.MouseClickMsg:
		p := msg.Mouse()
		if i := t.offset + p.Y - listTop; p.Button == tea.MouseLeft && p.Y >= listTop && i < len(t.rows) {
			t.cursor = i
		}
	case tea.MouseWheelMsg:
		cmd = t.move(msg.Mouse().Button)
	case common.BankSelectedMsg:
		if msg.BankID != t.bank {
			t.bank = msg.BankID
			if t.activated {
				cmd = t.reload()
			}
		}
	case tagsMsg:
		cmd = t.onPage(msg)
	case common.ActionMsg:
		switch msg.Kind {
		case actTagMemories:
			cmd = t.jump(false)
		case actTagRecall:
			cmd = t.jump(true)
		}
	}
	t.settle()
	return t, cmd
}

// move scrolls by the wheel.
func (t *Tags) move(b tea.MouseButton) tea.Cmd {
	if b == tea.MouseWheelUp {
		t.cursor--
	} else if b == tea.MouseWheelDown {
		t.cursor++
	}
	t.cursor = max(min(t.cursor, len(t.rows)-1), 0)
	t.offset = scrollTo(t.cursor, t.offset, t.rowsHeight())
	return t.more()
}

// reload asks for the first page of the current search.
func (t *Tags) reload() tea.Cmd {
	t.rows, t.total, t.loaded, t.err = nil, 0, false, nil
	t.cursor, t.offset, t.keep = 0, 0, ""
	t.cache = rowCache{}
	t.q = t.search.Value()
	if t.bank == "" {
		t.stop()
		return nil
	}
	return t.fetch(0)
}

// stop cancels the request in flight; its answer, if any, is dropped.
func (t *Tags) stop() {
	t.seq++
	if t.cancel != nil {
		t.cancel()
		t.cancel = nil
	}
	t.loading = false
}

// refresh lists the same tags again, as many as are loaded, and puts the cursor back
// on its tag wherever the new counts put it; when that tag left the list, the cursor
// keeps its row and a notice says so. Without a list shown it lists from the top.
func (t *Tags) refresh() tea.Cmd {
	if t.cursor >= len(t.rows) || !t.loaded || t.bank == "" || t.search.Value() != t.q {
		return t.reload()
	}
	t.keep = t.rows[t.cursor].Tag
	return t.send(0, max(pageSize, len(t.rows)), true)
}

// fetch asks for the page at offset.
func (t *Tags) fetch(offset int) tea.Cmd { return t.send(offset, pageSize, false) }

// send asks for limit tags from offset; replace says they replace every row. The
// search goes as typed: the server anchors it and reads * as any text.
func (t *Tags) send(offset, limit int, replace bool) tea.Cmd {
	t.stop()
	t.loading = true
	ctx, cancel := t.c.Context(context.Background())
	t.cancel = cancel
	cl, bank, seq, q := t.c.Client, t.bank, t.seq, t.q
	return func() tea.Msg {
		defer cancel()
		l, err := cl.ListTags(ctx, bank, client.ListTagsParams{Q: q, Limit: limit, Offset: offset})
		return tagsMsg{seq: seq, offset: offset, replace: replace, list: l, err: err}
	}
}

// onPage takes a page in; a stale one (an older search, another bank) is dropped.
func (t *Tags) onPage(msg tagsMsg) tea.Cmd {
	if msg.seq != t.seq {
		return nil
	}
	t.loading, t.cancel = false, nil
	t.err = msg.err
	if msg.err != nil {
		return common.Emit(common.ErrorMsg{Op: "list the tags of " + t.bank, Err: msg.err})
	}
	if msg.replace {
		return t.onRefreshed(msg.list)
	}
	if msg.offset != len(t.rows) {
		return nil
	}
	t.loaded = true
	// A tag whose count grew between two pages shifts the next one: one already
	// listed is kept once, where it was.
	for _, tc := range msg.list.Items {
		if !slices.ContainsFunc(t.rows, func(o client.TagCount) bool { return o.Tag == tc.Tag }) {
			t.rows = append(t.rows, tc)
		}
	}
	t.total = max(msg.list.Total, len(t.rows))
	if len(msg.list.Items) == 0 {
		t.total = len(t.rows)
	}
	return nil
}

// onRefreshed takes the answer of a refresh: it replaces the rows, and the cursor goes
// back to the tag it was on, or keeps its row with a notice when that tag left.
func (t *Tags) onRefreshed(list *client.TagList) tea.Cmd {
	keep := t.keep
	t.keep = ""
	t.rows, t.cache = list.Items, rowCache{}
	t.total = max(list.Total, len(t.rows))
	t.cursor = max(min(t.cursor, len(t.rows)-1), 0)
	i := slices.IndexFunc(t.rows, func(tc client.TagCount) bool { return tc.Tag == keep })
	if i >= 0 {
		t.cursor = i
	}
	t.offset = scrollTo(t.cursor, t.offset, t.rowsHeight())
	if i < 0 && len(t.rows) > 0 {
		return common.Toast(common.NoLongerListed("tag “"+components.Truncate(sanitize.Line(keep), 40)+"”", t.cursor+1))
	}
	return nil
}

// more asks for the next page once the cursor nears the end of what is loaded.
func (t *Tags) more() tea.Cmd {
	if t.loading || !t.loaded || len(t.rows) >= t.total || t.cursor < len(t.rows)-10 {
		return nil
	}
	return t.fetch(len(t.rows))
}

// handleKey routes a key press.
func (t *Tags) handleKey(k tea.KeyPressMsg) tea.Cmd {
	if t.searching {
		switch k.String() {
		case "esc":
			t.search.SetValue("")
			fallthrough
		case "enter", "down", "up":
			t.searching = false
			t.search.Blur()
			if t.search.Value() != t.q {
				return t.reload()
			}
			return nil
		}
		var cmd tea.Cmd
		t.search, cmd = t.search.Update(k)
		if t.search.Value() != t.q {
			return tea.Batch(cmd, t.reload())
		}
		return cmd
	}
	lk, ek := t.keys.List, t.keys.Entities
	switch {
	case key.Matches(k, lk.Filter):
		t.searching = true
		return t.search.Focus()
	case key.Matches(k, lk.Back):
		if t.search.Value() != "" {
			t.search.SetValue("")
			return t.reload()
		}
	case key.Matches(k, lk.Open), key.Matches(k, ek.Memories):
		return t.jump(false)
	case key.Matches(k, ek.Recall):
		return t.jump(true)
	case key.Matches(k, t.keys.Global.Refresh):
		return t.refresh()
	default:
		if moveCursor(lk, k, &t.cursor, len(t.rows), t.rowsHeight()) {
			t.offset = scrollTo(t.cursor, t.offset, t.rowsHeight())
			return t.more()
		}
	}
	return nil
}

// jump shows the memories carrying the selected tag, or a recall scoped to it.
func (t *Tags) jump(recall bool) tea.Cmd {
	if t.cursor >= len(t.rows) || t.bank == "" {
		return nil
	}
	tags := []string{t.rows[t.cursor].Tag}
	if recall {
		return common.Emit(common.ShowPaneMsg{ID: common.PaneRecall, Then: common.RecallScopedMsg{
			BankID: t.bank, Tags: tags, TagsMatch: client.TagsAnyStrict}})
	}
	return common.Emit(common.ShowPaneMsg{ID: common.PaneMemories, Then: common.ShowMemoriesMsg{
		BankID: t.bank, Tags: tags, TagsMatch: client.TagsAnyStrict}})
}

// Actions implements common.Actioner.
func (t *Tags) Actions() []common.Action {
	if t.cursor >= len(t.rows) {
		return nil
	}
	return []common.Action{
		{Name: "Show memories with this tag", Key: "enter", Msg: common.ActionMsg{Kind: actTagMemories}},
		{Name: "Recall scoped to this tag", Key: "R", Msg: common.ActionMsg{Kind: actTagRecall}},
	}
}

// Selection implements common.Copier: the selected tag and its count.
func (t *Tags) Selection() (id, what, jsonText string, ok bool) {
	if t.cursor >= len(t.rows) {
		return "", "", "", false
	}
	r := t.rows[t.cursor]
	b, _ := json.MarshalIndent(r, "", "  ")
	return r.Tag, "tag " + sanitize.Line(r.Tag), string(b), true
}

// ShortHelp implements common.Pane.
func (t *Tags) ShortHelp() []key.Binding {
	if t.searching {
		return []key.Binding{
			key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "keep filter")),
			key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear filter")),
		}
	}
	lk := t.keys.List
	return []key.Binding{lk.Up, lk.Down, withHelp(lk.Open, "memories"), t.keys.Entities.Recall, withHelp(lk.Filter, keymap.FilterDesc("", true)),
		withHelp(t.keys.Entities.Tags, "entities")}
}

// FullHelp implements common.Pane.
func (t *Tags) FullHelp() [][]key.Binding {
	lk := t.keys.List
	return [][]key.Binding{
		{lk.Up, lk.Down, lk.PageUp, lk.PageDown, lk.Top, lk.Bottom},
		{withHelp(lk.Open, "memories with tag"), t.keys.Entities.Recall, withHelp(lk.Filter, keymap.FilterDesc("", true)+", * wildcard"),
			withHelp(t.keys.Entities.Tags, "entities"), t.keys.Global.Refresh},
	}
}

// rowsHeight is how many tag rows fit.
func (t *Tags) rowsHeight() int { return max(t.height-listTop, 1) }
