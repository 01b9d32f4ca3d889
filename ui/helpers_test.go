package ui

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
)

// testNow is the pinned clock of every test: the demo seed's epoch, so the seeded
// data's relative times are the same on every run.
var testNow = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

func fixedNow() time.Time { return testNow }

// fakePane records what the root does to it.
type fakePane struct {
	name      string
	w, h      int
	sizes     int // SetSize calls
	focused   bool
	capturing bool
	inits     int
	keys      []string
	msgs      []tea.Msg
	actions   []common.Action
	selID     string
	selWhat   string
	selJSON   string
	short     []key.Binding
	full      [][]key.Binding
}

func (p *fakePane) Init() tea.Cmd { p.inits++; return nil }

func (p *fakePane) Update(msg tea.Msg) (common.Pane, tea.Cmd) {
	p.msgs = append(p.msgs, msg)
	if k, ok := msg.(tea.KeyPressMsg); ok {
		p.keys = append(p.keys, k.String())
	}
	return p, nil
}

func (p *fakePane) View() string {
	return fmt.Sprintf("%s pane %dx%d", p.name, p.w, p.h)
}

func (p *fakePane) SetSize(w, h int)          { p.w, p.h = w, h; p.sizes++ }
func (p *fakePane) Focus() tea.Cmd            { p.focused = true; return nil }
func (p *fakePane) Blur()                     { p.focused = false }
func (p *fakePane) ShortHelp() []key.Binding  { return p.short }
func (p *fakePane) FullHelp() [][]key.Binding { return p.full }
func (p *fakePane) Capturing() bool           { return p.capturing }
func (p *fakePane) Actions() []common.Action  { return p.actions }
func (p *fakePane) Selection() (string, string, string, bool) {
	return p.selID, p.selWhat, p.selJSON, p.selID != ""
}

// lastOf returns the last message of type T the pane received.
func lastOf[T any](p *fakePane) (T, bool) {
	for i := len(p.msgs) - 1; i >= 0; i-- {
		if m, ok := p.msgs[i].(T); ok {
			return m, true
		}
	}
	var zero T
	return zero, false
}

// fakes is a sidebar and some main-area panes.
type fakes struct {
	sidebar *fakePane
	tabs    []*fakePane
	initial string
}

func newFakes(titles ...string) *fakes {
	f := &fakes{sidebar: &fakePane{name: "sidebar"}}
	for _, t := range titles {
		f.tabs = append(f.tabs, &fakePane{name: strings.ToLower(t)})
	}
	return f
}

func (f *fakes) factory(titles ...string) paneFactory {
	return func(_ *common.Common, initial string) (common.Pane, []tab) {
		f.initial = initial
		tabs := make([]tab, len(f.tabs))
		for i, p := range f.tabs {
			p := p
			tabs[i] = tab{spec: tabSpec{ID: p.name, Title: titles[i], New: func(*common.Common) common.Pane { return p }}, pane: p}
		}
		return f.sidebar, tabs
	}
}

// harness drives a Model the way the program would, synchronously: it runs the
// commands each message returns and feeds their messages back. Timers scheduled
// through Model.after are recorded instead of waited for; fire runs them.
type harness struct {
	t         testing.TB
	m         Model
	timers    []timer
	quit      bool
	clipboard []string
}

type timer struct {
	d   time.Duration
	msg tea.Msg
}

func newHarness(t testing.TB, m Model) *harness {
	h := &harness{t: t}
	m.after = func(d time.Duration, msg tea.Msg) tea.Cmd {
		h.timers = append(h.timers, timer{d, msg})
		return nil
	}
	h.m = m
	return h
}

// fakeModel is a Model over fake panes with the given tab titles.
func fakeModel(t *testing.T, opts Options, titles ...string) (*harness, *fakes) {
	t.Helper()
	f := newFakes(titles...)
	if opts.Now == nil {
		opts.Now = fixedNow
	}
	return newHarness(t, newModel(opts, f.factory(titles...))), f
}

// connectFake brings a fake-pane model to the connected state without a server.
func (h *harness) connectFake(w, ht int) {
	h.send(tea.WindowSizeMsg{Width: w, Height: ht})
	h.m.conn.seq = 1
	h.send(connectResultMsg{seq: 1, version: &client.Version{APIVersion: "0.9.1"}})
}

