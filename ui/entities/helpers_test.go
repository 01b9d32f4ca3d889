package entities

import (
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

// testNow is the fixed clock of the tests: the demo seed's epoch.
var testNow = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

func fixedNow() time.Time { return testNow }

func newServer(t testing.TB, opts ...hindsighttest.Option) *hindsighttest.Server {
	t.Helper()
	srv := hindsighttest.NewServer(append([]hindsighttest.Option{hindsighttest.WithClock(fixedNow)}, opts...)...)
	t.Cleanup(srv.Close)
	return srv
}

func demoServer(t testing.TB, opts ...hindsighttest.Option) *hindsighttest.Server {
	t.Helper()
	return newServer(t, append([]hindsighttest.Option{hindsighttest.WithDemoSeed()}, opts...)...)
}

func newCommon(t testing.TB, srv *hindsighttest.Server, opts ...client.Option) *common.Common {
	t.Helper()
	cl, err := client.New(srv.URL(), opts...)
	if err != nil {
		t.Fatal(err)
	}
	return &common.Common{Client: cl, Styles: styles.New(true), Keys: keymap.Default(), Now: fixedNow,
		Timeout: 10 * time.Second}
}

// press builds a key press the way the terminal reports it.
func press(s string) tea.KeyPressMsg {
	switch s {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	}
	r := []rune(s)
	if len(r) != 1 {
		panic("unknown key " + s)
	}
	return tea.KeyPressMsg{Code: r[0], Text: s}
}

// run executes cmd synchronously and returns its messages, batches flattened.
func run(t testing.TB, cmd tea.Cmd) []tea.Msg {
	t.Helper()
	if cmd == nil {
		return nil
	}
	done := make(chan tea.Msg, 1)
	go func() { done <- cmd() }()
	var msg tea.Msg
	select {
	case msg = <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("command did not return")
	}
	switch m := msg.(type) {
	case nil:
		return nil
	case tea.BatchMsg:
		var out []tea.Msg
		for _, c := range m {
			out = append(out, run(t, c)...)
		}
		return out
	}
	return []tea.Msg{msg}
}

// drive sends msg to pane and feeds every message its commands produce back to it,
// returning the messages meant for the root (pane switches, dialogs, toasts).
func drive(t testing.TB, pane common.Pane, msg tea.Msg) []tea.Msg {
	t.Helper()
	var out []tea.Msg
	queue := []tea.Msg{msg}
	for len(queue) > 0 {
		m := queue[0]
		queue = queue[1:]
		switch m.(type) {
		case common.ShowPaneMsg, common.OpenDialogMsg, common.ToastMsg, common.ErrorMsg:
			out = append(out, m)
			continue
		}
		_, cmd := pane.Update(m)
		queue = append(queue, run(t, cmd)...)
	}
	return out
}

// focus focuses pane on bank at w x h and runs its first load.
func focus(t testing.TB, pane common.Pane, bank string, w, h int) {
	t.Helper()
	pane.SetSize(w, h)
	drive(t, pane, common.BankSelectedMsg{BankID: bank})
	for _, m := range run(t, pane.Focus()) {
		drive(t, pane, m)
	}
}

// keys types each key into pane.
func keys(t testing.TB, pane common.Pane, ks ...string) []tea.Msg {
	t.Helper()
	var out []tea.Msg
	for _, k := range ks {
		out = append(out, drive(t, pane, press(k))...)
	}
	return out
}

// plain is a view without its styling, one line per row with trailing spaces kept.
func plain(s string) string { return ansi.Strip(s) }
