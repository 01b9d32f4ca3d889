package banks

import (
	"context"
	"fmt"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/keymap"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
)

// Overview shows the selected bank: profile, disposition and counters.
type Overview struct {
	c       *common.Common
	keys    keymap.KeyMap
	width   int
	height  int
	focused bool
	scroll  int // first content line shown

	bankID   string
	deleted  bool // the bank was deleted while shown
	profile  *client.BankProfile
	stats    *client.BankStats
	profErr  error
	statsErr error
	models   *modelCounts // nil until listed (and when the list failed)

	loadingProfile bool
	loadingStats   bool
	loadingModels  bool
	seq            int
	cancel         context.CancelFunc

	health   healthCache // the banks' last health results, for the health line
	mission  wrapCache
	spin     spinner.Model
	spinning bool

	// The frame settle drew and what it was drawn from: a frame is redrawn only after
	// a message changed the pane's state, its size or focus, the theme, or the minute.
	rev      int
	drawn    string
	drawnFor frameKey
}

// frameKey is everything a frame of the overview depends on besides its state (rev).
type frameKey struct {
	rev, width, height, scroll int
	focused                    bool
	minute                     int64
	styles                     *styles.Styles
}

var (
	_ common.Pane     = (*Overview)(nil)
	_ common.Actioner = (*Overview)(nil)
	_ common.Copier   = (*Overview)(nil)
)

// profileLoadedMsg and statsLoadedMsg answer the two halves of a load; seq and bankID
// drop answers for a bank that is no longer selected.
type profileLoadedMsg struct {
	seq     int
	bankID  string
	profile *client.BankProfile
	err     error
}

type statsLoadedMsg struct {
	seq    int
	bankID string
	stats  *client.BankStats
	err    error
}

// modelCounts are the bank's mental models by freshness, as the list says it.
type modelCounts struct {
	inSync, stale, unknown int
	more                   bool // the bank has more models than one list holds
}

// modelsLoadedMsg answers the models count of a load; a failure only leaves the
// block out (the Mental models pane says what went wrong).
type modelsLoadedMsg struct {
	seq    int
	bankID string
	counts *modelCounts
}

// modelsListed is the most mental models the overview counts.
const modelsListed = 200

// NewOverview returns the overview; it shows nothing until a bank is selected.
func NewOverview(c *common.Common) *Overview {
	o := &Overview{c: c, keys: c.Keys, health: healthCache{}}
	o.spin = spinner.New(spinner.WithSpinner(spinner.MiniDot), spinner.WithStyle(c.Styles.Accent))
	o.syncKeys()
	o.settle()
	return o
}

// Init implements common.Pane; the sidebar's selection starts the first load.
func (o *Overview) Init() tea.Cmd { return nil }

// SetSize implements common.Pane.
func (o *Overview) SetSize(width, height int) {
	o.width, o.height = max(width, 0), max(height, 0)
	o.clampScroll()
	o.settle()
}

// SetStyles implements common.Pane: the spinner takes the new colour and the frame is
// drawn again.
func (o *Overview) SetStyles(st *styles.Styles) {
	o.spin.Style = st.Accent
	o.settle()
}

// Focus implements common.Pane.
func (o *Overview) Focus() tea.Cmd {
	o.focused = true
	o.settle()
	return nil
}

// Blur implements common.Pane.
func (o *Overview) Blur() {
	o.focused = false
	o.settle()
}

// Capturing implements common.Pane: the overview has no text field.
func (o *Overview) Capturing() bool { return false }

// BankID returns the bank shown ("" when none).
func (o *Overview) BankID() string { return o.bankID }

