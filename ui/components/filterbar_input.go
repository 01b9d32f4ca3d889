package components

import (
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/common"
)

// Update takes a key or a paste while the bar has the keys, and the tag input's own
// messages (its loads) at any time.
func (b *FilterBar[T]) Update(msg tea.Msg) (tea.Cmd, FilterEvent) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		if !b.active || b.val == nil {
			return nil, FilterNothing
		}
		return b.key(msg)
	case tea.PasteMsg:
		if !b.active || b.val == nil {
			return nil, FilterNothing
		}
		return b.paste(msg)
	}
	return b.tags.Update(msg), FilterNothing
}

// key handles a key: leave, then the item's editor, then moving between items.
func (b *FilterBar[T]) key(k tea.KeyPressMsg) (tea.Cmd, FilterEvent) {
	if key.Matches(k, b.keys.Leave) {
		return nil, FilterLeave
	}
	it := b.items[b.cursor]
	switch it.Kind {
	case FilterTags:
		if (k.String() == "left" || k.String() == "right") && b.tags.Value() == "" {
			break
		}
		handled, changed, cmd := b.tags.HandleKey(k)
		if changed {
			*it.Tags(b.val) = b.tags.Tags()
			return cmd, FilterChanged
		}
		if handled {
			return cmd, FilterNothing
		}
		if k.String() == "enter" {
			return nil, FilterSubmit
		}
	case FilterText:
		pos, n := b.text.Position(), len([]rune(b.text.Value()))
		switch {
		case k.String() == "left" && pos == 0, k.String() == "right" && pos == n:
		case k.String() == "tab", k.String() == "shift+tab":
		case k.String() == "enter":
			return nil, FilterSubmit
		default:
			before := b.text.Value()
			var cmd tea.Cmd
			b.text, cmd = b.text.Update(k)
			if v := b.text.Value(); v != before {
				*it.Text(b.val) = v
				b.fit()
				return cmd, FilterChanged
			}
			return cmd, FilterNothing
		}
	default:
		if key.Matches(k, b.keys.Toggle) {
			b.change(b.cursor)
			return nil, FilterChanged
		}
	}
	switch {
	case key.Matches(k, b.keys.Next):
		return b.move(1), FilterNothing
	case key.Matches(k, b.keys.Prev):
		return b.move(-1), FilterNothing
	}
	return nil, FilterNothing
}

// paste inserts pasted text into the typed item or the tag input under the cursor.
func (b *FilterBar[T]) paste(msg tea.PasteMsg) (tea.Cmd, FilterEvent) {
	it := b.items[b.cursor]
	switch it.Kind {
	case FilterTags:
		return b.tags.Paste(msg), FilterNothing
	case FilterText:
		var cmd tea.Cmd
		b.text, cmd = b.text.Update(msg)
		*it.Text(b.val) = b.text.Value()
		b.fit()
		return cmd, FilterChanged
	}
	return nil, FilterNothing
}

// change flips a toggle or steps a cycle.
func (b *FilterBar[T]) change(i int) {
	it := b.items[i]
	switch it.Kind {
	case FilterToggle:
		p := it.Bool(b.val)
		*p = !*p
	case FilterCycle:
		cur, _ := b.cycleValue(i)
		b.setCycle(i, it.Values[(slices.Index(it.Values, cur)+1)%len(it.Values)])
	}
}

// on reports a toggle's state.
func (b *FilterBar[T]) on(i int) bool {
	it := b.items[i]
	return *it.Bool(b.val) != it.Invert
}

// cycleValue is a cycle item's value in force and whether it is the server's default.
func (b *FilterBar[T]) cycleValue(i int) (string, bool) {
	it := b.items[i]
	if v := *it.Text(b.val); v != "" {
		return v, false
	}
	return it.Values[0], true
}

// setCycle sets a cycle item; the default is stored as "", so it is not sent.
func (b *FilterBar[T]) setCycle(i int, v string) {
	it := b.items[i]
	if v == it.Values[0] {
		v = ""
	}
	*it.Text(b.val) = v
}

// actionPrefix starts the Kind of the bar's palette actions.
const actionPrefix = "filter "

// Actions are the palette's entries for every item, named after the pane's prefix
// ("Recall filter: turn world on", "…: budget high", "…: edit max_tokens"). Their
// messages are common.ActionMsg, which the pane hands to Act.
func (b *FilterBar[T]) Actions(prefix string) []common.Action {
	if b.val == nil {
		return nil
	}
	var out []common.Action
	add := func(name string, kind ...string) {
		out = append(out, common.Action{Name: prefix + ": " + name,
			Msg: common.ActionMsg{Kind: actionPrefix + strings.Join(kind, " ")}})
	}
	for i, it := range b.items {
		n := strconv.Itoa(i)
		switch it.Kind {
		case FilterToggle:
			state := "on"
			if b.on(i) {
				state = "off"
			}
			name := it.Name
			if name == "" {
				name = it.Label
			}
			add("turn "+name+" "+state, "toggle", n)
		case FilterCycle:
			cur, _ := b.cycleValue(i)
			for _, v := range it.Values {
				if v != cur {
					add(it.Label+" "+v, "set", n, v)
				}
			}
		default:
			add("edit "+it.Label, "edit", n)
		}
	}
	return out
}

// Act runs one of the bar's palette actions; ok is false for an action that is not
// the bar's. FilterOpen asks the pane to give the bar the keys.
func (b *FilterBar[T]) Act(a common.ActionMsg) (cmd tea.Cmd, ev FilterEvent, ok bool) {
	rest, ours := strings.CutPrefix(a.Kind, actionPrefix)
	if !ours || b.val == nil {
		return nil, FilterNothing, false
	}
	f := strings.Fields(rest)
	if len(f) < 2 {
		return nil, FilterNothing, false
	}
	i, err := strconv.Atoi(f[1])
	if err != nil || i < 0 || i >= len(b.items) {
		return nil, FilterNothing, false
	}
	switch {
	case f[0] == "toggle" && b.items[i].Kind == FilterToggle:
		b.change(i)
		return nil, FilterChanged, true
	case f[0] == "set" && len(f) == 3 && slices.Contains(b.items[i].Values, f[2]):
		b.setCycle(i, f[2])
		return nil, FilterChanged, true
	case f[0] == "edit":
		return b.Open(i), FilterOpen, true
	}
	return nil, FilterNothing, false
}
