package router_test

import (
	"os/exec"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/router"
	"hindsight-tui/ui/uitest"
)

// private is a message only its sender should ever see.
type private struct{ from string }

// pane is a fake pane: it records what it gets and answers keys with commands.
type pane struct {
	name string
	got  []tea.Msg
	// on maps a key to the command the pane returns for it.
	on map[string]tea.Cmd
}

func (p *pane) Init() tea.Cmd { return nil }
func (p *pane) Update(msg tea.Msg) (common.Pane, tea.Cmd) {
	p.got = append(p.got, msg)
	if k, ok := msg.(tea.KeyPressMsg); ok {
		return p, p.on[k.String()]
	}
	return p, nil
}
func (p *pane) View() string              { return p.name }
func (p *pane) SetSize(int, int)          {}
func (p *pane) SetStyles(*styles.Styles)  {}
func (p *pane) Focus() tea.Cmd            { return nil }
func (p *pane) Blur()                     {}
func (p *pane) ShortHelp() []key.Binding  { return nil }
func (p *pane) FullHelp() [][]key.Binding { return nil }
func (p *pane) Capturing() bool           { return false }
func (p *pane) count(match func(tea.Msg) bool) int {
	n := 0
	for _, m := range p.got {
		if match(m) {
			n++
		}
	}
	return n
}

func isPrivate(m tea.Msg) bool { _, ok := m.(private); return ok }

// dialog is a fake dialog whose Init answers at once, as a zero-latency server would.
type dialog struct {
	got    []tea.Msg
	result tea.Msg
	on     map[string]tea.Cmd
}

type loaded struct{}

func (d *dialog) Init() tea.Cmd { return common.Emit(loaded{}) }
func (d *dialog) Update(msg tea.Msg) (common.Dialog, tea.Cmd) {
	d.got = append(d.got, msg)
	if k, ok := msg.(tea.KeyPressMsg); ok {
		if k.String() == "enter" {
			return d, common.CloseDialog(common.Emit(d.result))
		}
		return d, d.on[k.String()]
	}
	return d, nil
}
func (d *dialog) View() string { return "dialog" }
func (d *dialog) count(want tea.Msg) int {
	n := 0
	for _, m := range d.got {
		if m == want {
			n++
		}
	}
	return n
}
func (d *dialog) SetSize(int, int) {}
func (d *dialog) Help() []string   { return nil }

func twoPanes(t *testing.T) (*uitest.Host, *pane, *pane) {
	h := uitest.NewHost(t, uitest.NewCommon(t, nil))
	a := &pane{name: "a", on: map[string]tea.Cmd{}}
	b := &pane{name: "b", on: map[string]tea.Cmd{}}
	h.Add("a", a, 80, 20)
	h.Add("b", b, 80, 20)
	return h, a, b
}

func TestCommandsComeBackToTheirPaneOnly(t *testing.T) {
	h, a, b := twoPanes(t)
	a.on["x"] = tea.Batch(common.Emit(private{"a"}), tea.Sequence(common.Emit(private{"a"})))
	h.Keys("x")
	if n := a.count(isPrivate); n != 2 {
		t.Errorf("pane a got %d of its own messages, want 2 (batch and sequence)", n)
	}
	if n := b.count(isPrivate); n != 0 {
		t.Errorf("pane b got %d of a's messages", n)
	}
}

func TestRuntimeMessagesPassUntouched(t *testing.T) {
	cmd := router.Tag(router.Pane("a"), tea.Batch(tea.Quit, tea.SetClipboard("id-1")))
	msgs := uitest.Run(t, cmd)
	if len(msgs) != 2 {
		t.Fatalf("messages = %#v", msgs)
	}
	if _, ok := msgs[0].(tea.QuitMsg); !ok {
		t.Errorf("quit was wrapped: %#v", msgs[0])
	}
	if text, ok := uitest.Clipboard(msgs[1]); !ok || text != "id-1" {
		t.Errorf("clipboard was wrapped: %#v", msgs[1])
	}
}

func TestBroadcastsReachEveryPaneAndTheRoot(t *testing.T) {
	h, a, b := twoPanes(t)
	a.on["s"] = common.Emit(common.BankSelectedMsg{BankID: "research"})
	h.Keys("s")
	isBank := func(m tea.Msg) bool { _, ok := m.(common.BankSelectedMsg); return ok }
	if a.count(isBank) != 1 || b.count(isBank) != 1 {
		t.Errorf("bank selection reached a %d, b %d times; want once each", a.count(isBank), b.count(isBank))
	}
	if got := uitest.Messages[common.BankSelectedMsg](h); len(got) != 1 {
		t.Errorf("the root saw %d bank selections", len(got))
	}
}

func TestRootMessagesGoUp(t *testing.T) {
	h, a, b := twoPanes(t)
	a.on["t"] = common.Toast("saved")
	h.Keys("t")
	if len(h.Toasts) != 1 || h.Toasts[0] != "saved" {
		t.Errorf("toasts = %v", h.Toasts)
	}
	isToast := func(m tea.Msg) bool { _, ok := m.(common.ToastMsg); return ok }
	if a.count(isToast)+b.count(isToast) != 0 {
		t.Error("a toast reached a pane")
	}
}

