package models

// Evidence rot: whether the memories a model's last refresh cited are still there.
// No LLM runs: the stored answer (reflect_response.based_on) names the memories, and
// a GET of each says whether it was invalidated since (the route falls back to the
// invalidated archive) or deleted (404). The memories list route filters by no id
// (API §4.2), so one GET per distinct cited memory is the cheapest exact check.

import (
	"context"
	"slices"
	"strings"
	"sync"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// A check reads at most rotMaxIDs memories (the distinct ids cited by all listed
// models, in list order), rotWorkers at a time: one check costs at most 200 GETs,
// whatever the number of models; ids beyond the bound stay unchecked and say so.
const (
	rotMaxIDs  = 200
	rotWorkers = 6
)

// citeState is what the server says now about a cited memory.
type citeState int

const (
	citeUnchecked   citeState = iota // not read (yet, or over the bound)
	citeValid                        // still there and valid
	citeInvalidated                  // in the invalidated archive
	citeDeleted                      // 404: deleted, with its document say
	citeFailed                       // the GET failed otherwise
)

// citeCheck is one cited memory as the last check found it.
type citeCheck struct {
	state  citeState
	reason string      // invalidation_reason
	at     client.Time // invalidated_at
	err    error
}

// rotState is the evidence check of the listed models and the request running it.
type rotState struct {
	cited   map[string][]client.ModelEvidence // by model id: the memories its stored answer cites, each once
	checks  map[string]citeCheck              // by memory id, from the newest check that answered
	skipped int                               // distinct cited ids the last check left unread (over the bound)
	limit   int                               // the bound; 0 = rotMaxIDs (tests lower it)
	busy    bool
	seq     int
	cancel  context.CancelFunc

	mark     int // index into the open model's gone memories
	markLine int // where the mark is in det.lines, settled with them
}

// rotMsg answers a check.
type rotMsg struct {
	bank    string
	seq     int
	checks  map[string]citeCheck
	skipped int
}

// gone is a cited memory that was invalidated or deleted, with the text the stored
// answer holds (all that is left of a deleted one).
type gone struct {
	ev    client.ModelEvidence
	check citeCheck
}

// rotCount is what the last check found for one model.
type rotCount struct {
	cited, invalidated, deleted, failed, unchecked int
	gone                                           []gone
}

// rotten says the model cites a memory that is gone.
func (r rotCount) rotten() bool { return r.invalidated+r.deleted > 0 }

// citedByModel reads each listed model's stored answer once (the list asks for
// detail=full), keeping each cited memory once per model.
func citedByModel(items []client.MentalModel) map[string][]client.ModelEvidence {
	out := make(map[string][]client.ModelEvidence, len(items))
	for i := range items {
		a := items[i].Answer()
		if a == nil {
			continue
		}
		seen := map[string]bool{}
		for _, k := range []string{"world", "experience", "observation", "memories"} {
			for _, ev := range a.BasedOn[k] {
				if ev.ID != "" && !seen[ev.ID] {
					seen[ev.ID] = true
					out[items[i].ID] = append(out[items[i].ID], ev)
				}
			}
		}
	}
	return out
}

// checkRot reads the memories the listed models cite, in a command; a check in
// flight is cancelled and its answer dropped. The rows keep the last answer until
// the new one comes.
func (m *Model) checkRot() tea.Cmd {
	m.stopRot()
	if m.bank == "" || !m.list.loaded {
		return nil
	}
	m.rot.cited = citedByModel(m.list.items)
	var ids []string
	seen := map[string]bool{}
	for _, mm := range m.list.items {
		for _, ev := range m.rot.cited[mm.ID] {
			if !seen[ev.ID] {
				seen[ev.ID] = true
				ids = append(ids, ev.ID)
			}
		}
	}
	limit := m.rot.limit
	if limit <= 0 {
		limit = rotMaxIDs
	}
	skipped := max(len(ids)-limit, 0)
	ids = ids[:len(ids)-skipped]
	m.rot.seq++
	if len(ids) == 0 {
		m.rot.checks, m.rot.skipped = nil, skipped
		return nil
	}
	tick := m.spinTick()
	m.rot.busy = true
	ctx, cancel := m.c.Context(context.Background())
	m.rot.cancel = cancel
	bank, seq, cl := m.bank, m.rot.seq, m.c.Client
	return tea.Batch(func() tea.Msg {
		defer cancel()
		return rotMsg{bank: bank, seq: seq, checks: checkMemories(ctx, cl, bank, ids), skipped: skipped}
	}, tick)
}

// spinTick starts the spinner unless something already turns it.
func (m *Model) spinTick() tea.Cmd {
	if m.loading() {
		return nil
	}
	return m.spin.Tick
}

// checkMemories GETs each id, rotWorkers at a time.
func checkMemories(ctx context.Context, cl *client.Client, bank string, ids []string) map[string]citeCheck {
	out := make([]citeCheck, len(ids))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(rotWorkers, len(ids)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = checkMemory(ctx, cl, bank, ids[i])
			}
		}()
	}
	for i := range ids {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	checks := make(map[string]citeCheck, len(ids))
	for i, id := range ids {
		checks[id] = out[i]
	}
	return checks
}

// checkMemory says what became of one cited memory.
func checkMemory(ctx context.Context, cl *client.Client, bank, id string) citeCheck {
	if ctx.Err() != nil {
		return citeCheck{state: citeFailed, err: ctx.Err()}
	}
	mem, err := cl.GetMemory(ctx, bank, id)
	switch {
	case client.StatusCode(err) == 404:
		return citeCheck{state: citeDeleted}
	case err != nil:
		return citeCheck{state: citeFailed, err: err}
	case mem.State == "invalidated":
		return citeCheck{state: citeInvalidated, reason: mem.InvalidationReason, at: mem.InvalidatedAt}
	}
	return citeCheck{state: citeValid}
}

