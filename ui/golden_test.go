package ui

import (
	"fmt"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// realModel is the app with its real panes, talking to srv, at w×h, with a pinned
// clock; edits change the options before the model is built.
func realModel(t testing.TB, srv *hindsighttest.Server, w, h int, edits ...func(*Options)) *harness {
	c, err := client.New(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Client: c, ServerURL: uitest.GoldenURL, URLSource: "demo server", Demo: true,
		Version: "test", Timeout: 5 * time.Second, Now: fixedNow,
		Profiles: goldenProfiles, OpenProfile: noProfiles}
	for _, e := range edits {
		e(&opts)
	}
	m := New(opts)
	hs := newHarness(t, m)
	hs.send(tea.WindowSizeMsg{Width: w, Height: h})
	return hs
}

// TestGolden compares the plain text of every screen the shell draws itself, at the
// standard and the minimum size. Regenerate with: go test ./ui -run TestGolden -update
func TestGolden(t *testing.T) {
	type step func(t *testing.T, h *harness)
	connect := func(t *testing.T, h *harness) {
		h.run(h.m.Init(), 0)
		if h.m.conn.phase != phaseConnected {
			t.Fatalf("not connected: %v", h.m.conn.err)
		}
	}
	screens := []struct {
		name   string
		faults []hindsighttest.Fault
		steps  []step
	}{
		{name: "loading"},
		{name: "overview", steps: []step{connect}},
		{name: "help", steps: []step{connect, func(t *testing.T, h *harness) { h.press("?") }}},
		{name: "palette", steps: []step{connect, func(t *testing.T, h *harness) { h.press(":"); h.typeText("bank") }}},
		{name: "profiles", steps: []step{connect, func(t *testing.T, h *harness) { h.press("C", "down") }}},
		{name: "errorlog", steps: []step{connect, func(t *testing.T, h *harness) {
			h.send(common.ErrorMsg{Op: "load bank stats", Err: apiError(t, 500, `{"detail":"stats backend timed out"}`)})
			h.fire(isToastExpiry)
			h.press("!")
		}}},
		{name: "connection_error",
			faults: []hindsighttest.Fault{{Method: "GET", Path: "/version", Status: 500, Body: `{"detail":"database connection pool exhausted"}`}},
			steps:  []step{func(t *testing.T, h *harness) { h.run(h.m.Init(), 0) }}},
	}
	for _, size := range uitest.Terminals {
		for _, sc := range screens {
			t.Run(fmt.Sprintf("%s_%dx%d", sc.name, size[0], size[1]), func(t *testing.T) {
				var opts []hindsighttest.Option
				for _, f := range sc.faults {
					opts = append(opts, hindsighttest.WithFault(f))
				}
				h := realModel(t, uitest.DemoServer(t, opts...), size[0], size[1])
				for _, s := range sc.steps {
					s(t, h)
				}
				golden.RequireEqual(t, h.screen())
			})
		}
	}
	for _, size := range [][2]int{{59, 19}, {40, 10}} {
		t.Run(fmt.Sprintf("too_small_%dx%d", size[0], size[1]), func(t *testing.T) {
			h := realModel(t, uitest.DemoServer(t), size[0], size[1])
			golden.RequireEqual(t, h.screen())
		})
	}
}

// TestGoldenSmallTerminals: at 80x24 the tabs keep readable short names (the active
// one its title, space allowing), and at 60x20 the sidebar is a tab of its own;
// TestHideTheSidebar has the 80x24 screen with the bank list hidden. Regenerate with
// -update.
func TestGoldenSmallTerminals(t *testing.T) {
	for _, sc := range []struct {
		name string
		w, h int
		keys []string
	}{
		{"tabs_80x24", 80, 24, nil},
		{"operations_80x24", 80, 24, []string{"8"}},
		{"memories_80x24", 80, 24, []string{"2"}},
		{"tabs_60x20", 60, 20, []string{"2"}},
	} {
		t.Run(sc.name, func(t *testing.T) {
			h := realModel(t, uitest.DemoServer(t), sc.w, sc.h)
			h.run(h.m.Init(), 0)
			h.press(sc.keys...)
			golden.RequireEqual(t, h.screen())
		})
	}
}
