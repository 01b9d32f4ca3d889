package uitest

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/router"
)

// Host stands in for the app's root: it hosts panes in a real router, gives input to
// the front dialog or the focused pane, routes everything else exactly as the root
// does, and records what reaches the root (toasts, errors, links to other panes,
// operations started, clipboard writes). Timers set through Common.After are held
// until the test fires them; external programs (Common's Exec) really run.
type Host struct {
	T testing.TB
	C *common.Common
	R *router.Router

	focus string
	w, h  int // the terminal, for dialogs

	Toasts    []string
	Errors    []common.ErrorMsg
	Shown     []common.ShowPaneMsg
	Started   []common.OperationStartedMsg
	Clipboard []string
	Quit      bool
	// Up is every message that reached the root, in order.
	Up     []tea.Msg
	timers []Timer
}

// Timer is a delayed message a pane or dialog asked for, held by the Host.
type Timer struct {
	D   time.Duration
	To  router.Addr
	Msg tea.Msg
}

// timerSet is what Common.After returns under HoldTimers: the router addresses it
// like any message, so the harness learns who set the timer.
type timerSet struct {
	d   time.Duration
	msg tea.Msg
}

// HoldTimers makes c.After hold its timers: instead of waiting, the command reports
// the timer, which a harness collects with TimerOf and fires when the test says.
func HoldTimers(c *common.Common) {
	c.Timer = func(d time.Duration, msg tea.Msg) tea.Cmd { return common.Emit(timerSet{d, msg}) }
}

// TimerOf reports whether msg is a timer held under HoldTimers, and whose it is.
func TimerOf(msg tea.Msg) (Timer, bool) {
	from, inner, _ := router.Open(msg)
	if ts, ok := inner.(timerSet); ok {
		return Timer{D: ts.d, To: from, Msg: ts.msg}, true
	}
	return Timer{}, false
}

// NewHost is a host with no panes on a 120×40 terminal; it holds c's timers.
func NewHost(t testing.TB, c *common.Common) *Host {
	h := &Host{T: t, C: c, R: router.New(), w: 120, h: 40}
	HoldTimers(c)
	h.R.SetScreen(h.w, h.h)
	return h
}

// Option adjusts Start.
type Option func(*startOptions)

type startOptions struct {
	id           string
	bank         string
	termW, termH int
	w, h         int
	noFocus      bool
	// for Demo only
	srv      *hindsighttest.Server
	seed     []hindsighttest.Option
	client   []client.Option
	readOnly bool
	golden   bool
}

// OnServer makes Demo use srv instead of a new demo server.
func OnServer(srv *hindsighttest.Server) Option { return func(o *startOptions) { o.srv = srv } }

// Seed adds options to the server Demo starts (more data, faults, a clock).
func Seed(opts ...hindsighttest.Option) Option {
	return func(o *startOptions) { o.seed = append(o.seed, opts...) }
}

// WithClient adds options to the client Demo builds (a recording transport, say).
func WithClient(opts ...client.Option) Option {
	return func(o *startOptions) { o.client = append(o.client, opts...) }
}

// ReadOnly makes Demo's app read-only, as --read-only does.
func ReadOnly() Option { return func(o *startOptions) { o.readOnly = true } }

// Faults makes the server Demo starts answer the requests faults match as they say.
func Faults(faults ...hindsighttest.Fault) Option {
	return func(o *startOptions) {
		for _, f := range faults {
			o.seed = append(o.seed, hindsighttest.WithFault(f))
		}
	}
}

// AtGoldenURL makes Demo's client one of GoldenCommon's, so that the error sentences
// a golden shows name GoldenURL; it does not go with WithClient.
func AtGoldenURL() Option { return func(o *startOptions) { o.golden = true } }

