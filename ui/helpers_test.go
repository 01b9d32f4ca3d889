package ui

import (
	"fmt"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/router"
	"hindsight-tui/ui/uitest"
)

// fixedNow is the pinned clock of every test.
var fixedNow = uitest.FixedNow

// fakePane records what the root does to it.
type fakePane struct {
	name      string
	w, h      int
	sizes     int // SetSize calls
	restyled  int // SetStyles calls
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
func (p *fakePane) SetStyles(*styles.Styles)  { p.restyled++ }
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
		f.tabs = append(f.tabs, &fakePane{name: strings.ToLower(strings.TrimPrefix(t, "+"))})
	}
	return f
}

func (f *fakes) factory(titles ...string) paneFactory {
	return func(_ *common.Common, initial string) (common.Pane, []tab) {
		f.initial = initial
		tabs := make([]tab, len(f.tabs))
		for i, p := range f.tabs {
			p := p
			// A title starting with "+" is a secondary pane's.
			title, secondary := strings.CutPrefix(titles[i], "+")
			tabs[i] = tab{spec: tabSpec{ID: p.name, Title: title, Secondary: secondary,
				New: func(*common.Common) common.Pane { return p }}, pane: p}
		}
		return f.sidebar, tabs
	}
}

// harness drives a Model the way the program would, synchronously: it runs the
// commands each message returns and feeds their messages back. Timers set through
// Common.After are held instead of waited for; fire runs them.
type harness struct {
	t         testing.TB
	m         Model
	timers    []uitest.Timer
	quit      bool
	clipboard []string
	// seen, when set, gets every frame the model would draw, after each message.
	seen func(frame string)
}

func newHarness(t testing.TB, m Model) *harness {
	uitest.HoldTimers(m.com)
	return &harness{t: t, m: m}
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

// send delivers msgs and runs whatever follows from each, depth first.
func (h *harness) send(msgs ...tea.Msg) {
	h.t.Helper()
	for _, msg := range msgs {
		var cmd tea.Cmd
		h.m, cmd = h.m.update(msg)
		h.observe()
		h.run(cmd, 0)
	}
}

func (h *harness) press(keys ...string) {
	h.t.Helper()
	for _, k := range keys {
		h.send(uitest.Key(k))
	}
}

// typeText presses one key per rune.
func (h *harness) typeText(s string) {
	h.t.Helper()
	for _, r := range s {
		h.send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// run executes cmd and feeds back its messages; the program's own messages (quit,
// clipboard, terminal queries) are recorded or dropped, and timers are held.
func (h *harness) run(cmd tea.Cmd, depth int) {
	h.t.Helper()
	if depth > 50 {
		h.t.Fatalf("command chain deeper than 50: a message loop?")
	}
	for _, msg := range uitest.Run(h.t, cmd) {
		if tm, ok := uitest.TimerOf(msg); ok {
			h.timers = append(h.timers, tm)
			continue
		}
		if text, ok := uitest.Clipboard(msg); ok {
			h.clipboard = append(h.clipboard, text)
			continue
		}
		switch msg.(type) {
		case tea.QuitMsg:
			h.quit = true
			continue
		}
		switch fmt.Sprintf("%T", msg) {
		case "tea.backgroundColorMsg", "cursor.BlinkMsg", "cursor.initialBlinkMsg":
			continue
		}
		var next tea.Cmd
		h.m, next = h.m.update(msg)
		h.observe()
		h.run(next, depth+1)
	}
}

func (h *harness) observe() {
	if h.seen != nil {
		h.seen(h.m.View().Content)
	}
}

// fire runs the held timers whose message matches keep, in order.
func (h *harness) fire(keep func(tea.Msg) bool) int {
	h.t.Helper()
	pending := h.timers
	h.timers = nil
	n := 0
	for _, tm := range pending {
		if keep(tm.Msg) {
			n++
			h.send(router.To(tm.To, tm.Msg))
		} else {
			h.timers = append(h.timers, tm)
		}
	}
	return n
}

// screen is the plain text of the current view.
func (h *harness) screen() string { return ansi.Strip(h.m.View().Content) }

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
