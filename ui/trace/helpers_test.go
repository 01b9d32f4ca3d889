package trace

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/keymap"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
)

// testNow pins the demo server's clock, so its trace (timestamps, recency scores) is
// the same on every run.
var testNow = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

func newCommon() *common.Common {
	return &common.Common{Styles: styles.New(true), Keys: keymap.Default(), Now: func() time.Time { return testNow }}
}

// newViewer returns a viewer of raw at the given size.
func newViewer(t testing.TB, raw string, w, h int) *Model {
	t.Helper()
	m := New(newCommon())
	m.SetSize(w, h)
	m.SetTrace(json.RawMessage(raw))
	return m
}

// demoTrace is the trace the demo server returns for a recall in Alex's bank.
func demoTrace(t testing.TB) json.RawMessage {
	t.Helper()
	srv := hindsighttest.NewServer(hindsighttest.WithDemoSeed(), hindsighttest.WithClock(func() time.Time { return testNow }))
	defer srv.Close()
	cl, err := client.New(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	resp, err := cl.Recall(ctx, "user-alex-prefs", client.RecallRequest{Query: "what coffee does Alex like", Trace: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Trace) == 0 {
		t.Fatal("recall returned no trace")
	}
	return resp.Trace
}

// press builds a key press the way the terminal reports it.
func press(s string) tea.KeyPressMsg {
	switch s {
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "pgdown":
		return tea.KeyPressMsg{Code: tea.KeyPgDown}
	case "pgup":
		return tea.KeyPressMsg{Code: tea.KeyPgUp}
	case "home":
		return tea.KeyPressMsg{Code: tea.KeyHome}
	case "end":
		return tea.KeyPressMsg{Code: tea.KeyEnd}
	}
	r := []rune(s)
	if len(r) != 1 {
		panic("unknown key " + s)
	}
	return tea.KeyPressMsg{Code: r[0], Text: s}
}

// keys sends each key in turn; the viewer never returns commands.
func keys(t testing.TB, m *Model, ks ...string) {
	t.Helper()
	for _, k := range ks {
		var cmd tea.Cmd
		m, cmd = m.Update(press(k))
		if cmd != nil {
			t.Fatalf("key %q returned a command", k)
		}
	}
}

// plain is the view without escape sequences, as the goldens hold it.
func plain(view string) string { return ansi.Strip(view) }

// checkFrame fails unless view is exactly w x h cells.
func checkFrame(t testing.TB, view string, w, h int) {
	t.Helper()
	if w <= 0 || h <= 0 {
		if view != "" {
			t.Fatalf("%dx%d: view %q, want empty", w, h, view)
		}
		return
	}
	lines := strings.Split(view, "\n")
	if len(lines) != h {
		t.Fatalf("%dx%d: %d lines", w, h, len(lines))
	}
	for i, l := range lines {
		if got := ansi.StringWidth(l); got != w {
			t.Fatalf("%dx%d: line %d is %d wide: %q", w, h, i, got, ansi.Strip(l))
		}
	}
}

// sectionKey is the key of the current section.
func sectionKey(m *Model) string {
	if s := m.current(); s != nil {
		return s.key
	}
	return ""
}
