// Package router delivers hindsight-tui's messages. It owns the panes and the dialog
// stack, and it is the only code that calls a pane's or a dialog's methods that return
// commands. Every command it gets back is tagged with the address of the one that
// returned it, so the messages the command produces come back to that pane or dialog
// alone: a pane's answers, timers and spinner ticks need no owner fields, and a
// dialog's load answers the dialog that started it, never its pane.
//
// Three kinds of message are not sent back: the broadcasts of IsBroadcast (the one
// list of what concerns every pane), the root's own messages (toasts, errors, links
// between panes: ForRoot), and Bubble Tea's runtime messages (quit, clipboard, window
// title…), which must reach the program untouched. Opening and closing dialogs and
// running an external program are the router's business: it knows who asked.
//
// The real root (package ui) and the test harness (package uitest) both route through
// a Router, so a pane's tests see exactly the deliveries the app makes.
package router

import (
	"reflect"
	"strconv"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
)

// Addr is who a message comes from and goes back to: the root (the zero value), a
// pane by its id, or an open dialog by its serial number.
type Addr struct {
	pane   string
	dialog int
	// era is the generation of panes the address was stamped for (see Retire); 0, as
	// Pane gives it, means the panes there are now.
	era int
}

// Pane is the address of the pane with id, whichever generation of panes is there.
func Pane(id string) Addr { return Addr{pane: id} }

// Root is the root's address: messages to it travel unwrapped.
var Root = Addr{}

// IsRoot reports whether a is the root.
func (a Addr) IsRoot() bool { return a == Root }

// PaneID is the pane's id ("" for the root or a dialog).
func (a Addr) PaneID() string { return a.pane }

// String names the address in test failures.
func (a Addr) String() string {
	switch {
	case a.dialog > 0:
		return "dialog " + strconv.Itoa(a.dialog)
	case a.pane != "":
		return "pane " + a.pane
	}
	return "root"
}

// envelope is a message on its way to one pane or dialog.
type envelope struct {
	to  Addr
	msg tea.Msg
}

// To addresses msg to a: a palette action to the pane that offered it, a request to
// another pane, a timer a test fires. Messages to the root are returned as they are.
func To(a Addr, msg tea.Msg) tea.Msg {
	if a.IsRoot() || msg == nil {
		return msg
	}
	return envelope{to: a, msg: msg}
}

// Open returns where an addressed message goes and what it carries; ok is false for a
// message that is not addressed (it is the root's, or everyone's).
func Open(msg tea.Msg) (to Addr, inner tea.Msg, ok bool) {
	if e, is := msg.(envelope); is {
		return e.to, e.msg, true
	}
	return Root, msg, false
}

// Tag makes every message cmd produces come back to a.
func Tag(a Addr, cmd tea.Cmd) tea.Cmd {
	if cmd == nil || a.IsRoot() {
		return cmd
	}
	return func() tea.Msg { return tag(a, cmd()) }
}

func tag(a Addr, msg tea.Msg) tea.Msg {
	switch m := msg.(type) {
	case nil, envelope:
		return msg // nothing, or already addressed (a palette action, say)
	case tea.BatchMsg:
		out := make(tea.BatchMsg, len(m))
		for i, c := range m {
			out[i] = Tag(a, c)
		}
		return out
	}
	if cmds, ok := sequence(msg); ok {
		// tea.Sequence's message is unexported: rebuild it with tagged commands.
		v := reflect.MakeSlice(reflect.TypeOf(msg), len(cmds), len(cmds))
		for i, c := range cmds {
			v.Index(i).Set(reflect.ValueOf(Tag(a, c)))
		}
		return v.Interface()
	}
	if isRuntime(msg) {
		return msg
	}
	return envelope{to: a, msg: msg}
}

var (
	teaPkg  = reflect.TypeOf(tea.QuitMsg{}).PkgPath()
	cmdType = reflect.TypeOf(tea.Cmd(nil))
)

// isRuntime reports whether msg is one of Bubble Tea's own messages, which the
// program acts on (or answers) itself.
func isRuntime(msg tea.Msg) bool {
	t := reflect.TypeOf(msg)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.PkgPath() == teaPkg
}

// sequence unpacks tea.Sequence's message, a slice of commands.
func sequence(msg tea.Msg) ([]tea.Cmd, bool) {
	v := reflect.ValueOf(msg)
	if v.Kind() != reflect.Slice || v.Type().Elem() != cmdType {
		return nil, false
	}
	out := make([]tea.Cmd, v.Len())
	for i := range out {
		out[i], _ = v.Index(i).Interface().(tea.Cmd)
	}
	return out, true
}

// IsBroadcast is the one list of messages that concern every pane: they go to all of
// them, whoever sent them. Window sizes and themes are not messages to panes: they
// arrive through SetSize and SetStyles.
func IsBroadcast(msg tea.Msg) bool {
	switch msg.(type) {
	case common.BankSelectedMsg, common.BanksChangedMsg, common.OperationStartedMsg, common.ConnectedMsg,
		common.MemoryChangedMsg, common.PinMemoryMsg, common.BankHealthMsg:
		return true
	}
	return false
}

