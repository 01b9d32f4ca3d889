package ui

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/drafts"
)

// The state file remembers, per server, the bank and pane last used and whether the
// bank list was hidden, so the explorer opens where and as the user left it. It never holds the API key.
const (
	stateFileName = "state.json"
	// saveDelay batches saves: moving through the bank list selects a bank per key
	// press, and only where the user stops matters.
	saveDelay = time.Second
	// maxServers bounds the file; the least recently used servers are forgotten.
	maxServers = 50
	// demoStateKey keeps the demo's state under one name: its URL has a new port on
	// every run.
	demoStateKey = "demo"
	// sidebarStateID is the remembered pane when the bank list had focus.
	sidebarStateID = "banks"
)

// DefaultStateDir is where the state file lives: $XDG_STATE_HOME/hindsight-tui, else
// ~/.local/state/hindsight-tui. It is "" (keep no state) when neither is known. A
// relative XDG_STATE_HOME is ignored, as the XDG specification asks.
func DefaultStateDir(getenv func(string) string, home string) string {
	if x := getenv("XDG_STATE_HOME"); x != "" && filepath.IsAbs(x) {
		return filepath.Join(x, "hindsight-tui")
	}
	if home == "" {
		return ""
	}
	return filepath.Join(home, ".local", "state", "hindsight-tui")
}

// serverState is what is remembered for one server.
type serverState struct {
	Bank string `json:"bank,omitempty"`
	Pane string `json:"pane,omitempty"`
	// NoSidebar: the bank list was hidden (B), as it is on a narrow terminal.
	NoSidebar bool      `json:"no_sidebar,omitempty"`
	UsedAt    time.Time `json:"used_at"`
}

// same ignores the time stamp.
func (s serverState) same(o serverState) bool {
	return s.Bank == o.Bank && s.Pane == o.Pane && s.NoSidebar == o.NoSidebar
}

type stateFile struct {
	Servers map[string]serverState `json:"servers"`
}

// saveDueMsg fires saveDelay after a change; only the latest generation saves.
type saveDueMsg struct{ gen int }

// stateSavedMsg reports the outcome of a save.
type stateSavedMsg struct{ err error }

// stateKeeper tracks what should be on disk and what is.
type stateKeeper struct {
	dir     string // "" keeps nothing
	key     string
	current serverState
	saved   serverState
	gen     int
	now     func() time.Time
}

func newStateKeeper(o Options) stateKeeper {
	key := o.ServerURL
	if o.Demo {
		key = demoStateKey
	}
	return stateKeeper{dir: o.StateDir, key: key, now: o.Now}
}

// load reads this server's entry. A missing file is no error; an unreadable or
// corrupt one is reported and then treated as empty (the next save replaces it).
func (k *stateKeeper) load() (serverState, error) {
	if k.dir == "" {
		return serverState{}, nil
	}
	f, err := readStateFile(filepath.Join(k.dir, stateFileName))
	st := f.Servers[k.key]
	k.saved = st
	return st, err
}

func readStateFile(path string) (stateFile, error) {
	f := stateFile{Servers: map[string]serverState{}}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return f, nil
	}
	if err != nil {
		return f, fmt.Errorf("read %s: %w", path, err)
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return stateFile{Servers: map[string]serverState{}}, fmt.Errorf("%s is not a valid state file: %w", path, err)
	}
	if f.Servers == nil {
		f.Servers = map[string]serverState{}
	}
	return f, nil
}

// remember notes the current bank (the pane is set by setFocus) and schedules a save.
func (m Model) remember() (Model, tea.Cmd) {
	m.state.current.Bank = m.bank
	if m.state.dir == "" || m.state.current.same(m.state.saved) {
		return m, nil
	}
	m.state.gen++
	return m, m.com.After(saveDelay, saveDueMsg{gen: m.state.gen})
}

// due saves if msg is the latest scheduled save.
func (k stateKeeper) due(msg saveDueMsg) (stateKeeper, tea.Cmd) {
	if msg.gen != k.gen {
		return k, nil
	}
	return k.flush()
}

// flush returns the save command if anything changed since the last one.
func (k stateKeeper) flush() (stateKeeper, tea.Cmd) {
	if k.dir == "" || k.current.same(k.saved) {
		return k, nil
	}
	st := k.current
	st.UsedAt = k.now().UTC()
	k.saved = st
	dir, key := k.dir, k.key
	return k, func() tea.Msg { return stateSavedMsg{err: saveState(dir, key, st)} }
}

// saveState writes st for key into the state file in dir, keeping other servers'
// entries. The file is replaced atomically (temporary file, then rename), so a crash
// never leaves half a file; it is created 0600 in a 0700 directory.
func saveState(dir, key string, st serverState) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("create %s: %w", dir, err)
	}
	path := filepath.Join(dir, stateFileName)
	f, _ := readStateFile(path) // a corrupt file was reported when it was loaded
	f.Servers[key] = st
	pruneServers(f.Servers, maxServers)
	data, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return err
	}
	if err := drafts.WriteFile(path, data); err != nil {
		return fmt.Errorf("save state: %w", err)
	}
	return nil
}

// pruneServers forgets the least recently used entries beyond n.
func pruneServers(servers map[string]serverState, n int) {
	if len(servers) <= n {
		return
	}
	keys := make([]string, 0, len(servers))
	for k := range servers {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return servers[keys[i]].UsedAt.After(servers[keys[j]].UsedAt) })
	for _, k := range keys[n:] {
		delete(servers, k)
	}
}
