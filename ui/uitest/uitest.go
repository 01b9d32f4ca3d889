// Package uitest is the one test harness of hindsight-tui's panes and dialogs: key
// presses by name, running commands synchronously, test servers on the pinned clock, a
// recording transport, pane sizes from the real layout, and Host, which hosts panes
// and routes their messages with the real router (package router), so a pane's tests
// see exactly the deliveries the app makes.
package uitest

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/keymap"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/layout"
	"hindsight-tui/ui/router"
)

// Now is the pinned clock of every test: the demo seed's epoch, so the seeded data's
// relative times are the same on every run.
var Now = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

// FixedNow returns Now; it is the clock tests give to Common and to test servers.
func FixedNow() time.Time { return Now }

// GoldenURL is the server URL golden files show, whatever port the test server got.
const GoldenURL = "http://hindsight.test:8888"

// DemoBank is the demo bank most pane tests browse.
const DemoBank = "user-alex-prefs"

// Server is an empty test server on the pinned clock, closed when the test ends.
func Server(t testing.TB, opts ...hindsighttest.Option) *hindsighttest.Server {
	t.Helper()
	srv := hindsighttest.NewServer(append([]hindsighttest.Option{hindsighttest.WithClock(FixedNow)}, opts...)...)
	t.Cleanup(srv.Close)
	return srv
}

// DemoServer is a test server holding the demo seed.
func DemoServer(t testing.TB, opts ...hindsighttest.Option) *hindsighttest.Server {
	t.Helper()
	return Server(t, append([]hindsighttest.Option{hindsighttest.WithDemoSeed()}, opts...)...)
}

// NewCommon is the shared state a pane gets in the app, talking to srv (no client when
// srv is nil), with the dark theme, the default keys and the pinned clock.
func NewCommon(t testing.TB, srv *hindsighttest.Server, opts ...client.Option) *common.Common {
	t.Helper()
	c := &common.Common{Styles: styles.New(true), Keys: keymap.Default(), Now: FixedNow, Timeout: 10 * time.Second}
	if srv != nil {
		cl, err := client.New(srv.URL(), opts...)
		if err != nil {
			t.Fatal(err)
		}
		c.Client, c.BaseURL = cl, GoldenURL
	}
	return c
}

// PaneSize is the size the app gives its main pane in a termW×termH terminal: the
// main rectangle of the real layout less the pane border.
func PaneSize(termW, termH int) (w, h int) {
	l := layout.Compute(termW, termH)
	frame := styles.New(true).Pane
	return max(l.Main.W-frame.GetHorizontalFrameSize(), 0), max(l.Main.H-frame.GetVerticalFrameSize(), 0)
}

// SidebarSize is the size the app gives the bank sidebar in a termW×termH terminal.
func SidebarSize(termW, termH int) (w, h int) {
	l := layout.Compute(termW, termH)
	frame := styles.New(true).Pane
	return max(l.Sidebar.W-frame.GetHorizontalFrameSize(), 0), max(l.Sidebar.H-frame.GetVerticalFrameSize(), 0)
}

// namedKeys are the keys tests press by name.
var namedKeys = map[string]rune{
	"enter": tea.KeyEnter, "esc": tea.KeyEscape, "tab": tea.KeyTab, "space": tea.KeySpace,
	"backspace": tea.KeyBackspace, "delete": tea.KeyDelete, "up": tea.KeyUp, "down": tea.KeyDown,
	"left": tea.KeyLeft, "right": tea.KeyRight, "home": tea.KeyHome, "end": tea.KeyEnd,
	"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown,
}

// Key is the key press the terminal reports for a name: "j", "G", "enter", "space",
// "ctrl+s", "alt+enter", "shift+tab".
func Key(name string) tea.KeyPressMsg {
	var mod tea.KeyMod
	rest := name
	for {
		switch {
		case strings.HasPrefix(rest, "ctrl+") && len(rest) > 5:
			mod |= tea.ModCtrl
			rest = rest[5:]
			continue
		case strings.HasPrefix(rest, "alt+") && len(rest) > 4:
			mod |= tea.ModAlt
			rest = rest[4:]
			continue
		case strings.HasPrefix(rest, "shift+") && len(rest) > 6:
			mod |= tea.ModShift
			rest = rest[6:]
			continue
		}
		break
	}
	if code, ok := namedKeys[rest]; ok {
		k := tea.KeyPressMsg{Code: code, Mod: mod}
		if code == tea.KeySpace && mod == 0 {
			k.Text = " "
		}
		return k
	}
	r := []rune(rest)
	if len(r) != 1 {
		panic("uitest.Key: unknown key " + name)
	}
	if mod != 0 {
		return tea.KeyPressMsg{Code: r[0], Mod: mod}
	}
	return tea.KeyPressMsg{Code: r[0], Text: rest}
}

// Run runs cmd synchronously and returns the messages it produces, batches and
// sequences flattened; spinner ticks are dropped (they only animate and would tick
// forever). A command that does not return within 20 s fails the test.
func Run(t testing.TB, cmd tea.Cmd) []tea.Msg {
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
		t.Fatal("uitest: a command did not return within 20 s")
	}
	if m, ok := msg.(tea.BatchMsg); ok {
		var out []tea.Msg
		for _, c := range m {
			out = append(out, Run(t, c)...)
		}
		return out
	}
	if cmds, ok := sequence(msg); ok {
		var out []tea.Msg
		for _, c := range cmds {
			out = append(out, Run(t, c)...)
		}
		return out
	}
	_, inner, _ := router.Open(msg)
	switch inner.(type) {
	case nil, spinner.TickMsg:
		return nil
	}
	return []tea.Msg{msg}
}

var cmdType = reflect.TypeOf(tea.Cmd(nil))

// sequence unpacks tea.Sequence's (unexported) message: a slice of commands.
func sequence(msg tea.Msg) ([]tea.Cmd, bool) {
	v := reflect.ValueOf(msg)
	if v.Kind() != reflect.Slice || v.Type().Elem() != cmdType {
		return nil, false
	}
	out := make([]tea.Cmd, v.Len())
	for i := range out {
		out[i], _ = v.Index(i).Interface().(tea.Cmd)
	}
	return out, true
}

// Clipboard returns the text of a tea.SetClipboard message; ok is false for any other.
func Clipboard(msg tea.Msg) (string, bool) {
	if fmt.Sprintf("%T", msg) != "tea.setClipboardMsg" {
		return "", false
	}
	return reflect.ValueOf(msg).String(), true
}

// Plain is a view without its styling.
func Plain(s string) string { return ansi.Strip(s) }

// CheckBox fails unless view is exactly w×h cells: h lines, each w wide.
func CheckBox(t testing.TB, view string, w, h int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	if len(lines) != h {
		t.Fatalf("view has %d lines, want %d:\n%s", len(lines), h, Plain(view))
	}
	for i, l := range lines {
		if lw := ansi.StringWidth(l); lw != w {
			t.Fatalf("line %d is %d cells wide, want %d: %q", i, lw, w, Plain(l))
		}
	}
}
