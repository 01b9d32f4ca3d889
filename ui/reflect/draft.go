package reflect

import (
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/common"
	"hindsight-tui/ui/drafts"
)

// The composer's draft is kept on disk per server and bank, as the retain form's is:
// read when the bank is first opened in a session, written a moment after typing
// pauses (edited), when the keys leave the composer or the bank, and on every way out
// (common.Drafter), and removed once the question is sent (the transcript keeps it from then on).
const (
	draftEditor  = "reflect"
	draftVersion = 1
)

// draftFile is one saved composer. Like every draft it holds neither the server URL
// nor the API key.
type draftFile struct {
	Version  int       `json:"version"`
	Bank     string    `json:"bank"`
	SavedAt  time.Time `json:"saved_at"`
	Question string    `json:"question"`
}

type (
	// draftLoadedMsg is the bank's saved question, read when the bank first opened.
	draftLoadedMsg struct {
		bank, text string
		err        error
	}
	// draftDueMsg fires drafts.TypingPause after edit gen of the bank's composer.
	draftDueMsg struct {
		bank string
		gen  int
	}
	// draftWrittenMsg reports write gen of the bank's draft.
	draftWrittenMsg struct {
		bank, text string
		gen        int
		err        error
	}
)

// loadDraft reads st's saved question.
func loadDraft(bank, path string) tea.Cmd {
	if path == "" {
		return nil
	}
	return func() tea.Msg {
		var d draftFile
		_, err := drafts.Load(path, &d)
		return draftLoadedMsg{bank: bank, text: d.Question, err: err}
	}
}

// onDraftLoaded puts the saved question in the bank's composer, unless something was
// typed there meanwhile.
func (m *Model) onDraftLoaded(msg draftLoadedMsg) tea.Cmd {
	st := m.banks[msg.bank]
	if st == nil {
		return nil
	}
	if msg.err != nil {
		return common.Emit(common.ErrorMsg{Op: "read the reflect draft of " + msg.bank, Err: msg.err})
	}
	st.onDisk = msg.text
	if st == m.cur {
		m.setDraft(msg.text)
	} else if st.draft == "" {
		st.draft = msg.text
	}
	return nil
}

// draftText is what the bank's composer holds now.
func (m *Model) draftText(st *bankState) string {
	if st == m.cur {
		return m.composer.Value()
	}
	return st.draft
}

// saveDraft writes st's question if it changed since it was last written (an empty
// composer removes the file).
func (m *Model) saveDraft(st *bankState) tea.Cmd {
	text := m.draftText(st)
	if st.path == "" || text == st.onDisk {
		return nil
	}
	st.writes++
	bank, path, gen := st.bank, st.path, st.writes
	d := draftFile{Version: draftVersion, Bank: bank, SavedAt: m.c.Now().UTC(), Question: text}
	return func() tea.Msg {
		err := drafts.InOrder(st, gen, func() error {
			if text == "" {
				return drafts.Remove(path)
			}
			return drafts.Save(path, d)
		})
		return draftWrittenMsg{bank: bank, text: text, gen: gen, err: err}
	}
}

// onDraftWritten records what is on disk.
func (m *Model) onDraftWritten(msg draftWrittenMsg) tea.Cmd {
	st := m.banks[msg.bank]
	if st == nil {
		return nil
	}
	if msg.err != nil {
		return common.Emit(common.ErrorMsg{Op: "save the reflect draft of " + msg.bank, Err: msg.err})
	}
	if msg.gen == st.writes {
		st.onDisk = msg.text
	}
	return nil
}

// FinalSave implements common.Drafter: every bank's question not yet on disk,
// written as it stands now.
func (m *Model) FinalSave() func() error {
	var writes []func() tea.Msg
	for _, st := range m.banks {
		if w := m.saveDraft(st); w != nil {
			writes = append(writes, w)
		}
	}
	return drafts.RunAll(writes, func(msg tea.Msg) error {
		if msg, ok := msg.(draftWrittenMsg); ok && msg.err != nil {
			return fmt.Errorf("the reflect draft of bank %s: %w", msg.bank, msg.err)
		}
		return nil
	})
}
