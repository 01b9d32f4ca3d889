package ui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/config"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/router"
)

// Switching profiles replaces the connection under a running program: the panes of
// the old server are given up (their drafts and the state file written first, their
// requests ended, their late answers dropped by the router), the chosen entry is read
// and a client built for it, and then the panes are built again for the new server and
// the start-up check runs, as when the program started: the bank and pane remembered
// for that server come back once it answers. A failure at any step is the connection
// screen's, with its retry, and the switcher stays one key away.

// openProfilesMsg opens the profile switcher.
type openProfilesMsg struct{}

// profileOpenedMsg is the chosen entry read (or not) for switch attempt seq: the
// options to connect with, and the state file's entry for that server.
type profileOpenedMsg struct {
	seq      int
	opts     Options
	state    stateKeeper
	saved    serverState
	stateErr error
	err      error
}

// canSwitch reports whether the profile switcher is available.
func (m Model) canSwitch() bool { return m.opts.Profiles != nil && m.opts.OpenProfile != nil }

// openProfiles opens the switcher over whatever is on screen.
func (m Model) openProfiles() tea.Cmd {
	if !m.canSwitch() {
		return nil
	}
	var start *config.Profile
	if m.start.Profile == "" {
		// The default entry is what the program started with (--demo, --url, the
		// environment, the config file), as it was then.
		st := config.Profile{URL: m.start.ServerURL, URLSource: m.start.URLSource, KeySource: keySourceOf(m.start)}
		start = &st
	}
	return m.r.OpenDialog(router.Root, newProfileDialog(m.com, m.opts.Profiles, start, config.Profile{Name: m.opts.Profile}))
}

// switchTo gives up the current server's panes and starts reading entry p.
func (m Model) switchTo(p config.Profile) (Model, tea.Cmd) {
	if m.conn.phase == phaseConnected && p.Name == m.opts.Profile && m.pending == nil {
		return m.addToast("already connected with "+profileLabel(p.Name), false)
	}
	writeDrafts := m.draftWrites()
	drafts := func() tea.Msg {
		if err := writeDrafts(); err != nil {
			return common.ErrorMsg{Op: "save drafts before switching profile", Err: err}
		}
		return nil
	}
	var flush tea.Cmd
	m.state, flush = m.state.flush()
	m.endSession()
	m.r.Retire()
	m.panesReady, m.tabs, m.active, m.focus = false, nil, 0, 0

	if m.conn.cancel != nil {
		m.conn.cancel()
	}
	m.conn = connState{phase: phaseConnecting, seq: m.conn.seq + 1, started: m.com.Now(), waiting: "the profile"}
	m.pending = &p
	// Until the entry is read, the screens name what the list said about it.
	m.opts.ServerURL, m.opts.URLSource, m.opts.KeySet = p.URL, p.URLSource, p.KeySource != ""
	m.opts.Profile, m.opts.Client, m.bank = p.Name, nil, ""
	return m, tea.Sequence(drafts, flush, m.openEntry(p, m.conn.seq))
}

// openEntry reads entry p, builds its client and reads the state file's entry for its
// server, off the UI goroutine. The key goes from the configuration into the client
// and nowhere else.
func (m Model) openEntry(p config.Profile, seq int) tea.Cmd {
	next, start, open := m.opts, m.start, m.opts.OpenProfile
	return func() tea.Msg {
		msg := profileOpenedMsg{seq: seq}
		if p.IsDefault() && start.Profile == "" {
			next.Client, next.ServerURL, next.URLSource = start.Client, start.ServerURL, start.URLSource
			next.KeySet, next.KeyOrigin, next.Demo, next.Profile = start.KeySet, start.KeyOrigin, start.Demo, ""
		} else {
			cfg, err := open(p.Name)
			if err != nil {
				msg.err = err
				return msg
			}
			c, err := client.New(cfg.URL, client.WithAPIKey(cfg.APIKey.Reveal()), client.WithVersion(next.Version))
			if err != nil {
				msg.err = err
				return msg
			}
			next.Client, next.ServerURL, next.URLSource = c, cfg.URL, cfg.URLSource
			next.KeySet, next.KeyOrigin, next.Demo, next.Profile = cfg.APIKey.IsSet(), cfg.KeyOrigin, false, cfg.Profile
		}
		next.Bank = "" // --bank named a bank of the first server
		msg.opts, msg.state = next, newStateKeeper(next)
		msg.saved, msg.stateErr = msg.state.load()
		return msg
	}
}

// profileOpened puts the new connection in place and runs the start-up check on it.
func (m Model) profileOpened(msg profileOpenedMsg) (Model, tea.Cmd) {
	if msg.seq != m.conn.seq || m.conn.phase != phaseConnecting || m.pending == nil {
		return m, nil // stale: another switch, a cancel or a retry came first
	}
	if msg.err != nil {
		op := "read profile " + m.pending.Name
		if m.pending.IsDefault() {
			op = "read the default settings"
		}
		m.conn.phase, m.conn.op, m.conn.err = phaseFailed, op, msg.err
		m.errs.add(entryFor(m.com.Now(), "switch profile: "+op, msg.err, m.opts.ServerURL))
		return m, nil
	}
	m.pending = nil
	m.opts, m.state = msg.opts, msg.state
	if msg.stateErr != nil {
		m.errs.add(entryFor(m.com.Now(), "read the saved state (it was ignored)", msg.stateErr, ""))
	}
	m.bank = msg.saved.Bank
	// The bank list stays as the user has it now: hiding it is about the terminal,
	// not the server.
	m.state.current = serverState{Bank: msg.saved.Bank, Pane: msg.saved.Pane, NoSidebar: m.noSidebar}
	m = m.newSession().addPanes()
	m.frames = &frameCache{}
	return m.connect()
}

// newSession is a fresh Common for the new connection's panes (the old panes keep
// theirs, whose session has ended).
func (m Model) newSession() Model {
	com := *m.com
	session, end := context.WithCancel(context.Background())
	com.Client, com.BaseURL, com.KeySet, com.KeyOrigin = m.opts.Client, m.opts.ServerURL, m.opts.KeySet, m.opts.KeyOrigin
	com.Demo, com.Version, com.Session = m.opts.Demo, nil, session
	m.com, m.endSession = &com, end
	return m
}

// retry is r on the connection screen: a switch that could not read its entry reads
// it again; otherwise the start-up check runs again.
func (m Model) retry() (Model, tea.Cmd) {
	if m.pending != nil {
		return m.switchTo(*m.pending)
	}
	return m.connect()
}

// profileLabel names an entry for people.
func profileLabel(name string) string {
	if name == "" {
		return "the default settings"
	}
	return "profile " + name
}
