package banks

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/health"
	"hindsight-tui/ui/common"
)

// The bank list marks a bank whose health checks fail (✗ before its fact count), and
// the overview names the failing checks. Running every check of every bank at start
// would cost up to about 330 requests a bank (health.Run's bounds), so the list runs
// only health.QuickChecks (≤9 requests) for the bank the cursor rests on for
// healthDelay, once per selection, and never for a bank the Health pane has checked in
// full (its common.BankHealthMsg wins; the pane runs again on each bank it is shown
// for). A session that visits n banks thus costs at most 9n requests for the marks,
// and banks never selected carry no mark.

// healthDelay is how long the cursor must rest on a bank before its quick checks run,
// so that scrolling through the list costs nothing.
const healthDelay = time.Second

// healthDueMsg is the timer of a quick check; seq drops it when the cursor moved on.
type healthDueMsg struct {
	seq  int
	bank string
}

// quickHealthMsg is the answer of a quick check.
type quickHealthMsg struct{ report health.BankReport }

// healthCache is the last health result of each bank, by id.
type healthCache map[string]common.BankHealthMsg

// take keeps msg unless it is a quick result and a full one is kept.
func (hc healthCache) take(msg common.BankHealthMsg) {
	if old, ok := hc[msg.BankID]; ok && old.Full && !msg.Full {
		return
	}
	hc[msg.BankID] = msg
}

// failing reports whether the bank's last result has a failing check.
func (hc healthCache) failing(id string) bool { return hc[id].Worst == string(health.Fail) }

// scheduleHealth starts the timer of the selected bank's quick check.
func (s *Sidebar) scheduleHealth(id string) tea.Cmd {
	s.healthSeq++
	if id == "" || s.health[id].Full {
		return nil
	}
	return s.c.After(healthDelay, healthDueMsg{seq: s.healthSeq, bank: id})
}

// onHealthDue runs the quick check if the cursor is still on the bank.
func (s *Sidebar) onHealthDue(msg healthDueMsg) tea.Cmd {
	if msg.seq != s.healthSeq || msg.bank != s.emitted || s.health[msg.bank].Full {
		return nil
	}
	ctx, cancel := s.c.Context(context.Background())
	cl, bank, opts := s.c.Client, msg.bank, health.Options{Timeout: s.c.Timeout, Only: health.QuickChecks()}
	return func() tea.Msg {
		defer cancel()
		return quickHealthMsg{report: health.Run(ctx, cl, bank, opts)}
	}
}

// onQuickHealth announces a quick check's result, for the overview and this list.
func onQuickHealth(msg quickHealthMsg) tea.Cmd {
	r := msg.report
	return common.Emit(common.BankHealthMsg{BankID: r.BankID, Worst: string(r.Worst()), Failing: r.Failing()})
}