// ForRoot reports whether msg is the root's business wherever it comes from.
func ForRoot(msg tea.Msg) bool {
	switch msg.(type) {
	case common.ToastMsg, common.ErrorMsg, common.ShowPaneMsg:
		return true
	}
	return false
}

// Router holds the panes, in the order they were added, and the dialog stack.
type Router struct {
	panes   []entry
	stack   []frame
	serial  int
	w, h    int // the screen, for dialogs
	retired int // how many generations of panes Retire has given up
}

type entry struct {
	id   string
	pane common.Pane
}

// frame is an open dialog: its serial number (its address) and who opened it.
type frame struct {
	id     int
	owner  Addr
	dialog common.Dialog
}

// New returns a router with no panes and no dialogs.
func New() *Router { return &Router{} }

// Add registers p under id. Ids are unique: adding one again replaces the pane.
func (r *Router) Add(id string, p common.Pane) {
	for i := range r.panes {
		if r.panes[i].id == id {
			r.panes[i].pane = p
			return
		}
	}
	r.panes = append(r.panes, entry{id: id, pane: p})
}

// Pane returns the pane with id, or nil.
func (r *Router) Pane(id string) common.Pane {
	for _, e := range r.panes {
		if e.id == id {
			return e.pane
		}
	}
	return nil
}

// IDs lists the panes' ids in the order they were added.
func (r *Router) IDs() []string {
	out := make([]string, len(r.panes))
	for i, e := range r.panes {
		out[i] = e.id
	}
	return out
}

// stamp is the address of the pane with id in the current generation, which the
// messages of its commands carry back.
func (r *Router) stamp(id string) Addr { return Addr{pane: id, era: r.retired + 1} }

// Retire gives up every pane and dialog there is now: the dialogs close, and whatever
// the panes' commands still deliver (answers, timers, broadcasts, dialogs they open) is
// dropped, even once panes with the same ids have been added in their place. The root
// retires its panes when it switches to another server and builds new ones.
func (r *Router) Retire() {
	r.retired++
	r.stack = nil
}

// stale reports whether an address was stamped for panes that have been retired.
func (r *Router) stale(a Addr) bool { return a.era != 0 && a.era != r.retired+1 }

// Init runs the Init of the pane with id.
func (r *Router) Init(id string) tea.Cmd {
	if p := r.Pane(id); p != nil {
		return Tag(r.stamp(id), p.Init())
	}
	return nil
}

// Focus focuses the pane with id (the root blurs the one before).
func (r *Router) Focus(id string) tea.Cmd {
	if p := r.Pane(id); p != nil {
		return Tag(r.stamp(id), p.Focus())
	}
	return nil
}

// Send gives msg to the pane with id (input, a link from another pane, a palette
// action); nothing happens when there is no such pane.
func (r *Router) Send(id string, msg tea.Msg) tea.Cmd {
	for i, e := range r.panes {
		if e.id == id {
			var cmd tea.Cmd
			r.panes[i].pane, cmd = e.pane.Update(msg)
			return Tag(r.stamp(id), cmd)
		}
	}
	return nil
}

// Broadcast gives msg to every pane.
func (r *Router) Broadcast(msg tea.Msg) tea.Cmd {
	cmds := make([]tea.Cmd, 0, len(r.panes))
	for _, e := range r.panes {
		cmds = append(cmds, r.Send(e.id, msg))
	}
	return tea.Batch(cmds...)
}

// SetStyles hands a new theme to every pane and to the open dialogs that keep styled
// state.
func (r *Router) SetStyles(st *styles.Styles) {
	for _, e := range r.panes {
		e.pane.SetStyles(st)
	}
	for _, f := range r.stack {
		if s, ok := f.dialog.(common.Styler); ok {
			s.SetStyles(st)
		}
	}
}

// Route delivers a message that is not input. It returns the commands that follow
// and, in up, the message again when it is (also) the root's business: a broadcast,
// a ForRoot message, or anything unaddressed.
func (r *Router) Route(msg tea.Msg) (cmd tea.Cmd, up tea.Msg) {
	from, inner, addressed := Open(msg)
	if addressed && r.stale(from) {
		return nil, nil // from a pane that was retired: it concerns nobody now
	}
	if from.pane != "" {
		from = r.stamp(from.pane) // one address per pane, for the dialogs it owns
	}
	switch m := inner.(type) {
	case common.OpenDialogMsg:
		return r.OpenDialog(from, m.Dialog), nil
	case common.CloseDialogMsg:
		return r.close(from, m.Then), nil
	case common.ExecMsg:
		done := m.Done
		return tea.ExecProcess(m.Cmd, func(err error) tea.Msg { return To(from, done(err)) }), nil
	}
	switch {
	case IsBroadcast(inner):
		return r.Broadcast(inner), inner
	case !addressed || ForRoot(inner):
		return nil, inner
	case from.dialog > 0:
		return r.updateDialog(from.dialog, inner), nil
	}
	return r.Send(from.pane, inner), nil
}