// Demo is the common start of a pane test: a demo server (or OnServer's), the app's
// shared state over it, the pane newPane builds, hosted and shown on the demo bank
// (or Bank's) as Start shows it. The host's C is the shared state.
func Demo[P common.Pane](t testing.TB, newPane func(*common.Common) P, opts ...Option) (P, *Host) {
	t.Helper()
	o := startOptions{bank: DemoBank}
	for _, f := range opts {
		f(&o)
	}
	srv := o.srv
	if srv == nil {
		srv = DemoServer(t, o.seed...)
	}
	var c *common.Common
	if o.golden {
		if len(o.client) > 0 {
			t.Fatal("uitest: AtGoldenURL does not go with WithClient")
		}
		c = GoldenCommon(t, srv)
	} else {
		c = NewCommon(t, srv, o.client...)
	}
	c.ReadOnly = o.readOnly
	p := newPane(c)
	return p, Start(t, c, p, append([]Option{Bank(o.bank)}, opts...)...)
}

// ID hosts the pane under id (default "pane").
func ID(id string) Option { return func(o *startOptions) { o.id = id } }

// Bank tells the pane this bank was selected before it is focused.
func Bank(id string) Option { return func(o *startOptions) { o.bank = id } }

// Terminal sizes the pane as the app does in a w×h terminal (default 120×40).
func Terminal(w, h int) Option { return func(o *startOptions) { o.termW, o.termH = w, h } }

// Size gives the pane exactly w×h, for tests of sizes the layout never produces.
func Size(w, h int) Option { return func(o *startOptions) { o.w, o.h = w, h } }

// Unfocused leaves the pane unfocused (a pane that is not shown yet).
func Unfocused() Option { return func(o *startOptions) { o.noFocus = true } }

// Start hosts p the way the app shows a pane: sized, told the bank, focused; and
// runs whatever that starts.
func Start(t testing.TB, c *common.Common, p common.Pane, opts ...Option) *Host {
	t.Helper()
	o := startOptions{id: "pane", termW: 120, termH: 40}
	for _, f := range opts {
		f(&o)
	}
	h := NewHost(t, c)
	h.w, h.h = o.termW, o.termH
	h.R.SetScreen(h.w, h.h)
	w, ht := PaneSize(o.termW, o.termH)
	if o.w > 0 || o.h > 0 {
		w, ht = o.w, o.h
	}
	h.Add(o.id, p, w, ht)
	if o.bank != "" {
		h.SelectBank(o.bank)
	}
	if !o.noFocus {
		h.Focus(o.id)
	}
	return h
}

// Add hosts p under id at w×h; the first pane added takes input.
func (h *Host) Add(id string, p common.Pane, w, ht int) {
	p.SetSize(w, ht)
	h.R.Add(id, p)
	if h.focus == "" {
		h.focus = id
	}
}

// Focus focuses the pane with id, as a tab switch does.
func (h *Host) Focus(id string) {
	h.T.Helper()
	h.run(h.focusCmd(id))
}

// focusCmd blurs the focused pane and focuses the one with id.
func (h *Host) focusCmd(id string) tea.Cmd {
	if old := h.R.Pane(h.focus); old != nil && h.focus != id {
		old.Blur()
	}
	h.focus = id
	return h.R.Focus(id)
}

// Open opens d as the root's own dialog (no pane owns it), running its Init; its
// result on closing reaches the root, and so Up.
func (h *Host) Open(d common.Dialog) {
	h.T.Helper()
	h.run(h.R.OpenDialog(router.Root, d))
}

// Pane is the hosted pane with id.
func (h *Host) Pane(id string) common.Pane { return h.R.Pane(id) }

// Front is the front dialog, or nil.
func (h *Host) Front() common.Dialog { return h.R.Front() }

// Dialogs are the open dialogs, back to front.
func (h *Host) Dialogs() []common.Dialog { return h.R.Dialogs() }

// Send delivers msgs and everything they lead to.
func (h *Host) Send(msgs ...tea.Msg) {
	h.T.Helper()
	queue := append([]tea.Msg(nil), msgs...)
	for len(queue) > 0 {
		msg := queue[0]
		queue = queue[1:]
		queue = append(queue, Run(h.T, h.deliver(msg))...)
	}
}

// run runs cmd and delivers what it leads to.
func (h *Host) run(cmd tea.Cmd) {
	h.T.Helper()
	h.Send(Run(h.T, cmd)...)
}

