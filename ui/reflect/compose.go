package reflect

import (
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"hindsight-tui/styles"
)

// composerMaxLines is the tallest the composer grows on a tall pane; a short pane
// gives it less.
const composerMaxLines = 6

// newComposer returns the multi-line question box: no line numbers, a prompt on the
// first line only, enter left to the pane (it sends) and alt+enter or ctrl+j for a new
// line (ctrl+j for terminals that cannot send alt+enter).
func newComposer(st *styles.Styles) textarea.Model {
	ta := textarea.New()
	ta.ShowLineNumbers = false
	ta.Placeholder = "Ask a question · enter sends · alt+enter new line"
	ta.SetPromptFunc(2, func(info textarea.PromptInfo) string {
		if info.LineNumber == 0 {
			return "› "
		}
		return "  "
	})
	ta.CharLimit = 0
	ta.DynamicHeight = true
	ta.MinHeight = 1
	ta.MaxHeight = composerMaxLines
	// Without a content limit the textarea stops accepting new lines at MaxHeight;
	// the height is only how much of the question shows.
	ta.MaxContentHeight = 2000
	ta.KeyMap.InsertNewline = key.NewBinding(key.WithKeys("alt+enter", "ctrl+j"))
	ta.SetStyles(composerStyles(st))
	return ta
}

// composerStyles styles the composer with the app's tokens; the cursor does not blink
// (a blinking cursor costs a timer, and tests need a stable view).
func composerStyles(st *styles.Styles) textarea.Styles {
	state := func(prompt lipgloss.Style) textarea.StyleState {
		return textarea.StyleState{Text: st.Text, CursorLine: st.Text, Placeholder: st.Subtle, Prompt: prompt,
			EndOfBuffer: st.Subtle}
	}
	s := textarea.Styles{Focused: state(st.Accent), Blurred: state(st.Muted)}
	s.Cursor.Color = st.Palette.Accent
	s.Cursor.Shape = tea.CursorBlock
	s.Cursor.Blink = false
	return s
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
	var cmd tea.Cmd
	m.composer, cmd = m.composer.Update(k)
	return cmd
}

// sizeComposer fits the composer to the pane: its width, and at most a sixth of the
// height (never less than a line).
func (m *Model) sizeComposer(w, h int) {
	maxH := min(composerMaxLines, max(h/6, 1))
	// SetWidth also recomputes the height the text needs, up to MaxHeight.
	if cw := max(w, 4); cw != m.composerW || maxH != m.composer.MaxHeight {
		m.composer.MaxHeight = maxH
		m.composer.SetWidth(cw)
		m.composerW = cw
	}
}

// setDraft puts text in the composer (a cancelled question coming back), keeping what
// is typed there: the question goes back only into an empty box.
func (m *Model) setDraft(text string) bool {
	if m.composer.Value() != "" {
		return false
	}
	m.composer.SetValue(text)
	m.composer.MoveToEnd()
	return true
}

// clearDraft empties the composer after a question was sent.
func (m *Model) clearDraft() {
	m.composer.Reset()
	m.cur.draft = ""
}
