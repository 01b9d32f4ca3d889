// Package reflect is the reflect pane: a conversation with a bank. A developer asks a
// question the way an agent's reflect tool does and reads the reasoned answer together
// with the evidence it was built on (the memories, mental models and directives the
// server reports, and optionally the agent's tool calls), to judge whether the bank
// "knows" the right things.
//
// The transcript is kept per bank for the session, with every parameter; the draft in
// the composer is kept on disk as well, so a restart brings it back. Reflect is not streamed and can take many seconds, so a question
// shows a spinner with the time it has waited and esc cancels it; a failed or
// cancelled question stays in the transcript as a turn with its reason and a retry key.
//
// Answers are markdown, rendered with glamour at the transcript's width in the current
// theme, and so are the mental models opened under them. Rendering costs about a millisecond per answer, so it happens only in Update
// (when an answer arrives, or the width or theme changes), only for the turns in view,
// and is cached per answer, width and theme; View only copies prepared lines.
package reflect

import (
	"context"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/keymap"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// zone is the part of the pane that takes keys.
type zone int

const (
	zoneComposer zone = iota
	zoneBar
	zoneTranscript
)

// minTimeout is the shortest time a question may take. The server gives up on its own
// after five minutes (a 504 that says why), so the client waits a little longer than
// that unless the configured timeout is longer still.
const minTimeout = 5*time.Minute + 15*time.Second

// Model is the reflect pane.
type Model struct {
	c       *common.Common
	keys    keymap.KeyMap // this pane's copy: bindings are disabled here, not globally
	width   int
	height  int
	focused bool
	zone    zone

	bank  string
	banks map[string]*bankState // transcript, draft and parameters per bank
	cur   *bankState            // banks[bank]

	composer *components.Editor
	bar      *components.FilterBar[params]
	barFrom  zone                          // where esc from the bar goes back to
	cmpBar   *components.FilterBar[params] // a comparison's B parameters (compare.go)

	nextTurn int // turn ids, unique in the pane: the render cache is keyed by them
	seq      int // question attempts; an answer to an older attempt is dropped
	spin     spinner.Model
	spinning bool
	timeout  time.Duration // per question

	md  *mdCache
	lay layout // what View draws, prepared by Update and SetSize
}

var (
	_ common.Pane     = (*Model)(nil)
	_ common.Actioner = (*Model)(nil)
	_ common.Drafter  = (*Model)(nil)
)

// New returns the reflect pane; it asks nothing until a bank is selected and a
// question sent.
func New(c *common.Common) *Model {
	m := &Model{c: c, keys: c.Keys, banks: map[string]*bankState{}, md: newMDCache()}
	m.timeout = max(c.Timeout, minTimeout)
	if c.Timeout <= 0 {
		m.timeout = 0 // no limit configured: none here either
	}
	m.composer = newComposer(c.Styles, c.Keys)
	m.spin = spinner.New(spinner.WithSpinner(spinner.MiniDot), spinner.WithStyle(c.Styles.Accent))
	m.bar = newBar(c)
	m.cmpBar = newCompareBar(c)
	m.cur = m.state("")
	_ = m.bar.Bind("", &m.cur.params) // the bar is closed: nothing loads
	m.syncKeys()
	return m
}

// Init implements common.Pane; the sidebar's selection brings the first bank.
func (m *Model) Init() tea.Cmd { return nil }

// SetSize implements common.Pane. A new width re-renders the answers in view, once
// each.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = max(width, 0), max(height, 0)
	m.prepare()
}

// SetStyles implements common.Pane: the composer, the bar and the spinner take the
// new colours, and the answers in view are rendered in the new theme.
func (m *Model) SetStyles(st *styles.Styles) {
	m.composer.SetStyles(st)
	m.bar.SetStyles(st)
	m.cmpBar.SetStyles(st)
	m.spin.Style = st.Accent
	m.prepare()
}

// Focus implements common.Pane. The pane opens on the composer, so a question can be
// typed at once, unless the transcript had the keys when the pane was left.
func (m *Model) Focus() tea.Cmd {
	m.focused = true
	z := m.zone
	if len(m.cur.turns) == 0 {
		z = zoneComposer
	}
	cmd := m.focusZone(z)
	if m.comparing() && m.cur.cmp.inBar {
		cmd = tea.Batch(cmd, m.cmpBar.Focus())
	}
	m.prepare()
	return cmd
}

// Blur implements common.Pane; the draft and the parameters stay as they are.
func (m *Model) Blur() {
	m.focused = false
	m.composer.Blur()
	m.bar.Blur()
	m.cmpBar.Blur()
	m.prepare()
}

// Capturing implements common.Pane: the composer and the parameter bar take every
// printable key.
func (m *Model) Capturing() bool {
	if m.comparing() {
		return m.focused && m.cur.cmp.inBar
	}
	return m.focused && (m.zone == zoneComposer || m.zone == zoneBar)
}

// Update implements common.Pane.
func (m *Model) Update(msg tea.Msg) (common.Pane, tea.Cmd) {
	m.syncKeys()
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		cmd = m.handleKey(msg)
	case tea.PasteMsg:
		cmd = m.paste(msg)
	case tea.MouseClickMsg:
		cmd = m.click(msg)
	case tea.MouseWheelMsg:
		m.wheel(msg)
	case common.BankSelectedMsg:
		cmd = m.selectBank(msg.BankID)
	case reflectDoneMsg:
		cmd = m.onAnswer(msg)
	case cmpDoneMsg:
		cmd = m.onCmpDone(msg)
	case cmpModelsMsg:
		cmd = m.onCmpModels(msg)
	case namesMsg:
		cmd = m.onNames(msg)
	case draftLoadedMsg:
		cmd = m.onDraftLoaded(msg)
	case draftWrittenMsg:
		cmd = m.onDraftWritten(msg)
	case draftDueMsg:
		cmd = m.onDraftDue(msg)
	case spinner.TickMsg:
		if msg.ID == m.spin.ID() {
			if !m.anyWaiting() {
				m.spinning = false // let the tick chain end
				break
			}
			m.spin, cmd = m.spin.Update(msg)
		}
	case editorReadyMsg, editorDoneMsg, schemaEditedMsg:
		cmd = m.onFileMsg(msg)
	case common.ActionMsg:
		cmd = m.onAction(msg)
	default:
		cmd, _ = m.bar.Update(msg)
		bcmd, _ := m.cmpBar.Update(msg)
		cmd = tea.Batch(cmd, bcmd)
	}
	m.syncKeys()
	m.prepare()
	return m, cmd
}

// focusZone moves the keys to z.
func (m *Model) focusZone(z zone) tea.Cmd {
	var save tea.Cmd
	if z != zoneComposer {
		m.composer.Blur()
		if m.zone == zoneComposer {
			save = m.saveDraft(m.cur)
		}
	}
	if z != zoneBar && m.zone == zoneBar {
		m.bar.Blur()
	}
	if z == zoneBar && m.zone != zoneBar {
		m.barFrom = m.zone
	}
	m.zone = z
	if !m.focused {
		return save
	}
	switch z {
	case zoneComposer:
		m.composer.Focus()
	case zoneBar:
		return tea.Batch(save, m.bar.Focus())
	}
	return save
}

// questionContext is the context of one question: the pane's generous timeout, and
// cancel for esc.
func (m *Model) questionContext() (context.Context, context.CancelFunc) {
	if m.timeout <= 0 {
		return context.WithCancel(context.Background())
	}
	return context.WithTimeout(context.Background(), m.timeout)
}
