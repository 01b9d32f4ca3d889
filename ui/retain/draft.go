package retain

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/common"
	"hindsight-tui/ui/drafts"
)

// Drafts keep the form on disk, one file per server and bank, so that nothing typed is
// lost to a crash, a quit or a failed submit. A draft is written a moment after typing
// pauses and at once on submit, restored when the bank's editor opens, and removed
// only once the server confirmed the retain (for async, once its operation completed).
const (
	// autosaveDelay is the pause in typing after which the draft is written.
	autosaveDelay = drafts.TypingPause
	// autosaveMaxWait bounds how long steady typing keeps a change unsaved.
	autosaveMaxWait = drafts.MaxUnsaved
	draftVersion    = 1
)

// draft is one saved form. It never holds the server URL or the API key: the file
// name is a hash of the URL (without any user information) and the bank.
type draft struct {
	Version int       `json:"version"`
	Bank    string    `json:"bank"`
	SavedAt time.Time `json:"saved_at"`
	Values  values    `json:"values"`
	// Pending is the async retain of these values that was accepted but whose
	// operation had not completed when the draft was written; the editor follows it
	// again after a restart, and removes the draft once it completes.
	Pending *pendingRetain `json:"pending,omitempty"`
}

// pendingRetain is an accepted async retain awaiting its operation.
type pendingRetain struct {
	OperationID string    `json:"operation_id"`
	DocumentID  string    `json:"document_id"`
	SubmittedAt time.Time `json:"submitted_at"`
}

// draftPath is where the draft for bank on this server lives, or "" when the app keeps
// no state.
func draftPath(c *common.Common, bank string) string { return drafts.Path(c, "", bank) }

// loadDraft reads the draft at path; ok is false when there is none.
func loadDraft(path string) (d draft, ok bool, err error) {
	ok, err = drafts.Load(path, &d)
	return d, ok, err
}

// Draft messages. Each names the bank whose editor it belongs to, so the answer for a
// bank the user has since left still lands in the right place.
type (
	// draftDueMsg fires autosaveDelay after a change; only the latest gen saves.
	draftDueMsg struct {
		bank string
		gen  int
	}
	// draftSavedMsg reports a write (or a removal, when removed is set).
	draftSavedMsg struct {
		bank    string
		gen     int
		at      time.Time
		removed bool
		err     error
	}
	// draftLoadedMsg is the draft read when a bank's editor opened.
	draftLoadedMsg struct {
		bank string
		d    draft
		ok   bool
		err  error
	}
)

// loadDraftCmd reads the bank's draft.
func loadDraftCmd(bank, path string) tea.Cmd {
	if path == "" {
		return func() tea.Msg { return draftLoadedMsg{bank: bank} }
	}
	return func() tea.Msg {
		d, ok, err := loadDraft(path)
		return draftLoadedMsg{bank: bank, d: d, ok: ok, err: err}
	}
}

// writeDraftCmd saves d (or removes the file when the form is empty and nothing is
// pending), reporting gen so the pane knows which state is on disk.
func writeDraftCmd(st *bankState, d draft) tea.Cmd {
	bank, path, gen := st.bank, st.path, st.gen
	if path == "" {
		return nil
	}
	if d.Values.empty() && d.Pending == nil {
		return func() tea.Msg {
			return draftSavedMsg{bank: bank, gen: gen, removed: true, err: drafts.InOrder(st, gen, func() error { return drafts.Remove(path) })}
		}
	}
	return func() tea.Msg {
		return draftSavedMsg{bank: bank, gen: gen, at: d.SavedAt, err: drafts.InOrder(st, gen, func() error { return drafts.Save(path, d) })}
	}
}