// Deliver hands msg to the focused pane as one of its own messages (an answer that
// arrives late, say), with everything it leads to.
func (h *Host) Deliver(msg tea.Msg) {
	h.T.Helper()
	h.Send(router.To(router.Pane(h.focus), msg))
}

// Keys presses keys by name (see Key), one by one.
func (h *Host) Keys(names ...string) {
	h.T.Helper()
	for _, k := range names {
		h.Send(Key(k))
	}
}

// Type types s one character at a time; a newline is enter.
func (h *Host) Type(s string) {
	h.T.Helper()
	for _, r := range s {
		if r == '\n' {
			h.Send(Key("enter"))
			continue
		}
		h.Send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// Paste pastes s in one piece, as a terminal with bracketed paste does.
func (h *Host) Paste(s string) {
	h.T.Helper()
	h.Send(tea.PasteMsg{Content: s})
}

// Timers are the timers set and not fired yet, oldest first.
func (h *Host) Timers() []Timer { return append([]Timer(nil), h.timers...) }

// Fire delivers the held timers whose message satisfies ok (all when ok is nil),
// oldest first, and reports how many fired. Timers they set in turn wait.
func (h *Host) Fire(ok func(tea.Msg) bool) int {
	h.T.Helper()
	var due, keep []Timer
	for _, tm := range h.timers {
		if ok == nil || ok(tm.Msg) {
			due = append(due, tm)
		} else {
			keep = append(keep, tm)
		}
	}
	h.timers = keep
	for _, tm := range due {
		h.Send(router.To(tm.To, tm.Msg))
	}
	return len(due)
}

// deliver handles one message the way the root would.
func (h *Host) deliver(msg tea.Msg) tea.Cmd {
	switch m := msg.(type) {
	case tea.KeyPressMsg, tea.PasteMsg, tea.MouseClickMsg, tea.MouseWheelMsg:
		if h.R.Front() != nil {
			return h.R.UpdateFront(m)
		}
		return h.R.Send(h.focus, m)
	case tea.QuitMsg:
		h.Quit = true
		return nil
	}
	if text, ok := Clipboard(msg); ok {
		h.Clipboard = append(h.Clipboard, text)
		return nil
	}
	if tm, ok := TimerOf(msg); ok {
		h.timers = append(h.timers, tm)
		return nil
	}
	from, inner, _ := router.Open(msg)
	switch m := inner.(type) {
	case common.ExecMsg:
		err := m.Cmd.Run()
		return common.Emit(router.To(from, m.Done(err)))
	}
	cmd, up := h.R.Route(msg)
	if up == nil {
		return cmd
	}
	h.Up = append(h.Up, up)
	switch m := up.(type) {
	case common.ToastMsg:
		h.Toasts = append(h.Toasts, m.Text)
	case common.ErrorMsg:
		h.Errors = append(h.Errors, m)
	case common.OperationStartedMsg:
		h.Started = append(h.Started, m)
	case common.ShowPaneMsg:
		h.Shown = append(h.Shown, m)
		if h.R.Pane(m.ID) != nil {
			cmd = tea.Batch(cmd, h.focusCmd(m.ID))
			if m.Then != nil {
				cmd = tea.Batch(cmd, h.R.Send(m.ID, m.Then))
			}
		}
	}
	return cmd
}

// Messages returns the messages of type T that reached the root, in order.
func Messages[T any](h *Host) []T {
	var out []T
	for _, m := range h.Up {
		if t, ok := m.(T); ok {
			out = append(out, t)
		}
	}
	return out
}

// SelectBank tells every pane the bank id was selected, as the sidebar does, and
// delivers what that leads to.
func (h *Host) SelectBank(id string) {
	h.T.Helper()
	h.Send(common.BankSelectedMsg{BankID: id})
}

// Front returns the front dialog, which must be a D: the test fails when no dialog is
// open or the front one is of another type.
func Front[D common.Dialog](h *Host) D {
	h.T.Helper()
	d, ok := h.R.Front().(D)
	if !ok {
		var want D
		h.T.Fatalf("front dialog is %T, want %T", h.R.Front(), want)
	}
	return d
}
