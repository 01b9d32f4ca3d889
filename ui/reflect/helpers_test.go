package reflect

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	goreflect "reflect"
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

// The bank most tests ask, and a question the demo answers with every kind of
// evidence (memories, a mental model, directives).
const (
	alexBank      = "user-alex-prefs"
	tokyoQuestion = "What are Alex's plans for the Tokyo trip?"
	reflectPath   = "/v1/default/banks/" + alexBank + "/reflect"
)

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
	case "alt+enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter, Mod: tea.ModAlt}
	case "ctrl+j":
		return tea.KeyPressMsg{Code: 'j', Mod: tea.ModCtrl}
	case "ctrl+e":
		return tea.KeyPressMsg{Code: 'e', Mod: tea.ModCtrl}
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
	case "pgdown":
		return tea.KeyPressMsg{Code: tea.KeyPgDown}
	case "pgup":
		return tea.KeyPressMsg{Code: tea.KeyPgUp}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	}
	r := []rune(s)
	if len(r) != 1 {
		panic("unknown key " + s)
	}
	return tea.KeyPressMsg{Code: r[0], Text: s}
}

// run executes cmd synchronously and returns its messages, batches flattened. Spinner
// ticks are dropped (they only animate); clipboard writes are returned as clip values.
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
	case <-time.After(30 * time.Second):
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
	if fmt.Sprintf("%T", msg) == "tea.setClipboardMsg" {
		return []tea.Msg{clip(goreflect.ValueOf(msg).String())}
	}
	return []tea.Msg{msg}
}

// clip is a clipboard write seen by run.
type clip string

// root stands in for the app shell: keys go to the front dialog or the pane, other
// messages to the pane and every dialog; dialogs open and close on their messages.
type root struct {
	t       testing.TB
	pane    *Model
	dialogs []common.Dialog
	toasts  []string
	errors  []common.ErrorMsg
	clips   []string
	// hold keeps the commands of key presses instead of running them, so a test can
	// look at the pane while a question is out.
	hold bool
	held []tea.Cmd
}

// startPane is a focused reflect pane at w x h showing bank, measuring latency on a
// clock that does not move (so views are stable).
func startPane(t testing.TB, c *common.Common, bank string, w, h int) (*root, *Model) {
	t.Helper()
	m := New(c)
	m.clock = fixedNow
	m.SetSize(w, h)
	r := &root{t: t, pane: m}
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
			var cmd tea.Cmd
			if n := len(r.dialogs); n > 0 {
				r.dialogs[n-1], cmd = r.dialogs[n-1].Update(m)
			} else {
				_, cmd = r.pane.Update(m)
			}
			if r.hold {
				r.held = append(r.held, cmd)
				continue
			}
			cmds = append(cmds, cmd)
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
		case clip:
			r.clips = append(r.clips, string(m))
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

// release runs the commands held back, delivering what they return.
func (r *root) release() {
	r.t.Helper()
	held := r.held
	r.hold, r.held = false, nil
	for _, c := range held {
		r.send(run(r.t, c)...)
	}
}

// keys presses keys one by one ("j", "enter", …).
func (r *root) keys(ks ...string) {
	r.t.Helper()
	for _, k := range ks {
		r.send(press(k))
	}
}

// typeText types s one character at a time.
func (r *root) typeText(s string) {
	r.t.Helper()
	for _, c := range s {
		r.send(press(string(c)))
	}
}

func (r *root) front() common.Dialog {
	if n := len(r.dialogs); n > 0 {
		return r.dialogs[n-1]
	}
	return nil
}

// ask types q into the composer and sends it.
func (r *root) ask(q string) {
	r.t.Helper()
	if r.pane.zone != zoneComposer {
		r.keys("i")
	}
	r.typeText(q)
	r.keys("enter")
}

// lastToast is the newest toast, or "".
func (r *root) lastToast() string {
	if n := len(r.toasts); n > 0 {
		return r.toasts[n-1]
	}
	return ""
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

// reflects returns the bodies of the reflect requests sent so far.
func (rec *recorder) reflects() []string {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	var out []string
	for _, r := range rec.reqs {
		if strings.HasSuffix(r.path, "/reflect") {
			out = append(out, r.body)
		}
	}
	return out
}

// summaryPlain is the parameter summary without its styles.
func summaryPlain(p *params) []string {
	parts := summaryParts(styles.New(true), p)
	for i := range parts {
		parts[i] = plain(parts[i])
	}
	return parts
}
