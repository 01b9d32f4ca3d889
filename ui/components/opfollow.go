package components

import (
	"context"
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
)

// Polling a followed operation: soon at first (the small ones end in a second), then
// less and less often; failed polls back off too, and enough of them in a row end the
// following (the operations pane still lists the operation).
const (
	opPollFirst     = 400 * time.Millisecond
	opPollMax       = 5 * time.Second
	opPollMaxErrors = 6
)

// Outcome is what a followed operation ended with, as the one who started it reads
// it from the finished operation.
type Outcome struct {
	Lines []string // shown in the dialog, until enter or esc closes it
	Then  tea.Cmd  // handed to the dialog's owner as it closes
	Close bool     // close at once, handing Then, instead of showing Lines
}

// Finish turns a completed operation into its outcome: it runs in a command, with the
// dialog's context (esc cancels it), so it may fetch what the operation produced.
type Finish func(ctx context.Context, st *client.OperationStatus) (Outcome, error)

// opPhase is where an OperationDialog is.
type opPhase int

const (
	opFollowing opPhase = iota // polling until the operation ends
	opFinishing                // completed; Finish runs
	opDone                     // the outcome is shown
	opFailed                   // failed, cancelled, unknown, or could not be followed
)

// OperationDialog follows one background operation (an export, an import, a file
// retain) to its end with a spinner, its status and progress; esc stops following
// (the operation runs on and the operations pane keeps it), c cancels it on the
// server while it is still pending. When it completed, Finish says what came of it.
type OperationDialog struct {
	c      *common.Common
	title  string
	what   string // names the work in sentences and the error log ("document export")
	bank   string
	opID   string
	finish Finish

	phase    opPhase
	st       *client.OperationStatus // the last answer
	fails    int                     // failed polls in a row
	delay    time.Duration
	seq      int // advances with every poll, cancel and finish; older answers are dropped
	cancel   context.CancelFunc
	spin     spinner.Model
	outcome  Outcome
	errHead  string // the failure in a word or two: the status, or what could not be done
	errText  string
	note     string // what became of a cancel request
	width    int
	height   int
	closed   bool
	canceled bool // c was pressed and the server took it
}

// Messages of an OperationDialog; seq ties each to the request that asked.
type (
	opPollDueMsg struct{ seq int }
	opPolledMsg  struct {
		seq int
		st  *client.OperationStatus
		err error
	}
	opFinishedMsg struct {
		seq int
		out Outcome
		err error
	}
	opCanceledMsg struct {
		seq int
		err error
	}
)

// NewOperationDialog follows operation opID of bank; what names the work ("document
// export"). finish may be nil: the dialog then says the operation completed.
func NewOperationDialog(c *common.Common, title, what, bank, opID string, finish Finish) *OperationDialog {
	return &OperationDialog{c: c, title: title, what: what, bank: bank, opID: opID, finish: finish,
		delay: opPollFirst, st: &client.OperationStatus{OperationID: opID, Status: client.StatusPending},
		spin: spinner.New(spinner.WithSpinner(spinner.MiniDot), spinner.WithStyle(c.Styles.Accent))}
}

// OperationID is the followed operation's id.
func (d *OperationDialog) OperationID() string { return d.opID }

// Status is the operation's last known status.
func (d *OperationDialog) Status() string { return d.st.Status }

// Done reports whether the outcome is shown; Failed whether the operation did not
// complete (or could not be followed); Err says why.
func (d *OperationDialog) Done() bool   { return d.phase == opDone }
func (d *OperationDialog) Failed() bool { return d.phase == opFailed }
func (d *OperationDialog) Err() string  { return d.errText }

// Closed reports whether the dialog has asked the root to close it.
func (d *OperationDialog) Closed() bool { return d.closed }

// Lines are the outcome's lines once it is shown.
func (d *OperationDialog) Lines() []string { return d.outcome.Lines }

// Init implements common.Dialog: the first poll, at once.
func (d *OperationDialog) Init() tea.Cmd { return tea.Batch(d.poll(), d.spin.Tick) }

// SetSize implements common.Dialog.
func (d *OperationDialog) SetSize(width, height int) { d.width, d.height = width, height }

// busy reports whether a request of the dialog's may be in flight.
func (d *OperationDialog) busy() bool { return d.phase == opFollowing || d.phase == opFinishing }

// cancelable reports whether c may cancel the operation: the server cancels only a
// pending one.
func (d *OperationDialog) cancelable() bool {
	return d.phase == opFollowing && !d.c.ReadOnly && d.st.Status == client.StatusPending && !d.canceled
}