// Update implements common.Pane.
func (o *Overview) Update(msg tea.Msg) (common.Pane, tea.Cmd) {
	o.syncKeys()
	var cmd tea.Cmd
	changed := true
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		cmd = o.handleKey(msg)
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			o.scrollBy(-3)
		case tea.MouseWheelDown:
			o.scrollBy(3)
		}
	case common.BankSelectedMsg:
		cmd = o.show(msg.BankID)
	case common.BanksChangedMsg, common.MemoryChangedMsg:
		// Something changed the banks' contents (a document deleted, a retain, an
		// edit): the counts shown may be stale.
		if o.bankID != "" && !o.deleted && !o.loading() {
			cmd = o.load(true)
		}
	case common.BankHealthMsg:
		o.health.take(msg)
	case profileLoadedMsg:
		cmd = o.onProfile(msg)
	case statsLoadedMsg:
		cmd = o.onStats(msg)
	case modelsLoadedMsg:
		if o.current(msg.seq, msg.bankID) && o.loadingModels {
			o.models, o.loadingModels = msg.counts, false
			o.done()
		}
	case bankSavedMsg:
		if msg.profile.BankID == o.bankID {
			p := msg.profile
			o.profile, o.profErr = &p, nil
		}
	case bankDeletedMsg:
		if msg.bankID == o.bankID {
			o.markDeleted()
		}
	case spinner.TickMsg:
		switch {
		case msg.ID != o.spin.ID():
			changed = false
		case !o.loading():
			o.spinning, changed = false, false // let the tick chain end
		default:
			o.spin, cmd = o.spin.Update(msg)
		}
	case common.ActionMsg:
		cmd = o.do(msg.Kind)
	default:
		changed = false
	}
	if changed {
		o.rev++
	}
	o.syncKeys()
	o.settle()
	return o, cmd
}

func (o *Overview) handleKey(k tea.KeyPressMsg) tea.Cmd {
	kl, kb := o.keys.List, o.keys.Banks
	switch {
	case key.Matches(k, kl.Up):
		o.scrollBy(-1)
	case key.Matches(k, kl.Down):
		o.scrollBy(1)
	case key.Matches(k, kl.PageUp):
		o.scrollBy(-max(o.height-1, 1))
	case key.Matches(k, kl.PageDown):
		o.scrollBy(max(o.height-1, 1))
	case key.Matches(k, kl.Top):
		o.scroll = 0
	case key.Matches(k, kl.Bottom):
		o.scrollBy(1 << 30)
	case key.Matches(k, o.keys.Global.Refresh):
		return o.do(doRefresh)
	case key.Matches(k, kb.Create):
		return o.do(doCreate)
	case key.Matches(k, kb.Edit):
		return o.do(doEdit)
	case key.Matches(k, kb.Delete):
		return o.do(doDelete)
	}
	return nil
}

func (o *Overview) do(what string) tea.Cmd {
	switch {
	case what == doRefresh:
		if o.bankID == "" || o.deleted {
			return nil
		}
		return o.load(true)
	case o.c.ReadOnly:
		return nil
	case what == doCreate:
		return common.OpenDialog(newCreateDialog(o.c))
	case what == doEdit && o.profile != nil:
		p := o.profile
		return common.OpenDialog(newEditDialog(o.c, p.BankID, p.Name, p.Mission, p.Disposition))
	case what == doDelete && o.bankID != "" && !o.deleted:
		return common.OpenDialog(newDeleteDialog(o.c, o.bankID))
	}
	return nil
}

// show switches to bank id. Selecting the bank already shown refreshes it in place
// (the root's refresh does that), unless it is loading anyway.
func (o *Overview) show(id string) tea.Cmd {
	if id != "" && id == o.bankID && !o.deleted {
		if o.loading() {
			return nil
		}
		return o.load(true)
	}
	o.stop()
	o.bankID, o.deleted, o.scroll = id, false, 0
	o.profile, o.stats, o.profErr, o.statsErr, o.models = nil, nil, nil, nil, nil
	if id == "" {
		return nil
	}
	return o.load(false)
}

