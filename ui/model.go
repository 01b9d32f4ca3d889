// Package ui is hindsight-tui's application shell: the one tea.Model of the program. It
// owns the layout (header, bank sidebar, tabbed main area, footer), focus, toasts, the
// error log, the connection check at start-up, mouse routing, the clipboard and the
// small state file that remembers the last bank and pane per server. Its router
// (package router) holds the panes and the dialog stack and delivers every message;
// panes live in sub-packages and only ever see what the router gives them.
package ui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/config"
	"hindsight-tui/keymap"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/layout"
	"hindsight-tui/ui/router"
)

// Options are everything the shell needs from the command line and the configuration.
type Options struct {
	Client    *client.Client
	ServerURL string           // shown in the header and in error sentences
	URLSource string           // where the URL came from, e.g. "env HINDSIGHT_API_URL"
	KeySet    bool             // whether an API key is configured; its value never reaches the UI
	KeyOrigin config.KeyOrigin // where the key came from (env, profile, file), never the key
	Demo      bool             // the built-in demo server: badge, and state kept under "demo"
	ReadOnly  bool             // hide every action that changes server data
	Bank      string           // open this bank; wins over the remembered one
	Version   string           // the app's own version, for the header
	Timeout   time.Duration
	Now       func() time.Time // nil means time.Now; tests pin it
	// StateDir is where state.json (last bank and pane per server) lives. Empty keeps
	// no state, which is what tests want; main passes DefaultStateDir.
	StateDir string
	// Profile is the Hindsight CLI profile the settings came from ("" for none), for
	// the header and the profile switcher.
	Profile string
	// Profiles lists what the profile switcher offers (config.ListProfiles) and
	// OpenProfile resolves the entry picked, by name, "" for the default entry
	// (config.ResolveProfile). Both read files; the root calls them in commands. Nil
	// Profiles leaves the switcher out.
	Profiles    func() []config.Profile
	OpenProfile func(name string) (config.Config, error)
}

// Model is the root of the program. Panes are pointers it shares between copies, so a
// Model value returned from Update replaces the previous one wholesale.
type Model struct {
	com  *common.Common
	opts Options

	saveErr error // drafts that could not be written on the way out

	lay    layout.Screen
	isDark bool
	// noSidebar hides the bank list beside the panes (B), for narrow terminals.
	noSidebar bool

	// r holds every pane (the sidebar under sidebarID, the tabs under their ids) and
	// the dialog stack, and delivers messages; shared by copies of the model.
	r      *router.Router
	specs  []tabSpec // every main-area pane, in tab order
	tabs   []tabSpec // the ones the server's features allow; filled on connect
	active int       // index in tabs shown in the main area
	focus  int       // 0 is the sidebar, i+1 is tabs[i]

	conn       connState
	panesReady bool // panes are initialised only once the server answered
	spinFrame  int

	toasts  []toast
	toastID int
	errs    *errorLog

	bank  string // the selected bank, for the header and the window title
	state stateKeeper

	// frames remembers each pane's last framed view; shared by copies of the model.
	frames *frameCache

	build      paneFactory        // makes the panes again for another server
	start      Options            // the connection the program started with
	endSession context.CancelFunc // ends com.Session: every request of the panes
	pending    *config.Profile    // the profile being switched to, until it is read
}

// tab is one main-area pane as a factory builds it.
type tab struct {
	spec tabSpec
	pane common.Pane
}

// sidebarID is the router's name for the bank sidebar (and the state file's, when
// the bank list had focus).
const sidebarID = sidebarStateID

// New builds the shell with the real panes. Nothing touches the network until the
// program calls Init; the state file, if any, is read here so the sidebar can be told
// which bank to open.
func New(opts Options) Model {
	return newModel(opts, defaultPanes)
}

// paneFactory builds the sidebar and every main-area pane; tests substitute fakes.
type paneFactory func(c *common.Common, initialBank string) (sidebar common.Pane, tabs []tab)

func newModel(opts Options, build paneFactory) Model {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	session, endSession := context.WithCancel(context.Background())
	com := &common.Common{
		Client:    opts.Client,
		Styles:    styles.New(true), // dark until the terminal says otherwise
		Keys:      keymap.Default(),
		Now:       opts.Now,
		ReadOnly:  opts.ReadOnly,
		Timeout:   opts.Timeout,
		BaseURL:   opts.ServerURL,
		KeySet:    opts.KeySet,
		KeyOrigin: opts.KeyOrigin,
		StateDir:  opts.StateDir,
		Demo:      opts.Demo,
		Session:   session,
	}
	if com.BaseURL == "" && opts.Client != nil {
		com.BaseURL = opts.Client.BaseURL()
	}
	m := Model{
		com:    com,
		opts:   opts,
		isDark: true,
		errs:   &errorLog{},
		r:      router.New(),
		frames: &frameCache{},

		build:      build,
		start:      opts,
		endSession: endSession,
	}
	m.state = newStateKeeper(opts)
	saved, err := m.state.load()
	if err != nil {
		m.errs.add(entryFor(opts.Now(), "read the saved state (it was ignored)", err, ""))
	}
	bank := opts.Bank
	if bank == "" {
		bank = saved.Bank
	}
	m.bank = bank
	m.noSidebar = saved.NoSidebar
	m.state.current = serverState{Bank: bank, Pane: saved.Pane, NoSidebar: saved.NoSidebar}
	return m.addPanes()
}

// addPanes builds the sidebar and the tabs for the current server and bank.
func (m Model) addPanes() Model {
	sidebar, tabs := m.build(m.com, m.bank)
	m.r.Add(sidebarID, sidebar)
	m.specs = nil
	for _, t := range tabs {
		m.r.Add(t.spec.ID, t.pane)
		m.specs = append(m.specs, t.spec)
	}
	return m
}

// Init shows the first frame at once (the loading screen is the zero state), asks the
// terminal for its background colour and starts the connection check. Init cannot
// change the model, so the check itself starts in Update, when retryMsg arrives, like
// a retry. Panes wait for the server.
func (m Model) Init() tea.Cmd {
	return tea.Batch(tea.RequestBackgroundColor, func() tea.Msg { return retryMsg{} })
}
