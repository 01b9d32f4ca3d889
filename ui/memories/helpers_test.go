package memories

import (
	"net/http"
	"sync"
	"testing"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

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
	case "pgdown":
		return tea.KeyPressMsg{Code: tea.KeyPgDown}
	case "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	}
	r := []rune(s)[0]
	return tea.KeyPressMsg{Code: r, Text: s}
}

// run runs cmd synchronously and returns the messages it produces (batches flattened,
// spinner ticks dropped).
func run(t testing.TB, cmd tea.Cmd) []tea.Msg {
	t.Helper()
	if cmd == nil {
		return nil
	}
	msg := cmd()
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

// root stands in for the app shell: keys go to the front dialog or the pane, other
// messages to the pane and every dialog.
type root struct {
	t       testing.TB
	pane    *Model
	dialogs []common.Dialog
	toasts  []string
	errors  []common.ErrorMsg
	shown   []common.ShowPaneMsg
}

// startPane is a memories pane at w x h, shown on bank.
func startPane(t testing.TB, c *common.Common, bank string, w, h int) (*root, *Model) {
	t.Helper()
	m := New(c)
	m.SetSize(w, h)
	r := &root{t: t, pane: m}
	r.send(common.BankSelectedMsg{BankID: bank})
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
			r.toasts = append(r.toasts, m.Text)
		case common.ErrorMsg:
			r.errors = append(r.errors, m)
		case common.ShowPaneMsg:
			r.shown = append(r.shown, m)
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

// keys presses keys one by one.
func (r *root) keys(ks ...string) {
	r.t.Helper()
	for _, k := range ks {
		r.send(press(k))
	}
}

// typeText types s one character at a time.
func (r *root) typeText(s string) {
	r.t.Helper()
	for _, ch := range s {
		r.send(tea.KeyPressMsg{Code: ch, Text: string(ch)})
	}
}

func (r *root) front() common.Dialog {
	if n := len(r.dialogs); n > 0 {
		return r.dialogs[n-1]
	}
	return nil
}

// recorder records the requests a client sends.
type recorder struct {
	mu   sync.Mutex
	reqs []string
}

func (c *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	c.mu.Lock()
	c.reqs = append(c.reqs, req.Method+" "+req.URL.Path+"?"+req.URL.RawQuery)
	c.mu.Unlock()
	return http.DefaultTransport.RoundTrip(req)
}

func (c *recorder) all() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.reqs...)
}