// TestDialogLoadAnswersTheDialog opens a dialog whose load answers at once: the answer
// lands in the dialog, never in the pane that opened it, and its result on closing
// goes to that pane alone.
func TestDialogLoadAnswersTheDialog(t *testing.T) {
	h, a, b := twoPanes(t)
	d := &dialog{result: private{"dialog"}}
	a.on["o"] = common.OpenDialog(d)
	h.Keys("o")
	if h.Front() != d {
		t.Fatal("the dialog is not open")
	}
	if len(d.got) != 1 {
		t.Fatalf("the dialog got %v, want its load's answer once", d.got)
	}
	if _, ok := d.got[0].(loaded); !ok {
		t.Fatalf("the dialog got %#v", d.got[0])
	}
	isLoaded := func(m tea.Msg) bool { _, ok := m.(loaded); return ok }
	if a.count(isLoaded) != 0 {
		t.Error("the pane got its dialog's load")
	}
	h.Keys("enter") // input goes to the front dialog
	if h.Front() != nil {
		t.Fatal("the dialog did not close")
	}
	if a.count(isPrivate) != 1 || b.count(isPrivate) != 0 {
		t.Errorf("result reached a %d, b %d times; want a once", a.count(isPrivate), b.count(isPrivate))
	}
	// A late answer for the closed dialog is dropped.
	h.Send(router.To(router.Pane("a"), "late for a"))
	if a.count(func(m tea.Msg) bool { return m == "late for a" }) != 1 {
		t.Error("an addressed message did not reach its pane")
	}
}

func TestDialogOpenedByADialogReturnsToIt(t *testing.T) {
	h, a, _ := twoPanes(t)
	inner := &dialog{result: private{"inner"}}
	outer := &dialog{result: private{"outer"}, on: map[string]tea.Cmd{"o": common.OpenDialog(inner)}}
	a.on["o"] = common.OpenDialog(outer)
	h.Keys("o", "o")
	if len(h.Dialogs()) != 2 || h.Front() != inner {
		t.Fatalf("dialogs = %d", len(h.Dialogs()))
	}
	h.Keys("enter") // the inner dialog closes with its result
	if h.Front() != outer {
		t.Fatal("the inner dialog did not close")
	}
	if outer.count(private{"inner"}) != 1 || a.count(isPrivate) != 0 {
		t.Errorf("the inner dialog's result went astray: outer %v, pane %v", outer.got, a.got)
	}
}

func TestPaletteActionReachesOnlyItsPane(t *testing.T) {
	h, a, b := twoPanes(t)
	h.Send(router.To(router.Pane("b"), common.ActionMsg{Kind: "search"}))
	isAction := func(m tea.Msg) bool { _, ok := m.(common.ActionMsg); return ok }
	if a.count(isAction) != 0 || b.count(isAction) != 1 {
		t.Errorf("action reached a %d, b %d times; want b once", a.count(isAction), b.count(isAction))
	}
}

func TestExecReportsToItsSender(t *testing.T) {
	h, a, b := twoPanes(t)
	a.on["e"] = common.Exec(exec.Command("true"), func(err error) tea.Msg { return private{"exec"} })
	h.Keys("e")
	if a.count(isPrivate) != 1 || b.count(isPrivate) != 0 {
		t.Errorf("exec result reached a %d, b %d times", a.count(isPrivate), b.count(isPrivate))
	}
}

// After Retire, what the old panes' commands deliver is dropped, even their broadcasts
// and even though a new pane has the same id; the new pane's own answers arrive.
func TestRetiredPanesAreNotAnswered(t *testing.T) {
	r := router.New()
	old := &pane{name: "a", on: map[string]tea.Cmd{
		"x": common.Emit(private{"old"}),
		"b": common.Emit(common.BankSelectedMsg{BankID: "old-server-bank"}),
		"d": common.OpenDialog(&dialog{}),
	}}
	r.Add("a", old)
	answer := r.Send("a", uitest.Key("x"))()
	broadcast := r.Send("a", uitest.Key("b"))()
	opens := r.Send("a", uitest.Key("d"))()
	r.Route(opens)
	if r.Front() == nil {
		t.Fatal("the dialog did not open")
	}

	r.Retire()
	fresh := &pane{name: "a", on: map[string]tea.Cmd{"x": common.Emit(private{"new"})}}
	r.Add("a", fresh)
	if r.Front() != nil {
		t.Error("Retire left the old panes' dialog open")
	}
	for _, late := range []tea.Msg{answer, broadcast, opens} {
		if cmd, up := r.Route(late); cmd != nil || up != nil {
			t.Errorf("a retired pane's %#v was delivered (up %#v)", late, up)
		}
	}
	if len(fresh.got) != 0 || r.Front() != nil {
		t.Fatalf("the new pane got %v; dialogs %d", fresh.got, len(r.Dialogs()))
	}
	r.Route(r.Send("a", uitest.Key("x"))())
	r.Route(router.To(router.Pane("a"), private{"palette"}))
	if fresh.count(isPrivate) != 2 {
		t.Errorf("the new pane got %v, want its own answer and the palette's message", fresh.got)
	}
}