// Help implements common.Dialog.
func (d *OperationDialog) Help() []string {
	f, t := d.c.Keys.Form, d.c.Keys.Transfer
	if !d.busy() {
		return []string{f.Confirm.Help().Key + " close"}
	}
	h := []string{f.Cancel.Help().Key + " stop following"}
	if d.cancelable() {
		h = append(h, t.CancelOperation.Help().Key+" "+t.CancelOperation.Help().Desc)
	}
	return h
}

// Update implements common.Dialog.
func (d *OperationDialog) Update(msg tea.Msg) (common.Dialog, tea.Cmd) {
	if d.closed {
		return d, nil
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return d, d.handleKey(msg)
	case opPollDueMsg:
		if msg.seq == d.seq && d.phase == opFollowing {
			return d, d.poll()
		}
	case opPolledMsg:
		if msg.seq == d.seq && d.phase == opFollowing {
			return d, d.onPolled(msg)
		}
	case opFinishedMsg:
		if msg.seq == d.seq && d.phase == opFinishing {
			return d, d.onFinished(msg)
		}
	case opCanceledMsg:
		if msg.seq == d.seq && d.phase == opFollowing {
			return d, d.onCanceled(msg)
		}
	case spinner.TickMsg:
		if msg.ID == d.spin.ID() && d.busy() {
			var cmd tea.Cmd
			d.spin, cmd = d.spin.Update(msg)
			return d, cmd
		}
	}
	return d, nil
}

func (d *OperationDialog) handleKey(k tea.KeyPressMsg) tea.Cmd {
	f, t := d.c.Keys.Form, d.c.Keys.Transfer
	switch {
	case key.Matches(k, f.Cancel) && d.busy():
		d.stop()
		d.closed = true
		return common.CloseDialog(common.Toast(fmt.Sprintf("Stopped following the %s (operation %s); it goes on, and the operations pane lists it",
			d.what, common.ShortID(d.opID))))
	case key.Matches(k, f.Cancel, f.Confirm) && !d.busy():
		d.closed = true
		if d.phase == opDone {
			return common.CloseDialog(d.outcome.Then)
		}
		return common.CloseDialog(nil)
	case key.Matches(k, t.CancelOperation) && d.cancelable():
		return d.cancelOperation()
	}
	return nil
}

// stop cancels what is in flight; its answer will be dropped.
func (d *OperationDialog) stop() {
	if d.cancel != nil {
		d.cancel()
		d.cancel = nil
	}
	d.seq++
}

// context is a new request's context; the one before it is let go.
func (d *OperationDialog) context() (context.Context, int) {
	d.stop()
	ctx, cancel := d.c.Context(context.Background())
	d.cancel = cancel
	return ctx, d.seq
}

// poll asks where the operation is.
func (d *OperationDialog) poll() tea.Cmd {
	ctx, seq := d.context()
	cl, bank, op := d.c.Client, d.bank, d.opID
	return func() tea.Msg {
		st, err := cl.GetOperation(ctx, bank, op, false)
		return opPolledMsg{seq: seq, st: st, err: err}
	}
}

// later polls again after the dialog's delay, which grows each time.
func (d *OperationDialog) later(delay time.Duration) tea.Cmd {
	d.seq++
	return d.c.After(delay, opPollDueMsg{seq: d.seq})
}

func (d *OperationDialog) onPolled(msg opPolledMsg) tea.Cmd {
	if msg.err != nil {
		if client.IsCanceled(msg.err) {
			return nil
		}
		if client.IsNotFound(msg.err) {
			return d.fail("unknown operation", "the server does not know operation "+d.opID, msg.err)
		}
		d.fails++
		if d.fails >= opPollMaxErrors {
			return d.fail("not followed", d.c.Describe(msg.err)+"; the operations pane lists the operation", msg.err)
		}
		d.note = "checking again: " + d.c.Describe(msg.err)
		return d.later(min(opPollFirst<<d.fails, opPollMax))
	}
	d.fails, d.st = 0, msg.st
	if d.note != "" && !d.canceled {
		d.note = ""
	}
	switch msg.st.Status {
	case client.StatusCompleted:
		if d.finish == nil {
			d.phase = opDone
			d.outcome = Outcome{Lines: []string{"The " + d.what + " completed."}}
			return nil
		}
		d.phase = opFinishing
		ctx, seq := d.context()
		finish, st := d.finish, msg.st
		return tea.Batch(func() tea.Msg {
			out, err := finish(ctx, st)
			return opFinishedMsg{seq: seq, out: out, err: err}
		}, d.spin.Tick)
	case client.StatusFailed, client.StatusCancelled, client.StatusNotFound:
		why := sanitize.Line(msg.st.ErrorMessage)
		if why == "" {
			why = "the operation " + sanitize.Line(msg.st.Status)
		}
		if msg.st.Status == client.StatusCancelled && d.canceled {
			d.phase, d.errHead, d.errText = opFailed, "cancelled", "The "+d.what+" did not run."
			return nil
		}
		return d.fail(sanitize.Line(msg.st.Status), why, fmt.Errorf("%s %s: %s", d.what, msg.st.Status, why))
	}
	delay := d.delay
	d.delay = min(d.delay*3/2, opPollMax)
	return d.later(delay)
}

