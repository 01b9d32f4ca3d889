// Package drafts keeps what a user typed on disk, one private file per server, bank
// and editor, so that nothing typed is lost to a crash, a quit or a failed submit. A
// file never holds the server URL or the API key: its name is a hash of the URL
// (without any user information) and the bank.
package drafts

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

const (
	// TypingPause is the pause in typing after which an editor writes its draft.
	TypingPause = 400 * time.Millisecond
	// MaxUnsaved bounds how long steady typing keeps a change off the disk: once the
	// oldest unsaved change is this old, the next one writes at once.
	MaxUnsaved = 2 * time.Second
	// DirName is the folder of the state directory that holds the drafts.
	DirName = "drafts"
	// demoServerKey names the demo's drafts: its URL has a new port on every run.
	demoServerKey = "demo"
)

// RunAll is a common.Drafter's FinalSave from the writes it collected: it runs each
// (in order, on the caller's goroutine, as the way out needs) and joins the errors that
// failed reports of their answers.
func RunAll(writes []func() tea.Msg, failed func(tea.Msg) error) func() error {
	return func() error {
		var errs []error
		for _, w := range writes {
			if err := failed(w()); err != nil {
				errs = append(errs, err)
			}
		}
		return errors.Join(errs...)
	}
}

// Path is where the draft of editor for bank on this server lives, or "" when the app
// keeps no state. The retain form is the editor "" (its files predate the others).
func Path(c *common.Common, editor, bank string) string {
	if c.StateDir == "" || bank == "" {
		return ""
	}
	server := demoServerKey
	if !c.Demo {
		server = ServerKey(c.BaseURL)
	}
	name := server + "\x00" + bank
	if editor != "" {
		name += "\x00" + editor
	}
	sum := sha256.Sum256([]byte(name))
	return filepath.Join(c.StateDir, DirName, hex.EncodeToString(sum[:16])+".json")
}

// ServerKey is the URL that identifies a server, without user information (which may
// hold a password), a query or a fragment, and without a trailing slash.
func ServerKey(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Host == "" {
		return strings.TrimRight(strings.TrimSpace(raw), "/")
	}
	u.User, u.RawQuery, u.Fragment, u.RawFragment = nil, "", "", ""
	u.Scheme, u.Host = strings.ToLower(u.Scheme), strings.ToLower(u.Host)
	return strings.TrimRight(u.String(), "/")
}

// Save writes v as JSON to path atomically (see WriteFile).
func Save(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	if err := WriteFile(path, data); err != nil {
		return fmt.Errorf("save draft: %w", err)
	}
	return nil
}

// WriteFile writes data and a newline to path atomically (a temporary file renamed
// over the old one), so a crash never leaves half a file; the file is 0600 in a 0700
// directory, created if need be. The app's state file is written the same way.
func WriteFile(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("create %s: %w", dir, err)
	}
	tmp, err := os.CreateTemp(dir, "."+strings.TrimSuffix(filepath.Base(path), ".json")+"-*.json")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // no-op once renamed
	if _, err := tmp.Write(append(data, '\n')); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// Load reads the draft at path into v; ok is false when there is none. A corrupt file
// is an error and is moved aside (not overwritten by the next save), so its text can
// still be rescued by hand.
func Load(path string, v any) (ok bool, err error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("read draft: %w", err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		aside := strings.TrimSuffix(path, ".json") + ".corrupt.json"
		if rerr := os.Rename(path, aside); rerr != nil {
			aside = path
		}
		return false, fmt.Errorf("the saved draft is not valid JSON (kept as %s): %w", aside, err)
	}
	return true, nil
}

// Remove deletes the draft at path; a missing one is no error.
func Remove(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("remove draft: %w", err)
	}
	return nil
}

// Writes of drafts run one at a time, and one older than what its editor already put
// on disk is skipped: the final save on exit may overtake an autosave in flight.
var (
	diskMu  sync.Mutex
	diskGen = map[any]int{}
)

// InOrder runs write, which saves change gen of editor's draft (editor is a pointer
// that identifies it for the program's life), unless a later change is on disk.
func InOrder(editor any, gen int, write func() error) error {
	diskMu.Lock()
	defer diskMu.Unlock()
	if last, ok := diskGen[editor]; ok && gen < last {
		return nil
	}
	diskGen[editor] = gen
	return write()
}
