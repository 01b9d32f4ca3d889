package ui

import (
	"bytes"
	"path/filepath"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/uitest"
)

// TestFlowInARealProgram runs the shell in a Bubble Tea program against the demo
// server: it connects, shows the banks, moves focus, and on q saves the state and
// exits. The final model is checked, not the output stream (its timing varies).
func TestFlowInARealProgram(t *testing.T) {
	srv := uitest.DemoServer(t)
	c, err := client.New(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	m := New(Options{Client: c, ServerURL: srv.URL(), URLSource: "demo server", Demo: true,
		Timeout: 5 * time.Second, Now: fixedNow, StateDir: dir})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(120, 40),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.Ascii), tea.WithEnvironment([]string{"TERM=xterm-256color"})))
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		return bytes.Contains(b, []byte("research-agent")) && bytes.Contains(b, []byte("Hindsight 0.9.1"))
	}, teatest.WithDuration(15*time.Second))
	tm.Send(tea.KeyPressMsg{Code: tea.KeyTab})
	tm.Send(tea.KeyPressMsg{Code: 'q', Text: "q"})
	final, ok := tm.FinalModel(t, teatest.WithFinalTimeout(15*time.Second)).(Model)
	if !ok {
		t.Fatal("the final model is not a ui.Model")
	}
	if final.focus != 1 || final.bank == "" {
		t.Errorf("final focus %d, bank %q", final.focus, final.bank)
	}
	sf, err := readStateFile(filepath.Join(dir, stateFileName))
	if err != nil || sf.Servers[demoStateKey].Pane != "overview" || sf.Servers[demoStateKey].Bank != final.bank {
		t.Errorf("state after quitting: %+v, %v", sf, err)
	}
}
