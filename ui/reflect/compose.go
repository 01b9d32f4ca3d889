package reflect

import (
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/keymap"
	"hindsight-tui/styles"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/drafts"
)

// composerMaxLines is the tallest the composer grows on a tall pane; a short pane
// gives it less.
const composerMaxLines = 6

// newComposer returns the multi-line question box: the editor, whose cost per key
// follows the screen however long the question; enter is left to the pane (it sends)
// and the pane's new-line keys (alt+enter, or ctrl+j for terminals that cannot send
// it) start a new line.
func newComposer(st *styles.Styles, km keymap.KeyMap) *components.Editor {
	e := components.NewEditor(st, composerKeys(km))
	e.SetPlaceholder("Ask a question · enter sends · alt+enter new line")
	return e
}

// composerKeys is the editor's keys with the pane's new-line keys, and without the
// keys the pane takes in the composer (send, leave or cancel).
func composerKeys(km keymap.KeyMap) keymap.EditorKeyMap {
	r := km.Reflect
	k := km.Editor
	k.InsertNewline = key.NewBinding(key.WithKeys(r.Newline.Keys()...), key.WithHelp(r.Newline.Help().Key, r.Newline.Help().Desc))
	return k.Without(r.Send, r.Leave, r.Cancel)
}

// composerKey handles a key in the composer: enter sends, esc cancels the question
// in flight or leaves the box, tab goes to the parameters, everything else edits.
func (m *Model) composerKey(k tea.KeyPressMsg) tea.Cmd {
	kr := m.keys.Reflect
	switch {
	case key.Matches(k, m.c.Keys.Reflect.Send):
		return m.send() // also while a question is out: it says why nothing is sent
	case key.Matches(k, kr.Cancel) && m.cur.waiting() != nil:
		return m.cancelQuestion()
	case key.Matches(k, kr.Leave):
		// Leaving keeps the draft, and frees the single-letter and digit keys again
		// (tabs, quit), even before the first question.
		return m.focusZone(zoneTranscript)
	case k.String() == "tab":
		return m.focusZone(zoneBar)
	}
	before := m.composer.Value()
	m.composer.Update(k)
	return m.edited(before)
}

// edited schedules the draft's write for when typing pauses, if the composer changed
// from before: a crash loses at most the last pause's typing. Steady typing writes at
// least every drafts.MaxUnsaved.
func (m *Model) edited(before string) tea.Cmd {
	st := m.cur
	if st == nil || st.path == "" || m.composer.Value() == before {
		return nil
	}
	st.typed++
	now := m.c.Now()
	if st.dirtySince.IsZero() {
		st.dirtySince = now
	} else if now.Sub(st.dirtySince) >= drafts.MaxUnsaved {
		st.dirtySince = time.Time{}
		return m.saveDraft(st)
	}
	return m.c.After(drafts.TypingPause, draftDueMsg{bank: st.bank, gen: st.typed})
}

// onDraftDue writes the draft when no edit came after the one that scheduled it.
func (m *Model) onDraftDue(msg draftDueMsg) tea.Cmd {
	st := m.banks[msg.bank]
	if st == nil || msg.gen != st.typed {
		return nil
	}
	st.dirtySince = time.Time{}
	return m.saveDraft(st)
}

// composerPaste puts a paste in the composer, sanitized as a file's text would be:
// the question is sent as it shows.
func (m *Model) composerPaste(p tea.PasteMsg) tea.Cmd {
	before := m.composer.Value()
	m.composer.Update(components.CleanPaste(p))
	return m.edited(before)
}

// composerRows is how many rows the composer takes on a pane h high: as many as the
// question needs, at most a sixth of the height (never less than a line) and
// composerMaxLines.
func (m *Model) composerRows(w, h int) int {
	most := min(composerMaxLines, max(h/6, 1))
	m.composer.SetSize(max(w-2, 1), most)
	return max(m.composer.VisualRows(most), 1)
}

// composerLines sizes the composer to w x rows and draws it: a prompt on the
// question's first row, its continuation indented under it.
func (m *Model) composerLines(w, rows int) []string {
	m.composer.SetSize(max(w-2, 1), rows)
	prompt := m.c.Styles.Muted
	if m.composer.Focused() {
		prompt = m.c.Styles.Accent
	}
	lines := strings.Split(m.composer.View(), "\n")
	for i, l := range lines {
		mark := "  "
		if i == 0 && !m.composer.Scrolled() {
			mark = prompt.Render("› ")
		}
		lines[i] = components.Fit(mark+l, w)
	}
	return lines
}

// setDraft puts text in the composer (a cancelled question coming back), keeping what
// is typed there: the question goes back only into an empty box.
func (m *Model) setDraft(text string) bool {
	if m.composer.Len() != 0 {
		return false
	}
	m.composer.SetValue(text) // the cursor at its end
	return true
}

// clearDraft empties the composer after a question was sent.
func (m *Model) clearDraft() {
	m.composer.SetValue("")
	m.cur.draft = ""
}