// load fetches profile and stats concurrently; refresh also bypasses the server's
// stats cache and keeps what is shown until the answers arrive.
func (o *Overview) load(refresh bool) tea.Cmd {
	o.stop()
	o.seq++
	ctx, cancel := context.WithCancel(context.Background())
	o.cancel = cancel
	o.loadingProfile, o.loadingStats, o.loadingModels = true, true, true
	seq, id, c := o.seq, o.bankID, o.c
	profile := func() tea.Msg {
		rctx, done := c.Context(ctx)
		defer done()
		p, err := c.Client.GetBankProfile(rctx, id)
		if err != nil {
			err = fmt.Errorf("bank profile %s: %w", id, err)
		}
		return profileLoadedMsg{seq: seq, bankID: id, profile: p, err: err}
	}
	stats := func() tea.Msg {
		rctx, done := c.Context(ctx)
		defer done()
		st, err := c.Client.BankStats(rctx, id, refresh)
		if err != nil {
			err = fmt.Errorf("bank stats %s: %w", id, err)
		}
		return statsLoadedMsg{seq: seq, bankID: id, stats: st, err: err}
	}
	models := func() tea.Msg {
		rctx, done := c.Context(ctx)
		defer done()
		l, err := c.Client.ListMentalModels(rctx, id, client.ListMentalModelsParams{Detail: client.DetailMetadata, Limit: modelsListed})
		if err != nil {
			return modelsLoadedMsg{seq: seq, bankID: id}
		}
		n := &modelCounts{more: l.Total > len(l.Items)}
		for _, mm := range l.Items {
			switch {
			case mm.IsStale == nil:
				n.unknown++
			case *mm.IsStale:
				n.stale++
			default:
				n.inSync++
			}
		}
		return modelsLoadedMsg{seq: seq, bankID: id, counts: n}
	}
	var spin tea.Cmd
	if !o.spinning {
		o.spinning = true
		spin = o.spin.Tick
	}
	return tea.Batch(profile, stats, models, spin)
}

// stop cancels the load in flight; its answers will be dropped by their seq.
func (o *Overview) stop() {
	if o.cancel != nil {
		o.cancel()
		o.cancel = nil
	}
	o.loadingProfile, o.loadingStats, o.loadingModels = false, false, false
}

func (o *Overview) loading() bool { return o.loadingProfile || o.loadingStats || o.loadingModels }

func (o *Overview) current(seq int, id string) bool {
	return seq == o.seq && id == o.bankID
}

func (o *Overview) onProfile(msg profileLoadedMsg) tea.Cmd {
	if !o.current(msg.seq, msg.bankID) || !o.loadingProfile {
		return nil
	}
	if o.vanished(msg.err) {
		return nil
	}
	o.loadingProfile = false
	o.done()
	if msg.err != nil {
		return o.failed(&o.profErr, "load bank profile", msg.err)
	}
	o.profile, o.profErr = msg.profile, nil
	return nil
}

func (o *Overview) onStats(msg statsLoadedMsg) tea.Cmd {
	if !o.current(msg.seq, msg.bankID) || !o.loadingStats {
		return nil
	}
	if o.vanished(msg.err) {
		return nil
	}
	o.loadingStats = false
	o.done()
	if msg.err != nil {
		return o.failed(&o.statsErr, "load bank stats", msg.err)
	}
	o.stats, o.statsErr = msg.stats, nil
	return nil
}

// vanished reports whether err says that the bank on screen no longer exists, and if
// so shows it as deleted. A bank deleted from the other pane (or by another client)
// is learnt of this way: the deleting pane's own message reaches only that pane, and
// the common.BanksChangedMsg that reaches this one makes it reload. A bank that was
// never shown is not "deleted": its 404 stays an error.
func (o *Overview) vanished(err error) bool {
	if !client.IsNotFound(err) || (o.profile == nil && o.stats == nil) {
		return false
	}
	o.markDeleted()
	return true
}

// markDeleted stops showing the bank: it is gone.
func (o *Overview) markDeleted() {
	o.stop()
	o.deleted, o.profile, o.stats, o.profErr, o.statsErr = true, nil, nil, nil, nil
}

// done releases the load's context once all three answers are in: the one that comes
// last must not find its request cancelled.
func (o *Overview) done() {
	if !o.loading() && o.cancel != nil {
		o.cancel()
		o.cancel = nil
	}
}

func (o *Overview) failed(slot *error, op string, err error) tea.Cmd {
	if client.IsCanceled(err) {
		return nil
	}
	*slot = err
	return common.Emit(common.ErrorMsg{Op: op, Err: err})
}

func (o *Overview) scrollBy(d int) {
	o.scroll += d
	o.clampScroll()
}

func (o *Overview) clampScroll() {
	cw, _ := o.contentWidth()
	o.scroll = min(max(o.scroll, 0), max(len(o.content(max(cw, 1)))-o.height, 0))
}
