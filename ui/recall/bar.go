package recall

import (
	"slices"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// barState is the filter bar's cursor and editors. Text items are edited in place:
// one text input holds the item under the cursor, and every keystroke writes the
// text back into the bank's filters.
type barState struct {
	cursor itemID
	text   textinput.Model
	holds  itemID // the text item the input holds; -1 for none
	tags   *components.TagInput
	active bool
}

func newBar(c *common.Common) barState {
	return barState{text: components.NewInput(c.Styles, "", ""), holds: -1, tags: components.NewTagInput(c)}
}

func (b *barState) restyle(st *styles.Styles) { b.text.SetStyles(components.InputStyles(st)) }

// setBank points the bar at another bank's filters.
func (b *barState) setBank(id string, st *bankState) {
	b.blur()
	b.tags.SetBank(id)
	b.tags.SetTags(st.filters.tags)
}

// focus puts the keys on the item under the cursor.
func (b *barState) focus(st *bankState) tea.Cmd {
	b.active = true
	return b.enter(st)
}

// blur leaves the bar; text being typed stays in the filters.
func (b *barState) blur() {
	b.active = false
	b.text.Blur()
	b.holds = -1
	b.tags.Blur()
}

// enter prepares the editor of the item under the cursor.
func (b *barState) enter(st *bankState) tea.Cmd {
	b.text.Blur()
	b.holds = -1
	b.tags.Blur()
	it := items()[b.cursor]
	switch it.kind {
	case kindText:
		b.holds = b.cursor
		b.text.Placeholder = it.hint
		b.text.SetValue(*st.filters.text(b.cursor))
		_ = b.text.Focus()
		b.text.CursorEnd()
	case kindTags:
		return b.tags.Focus()
	}
	return nil
}

// move steps the cursor by d items, wrapping.
func (b *barState) move(st *bankState, d int) tea.Cmd {
	n := int(numItems)
	b.cursor = itemID(((int(b.cursor)+d)%n + n) % n)
	return b.enter(st)
}

// barKey handles a key in the filter bar.
func (m *Model) barKey(k tea.KeyPressMsg) tea.Cmd {
	b := &m.bar
	kr := m.keys.Recall
	f := &m.cur.filters
	it := items()[b.cursor]
	if key.Matches(k, kr.Leave) {
		return m.focusZone(zoneResults)
	}
	switch it.kind {
	case kindTags:
		if k.String() == "left" && b.tags.Value() == "" {
			return b.move(m.cur, -1)
		}
		if k.String() == "right" && b.tags.Value() == "" {
			return b.move(m.cur, 1)
		}
		handled, changed, cmd := b.tags.HandleKey(k)
		if changed {
			f.tags = b.tags.Tags()
			return tea.Batch(cmd, m.filtersChanged())
		}
		if handled {
			return cmd
		}
		if k.String() == "enter" {
			return m.searchNow()
		}
	case kindText:
		pos, n := b.text.Position(), len([]rune(b.text.Value()))
		switch {
		case k.String() == "left" && pos == 0, k.String() == "right" && pos == n:
		case k.String() == "tab", k.String() == "shift+tab":
		case k.String() == "enter":
			return m.searchNow()
		default:
			before := b.text.Value()
			var cmd tea.Cmd
			b.text, cmd = b.text.Update(k)
			if v := b.text.Value(); v != before {
				*f.text(b.cursor) = v
				return tea.Batch(cmd, m.filtersChanged())
			}
			return cmd
		}
	default:
		if key.Matches(k, kr.Toggle) {
			return m.changeItem(b.cursor)
		}
	}
	switch {
	case key.Matches(k, kr.NextItem):
		return b.move(m.cur, 1)
	case key.Matches(k, kr.PrevItem):
		return b.move(m.cur, -1)
	}
	return nil
}

// changeItem toggles or cycles a non-text item and searches again after a pause.
func (m *Model) changeItem(id itemID) tea.Cmd {
	f := &m.cur.filters
	switch items()[id].kind {
	case kindToggle:
		f.toggle(id)
	case kindCycle:
		f.cycle(id)
	default:
		return nil
	}
	return m.filtersChanged()
}

// pasteBar inserts pasted text into the text item or the tag input under the cursor.
func (m *Model) pasteBar(msg tea.PasteMsg) tea.Cmd {
	b := &m.bar
	switch items()[b.cursor].kind {
	case kindTags:
		return b.tags.Paste(msg)
	case kindText:
		var cmd tea.Cmd
		b.text, cmd = b.text.Update(msg)
		*m.cur.filters.text(b.cursor) = b.text.Value()
		return tea.Batch(cmd, m.filtersChanged())
	}
	return nil
}

// resetFilters puts every filter back to the server's defaults (nothing sent).
func (m *Model) resetFilters() tea.Cmd {
	m.cur.filters = filters{}
	m.bar.tags.SetTags(nil)
	if m.zone == zoneBar {
		_ = m.bar.enter(m.cur)
	}
	cmd := m.filtersChanged()
	return tea.Batch(cmd, common.Toast("filters reset to the server defaults"))
}

// focusItem opens the bar on one item (from the command palette).
func (m *Model) focusItem(id itemID) tea.Cmd {
	m.bar.cursor = id
	if m.zone == zoneBar {
		return m.bar.enter(m.cur)
	}
	return m.focusZone(zoneBar)
}

// setTags replaces the tag filter (for tests and the palette).
func (m *Model) setTags(tags []string) tea.Cmd {
	m.cur.filters.tags = slices.Clone(tags)
	m.bar.tags.SetTags(tags)
	return m.filtersChanged()
}
