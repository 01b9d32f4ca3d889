package reflect

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/drafts"
)

// bankState is what the pane keeps per bank for the session: the transcript, the
// draft in the composer (also kept on disk), the parameters, and where the transcript
// is scrolled to.
type bankState struct {
	bank       string
	turns      []*turn
	asking     *turn     // the question in flight: one at a time per bank
	draft      string    // the composer's text while another bank is selected
	path       string    // the draft's file, or "" when no state is kept
	onDisk     string    // the question last written there (or read from it)
	writes     int       // draft writes started: only the latest one's answer counts
	typed      int       // edits of the composer: only the latest one's pause writes
	dirtySince time.Time // the oldest edit not yet written, zero when none
	params     params
	serverErrs fieldErrors // the last 422's complaints, shown on the parameters
	sel        selection
	top        position          // first line in view, unless follow
	follow     bool              // keep the newest turn in view
	reveal     bool              // scroll the selection into view at the next layout
	names      map[string]string // mental model id → name ("" when it has none, or is gone)
	naming     map[string]bool   // mental models whose names are being looked up
	cmp        *comparison       // the last comparison of one of its answers (compare.go)
}

// selection is the selected turn and, inside its evidence, the selected item (-1 for
// the turn itself).
type selection struct {
	turn int
	item int
}

// position is a line of the transcript: a turn and a line of its block.
type position struct {
	turn int
	line int
}

// state returns the bank's state, creating it with the server's defaults.
func (m *Model) state(bank string) *bankState {
	s := m.banks[bank]
	if s == nil {
		s = &bankState{bank: bank, path: drafts.Path(m.c, draftEditor, bank), follow: true, sel: selection{item: -1}}
		m.banks[bank] = s
	}
	return s
}

// selectBank switches to another bank. Nothing is cancelled: a question out to the
// old bank lands in its transcript when it is answered. The draft stays with the bank
// it was typed for (and is written to disk), and the new bank's draft, parameters and
// transcript come back; a bank opened for the first time reads its saved draft.
func (m *Model) selectBank(id string) tea.Cmd {
	if id == m.bank && m.cur != nil {
		return nil
	}
	old := m.cur
	save := m.saveDraft(m.cur)
	m.cur.draft = m.composer.Value()
	fresh := m.banks[id] == nil
	m.bank = id
	m.cur = m.state(id)
	m.composer.SetValue(m.cur.draft)
	cmd := tea.Batch(save, m.bar.Bind(id, &m.cur.params), m.rebindCompare(old))
	if fresh {
		cmd = tea.Batch(cmd, loadDraft(id, m.cur.path))
	}
	if len(m.cur.turns) == 0 && m.zone == zoneTranscript {
		cmd = tea.Batch(cmd, m.focusZone(zoneComposer))
	}
	return cmd
}

// anyWaiting reports whether a question is out in any bank (the spinner runs).
func (m *Model) anyWaiting() bool {
	for _, b := range m.banks {
		if b.waiting() != nil || b.compareWaiting() {
			return true
		}
	}
	return false
}

// waiting returns the bank's question in flight, if any.
func (b *bankState) waiting() *turn {
	if b.asking != nil && b.asking.state == turnWaiting {
		return b.asking
	}
	return nil
}

// selected returns the selected turn, or nil in an empty transcript.
func (b *bankState) selected() *turn {
	if b.sel.turn < 0 || b.sel.turn >= len(b.turns) {
		return nil
	}
	return b.turns[b.sel.turn]
}
