package ui

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/config"
	"hindsight-tui/ui/uitest"
)

// goldenProfiles is a fixed list for the goldens: paths and URLs that do not change
// from run to run.
func goldenProfiles() []config.Profile {
	prof := func(name string) string { return "/home/alex/.hindsight/cli-profiles/" + name + ".toml" }
	return []config.Profile{
		{URL: "http://localhost:8888", URLSource: config.SourceDefault},
		{Name: "broken", Path: prof("broken"), Err: errors.New("profile broken: " + prof("broken") + ":2: api_key: the closing quote is missing")},
		{Name: "staging", Path: prof("staging"), URL: "https://staging.example.com/hindsight",
			URLSource: "profile staging (" + prof("staging") + ")", KeySource: "profile staging (" + prof("staging") + ")"},
	}
}

func noProfiles(string) (config.Config, error) {
	return config.Config{}, errors.New("no profiles in this test")
}

// stagingKey is the second server's API key; no frame may ever show it.
const stagingKey = "staging-secret-key-4242"

// twoServers is the demo server the app starts on and a second server that wants a
// key, with a home whose profiles point at it (staging), at a server that is gone
// (gone) and at nothing readable (broken); the state file remembers a bank and pane
// for the second server.
func twoServers(t *testing.T) (h *harness, staging *hindsighttest.Server, stateDir string) {
	t.Helper()
	staging = uitest.Server(t, hindsighttest.WithAPIKey(stagingKey), hindsighttest.WithSeed(&hindsighttest.Seed{
		Banks: []hindsighttest.SeedBank{
			{BankID: "alpha-bank", Name: "Alpha", CreatedAt: "2026-01-02T00:00:00Z"},
			{BankID: "staging-notes", Name: "Staging notes", CreatedAt: "2026-01-01T00:00:00Z"},
		}}))
	gone := hindsighttest.NewServer()
	gone.Close()
	home := t.TempDir()
	profiles := filepath.Join(home, ".hindsight", "cli-profiles")
	write := func(path, body string) {
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(profiles, "staging.toml"), "api_url = \""+staging.URL()+"\"\napi_key = \""+stagingKey+"\"\n")
	write(filepath.Join(profiles, "gone.toml"), "api_url = \""+gone.URL()+"\"\n")
	write(filepath.Join(profiles, "broken.toml"), "api_url = \"http://unclosed\n")
	stateDir = t.TempDir()
	state, _ := json.Marshal(stateFile{Servers: map[string]serverState{
		staging.URL(): {Bank: "staging-notes", Pane: "recall"},
	}})
	write(filepath.Join(stateDir, stateFileName), string(state))

	getenv := func(string) string { return "" }
	h = realModel(t, uitest.DemoServer(t), 120, 40, func(o *Options) {
		o.StateDir = stateDir
		o.Profiles = func() []config.Profile { return config.ListProfiles(config.Flags{}, getenv, home) }
		o.OpenProfile = func(name string) (config.Config, error) {
			return config.ResolveProfile(name, config.Flags{}, getenv, home)
		}
	})
	h.seen = func(frame string) {
		if strings.Contains(frame, stagingKey) {
			t.Fatalf("a frame shows the API key:\n%s", ansi.Strip(frame))
		}
	}
	h.run(h.m.Init(), 0)
	if h.m.conn.phase != phaseConnected {
		t.Fatalf("the demo did not connect: %v", h.m.conn.err)
	}
	return h, staging, stateDir
}

// choose opens the switcher and picks the entry named name ("" for the default).
func (h *harness) choose(name string) {
	h.t.Helper()
	h.press("C")
	d, ok := h.m.r.Front().(*profileDialog)
	if !ok {
		h.t.Fatalf("C opened %T, want the profile switcher:\n%s", h.m.r.Front(), h.screen())
	}
	for i, e := range d.entries {
		if e.Name == name {
			h.press("g")
			for range i {
				h.press("down")
			}
			h.press("enter")
			return
		}
	}
	h.t.Fatalf("no entry %q in %+v", name, d.entries)
}