// stopRot cancels the check in flight.
func (m *Model) stopRot() {
	if m.rot.cancel != nil {
		m.rot.cancel()
		m.rot.cancel = nil
	}
	m.rot.busy = false
}

// resetRot forgets everything checked, for another bank.
func (m *Model) resetRot() {
	m.stopRot()
	m.rot = rotState{seq: m.rot.seq, limit: m.rot.limit}
}

// updateRot takes the messages of the evidence check and the refresh key.
func (m *Model) updateRot(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case rotMsg:
		return m.onRot(msg)
	case common.MemoryChangedMsg:
		return m.onMemoryChanged(msg)
	case common.BanksChangedMsg:
		// A document deleted elsewhere takes its memories with it.
		return m.checkRot()
	}
	return nil
}

// onRot takes a check's answer unless a newer check (or another bank) replaced it.
// Reads that failed are logged once; the rows count them apart.
func (m *Model) onRot(msg rotMsg) tea.Cmd {
	if msg.bank != m.bank || msg.seq != m.rot.seq {
		return nil
	}
	m.rot.busy, m.rot.cancel = false, nil
	m.rot.checks, m.rot.skipped = msg.checks, msg.skipped
	failed, first := 0, error(nil)
	for _, c := range msg.checks {
		if c.state == citeFailed && !client.IsCanceled(c.err) {
			failed++
			if first == nil {
				first = c.err
			}
		}
	}
	if failed == 0 {
		return nil
	}
	return common.Emit(common.ErrorMsg{Op: "check the memories cited by the mental models of " + msg.bank +
		" (" + common.Plural(failed, "memory", "memories") + " could not be read)", Err: first})
}

// onMemoryChanged checks again after memories of the bank were written elsewhere (an
// invalidation in the inspector, say). A retain, or a finished operation such as a
// refresh, may have changed what the models cite, so the list reloads (and checks on
// its answer); a write to memories no model cites costs nothing.
func (m *Model) onMemoryChanged(msg common.MemoryChangedMsg) tea.Cmd {
	if msg.BankID != m.bank || !m.list.loaded {
		return nil
	}
	if msg.Change == common.MemoryRetained {
		return m.reload()
	}
	if len(msg.IDs) > 0 && !m.cites(msg.IDs) {
		return nil
	}
	return m.checkRot()
}

// cites says a listed model cites one of ids.
func (m *Model) cites(ids []string) bool {
	for _, evs := range m.rot.cited {
		for _, ev := range evs {
			if slices.Contains(ids, ev.ID) {
				return true
			}
		}
	}
	return false
}

// rotOf counts what the last check found for model id.
func (m *Model) rotOf(id string) rotCount {
	var r rotCount
	for _, ev := range m.rot.cited[id] {
		r.cited++
		c := m.rot.checks[ev.ID]
		switch c.state {
		case citeInvalidated:
			r.invalidated++
			r.gone = append(r.gone, gone{ev, c})
		case citeDeleted:
			r.deleted++
			r.gone = append(r.gone, gone{ev, c})
		case citeFailed:
			r.failed++
		case citeUnchecked:
			r.unchecked++
		}
	}
	return r
}

// withRot makes a row's badge say what its citations lost: a model citing a gone
// memory is stale on its own GET (API §15.1), though the list says nothing.
func (m *Model) withRot(mm *client.MentalModel, s staleness) staleness {
	r := m.rotOf(mm.ID)
	if !r.rotten() {
		return s
	}
	why := "Stale: memories its last refresh cited have since gone (" +
		strings.TrimPrefix(rotBadge(r, 1<<20), "cites ") + "); a refresh cites what is there now."
	if s.stale && !s.rotted {
		why += " " + s.why // new memories in scope too
	}
	s.badge, s.stale, s.rotted, s.why = rotBadge(r, stateWidth), true, true, why
	return s
}

// openGone is the open model's gone memories, the marked one clamped.
func (m *Model) openGone() []gone {
	g := m.rotOf(m.det.id).gone
	m.rot.mark = min(max(m.rot.mark, 0), max(len(g)-1, 0))
	return g
}

// rotKey takes the keys of the evidence check in the open model: o marks the next gone
// memory and enter inspects it (F, the refresh that mends it, is an action key).
func (m *Model) rotKey(k tea.KeyPressMsg) (tea.Cmd, bool) {
	km := m.keys.Models
	switch {
	case !m.open:
		return nil, false
	case key.Matches(k, km.NextGone):
		if g := m.openGone(); len(g) > 0 {
			m.rot.mark = (m.rot.mark + 1) % len(g)
			m.scrollToMark()
		}
		return nil, true
	case key.Matches(k, m.keys.List.Open):
		g := m.openGone()
		if len(g) == 0 {
			return nil, false
		}
		it := g[m.rot.mark]
		if it.check.state == citeDeleted {
			return common.Toast("Memory " + sanitize.Line(it.ev.ID) + " was deleted: only the text the model stored is left"), true
		}
		return common.OpenDialog(components.NewMemoryDialog(m.c, m.bank, it.ev.ID)), true
	}
	return nil, false
}

// scrollToMark scrolls the detail so the marked memory shows.
func (m *Model) scrollToMark() {
	m.settle()
	view := max(m.height-1, 1)
	if l := m.rot.markLine; l < m.det.scroll || l+2 >= m.det.scroll+view {
		m.det.scroll = max(l-1, 0)
	}
}

// syncRotKeys enables o where the open model cites more than one gone memory.
func (m *Model) syncRotKeys() {
	km := &m.keys.Models
	km.NextGone.SetEnabled(m.open && len(m.rotOf(m.det.id).gone) > 1)
}
