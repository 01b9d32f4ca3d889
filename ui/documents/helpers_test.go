package documents

import (
	"context"
	"fmt"
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

// goldenURL stands in for the test server's random port wherever a URL is shown.
const goldenURL = "http://hindsight.test:8888"

// demoBank is the demo seed's bank with documents of several chunks.
const demoBank = "user-alex-prefs"

func demoServer(t testing.TB, opts ...hindsighttest.Option) *hindsighttest.Server {
	t.Helper()
	srv := hindsighttest.NewServer(append([]hindsighttest.Option{hindsighttest.WithClock(fixedNow),
		hindsighttest.WithDemoSeed()}, opts...)...)
	t.Cleanup(srv.Close)
	return srv
}

// recorder remembers the URL of every request that passes through it.
type recorder struct {
	mu   sync.Mutex
	urls []string
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	r.mu.Lock()
	r.urls = append(r.urls, req.Method+" "+req.URL.RequestURI())
	r.mu.Unlock()
	return http.DefaultTransport.RoundTrip(req)
}

// last returns the last request seen.
func (r *recorder) last() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.urls) == 0 {
		return ""
	}
	return r.urls[len(r.urls)-1]
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

// seedDocuments retains n one-chunk documents into bank.
func seedDocuments(t testing.TB, c *common.Common, bank string, n int) {
	t.Helper()
	items := make([]client.MemoryItem, n)
	for i := range items {
		items[i] = client.MemoryItem{Content: fmt.Sprintf("Note number %d about the quarterly review.", i),
			DocumentID: fmt.Sprintf("note-%03d", i)}
	}
	if _, err := c.Client.Retain(context.Background(), bank, client.RetainRequest{Items: items}); err != nil {
		t.Fatal(err)
	}
}

// press builds a key press the way the terminal reports it.
func press(s string) tea.KeyPressMsg {
	switch s {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
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

// run executes cmd synchronously and returns its messages, batches flattened. Spinner
// ticks are dropped (they only animate).
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

// rig plays the root for one pane: it runs every command at once, feeds the pane its
// messages, keeps the dialog the pane opened and collects what goes to the root.
type rig struct {
	t    testing.TB
	m    *Model
	dlg  common.Dialog
	root []tea.Msg // toasts, errors, navigation and change notices
}

// startPane returns the pane on bank, sized w x h, focused and listed.
func startPane(t testing.TB, c *common.Common, bank string, w, h int) *rig {
	t.Helper()
	m := New(c)
	m.after = func(_ time.Duration, msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }
	m.SetSize(w, h)
	r := &rig{t: t, m: m}
	r.send(common.BankSelectedMsg{BankID: bank})
	r.drain(m.Focus())
	return r
}

func (r *rig) send(msg tea.Msg) {
	_, cmd := r.m.Update(msg)
	r.drain(cmd)
}

func (r *rig) drain(cmd tea.Cmd) {
	for _, msg := range run(r.t, cmd) {
		switch msg := msg.(type) {
		case common.OpenDialogMsg:
			r.dlg = msg.Dialog
			r.dlg.SetSize(120, 40)
		case common.CloseDialogMsg:
			r.dlg = nil
		case common.ToastMsg, common.ErrorMsg, common.BanksChangedMsg, common.OperationStartedMsg, common.ShowPaneMsg:
			r.root = append(r.root, msg)
		default:
			r.send(msg)
		}
	}
}

// keys presses keys in turn; the open dialog takes them first, as in the root.
func (r *rig) keys(ks ...string) {
	for _, k := range ks {
		if r.dlg != nil {
			d, cmd := r.dlg.Update(press(k))
			r.dlg = d
			r.drain(cmd)
			continue
		}
		r.send(press(k))
	}
}

// typeText types s one key at a time.
func (r *rig) typeText(s string) {
	for _, ch := range s {
		r.keys(string(ch))
	}
}

// rootMsgs returns the messages of type T sent to the root.
func rootMsgs[T any](r *rig) []T {
	var out []T
	for _, m := range r.root {
		if v, ok := m.(T); ok {
			out = append(out, v)
		}
	}
	return out
}

// ids lists the loaded documents' ids.
func (r *rig) ids() []string {
	var out []string
	for _, d := range r.m.list.items {
		out = append(out, d.ID)
	}
	return out
}