func TestSwitchProfileReconnects(t *testing.T) {
	h, staging, stateDir := twoServers(t)
	h.press("C")
	scr := h.screen()
	mustContain(t, scr, "Switch profile", "● default", "http://hindsight.test:8888", "demo server",
		"staging", staging.URL(), "gone", "broken", "cannot be used", "broken.toml:1: api_url: the closing quote is missing",
		"staging.toml · API key set", "gone.toml · no API key")
	h.press("esc")

	h.choose("staging")
	if h.m.conn.phase != phaseConnected {
		t.Fatalf("not connected to staging: %v\n%s", h.m.conn.err, h.screen())
	}
	scr = h.screen()
	header := strings.SplitN(scr, "\n", 2)[0]
	mustContain(t, header, "profile staging", "bank staging-notes", strings.TrimPrefix(staging.URL(), "http://"))
	mustNotContain(t, header, "DEMO")
	// The second server's banks load (with the profile's key: the server wants it), and
	// the bank and pane remembered for it come back.
	mustContain(t, scr, "Alpha", "Staging notes")
	mustNotContain(t, scr, "user-alex-prefs")
	if got := h.m.tabs[h.m.active].ID; got != "recall" || h.m.focus == 0 {
		t.Errorf("focus on %s (ring %d), want the remembered recall pane", got, h.m.focus)
	}

	// The switcher marks the profile in use; the help lists its key.
	h.press("esc") // out of the recall search box, where C is typing
	h.press("C")
	mustContain(t, h.screen(), "● staging")
	h.press("esc", "?")
	mustContain(t, h.screen(), "C", "switch profile")
	h.press("esc", "!")
	h.press("esc")

	// Back to what the program started with: the demo, its bank again.
	h.choose("")
	if h.m.conn.phase != phaseConnected || !h.m.opts.Demo || h.m.opts.Profile != "" {
		t.Fatalf("not back on the demo: %v %+v", h.m.conn.err, h.m.opts.ServerURL)
	}
	mustContain(t, h.screen(), "DEMO", "user-alex-prefs")
	mustNotContain(t, strings.SplitN(h.screen(), "\n", 2)[0], "profile")

	// Nothing we wrote holds the key.
	h.send(quitMsg{})
	filepath.WalkDir(stateDir, func(path string, d os.DirEntry, err error) error {
		if data, rerr := os.ReadFile(path); rerr == nil && strings.Contains(string(data), stagingKey) {
			t.Errorf("%s holds the API key", path)
		}
		return nil
	})
	for _, e := range h.m.errs.entries {
		if strings.Contains(e.Summary+e.Detail, stagingKey) {
			t.Errorf("the error log holds the key: %+v", e)
		}
	}
}

// A profile that cannot be read, or whose server is not there, is the connection
// screen's error with its retry; the switcher still works from there.
func TestSwitchProfileFailures(t *testing.T) {
	h, _, _ := twoServers(t)
	h.choose("broken")
	scr := h.screen()
	if h.m.conn.phase != phaseFailed {
		t.Fatalf("phase %v after a broken profile:\n%s", h.m.conn.phase, scr)
	}
	mustContain(t, scr, "Cannot connect to Hindsight", "broken.toml:1: api_url: the closing quote is missing",
		"press r to try again", "profile broken", "server unknown", "unknown: the settings could not be read", "C switch profile")
	h.press("r") // reads the file again: still broken
	if h.m.conn.phase != phaseFailed || h.m.conn.op != "read profile broken" {
		t.Fatalf("retry: phase %v op %q", h.m.conn.phase, h.m.conn.op)
	}

	h.choose("gone")
	scr = h.screen()
	if h.m.conn.phase != phaseFailed || h.m.conn.op != "check the server version" {
		t.Fatalf("phase %v op %q for a server that is gone:\n%s", h.m.conn.phase, h.m.conn.op, scr)
	}
	mustContain(t, scr, "Cannot connect to Hindsight", "profile gone", "GET /version")

	h.choose("staging")
	if h.m.conn.phase != phaseConnected {
		t.Fatalf("could not switch on from a failure: %v\n%s", h.m.conn.err, h.screen())
	}
	mustContain(t, h.screen(), "Staging notes")
}

// Picking the profile in use does not tear the panes down.
func TestSwitchToTheProfileInUse(t *testing.T) {
	h, _, _ := twoServers(t)
	before := h.m.r.Pane(sidebarID)
	h.choose("")
	if h.m.r.Pane(sidebarID) != before || h.m.conn.phase != phaseConnected {
		t.Fatal("choosing the entry in use rebuilt the panes")
	}
	mustContain(t, h.screen(), "already connected with the default settings")
}

// The palette offers the switcher, and without profiles there is neither key nor action.
func TestSwitcherInThePalette(t *testing.T) {
	h, _, _ := twoServers(t)
	h.press(":")
	h.typeText("switch prof")
	h.press("enter")
	if _, ok := h.m.r.Front().(*profileDialog); !ok {
		t.Fatalf("the palette opened %T", h.m.r.Front())
	}

	h2 := realModel(t, uitest.DemoServer(t), 120, 40, func(o *Options) { o.Profiles, o.OpenProfile = nil, nil })
	h2.run(h2.m.Init(), 0)
	h2.press("C")
	if h2.m.r.Front() != nil {
		t.Error("C opened a dialog without profiles")
	}
	for _, a := range h2.m.actions() {
		if strings.Contains(a.Name, "profile") {
			t.Errorf("palette offers %q without profiles", a.Name)
		}
	}
}
