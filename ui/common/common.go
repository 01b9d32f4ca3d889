// Package common holds what every pane of hindsight-tui shares: the Common bundle of
// dependencies, the Pane interface the root drives, the messages panes exchange with the
// root, and the one text sanitizer everything from the server passes through.
package common

import (
	"context"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/config"
	"hindsight-tui/keymap"
	"hindsight-tui/styles"
)

// Common is shared, read-mostly state handed to every pane. The root owns it; panes
// never replace fields, except that the root swaps Styles when the theme changes.
type Common struct {
	Client   *client.Client
	Styles   *styles.Styles
	Keys     keymap.KeyMap
	Now      func() time.Time // injectable clock: tests and goldens pin it
	ReadOnly bool
	Timeout  time.Duration // per-request timeout
	Version  *client.Version
	// BaseURL is the server URL as configured, for code a user copies out of the app
	// (copy as curl, Python, …). KeySet says whether an API key is configured; the key
	// itself never reaches the UI, so generated code reads it from the environment.
	BaseURL   string
	KeySet    bool
	KeyOrigin config.KeyOrigin // where the API key came from (never the key), for copy as code
	// StateDir is the app's state directory (under $XDG_STATE_HOME), where panes keep
	// what must survive a restart, such as unsent retain drafts; "" keeps nothing.
	// Demo says the server is the built-in demo, whose URL changes on every run, so
	// state is kept under a fixed name instead of the URL.
	StateDir string
	Demo     bool
	// Timer, when set, replaces the real timer behind After; tests use it to hold
	// timers and fire them when they choose.
	Timer func(d time.Duration, msg tea.Msg) tea.Cmd
	// Session ends when the root gives up the connection these panes were built for
	// (a switch to another profile): every request made under Context ends with it.
	// Nil never ends.
	Session context.Context
}

// After returns a command that delivers msg after d (debounces, polls, autosaves). Like
// any command a pane returns, its message comes back to that pane alone.
func (c *Common) After(d time.Duration, msg tea.Msg) tea.Cmd {
	if c.Timer != nil {
		return c.Timer(d, msg)
	}
	return tea.Tick(d, func(time.Time) tea.Msg { return msg })
}

// Context returns a cancellable context, derived from parent and ending with Session,
// under which each request gets the configured timeout of its own (--timeout is per
// request): a command that makes several requests in a row never spends one timeout on
// all of them.
func (c *Common) Context(parent context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(parent)
	if c.Session != nil {
		stop := context.AfterFunc(c.Session, cancel)
		own := cancel
		cancel = func() { stop(); own() }
	}
	return client.WithRequestTimeout(ctx, c.Timeout), cancel
}

// Enabled reports whether a server feature is on (unknown features count as on).
func (c *Common) Enabled(feature string) bool {
	return c.Version == nil || c.Version.Enabled(feature)
}

// Pane is one area of the screen the root lays out and routes input to. The root
// calls it only through the router (package router), which makes every message its
// commands produce come back to it alone.
type Pane interface {
	Init() tea.Cmd
	Update(tea.Msg) (Pane, tea.Cmd)
	// View draws the pane at the size SetSize gave. It reads the model and changes
	// nothing: scrolling, clamping, caches and hit-test geometry are settled in
	// SetSize, SetStyles and Update.
	View() string
	// SetSize gives the pane its inner size (inside the border the root draws).
	SetSize(width, height int)
	// SetStyles gives the pane the styles of a new theme (Common.Styles is already
	// the new value); anything drawn or styled ahead of time is redone here.
	SetStyles(*styles.Styles)
	Focus() tea.Cmd
	Blur()
	ShortHelp() []key.Binding
	FullHelp() [][]key.Binding
	// Capturing is true while a text field has focus, so single-letter globals such as
	// q or / go to the field instead of firing.
	Capturing() bool
}

// Action is something the user can do now, for the command palette. Msg is delivered
// to the pane that offered the action, and only to it; panes use ActionMsg.
type Action struct {
	Name string // "Create bank"
	Key  string // the key that does it directly, for display ("n")
	Msg  tea.Msg
}

// Actioner is implemented by panes that offer actions to the command palette.
type Actioner interface {
	Actions() []Action
}

// Drafter is implemented by panes that keep what the user types on disk. FinalSave
// returns the writes of every draft changed since its last save, as it stands at the
// call; the root runs them before the program exits, whatever ends it (a quit key,
// ctrl+c, SIGTERM, SIGHUP), so nothing typed within the autosave delay is lost.
type Drafter interface {
	FinalSave() func() error
}

// Copier is implemented by panes with a selected item the user can copy (y / Y).
type Copier interface {
	// Selection returns the selected item's id, a short description ("bank research"),
	// and its JSON; ok is false when nothing is selected.
	Selection() (id, what string, jsonText string, ok bool)
}
