package operations

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
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
)

// testNow is the fixed clock of the tests: the demo seed's epoch.
var testNow = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

func fixedNow() time.Time { return testNow }

// goldenURL stands in for the test server's random port wherever a URL is shown.
const goldenURL = "http://hindsight.test:8888"

// clock is a server clock the test steps by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func newClock() *clock { return &clock{now: testNow} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) step(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

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
		Timeout: 10 * time.Second, BaseURL: goldenURL}
}

// press builds a key press the way the terminal reports it.
func press(s string) tea.KeyPressMsg {
	switch s {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "pgdown":
		return tea.KeyPressMsg{Code: tea.KeyPgDown}
	}
	r := []rune(s)
	if len(r) != 1 {
		panic("unknown key " + s)
	}
	return tea.KeyPressMsg{Code: r[0], Text: s}
}

// run executes cmd synchronously and returns its messages, batches flattened. Spinner
// ticks are dropped (they only animate).
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
	case nil, spinner.TickMsg:
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

// timer is an auto-refresh the pane scheduled; the test fires it when it likes.
type timer struct {
	d   time.Duration
	msg tea.Msg
}

// root stands in for the app shell: keys go to the front dialog or the pane, other
// messages to the pane and every dialog; dialogs open and close on their messages;
// timers are recorded instead of waited for.
type root struct {
	t       testing.TB
	pane    *Model
	dialogs []common.Dialog
	toasts  []common.ToastMsg
	errors  []common.ErrorMsg
	timers  []timer
}

// startPane is an operations pane at w x h showing bank; focus (unless noFocus) shows
// it for the first time, which loads it.
func startPane(t testing.TB, c *common.Common, bank string, w, h int) (*root, *Model) {
	t.Helper()
	r, m := newPane(t, c, bank, w, h)
	r.send(run(t, m.Focus())...)
	return r, m
}

// newPane is a pane that has not been shown yet.
func newPane(t testing.TB, c *common.Common, bank string, w, h int) (*root, *Model) {
	t.Helper()
	m := New(c)
	m.detailDelay = 0
	r := &root{t: t, pane: m}
	m.after = func(d time.Duration, msg tea.Msg) tea.Cmd {
		r.timers = append(r.timers, timer{d, msg})
		return nil
	}
	m.SetSize(w, h)
	if bank != "" {
		r.send(common.BankSelectedMsg{BankID: bank})
	}
	return r, m
}

// send delivers msgs and everything they lead to.
func (r *root) send(msgs ...tea.Msg) {
	r.t.Helper()
	for len(msgs) > 0 {
		msg := msgs[0]
		msgs = msgs[1:]
		var cmds []tea.Cmd
		switch m := msg.(type) {
		case tea.KeyPressMsg:
			if n := len(r.dialogs); n > 0 {
				var cmd tea.Cmd
				r.dialogs[n-1], cmd = r.dialogs[n-1].Update(m)
				cmds = append(cmds, cmd)
			} else {
				_, cmd := r.pane.Update(m)
				cmds = append(cmds, cmd)
			}
		case common.OpenDialogMsg:
			m.Dialog.SetSize(120, 40)
			r.dialogs = append(r.dialogs, m.Dialog)
		case common.CloseDialogMsg:
			if n := len(r.dialogs); n > 0 {
				r.dialogs = r.dialogs[:n-1]
			}
		case common.ToastMsg:
			r.toasts = append(r.toasts, m)
		case common.ErrorMsg:
			r.errors = append(r.errors, m)
		default:
			for i, d := range r.dialogs {
				var cmd tea.Cmd
				r.dialogs[i], cmd = d.Update(m)
				cmds = append(cmds, cmd)
			}
			_, cmd := r.pane.Update(m)
			cmds = append(cmds, cmd)
		}
		for _, c := range cmds {
			msgs = append(msgs, run(r.t, c)...)
		}
	}
}

