package components

import (
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Update handles a key press or a bracketed paste while the editor is focused; it
// ignores everything else. handled reports that the editor acted on msg (a bound key,
// typed text, a paste), so the host should not act on it too; changed reports that
// the text changed. The scroll position is settled here, never in View.
func (e *Editor) Update(msg tea.Msg) (handled, changed bool) {
	if !e.focused {
		return false, false
	}
	switch msg := msg.(type) {
	case tea.PasteMsg:
		handled, changed = true, e.edit(e.cur, e.cur, normalizeNewlines(msg.Content))
		e.hist.coalesce = false
	case tea.KeyPressMsg:
		handled, changed = e.key(msg)
	}
	if handled {
		e.layout()
	}
	return handled, changed
}

// bound reports whether keystroke k triggers b. The keystroke's name is computed once
// per key rather than once per binding.
func bound(k string, b key.Binding) bool {
	return b.Enabled() && slices.Contains(b.Keys(), k)
}

// key acts on one key press.
func (e *Editor) key(msg tea.KeyPressMsg) (handled, changed bool) {
	k, km := msg.String(), &e.keys
	cur, text := e.cur, e.lines[e.cur.line].text
	keepGoal := false
	switch {
	case bound(k, km.CharacterForward):
		e.cur = e.charRight(cur)
	case bound(k, km.CharacterBackward):
		e.cur = e.charLeft(cur)
	case bound(k, km.WordForward):
		e.cur = e.wordRight(cur)
	case bound(k, km.WordBackward):
		e.cur = e.wordLeft(cur)
	case bound(k, km.LineNext):
		e.vertical(1)
		keepGoal = true
	case bound(k, km.LinePrevious):
		e.vertical(-1)
		keepGoal = true
	case bound(k, km.PageDown):
		e.page(1)
		keepGoal = true
	case bound(k, km.PageUp):
		e.page(-1)
		keepGoal = true
	case bound(k, km.LineStart):
		e.cur.col = 0
	case bound(k, km.LineEnd):
		e.cur.col = len(text)
	case bound(k, km.InputBegin):
		e.cur = pos{}
	case bound(k, km.InputEnd):
		e.cur = e.end()

	case bound(k, km.DeleteCharacterBackward):
		changed = e.edit(e.charLeft(cur), cur, "")
	case bound(k, km.DeleteCharacterForward):
		changed = e.edit(cur, e.charRight(cur), "")
	case bound(k, km.DeleteWordBackward):
		changed = e.edit(e.wordLeft(cur), cur, "")
	case bound(k, km.DeleteWordForward):
		changed = e.edit(cur, e.wordRight(cur), "")
	case bound(k, km.DeleteAfterCursor):
		if cur.col < len(text) {
			changed = e.edit(cur, pos{cur.line, len(text)}, "")
		} else {
			changed = e.edit(cur, e.charRight(cur), "") // joins the next line
		}
	case bound(k, km.DeleteBeforeCursor):
		changed = e.edit(pos{cur.line, 0}, cur, "")
	case bound(k, km.InsertNewline):
		changed = e.edit(cur, cur, "\n")

	case bound(k, km.Undo):
		changed = e.undo()
	case bound(k, km.Redo):
		changed = e.redo()

	default:
		if msg.Text == "" {
			return false, false
		}
		return true, e.typeText(msg.Text)
	}
	e.hist.coalesce = false
	if !keepGoal {
		e.goal = -1
	}
	return true, changed
}

// end is the end of the text.
func (e *Editor) end() pos {
	last := len(e.lines) - 1
	return pos{last, len(e.lines[last].text)}
}

// charRight is the position one cluster after p; the end of a line steps to the next.
func (e *Editor) charRight(p pos) pos {
	if s := e.lines[p.line].text; p.col < len(s) {
		return pos{p.line, clusterEnd(s, p.col)}
	}
	if p.line+1 < len(e.lines) {
		return pos{p.line + 1, 0}
	}
	return p
}

// charLeft is the position one cluster before p; the start of a line steps to the
// end of the previous one.
func (e *Editor) charLeft(p pos) pos {
	if p.col > 0 {
		return pos{p.line, e.clusterBefore(p)}
	}
	if p.line > 0 {
		return pos{p.line - 1, len(e.lines[p.line-1].text)}
	}
	return p
}

// wordLeft is the start of the word before p: back over whitespace and line breaks,
// then over the word.
func (e *Editor) wordLeft(p pos) pos {
	for {
		if p.col == 0 {
			if p.line == 0 {
				return p
			}
			p = pos{p.line - 1, len(e.lines[p.line-1].text)}
			continue
		}
		s := e.lines[p.line].text
		st := e.clusterBefore(p)
		if !isSpaceCluster(s[st:p.col]) {
			break
		}
		p.col = st
	}
	s := e.lines[p.line].text
	for p.col > 0 {
		st := e.clusterBefore(p)
		if isSpaceCluster(s[st:p.col]) {
			break
		}
		p.col = st
	}
	return p
}

// wordRight is the end of the word after p: forward over whitespace and line breaks,
// then over the word.
func (e *Editor) wordRight(p pos) pos {
	for {
		s := e.lines[p.line].text
		if p.col == len(s) {
			if p.line+1 == len(e.lines) {
				return p
			}
			p = pos{p.line + 1, 0}
			continue
		}
		next := clusterEnd(s, p.col)
		if !isSpaceCluster(s[p.col:next]) {
			break
		}
		p.col = next
	}
	s := e.lines[p.line].text
	for p.col < len(s) {
		next := clusterEnd(s, p.col)
		if isSpaceCluster(s[p.col:next]) {
			break
		}
		p.col = next
	}
	return p
}

// vertical moves the cursor n wrapped rows down (up for n < 0), aiming for the
// column it started from. Where the text has fewer rows, it goes to the start or end.
func (e *Editor) vertical(n int) {
	from := e.cursorRow()
	if ln := e.wrapped(from.line); e.goal < 0 {
		e.goal = 0 // on the cursor's own row after a full one
		if from.row < len(ln.rows) {
			e.goal = e.cellsBetween(ln.text, ln.rows[from.row].start, e.cur.col)
		}
	}
	to, moved := e.step(from, n)
	switch {
	case moved != n && n < 0:
		e.cur = pos{}
	case moved != n:
		e.cur = e.end()
	default:
		e.cur = pos{to.line, e.offsetAt(e.wrapped(to.line), to.row, e.goal)}
	}
}

// page moves the cursor and the view by a screen of rows.
func (e *Editor) page(dir int) {
	h := max(e.height, 1)
	e.vertical(dir * h)
	e.top, _ = e.step(e.top, dir*h)
}
