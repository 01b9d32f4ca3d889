package ui

import (
	"context"
	"errors"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
)

// connPhase is where the start-up connection check stands.
type connPhase int

const (
	phaseConnecting connPhase = iota // the zero value: the first frame is the loading screen
	phaseConnected
	phaseFailed
)

// connState tracks the connection check. Each attempt has a sequence number; an answer
// to an older attempt (the user pressed r, or esc, meanwhile) is dropped.
type connState struct {
	phase   connPhase
	seq     int
	cancel  context.CancelFunc
	started time.Time
	waiting string // the request the check is waiting for, e.g. "GET /version"
	op      string // what failed: "check the server version", "list banks"
	err     error
}

// retryMsg starts (or restarts) the connection check.
type retryMsg struct{}

// connectResultMsg is the answer to attempt seq.
type connectResultMsg struct {
	seq     int
	version *client.Version
	op      string
	err     error
}

// spinMsg advances the loading spinner; seq ties it to one connection attempt so an
// old attempt's ticks die out instead of doubling the speed.
type spinMsg struct{ seq int }

// loading is the spinner drawn while connecting (and only then).
func loading() spinner.Spinner { return spinner.Dot }

// connect cancels any attempt in flight and starts a new one: GET /version, then the
// cheapest authenticated call, GET /v1/default/banks?limit=1, so both an unreachable
// server and a rejected key are found before any pane asks for data.
func (m Model) connect() (Model, tea.Cmd) {
	if m.conn.cancel != nil {
		m.conn.cancel()
	}
	m.conn = connState{phase: phaseConnecting, seq: m.conn.seq + 1, started: m.com.Now()}
	if m.opts.Client == nil {
		m.conn.phase, m.conn.op, m.conn.err = phaseFailed, "connect", errors.New("no server configured")
		return m, nil
	}
	m.conn.waiting = "GET /version"
	c, seq := m.opts.Client, m.conn.seq
	ctx, cancel := m.com.Context(context.Background())
	m.conn.cancel = cancel
	check := func() tea.Msg {
		v, err := c.Version(ctx)
		if err != nil {
			cancel()
			return connectResultMsg{seq: seq, op: "check the server version", err: err}
		}
		return versionAnsweredMsg{seq: seq, version: v}
	}
	return m, tea.Batch(check, m.com.After(loading().FPS, spinMsg{seq: seq}))
}

// versionAnsweredMsg is the first step of attempt seq answered: the server is there.
type versionAnsweredMsg struct {
	seq     int
	version *client.Version
}

// checkKey is the second step: the cheapest authenticated call, with a timeout of its
// own, and the loading screen now naming it and counting from when it was sent.
func (m Model) checkKey(msg versionAnsweredMsg) (Model, tea.Cmd) {
	if msg.seq != m.conn.seq || m.conn.phase != phaseConnecting {
		return m, nil // stale
	}
	m.conn.started, m.conn.waiting = m.com.Now(), "GET /v1/default/banks"
	if m.conn.cancel != nil {
		m.conn.cancel() // the first step's context: its request is done
	}
	ctx, cancel := m.com.Context(context.Background())
	m.conn.cancel = cancel
	c, seq, v := m.opts.Client, msg.seq, msg.version
	return m, func() tea.Msg {
		defer cancel()
		if _, err := c.ListBanks(ctx, client.ListBanksParams{Limit: 1}); err != nil {
			return connectResultMsg{seq: seq, op: "list banks", err: err}
		}
		return connectResultMsg{seq: seq, version: v}
	}
}

// cancelConnect is esc while connecting: the attempt is abandoned and the failure
// screen offers a retry.
func (m Model) cancelConnect() Model {
	if m.conn.phase != phaseConnecting {
		return m
	}
	if m.conn.cancel != nil {
		m.conn.cancel()
	}
	m.conn.phase, m.conn.op = phaseFailed, "connect"
	m.conn.err = errors.New("the connection check was cancelled before the server answered")
	m.conn.seq++ // whatever the old attempt returns now is stale
	return m
}

// connected handles the answer of the connection check.
func (m Model) connected(msg connectResultMsg) (Model, tea.Cmd) {
	if msg.seq != m.conn.seq || m.conn.phase != phaseConnecting {
		return m, nil // stale: a newer attempt or a cancel superseded it
	}
	m.conn.cancel = nil
	if msg.err != nil {
		m.conn.phase, m.conn.op, m.conn.err = phaseFailed, msg.op, msg.err
		m.errs.add(entryFor(m.com.Now(), "connect: "+msg.op, msg.err, m.opts.ServerURL))
		return m, nil
	}
	m.conn.phase, m.conn.err = phaseConnected, nil
	m.com.Version = msg.version
	m.tabs = visibleTabs(m.com, m.specs)
	m.active, m.focus = m.restoredFocus()
	m = m.resize()
	cmds := []tea.Cmd{common.Emit(common.ConnectedMsg{Version: msg.version})}
	if !m.panesReady {
		m.panesReady = true
		for _, id := range m.r.IDs() {
			cmds = append(cmds, m.r.Init(id))
		}
	}
	m, focusCmd := m.setFocus(m.focus)
	return m, tea.Batch(append(cmds, focusCmd)...)
}

// visibleTabs drops the panes whose server feature is off; the primary panes come
// first, so their positions are the digit keys'.
func visibleTabs(c *common.Common, all []tabSpec) []tabSpec {
	out := make([]tabSpec, 0, len(all))
	for _, secondary := range []bool{false, true} {
		for _, t := range all {
			if t.Secondary == secondary && (t.Feature == "" || c.Enabled(t.Feature)) {
				out = append(out, t)
			}
		}
	}
	return out
}

// restoredFocus puts focus where the user left it on this server: a tab, if it is
// still there, else the bank list (which is also where a first visit starts).
func (m Model) restoredFocus() (active, focus int) {
	for i, t := range m.tabs {
		if t.ID == m.state.current.Pane {
			return i, i + 1
		}
	}
	return 0, 0
}

// spin advances the spinner while this attempt is still loading; otherwise the ticks stop.
func (m Model) spin(msg spinMsg) (Model, tea.Cmd) {
	if msg.seq != m.conn.seq || m.conn.phase != phaseConnecting {
		return m, nil
	}
	m.spinFrame = (m.spinFrame + 1) % len(loading().Frames)
	return m, m.com.After(loading().FPS, msg)
}
