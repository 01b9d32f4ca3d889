package reflect

import (
	"slices"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// barState is the parameter bar's cursor and editors. Text items are edited in place:
// one text input holds the item under the cursor, and every keystroke writes the text
// back into the bank's parameters, so nothing typed is lost when the bar is left.
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

// setBank points the bar at another bank's parameters.
func (b *barState) setBank(id string, st *bankState) {
	active := b.active
	b.blur()
	b.tags.SetBank(id)
	b.tags.SetTags(st.params.tags)
	if active {
		b.active = true
		_ = b.enter(st) // tags of a bank not seen yet load on the next focus
	}
}

// focus puts the keys on the item under the cursor.
func (b *barState) focus(st *bankState) tea.Cmd {
	b.active = true
	return b.enter(st)
}

// blur leaves the bar; text being typed stays in the parameters.
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
		b.text.SetValue(*st.params.text(b.cursor))
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

// barKey handles a key in the parameter bar. enter on a text item or the tags sends
// the composer's question, like enter in a form.
func (m *Model) barKey(k tea.KeyPressMsg) tea.Cmd {
	b := &m.bar
	kr := m.keys.Reflect
	p := &m.cur.params
	it := items()[b.cursor]
	switch {
	case key.Matches(k, kr.Leave):
		return m.focusZone(m.leaveBarTo())
	case key.Matches(k, kr.Schema):
		return m.editSchema()
	}
	switch it.kind {
	case kindTags:
		if (k.String() == "left" || k.String() == "right") && b.tags.Value() == "" {
			break
		}
		handled, changed, cmd := b.tags.HandleKey(k)
		if changed {
			p.tags = b.tags.Tags()
			m.paramsChanged()
		}
		if handled {
			return cmd
		}
		if k.String() == "enter" {
			return m.send()
		}
	case kindText:
		pos, n := b.text.Position(), len([]rune(b.text.Value()))
		switch {
		case k.String() == "left" && pos == 0, k.String() == "right" && pos == n:
		case k.String() == "tab", k.String() == "shift+tab":
		case k.String() == "enter":
			return m.send()
		default:
			before := b.text.Value()
			var cmd tea.Cmd
			b.text, cmd = b.text.Update(k)
			if v := b.text.Value(); v != before {
				*p.text(b.cursor) = v
				m.paramsChanged()
			}
			return cmd
		}
	default:
		if key.Matches(k, kr.Toggle) {
			m.changeItem(b.cursor)
			return nil
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

// leaveBarTo is where esc from the bar goes: back where the bar was opened from (the
// composer, or the transcript when there is one).
func (m *Model) leaveBarTo() zone {
	if m.barFrom == zoneTranscript && len(m.cur.turns) > 0 {
		return zoneTranscript
	}
	return zoneComposer
}

// changeItem toggles or cycles a non-text item.
func (m *Model) changeItem(id itemID) {
	p := &m.cur.params
	switch items()[id].kind {
	case kindToggle:
		p.toggle(id)
	case kindCycle:
		p.cycle(id)
	default:
		return
	}
	m.paramsChanged()
}

// paramsChanged forgets the server's complaints about the parameters: they described
// the values before the change.
func (m *Model) paramsChanged() { m.cur.serverErrs = nil }

// pasteBar inserts pasted text into the text item or the tag input under the cursor.
func (m *Model) pasteBar(msg tea.PasteMsg) tea.Cmd {
	b := &m.bar
	switch items()[b.cursor].kind {
	case kindTags:
		return b.tags.Paste(msg)
	case kindText:
		var cmd tea.Cmd
		b.text, cmd = b.text.Update(msg)
		*m.cur.params.text(b.cursor) = b.text.Value()
		m.paramsChanged()
		return cmd
	}
	return nil
}

// resetParams puts every parameter back to the server's defaults.
func (m *Model) resetParams() tea.Cmd {
	m.cur.params = params{}
	m.bar.tags.SetTags(nil)
	if m.zone == zoneBar {
		_ = m.bar.enter(m.cur)
	}
	m.paramsChanged()
	return common.Toast("parameters reset to the server defaults")
}

// focusItem opens the bar on one item (from the command palette).
func (m *Model) focusItem(id itemID) tea.Cmd {
	m.bar.cursor = id
	if m.zone == zoneBar {
		return m.bar.enter(m.cur)
	}
	return m.focusZone(zoneBar)
}

// setSchema replaces the response schema (after $EDITOR), keeping the bar's input in
// step when it holds the schema.
func (m *Model) setSchema(s string) {
	m.cur.params.schema = s
	if m.bar.holds == iSchema {
		m.bar.text.SetValue(s)
		m.bar.text.CursorEnd()
	}
	m.paramsChanged()
}

// setTags replaces the tags (for tests and the palette).
func (m *Model) setTags(tags []string) {
	m.cur.params.tags = slices.Clone(tags)
	m.bar.tags.SetTags(tags)
	m.paramsChanged()
}