// keys presses keys one by one ("j", "enter", …).
func (r *root) keys(ks ...string) {
	r.t.Helper()
	for _, k := range ks {
		r.send(press(k))
	}
}

// fire runs the timers scheduled so far (the newest first is enough: older ones are
// stale by design, and firing them checks that they do nothing).
func (r *root) fire() {
	r.t.Helper()
	pending := r.timers
	r.timers = nil
	for _, tm := range pending {
		r.send(tm.msg)
	}
}

// lastTimer is the wait of the newest scheduled refresh (0 when none).
func (r *root) lastTimer() time.Duration {
	if n := len(r.timers); n > 0 {
		return r.timers[n-1].d
	}
	return 0
}

func (r *root) front() common.Dialog {
	if n := len(r.dialogs); n > 0 {
		return r.dialogs[n-1]
	}
	return nil
}

// toastTexts are the toasts' texts, in order.
func (r *root) toastTexts() []string {
	var out []string
	for _, t := range r.toasts {
		out = append(out, t.Text)
	}
	return out
}

// selectRow moves the cursor to the first row matching ok.
func (r *root) selectRow(ok func(client.Operation) bool) client.Operation {
	r.t.Helper()
	m := r.pane
	for i, row := range m.list.rows {
		if ok(row.op) {
			m.cursor = i
			m.ensureVisible()
			r.send(nudge{}) // any message ends in ensureDetail
			return row.op
		}
	}
	r.t.Fatal("no such operation listed")
	return client.Operation{}
}

// nudge is a message the pane ignores; sending it runs the end of Update.
type nudge struct{}

func plain(s string) string { return ansi.Strip(s) }

// checkBox fails unless view is exactly w x h cells.
func checkBox(t testing.TB, view string, w, h int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	if len(lines) != h {
		t.Fatalf("view has %d lines, want %d:\n%s", len(lines), h, plain(view))
	}
	for i, l := range lines {
		if got := ansi.StringWidth(l); got != w {
			t.Fatalf("line %d is %d cells wide, want %d: %q", i, got, w, plain(l))
		}
	}
}

// counter counts the requests the client sends, by method and path.
type counter struct {
	mu   sync.Mutex
	reqs []string
	next http.RoundTripper
}

func (c *counter) RoundTrip(req *http.Request) (*http.Response, error) {
	c.mu.Lock()
	c.reqs = append(c.reqs, req.Method+" "+req.URL.Path+"?"+req.URL.RawQuery)
	c.mu.Unlock()
	next := c.next
	if next == nil {
		next = http.DefaultTransport
	}
	return next.RoundTrip(req)
}

func (c *counter) all() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.reqs...)
}

// opsSeed is a bank "ops" with n operations, one a minute back from the seed epoch,
// cycling through the statuses.
func opsSeed(n int) *hindsighttest.Seed {
	statuses := []string{"completed", "failed", "pending", "completed", "cancelled", "processing"}
	types := []string{"batch_retain", "consolidation", "retain", "refresh_mental_model"}
	b := hindsighttest.SeedBank{BankID: "ops", Name: "Operations galore", CreatedAt: "2026-01-01T00:00:00Z"}
	for i := range n {
		at := testNow.Add(-time.Duration(i+1) * time.Minute).Format(time.RFC3339)
		op := hindsighttest.SeedOperation{Key: fmt.Sprintf("op-%04d", i), Type: types[i%len(types)],
			Status: statuses[i%len(statuses)], CreatedAt: at, UpdatedAt: at, ItemsCount: i%7 + 1}
		if op.Type == "refresh_mental_model" {
			op.MentalModelID = "model-" + fmt.Sprint(i)
		}
		if op.Status == "failed" {
			op.ErrorMessage = fmt.Sprintf("LLM provider error %d: rate limited", i)
			op.RetryCount = 3
		}
		b.Operations = append(b.Operations, op)
	}
	return &hindsighttest.Seed{Banks: []hindsighttest.SeedBank{b}}
}