// fail ends the following with why on screen and err in the error log.
func (d *OperationDialog) fail(head, why string, err error) tea.Cmd {
	d.stop()
	d.phase, d.errHead, d.errText = opFailed, head, why
	return logError(d.what+" (operation "+d.opID+")", err)
}

func (d *OperationDialog) onFinished(msg opFinishedMsg) tea.Cmd {
	d.cancel = nil
	if msg.err != nil {
		if client.IsCanceled(msg.err) {
			return nil
		}
		return d.fail("completed, but the result could not be fetched", d.c.Describe(msg.err), msg.err)
	}
	if msg.out.Close {
		d.closed = true
		return common.CloseDialog(msg.out.Then)
	}
	d.phase, d.outcome = opDone, msg.out
	return nil
}

// cancelOperation asks the server to cancel the pending operation; the next poll
// shows it cancelled.
func (d *OperationDialog) cancelOperation() tea.Cmd {
	ctx, seq := d.context()
	d.note = "cancelling…"
	cl, bank, op := d.c.Client, d.bank, d.opID
	return func() tea.Msg {
		_, err := cl.CancelOperation(ctx, bank, op)
		return opCanceledMsg{seq: seq, err: err}
	}
}

func (d *OperationDialog) onCanceled(msg opCanceledMsg) tea.Cmd {
	if msg.err != nil {
		if client.IsCanceled(msg.err) {
			return nil
		}
		d.note = "not cancelled: " + d.c.Describe(msg.err)
		return tea.Batch(logError("cancel the "+d.what, msg.err), d.poll())
	}
	d.canceled, d.note = true, "cancelled on the server"
	return d.poll()
}

// statusLine is where the operation is, in words: its status, stage and counts.
func (d *OperationDialog) statusLine() string {
	parts := []string{sanitize.Line(d.st.Status)}
	if p := d.st.Progress; p != nil && d.phase == opFollowing {
		if p.Stage != "" {
			parts = append(parts, sanitize.Line(p.Stage))
		}
		if p.Processed != nil && p.Total != nil && *p.Total > 0 {
			parts = append(parts, fmt.Sprintf("%s of %s", common.Thousands(*p.Processed), common.Thousands(*p.Total)))
		}
	}
	if d.phase == opFinishing {
		parts = []string{"completed", "fetching the result…"}
	}
	return strings.Join(parts, " · ")
}

// View implements common.Dialog.
func (d *OperationDialog) View() string {
	st := d.c.Styles
	w := dialogInnerWidth(d.width)
	lines := []string{Fit(st.OverlayTitle.Render(d.title), w), "",
		Fit(st.Muted.Render("Operation ")+st.Text.Render(sanitize.Line(d.opID)), w)}
	switch d.phase {
	case opFollowing, opFinishing:
		spin := d.spin
		spin.Style = st.Accent
		lines = append(lines, Fit(spin.View()+" "+st.Text.Render(d.statusLine()), w))
	case opDone:
		lines = append(lines, Fit(st.Success.Render("✓ completed"), w), "")
		for _, l := range d.outcome.Lines {
			for _, wl := range Wrap(sanitize.Line(l), w, 3) {
				lines = append(lines, Fit(st.Text.Render(wl), w))
			}
		}
	case opFailed:
		lines = append(lines, Fit(st.Error.Render("✗ "+d.errHead), w), "")
		for _, l := range Wrap(d.errText, w, 4) {
			lines = append(lines, Fit(st.Error.Render(l), w))
		}
	}
	if d.note != "" {
		for _, l := range Wrap(d.note, w, 2) {
			lines = append(lines, Fit(st.Muted.Render(l), w))
		}
	}
	lines = append(lines, "")
	for _, l := range HelpLines(d.Help(), w) {
		lines = append(lines, Fit(st.Muted.Render(l), w))
	}
	return renderBox(st.Overlay, strings.Join(lines, "\n"), d.height)
}
