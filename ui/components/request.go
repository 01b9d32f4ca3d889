package components

import (
	"context"
	"errors"
	"sort"
	"strings"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
)

// Request is the work a dialog submits. It runs in a command with a context the dialog
// cancels when the user presses esc; on success it returns the commands that announce
// the result, which run on behalf of whoever opened the dialog as it closes (so their
// messages reach that pane), and on failure an error the dialog shows.
type Request func(ctx context.Context) (tea.Cmd, error)

// Invalid is a validation failure of named fields. A form's own checks return it, and so
// may a Request ("this id is taken"), so local problems read exactly like a server's 422
// and land under the same fields.
type Invalid map[string]string

func (v Invalid) Error() string {
	parts := make([]string, 0, len(v))
	for _, name := range sortedKeys(v) {
		parts = append(parts, name+": "+v[name])
	}
	return strings.Join(parts, "; ")
}

// namedErrors extracts per-field messages from err (an Invalid, or a 422 whose detail
// names locations); rest holds the messages that name no field.
func namedErrors(err error) (named map[string]string, rest []string) {
	var inv Invalid
	if errors.As(err, &inv) {
		return inv, nil
	}
	var ae *client.APIError
	if !errors.As(err, &ae) || len(ae.Fields) == 0 {
		return nil, nil
	}
	named = map[string]string{}
	for _, f := range ae.Fields {
		name := f.Field()
		switch {
		case name == "" || name == "body":
			rest = append(rest, f.Msg)
		case named[name] == "":
			named[name] = f.Msg
		}
	}
	return named, rest
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// inflight tracks a dialog's one request: a second submit while it runs is ignored, esc
// cancels its context, and an answer that arrives after that is dropped by its
// sequence number.
type inflight struct {
	spin   spinner.Model
	seq    int
	busy   bool
	cancel context.CancelFunc
}

// requestDoneMsg is the answer to a dialog's request.
type requestDoneMsg struct {
	seq  int
	next tea.Cmd
	err  error
}

func newInflight(st *styles.Styles) inflight {
	return inflight{spin: spinner.New(spinner.WithSpinner(spinner.MiniDot), spinner.WithStyle(st.Accent))}
}

// start runs req unless a request is already in flight.
func (r *inflight) start(c *common.Common, req Request) tea.Cmd {
	if r.busy || req == nil {
		return nil
	}
	r.seq++
	r.busy = true
	ctx, cancel := c.Context(context.Background())
	r.cancel = cancel
	seq := r.seq
	run := func() tea.Msg {
		defer cancel()
		next, err := req(ctx)
		return requestDoneMsg{seq: seq, next: next, err: err}
	}
	return tea.Batch(run, r.spin.Tick)
}

// abort cancels the request in flight, if any; its answer will be dropped.
func (r *inflight) abort() {
	if r.cancel != nil {
		r.cancel()
		r.cancel = nil
	}
	r.busy = false
}

// answer returns msg as the answer to the request in flight and clears it; ok is false
// for anything else (a stale answer, one that arrives after esc).
func (r *inflight) answer(msg tea.Msg) (requestDoneMsg, bool) {
	done, ok := msg.(requestDoneMsg)
	if !ok || !r.busy || done.seq != r.seq {
		return requestDoneMsg{}, false
	}
	r.busy = false
	r.cancel = nil
	return done, true
}

// tick advances the spinner while the request runs and lets its ticks die after.
func (r *inflight) tick(msg tea.Msg) tea.Cmd {
	t, ok := msg.(spinner.TickMsg)
	if !ok || t.ID != r.spin.ID() || !r.busy {
		return nil
	}
	var cmd tea.Cmd
	r.spin, cmd = r.spin.Update(t)
	return cmd
}

// view is the spinner and a label while busy.
func (r *inflight) view(st *styles.Styles, label string, width int) string {
	spin := r.spin
	spin.Style = st.Accent
	return Fit(spin.View()+" "+st.Muted.Render(label), width)
}

// logError reports a failed request to the root's error log.
func logError(op string, err error) tea.Cmd {
	return func() tea.Msg { return common.ErrorMsg{Op: op, Err: err} }
}
