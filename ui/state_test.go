package ui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

func isSaveDue(m tea.Msg) bool { _, ok := m.(saveDueMsg); return ok }

func TestDefaultStateDir(t *testing.T) {
	env := func(kv map[string]string) func(string) string { return func(k string) string { return kv[k] } }
	tests := []struct {
		env  map[string]string
		home string
		want string
	}{
		{map[string]string{"XDG_STATE_HOME": "/x/state"}, "/home/a", "/x/state/hindsight-tui"},
		{map[string]string{"XDG_STATE_HOME": "relative/state"}, "/home/a", "/home/a/.local/state/hindsight-tui"},
		{nil, "/home/a", "/home/a/.local/state/hindsight-tui"},
		{nil, "", ""},
	}
	for _, tt := range tests {
		if got := DefaultStateDir(env(tt.env), tt.home); got != filepath.FromSlash(tt.want) {
			t.Errorf("%v %q: got %q, want %q", tt.env, tt.home, got, tt.want)
		}
	}
}

func TestStateRoundTrip(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "nested", "hindsight-tui")
	opts := Options{ServerURL: "http://a.example:8888", StateDir: dir, KeySet: true}
	h, _ := fakeModel(t, opts, "Overview", "Memories")
	h.connectFake(120, 40)
	h.send(common.BankSelectedMsg{BankID: "research-agent"})
	h.press("2")
	if n := h.fire(isSaveDue); n == 0 {
		t.Fatal("no save was scheduled")
	}
	path := filepath.Join(dir, stateFileName)
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o600 {
		t.Errorf("state file mode %v, want 0600", info.Mode().Perm())
	}
	if di, _ := os.Stat(dir); di.Mode().Perm() != 0o700 {
		t.Errorf("state dir mode %v, want 0700", di.Mode().Perm())
	}
	data, _ := os.ReadFile(path)
	if strings.Contains(strings.ToLower(string(data)), "key") {
		t.Errorf("the state file mentions a key: %s", data)
	}

	// Another server's entry is kept when this one saves.
	other := Options{ServerURL: "http://b.example", StateDir: dir}
	h2, _ := fakeModel(t, other, "Overview")
	h2.connectFake(120, 40)
	h2.send(common.BankSelectedMsg{BankID: "b-bank"})
	h2.fire(isSaveDue)

	// A new session on the first server opens the remembered bank and pane.
	h3, f3 := fakeModel(t, opts, "Overview", "Memories")
	if f3.initial != "research-agent" {
		t.Errorf("sidebar opened with %q, want the remembered bank", f3.initial)
	}
	h3.connectFake(120, 40)
	if h3.m.focus != 2 || !f3.tabs[1].focused {
		t.Errorf("focus %d, want the remembered Memories pane", h3.m.focus)
	}
	// --bank wins over the remembered bank.
	withFlag := opts
	withFlag.Bank = "flag-bank"
	_, f4 := fakeModel(t, withFlag, "Overview", "Memories")
	if f4.initial != "flag-bank" {
		t.Errorf("--bank: sidebar opened with %q", f4.initial)
	}

	data, _ = os.ReadFile(path)
	var sf stateFile
	if err := json.Unmarshal(data, &sf); err != nil {
		t.Fatal(err)
	}
	if sf.Servers["http://a.example:8888"].Bank != "research-agent" || sf.Servers["http://b.example"].Bank != "b-bank" {
		t.Errorf("state file %s", data)
	}
}

func TestStateSavesOnlyTheLatestChange(t *testing.T) {
	dir := t.TempDir()
	h, _ := fakeModel(t, Options{ServerURL: "http://a", StateDir: dir}, "Overview")
	h.connectFake(120, 40)
	for _, b := range []string{"one", "two", "three"} {
		h.send(common.BankSelectedMsg{BankID: b})
	}
	due := 0
	for _, tm := range h.timers {
		if isSaveDue(tm.Msg) {
			due++
		}
	}
	// Every change schedules a save, but only the last one writes.
	h.send(saveDueMsg{gen: 1})
	if _, err := os.Stat(filepath.Join(dir, stateFileName)); err == nil {
		t.Fatal("a superseded save wrote the file")
	}
	h.fire(isSaveDue)
	sf, err := readStateFile(filepath.Join(dir, stateFileName))
	if err != nil || sf.Servers["http://a"].Bank != "three" {
		t.Fatalf("saved %+v, %v (after %d scheduled saves)", sf, err, due)
	}
}

