package retain

import (
	"bytes"
	"io"
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

// testDocID is the document_id the pane generates in tests.
const testDocID = "00000000-0000-4000-8000-00000000d0c1"

// clock is a settable clock shared by a test server and a pane, so async work moves
// exactly when the test says.
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

func (c *clock) Add(d time.Duration) {
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
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "shift+tab":
		return tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift}
	case "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "ctrl+s", "ctrl+e", "ctrl+o", "ctrl+b":
		return tea.KeyPressMsg{Code: rune(s[5]), Mod: tea.ModCtrl}
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

// timer is a delayed message the pane asked for; the test fires it when it wants.
type timer struct {
	d   time.Duration
	msg tea.Msg
}

// root stands in for the app shell: keys go to the front dialog or the pane, other
// messages to the pane and every dialog; dialogs open and close on their messages.
// Timers the pane sets are collected instead of waited for.
type root struct {
	t       testing.TB
	pane    *Model
	dialogs []common.Dialog
	toasts  []string
	errors  []common.ErrorMsg
	started []common.OperationStartedMsg
	timers  []timer
}

// startPane is a focused retain pane at w x h on bank, with drafts in stateDir ("" for
// none), timers held for the test, and a fixed generated document_id.
func startPane(t testing.TB, c *common.Common, bank string, w, h int) (*root, *Model) {
	t.Helper()
	m := New(c)
	r := &root{t: t, pane: m}
	m.clock = fixedNow
	m.newID = func() string { return testDocID }
	m.after = func(d time.Duration, msg tea.Msg) tea.Cmd {
		r.timers = append(r.timers, timer{d, msg})
		return nil
	}
	m.SetSize(w, h)
	if bank != "" {
		r.send(common.BankSelectedMsg{BankID: bank})
	}
	r.send(run(t, m.Focus())...)
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
		case tea.KeyPressMsg, tea.PasteMsg:
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
			r.toasts = append(r.toasts, m.Text)
		case common.ErrorMsg:
			r.errors = append(r.errors, m)
		case common.OperationStartedMsg:
			r.started = append(r.started, m)
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

// fire delivers the timers set so far whose message satisfies ok (all when ok is nil)
// and reports how many fired.
func (r *root) fire(ok func(tea.Msg) bool) int {
	r.t.Helper()
	var due, keep []timer
	for _, tm := range r.timers {
		if ok == nil || ok(tm.msg) {
			due = append(due, tm)
		} else {
			keep = append(keep, tm)
		}
	}
	r.timers = keep
	for _, tm := range due {
		r.send(tm.msg)
	}
	return len(due)
}

func isDraftDue(msg tea.Msg) bool { _, ok := msg.(draftDueMsg); return ok }
func isPollDue(msg tea.Msg) bool  { _, ok := msg.(pollDueMsg); return ok }
func isCheckDue(msg tea.Msg) bool { _, ok := msg.(checkDueMsg); return ok }

// keys presses keys one by one ("tab", "ctrl+s", …).
func (r *root) keys(ks ...string) {
	r.t.Helper()
	for _, k := range ks {
		r.send(press(k))
	}
}

// typeText types s one character at a time (a newline as enter).
func (r *root) typeText(s string) {
	r.t.Helper()
	for _, c := range s {
		if c == '\n' {
			r.keys("enter")
			continue
		}
		if c == ' ' {
			r.keys("space")
			continue
		}
		r.send(press(string(c)))
	}
}

// focusField moves the form's focus to f with tab.
func (r *root) focusField(f field) {
	r.t.Helper()
	if r.pane.zone != zoneForm {
		r.keys("enter")
	}
	for i := 0; r.pane.cur.form.focus != f; i++ {
		if i > int(numFields) {
			r.t.Fatalf("field %d is not reachable with tab", f)
		}
		r.keys("tab")
	}
}

// fill types v into the form field by field, the way a user would.
func (r *root) fill(v values) {
	r.t.Helper()
	type entry struct {
		f    field
		text string
	}
	for _, e := range []entry{{fContent, v.Content}, {fContext, v.Context}, {fTimestamp, v.Timestamp},
		{fDocumentID, v.DocumentID}, {fMetadata, v.Metadata}, {fEntities, v.Entities}} {
		if e.text != "" {
			r.focusField(e.f)
			r.typeText(e.text)
		}
	}
	if v.Append {
		r.focusField(fUpdateMode)
		r.keys("space")
	}
	for _, tag := range v.Tags {
		r.focusField(fTags)
		r.typeText(tag)
		r.keys("enter")
	}
	if v.Async != r.pane.cur.form.async {
		r.focusField(fAsync)
		r.keys("space")
	}
}

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

// recorder keeps the body of every request the client sends.
type recorder struct {
	mu   sync.Mutex
	reqs []recorded
	next http.RoundTripper
}

type recorded struct{ method, path, body string }

func (rec *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		body, _ = io.ReadAll(req.Body)
		req.Body = io.NopCloser(bytes.NewReader(body))
	}
	rec.mu.Lock()
	rec.reqs = append(rec.reqs, recorded{req.Method, req.URL.Path, strings.TrimSpace(string(body))})
	rec.mu.Unlock()
	next := rec.next
	if next == nil {
		next = http.DefaultTransport
	}
	return next.RoundTrip(req)
}

// retains returns the bodies of the retain requests sent so far.
func (rec *recorder) retains() []string {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	var out []string
	for _, r := range rec.reqs {
		if r.method == "POST" && strings.HasSuffix(r.path, "/memories") {
			out = append(out, r.body)
		}
	}
	return out
}

// newHTTPClient sends through rec.
func newHTTPClient(rec *recorder) *http.Client { return &http.Client{Transport: rec} }

func (r *root) front() common.Dialog {
	if n := len(r.dialogs); n > 0 {
		return r.dialogs[n-1]
	}
	return nil
}
