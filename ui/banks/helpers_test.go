package banks

import (
	"bytes"
	"fmt"
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

// testNow is the fixed clock of the tests: the demo seed's epoch, so seeded times are
// exactly where the seed put them.
var testNow = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

func fixedNow() time.Time { return testNow }

// newServer starts a test server on the fixed clock.
func newServer(t testing.TB, opts ...hindsighttest.Option) *hindsighttest.Server {
	t.Helper()
	srv := hindsighttest.NewServer(append([]hindsighttest.Option{hindsighttest.WithClock(fixedNow)}, opts...)...)
	t.Cleanup(srv.Close)
	return srv
}

func newCommon(t testing.TB, srv *hindsighttest.Server, readOnly bool) *common.Common {
	t.Helper()
	cl, err := client.New(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	return &common.Common{Client: cl, Styles: styles.New(true), Keys: keymap.Default(), Now: fixedNow,
		ReadOnly: readOnly, Timeout: 10 * time.Second}
}

// seedBanks is a seed of n banks named bank-0000 … with i facts-free, distinct
// creation times (newest last).
func seedBanks(n int) *hindsighttest.Seed {
	seed := &hindsighttest.Seed{}
	for i := range n {
		seed.Banks = append(seed.Banks, hindsighttest.SeedBank{
			BankID:      fmt.Sprintf("bank-%04d", i),
			Name:        fmt.Sprintf("Bank %04d", i),
			Disposition: hindsighttest.SeedDisposition{Skepticism: 3, Literalism: 3, Empathy: 3},
			CreatedAt:   testNow.Add(-time.Duration(n-i) * time.Hour).Format(time.RFC3339),
		})
	}
	return seed
}

// key builds a key press the way the terminal reports it.
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
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "pgdown":
		return tea.KeyPressMsg{Code: tea.KeyPgDown}
	case "pgup":
		return tea.KeyPressMsg{Code: tea.KeyPgUp}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	case "ctrl+s":
		return tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl}
	}
	r := []rune(s)
	if len(r) != 1 {
		panic("unknown key " + s)
	}
	return tea.KeyPressMsg{Code: r[0], Text: s}
}

// run executes cmd synchronously and returns the messages it produced, batches
// flattened; spinner ticks are dropped (they only animate).
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

// root stands in for the root model: keys go to the front dialog or the focused pane,
// everything else to every pane and every dialog (as the real root does); dialogs open
// and close on their messages; the root's own messages are recorded.
type root struct {
	t       testing.TB
	panes   []common.Pane
	focus   int
	dialogs []common.Dialog
	toasts  []string
	errors  []common.ErrorMsg
	selects []string
	changed []common.BanksChangedMsg
	// paneOnly delivers non-key messages to panes only, to prove that the panes relay
	// to their dialogs what a root might not deliver.
	paneOnly bool
}

func newRoot(t testing.TB, panes ...common.Pane) *root {
	r := &root{t: t, panes: panes}
	for _, p := range panes {
		p.SetSize(40, 30)
	}
	_ = panes[0].Focus()
	return r
}

// send delivers msg and everything it leads to, until nothing is left.
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
				var cmd tea.Cmd
				r.panes[r.focus], cmd = r.panes[r.focus].Update(m)
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
		default:
			switch m := msg.(type) {
			case common.BankSelectedMsg:
				r.selects = append(r.selects, m.BankID)
			case common.BanksChangedMsg:
				r.changed = append(r.changed, m)
			}
			if !r.paneOnly {
				for i, d := range r.dialogs {
					var cmd tea.Cmd
					r.dialogs[i], cmd = d.Update(m)
					cmds = append(cmds, cmd)
				}
			}
			for i, p := range r.panes {
				var cmd tea.Cmd
				r.panes[i], cmd = p.Update(m)
				cmds = append(cmds, cmd)
			}
		}
		for _, c := range cmds {
			msgs = append(msgs, run(r.t, c)...)
		}
	}
}

// keys sends key presses one by one ("j", "enter", ...); typed text goes in as runes.
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

func (r *root) lastSelect() string {
	if n := len(r.selects); n > 0 {
		return r.selects[n-1]
	}
	return ""
}

// plain is a view without colours, as goldens store it.
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

// recorder keeps every request the client sends, to check request bodies.
type recorder struct {
	mu   sync.Mutex
	reqs []recorded
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
	return http.DefaultTransport.RoundTrip(req)
}

// writes returns the recorded requests that are not GETs.
func (rec *recorder) writes() []recorded {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	var out []recorded
	for _, r := range rec.reqs {
		if r.method != http.MethodGet {
			out = append(out, r)
		}
	}
	return out
}

// newRecordingCommon is newCommon with a client whose requests are recorded.
func newRecordingCommon(t testing.TB, srv *hindsighttest.Server) (*common.Common, *recorder) {
	t.Helper()
	rec := &recorder{}
	cl, err := client.New(srv.URL(), client.WithHTTPClient(&http.Client{Transport: rec}))
	if err != nil {
		t.Fatal(err)
	}
	c := newCommon(t, srv, false)
	c.Client = cl
	return c, rec
}
