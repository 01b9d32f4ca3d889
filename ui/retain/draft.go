package retain

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/common"
)

// Drafts keep the form on disk, one file per server and bank, so that nothing typed is
// lost to a crash, a quit or a failed submit. A draft is written a moment after typing
// pauses and at once on submit, restored when the bank's editor opens, and removed
// only once the server confirmed the retain (for async, once its operation completed).
const (
	draftDirName = "drafts"
	// autosaveDelay is the pause in typing after which the draft is written.
	autosaveDelay = 400 * time.Millisecond
	// autosaveMaxWait bounds how long steady typing keeps a change unsaved.
	autosaveMaxWait = 2 * time.Second
	// demoServerKey names the demo's drafts: its URL has a new port on every run.
	demoServerKey = "demo"
	draftVersion  = 1
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
func draftPath(c *common.Common, bank string) string {
	if c.StateDir == "" || bank == "" {
		return ""
	}
	server := demoServerKey
	if !c.Demo {
		server = serverKey(c.BaseURL)
	}
	sum := sha256.Sum256([]byte(server + "\x00" + bank))
	return filepath.Join(c.StateDir, draftDirName, hex.EncodeToString(sum[:16])+".json")
}

// serverKey is the URL that identifies a server, without user information (which may
// hold a password), a query or a fragment, and without a trailing slash.
func serverKey(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Host == "" {
		return strings.TrimRight(strings.TrimSpace(raw), "/")
	}
	u.User, u.RawQuery, u.Fragment, u.RawFragment = nil, "", "", ""
	u.Scheme, u.Host = strings.ToLower(u.Scheme), strings.ToLower(u.Host)
	return strings.TrimRight(u.String(), "/")
}

// saveDraft writes d to path atomically (a temporary file renamed over the old one), so
// a crash never leaves half a draft; the file is 0600 in a 0700 directory.
func saveDraft(path string, d draft) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("create %s: %w", dir, err)
	}
	data, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".draft-*.json")
	if err != nil {
		return fmt.Errorf("save draft: %w", err)
	}
	defer os.Remove(tmp.Name()) // no-op once renamed
	if _, err := tmp.Write(append(data, '\n')); err != nil {
		tmp.Close()
		return fmt.Errorf("save draft: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("save draft: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("save draft: %w", err)
	}
	return nil
}

// loadDraft reads the draft at path; ok is false when there is none. A corrupt file is
// an error and is moved aside (not overwritten by the next save), so its text can
// still be rescued by hand.
func loadDraft(path string) (d draft, ok bool, err error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return draft{}, false, nil
	}
	if err != nil {
		return draft{}, false, fmt.Errorf("read draft: %w", err)
	}
	if err := json.Unmarshal(data, &d); err != nil {
		aside := strings.TrimSuffix(path, ".json") + ".corrupt.json"
		if rerr := os.Rename(path, aside); rerr != nil {
			aside = path
		}
		return draft{}, false, fmt.Errorf("the saved draft is not valid JSON (kept as %s): %w", aside, err)
	}
	return d, true, nil
}

// removeDraft deletes the draft at path; a missing one is no error.
func removeDraft(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("remove draft: %w", err)
	}
	return nil
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
			return draftSavedMsg{bank: bank, gen: gen, removed: true, err: inOrder(st, gen, func() error { return removeDraft(path) })}
		}
	}
	return func() tea.Msg {
		return draftSavedMsg{bank: bank, gen: gen, at: d.SavedAt, err: inOrder(st, gen, func() error { return saveDraft(path, d) })}
	}
}

// Writes of drafts run one at a time, and one older than what the same editor already
// put on disk is skipped: the final save on exit may overtake an autosave in flight.
var (
	diskMu  sync.Mutex
	diskGen = map[*bankState]int{}
)

// inOrder runs write, which saves change gen of st, unless a later change is on disk.
func inOrder(st *bankState, gen int, write func() error) error {
	diskMu.Lock()
	defer diskMu.Unlock()
	if last, ok := diskGen[st]; ok && gen < last {
		return nil
	}
	diskGen[st] = gen
	return write()
}