func TestQuitSavesPendingState(t *testing.T) {
	dir := t.TempDir()
	h, _ := fakeModel(t, Options{ServerURL: "http://a", StateDir: dir}, "Overview")
	h.connectFake(120, 40)
	h.send(common.BankSelectedMsg{BankID: "last-one"})
	h.press("q")
	if !h.quit {
		t.Fatal("q did not quit")
	}
	sf, _ := readStateFile(filepath.Join(dir, stateFileName))
	if sf.Servers["http://a"].Bank != "last-one" {
		t.Errorf("quit did not save: %+v", sf)
	}
}

func TestCorruptStateFileIsIgnored(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, stateFileName)
	if err := os.WriteFile(path, []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	h, f := fakeModel(t, Options{ServerURL: "http://a", StateDir: dir}, "Overview")
	if f.initial != "" {
		t.Errorf("initial bank %q from a corrupt file", f.initial)
	}
	if h.m.errs.len() != 1 || !strings.Contains(h.m.errs.entries[0].Summary, "not a valid state file") {
		t.Fatalf("the corrupt file was not logged: %+v", h.m.errs.entries)
	}
	h.connectFake(120, 40)
	h.send(common.BankSelectedMsg{BankID: "fresh"})
	h.fire(isSaveDue)
	sf, err := readStateFile(path)
	if err != nil || sf.Servers["http://a"].Bank != "fresh" {
		t.Errorf("the corrupt file was not replaced: %+v %v", sf, err)
	}
}

func TestDemoStateIsKeptUnderOneName(t *testing.T) {
	dir := t.TempDir()
	h, _ := fakeModel(t, Options{ServerURL: "http://127.0.0.1:41234", Demo: true, StateDir: dir}, "Overview")
	h.connectFake(120, 40)
	h.send(common.BankSelectedMsg{BankID: "research-agent"})
	h.fire(isSaveDue)
	sf, _ := readStateFile(filepath.Join(dir, stateFileName))
	if sf.Servers[demoStateKey].Bank != "research-agent" || len(sf.Servers) != 1 {
		t.Errorf("demo state %+v", sf)
	}
}

func TestNoStateDirKeepsNothing(t *testing.T) {
	h, _ := fakeModel(t, Options{ServerURL: "http://a"}, "Overview")
	h.connectFake(120, 40)
	h.send(common.BankSelectedMsg{BankID: "x"})
	if h.fire(isSaveDue) != 0 {
		t.Error("a save was scheduled without a state dir")
	}
}

func TestPruneServers(t *testing.T) {
	servers := map[string]serverState{}
	for i := range 5 {
		servers[string(rune('a'+i))] = serverState{UsedAt: uitest.Now.Add(-time.Duration(i) * time.Hour)}
	}
	pruneServers(servers, 3)
	if len(servers) != 3 || servers["a"].UsedAt.IsZero() || servers["e"].UsedAt != (serverState{}).UsedAt {
		t.Errorf("kept %v", servers)
	}
}

// TestHiddenSidebarIsRemembered: B hides the bank list, and the next session on the
// server opens without it; B again shows it, and that is remembered too.
func TestHiddenSidebarIsRemembered(t *testing.T) {
	dir := t.TempDir()
	opts := Options{ServerURL: "http://a", StateDir: dir}
	h, _ := fakeModel(t, opts, "Overview", "Memories")
	h.connectFake(80, 24)
	h.press("B")
	if !h.m.noSidebar {
		t.Fatal("B did not hide the bank list")
	}
	h.fire(isSaveDue)
	h2, _ := fakeModel(t, opts, "Overview", "Memories")
	h2.connectFake(80, 24)
	if !h2.m.noSidebar || !h2.m.lay.Collapsed {
		t.Fatalf("the next session shows the bank list:\n%s", h2.screen())
	}
	h2.press("B")
	h2.fire(isSaveDue)
	if sf, _ := readStateFile(filepath.Join(dir, stateFileName)); sf.Servers["http://a"].NoSidebar {
		t.Errorf("showing the bank list again was not saved: %+v", sf)
	}
}