// send delivers msg and runs whatever follows from it.
func (h *harness) send(msgs ...tea.Msg) {
	h.t.Helper()
	for _, msg := range msgs {
		var cmd tea.Cmd
		h.m, cmd = h.m.update(msg)
		h.run(cmd, 0)
	}
}

func (h *harness) press(keys ...string) {
	h.t.Helper()
	for _, k := range keys {
		h.send(keyMsg(k))
	}
}

// typeText presses one key per rune.
func (h *harness) typeText(s string) {
	h.t.Helper()
	for _, r := range s {
		h.send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// run executes cmd and feeds back its messages. Commands that block longer than a few
// seconds (animation timers of panes) are abandoned; spinner ticks are dropped so an
// animation cannot loop forever.
func (h *harness) run(cmd tea.Cmd, depth int) {
	h.t.Helper()
	if cmd == nil {
		return
	}
	if depth > 50 {
		h.t.Fatalf("command chain deeper than 50: a message loop?")
	}
	done := make(chan tea.Msg, 1)
	go func() { done <- cmd() }()
	var msg tea.Msg
	select {
	case msg = <-done:
	case <-time.After(5 * time.Second):
		return
	}
	switch msg := msg.(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range msg {
			h.run(c, depth+1)
		}
	case tea.QuitMsg:
		h.quit = true
	case spinner.TickMsg:
	default:
		if cmds, ok := sequence(msg); ok {
			for _, c := range cmds {
				h.run(c, depth+1)
			}
			return
		}
		switch t := fmt.Sprintf("%T", msg); t {
		case "tea.setClipboardMsg":
			h.clipboard = append(h.clipboard, reflect.ValueOf(msg).String())
			return
		case "tea.backgroundColorMsg", "cursor.BlinkMsg", "cursor.initialBlinkMsg":
			return
		}
		var next tea.Cmd
		h.m, next = h.m.update(msg)
		h.run(next, depth+1)
	}
}

// sequence unpacks tea.Sequence's (unexported) message: a slice of commands.
func sequence(msg tea.Msg) ([]tea.Cmd, bool) {
	v := reflect.ValueOf(msg)
	if v.Kind() != reflect.Slice || v.Type().Elem() != reflect.TypeOf(tea.Cmd(nil)) {
		return nil, false
	}
	out := make([]tea.Cmd, v.Len())
	for i := range out {
		out[i] = v.Index(i).Interface().(tea.Cmd)
	}
	return out, true
}

// fire runs the scheduled timers whose message matches keep, in order.
func (h *harness) fire(keep func(tea.Msg) bool) int {
	h.t.Helper()
	pending := h.timers
	h.timers = nil
	n := 0
	for _, tm := range pending {
		if keep(tm.msg) {
			n++
			h.send(tm.msg)
		} else {
			h.timers = append(h.timers, tm)
		}
	}
	return n
}

// screen is the plain text of the current view.
func (h *harness) screen() string { return ansi.Strip(h.m.View().Content) }

func keyMsg(k string) tea.KeyPressMsg {
	switch k {
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "shift+tab":
		return tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	case "ctrl+c":
		return tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	case "ctrl+p":
		return tea.KeyPressMsg{Code: 'p', Mod: tea.ModCtrl}
	}
	r := []rune(k)
	if len(r) != 1 {
		panic("keyMsg: unknown key " + k)
	}
	return tea.KeyPressMsg{Code: r[0], Text: k}
}

// mustContain fails unless every want is on the screen.
func mustContain(t *testing.T, screen string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(screen, w) {
			t.Errorf("screen lacks %q:\n%s", w, screen)
		}
	}
}

func mustNotContain(t *testing.T, screen string, bad ...string) {
	t.Helper()
	for _, b := range bad {
		if strings.Contains(screen, b) {
			t.Errorf("screen contains %q:\n%s", b, screen)
		}
	}
}

func versionWith(features map[string]bool) *client.Version {
	return &client.Version{APIVersion: "0.9.1", Features: features}
}

// lightGrey is the background colour a light terminal reports.
type lightGrey struct{}

func (lightGrey) RGBA() (r, g, b, a uint32) { return 0xeeee, 0xeeee, 0xeeee, 0xffff }
