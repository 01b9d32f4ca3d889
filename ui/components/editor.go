package components

import (
	"hindsight-tui/keymap"
	"hindsight-tui/styles"
)

// Editor is a multi-line text editor whose cost per key follows the screen, not the
// text: it holds the text as lines, each with its own soft-wrap cache, and an edit
// rebuilds only the lines it touches. Scrolling is kept relative to the cursor, so no
// key ever walks the whole text; View draws only the visible rows from the caches and
// changes nothing.
//
// Using it:
//
//	ed := components.NewEditor(st, keymap.DefaultEditorKeyMap())
//	ed.SetSize(w, h)      // the size View fills exactly: h lines of w cells
//	ed.SetValue(text)     // the cursor goes to the end; the history is cleared
//	ed.Focus()
//	handled, changed := ed.Update(msg) // keys and bracketed pastes
//	text = ed.Value()
//
// The text is kept exactly as given or typed; only bracketed pastes have their line
// ends normalised (CR LF and lone CR become LF). What is drawn goes through the
// sanitizer one grapheme cluster at a time: a control character shows as a visible
// stand-in and a tab as four spaces, and every width is measured on what is drawn.
//
// Behaviour worth knowing:
//   - Lines wrap at word boundaries; a word wider than the row is broken. A line that
//     fills its last row exactly takes one more row only while the cursor is at its
//     end, for the cursor to stand on.
//   - Home and end (ctrl+a, ctrl+e) go to the start and end of the logical line, as
//     in the textarea this replaces; up and down move by wrapped row and keep the
//     column they started from. Up on the first row goes to the start of the text,
//     down on the last row to its end; page up and down go there when less than a
//     screen of rows is left.
//   - Word motions and word deletions treat line breaks as whitespace, so they cross
//     lines. ctrl+k deletes to the end of the line and, at its end, joins the next;
//     ctrl+u deletes to the start of the line.
//   - Which key inserts a new line is the keymap's InsertNewline; a key bound to
//     nothing that carries text is typed.
//   - Undo records operations; typed characters join one step until whitespace, a new
//     line, or any other key. The history keeps the last 1,000 steps (and at most
//     64 MiB of text); a new edit clears redo.
//   - The cursor is a reverse-video cell, drawn only while focused.
//
// A key costs the rows its edit can move plus a screen of rows. What still grows with
// a line's length is copying it: each line is one string, so a key on a single line
// of a megabyte copies a megabyte (and shifts the offsets of its wrapped rows).
type Editor struct {
	lines []edLine // never empty
	size  int      // len(Value())
	cur   pos
	goal  int    // the display column up and down aim for; -1 when unset
	top   visRow // the first visible row

	width, height  int
	textW, gutterW int
	numbers        bool
	placeholder    string
	focused        bool

	keys  keymap.EditorKeyMap
	st    editorStyles
	hist  history
	cells cellCache
}

// History limits: enough to undo a long session, bounded so a day of typing or a
// few large pastes cannot grow without end.
const (
	editorMaxUndo      = 1000
	editorMaxUndoBytes = 64 << 20
)

// NewEditor returns an empty, blurred editor drawn with st's tokens and driven by keys.
func NewEditor(st *styles.Styles, keys keymap.EditorKeyMap) *Editor {
	e := &Editor{lines: []edLine{{}}, goal: -1, keys: keys, cells: cellCache{},
		hist: history{maxEdits: editorMaxUndo, maxBytes: editorMaxUndoBytes}}
	e.SetStyles(st)
	e.layout()
	return e
}

// SetStyles follows a theme change.
func (e *Editor) SetStyles(st *styles.Styles) { e.st = newEditorStyles(st) }

// SetKeyMap replaces the bindings (a host rebinding InsertNewline, say).
func (e *Editor) SetKeyMap(keys keymap.EditorKeyMap) { e.keys = keys }

// KeyMap returns the bindings, for help.
func (e *Editor) KeyMap() keymap.EditorKeyMap { return e.keys }

// SetSize sets the size View fills: height lines of width cells, line numbers
// included.
func (e *Editor) SetSize(width, height int) {
	e.width, e.height = max(width, 0), max(height, 0)
	e.layout()
}

// SetLineNumbers shows or hides a gutter of line numbers. A width too narrow for the
// gutter and two cells of text hides it.
func (e *Editor) SetLineNumbers(on bool) {
	e.numbers = on
	e.layout()
}

// SetPlaceholder sets the hint shown while the text is empty.
func (e *Editor) SetPlaceholder(s string) { e.placeholder = s }

// SetValue replaces the text, puts the cursor at its end and clears the history: the
// new text is a new document, not an edit to undo.
func (e *Editor) SetValue(s string) {
	e.lines = splitText(s)
	e.size = len(s)
	e.hist.clear()
	e.top = visRow{}
	e.goal = -1
	last := len(e.lines) - 1
	e.cur = pos{last, len(e.lines[last].text)}
	e.layout()
}

// Value returns the text.
func (e *Editor) Value() string {
	if len(e.lines) == 1 {
		return e.lines[0].text
	}
	b := make([]byte, 0, e.size)
	for i, ln := range e.lines {
		if i > 0 {
			b = append(b, '\n')
		}
		b = append(b, ln.text...)
	}
	return string(b)
}

// Len is the length of Value in bytes, kept as the text changes: a cheap emptiness
// or size check.
func (e *Editor) Len() int { return e.size }

// LineCount is the number of lines (newlines plus one).
func (e *Editor) LineCount() int { return len(e.lines) }

// Focus makes the editor take keys and draw its cursor.
func (e *Editor) Focus() {
	e.focused = true
	e.layout()
}

// Blur stops it taking keys and hides the cursor.
func (e *Editor) Blur() {
	e.focused = false
	e.layout()
}

// Focused reports whether the editor takes keys.
func (e *Editor) Focused() bool { return e.focused }

// CursorPosition returns the cursor's line and its column on that line, both from
// zero, counted in grapheme clusters (what a reader calls characters).
func (e *Editor) CursorPosition() (line, col int) {
	return e.cur.line, graphemeCount(e.lines[e.cur.line].text[:e.cur.col])
}

// SetCursor puts the cursor on line, col (as CursorPosition counts them), clamped to
// the text: SetCursor(0, 0) is the start, a huge line and column the end.
func (e *Editor) SetCursor(line, col int) {
	line = min(max(line, 0), len(e.lines)-1)
	e.cur = pos{line, graphemeOffset(e.lines[line].text, max(col, 0))}
	e.goal = -1
	e.hist.coalesce = false
	e.layout()
}

// Insert inserts s at the cursor as one undo step, exactly as given.
func (e *Editor) Insert(s string) bool {
	changed := e.edit(e.cur, e.cur, s)
	e.layout()
	return changed
}

// edit replaces the range p..q with text as one undo step and puts the cursor after
// the new text. It reports whether anything changed.
func (e *Editor) edit(p, q pos, text string) bool {
	if p == q && text == "" {
		return false
	}
	before := e.cur
	removed := e.replace(p, q, text)
	e.cur = e.clampPos(endOf(p, text))
	e.goal = -1
	e.hist.push(editOp{at: p, removed: removed, inserted: text, before: before, after: e.cur})
	return true
}
