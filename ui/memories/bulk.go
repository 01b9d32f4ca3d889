package memories

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// selectAllCap bounds "select all matching": beyond it the user narrows the filters.
const selectAllCap = 10_000

// bulkState is an invalidate or restore running over several memories, one PATCH at
// a time; failures are kept per memory, successes stay applied.
type bulkState struct {
	running    bool
	invalidate bool
	reason     string
	ids        []string
	done       int
	failures   []bulkFailure
}

// bulkFailure is one memory the server refused.
type bulkFailure struct {
	id  string
	err error
}

// bulkStartMsg starts a confirmed bulk action.
type bulkStartMsg struct {
	ids        []string
	invalidate bool
	reason     string
}

// bulkProgressMsg answers one PATCH of a bulk action (or starts it, with index -1).
type bulkProgressMsg struct {
	index int
	err   error
	start *bulkStartMsg
}

// selectedMsg answers "select all matching".
type selectedMsg struct {
	seq int
	ids []string
	err error
}

// targets are the memories a bulk action applies to: the selection, else the row.
func (m *Model) targets() []string {
	if len(m.selected) > 0 {
		ids := make([]string, 0, len(m.selected))
		for id := range m.selected {
			ids = append(ids, id)
		}
		slices.Sort(ids)
		return ids
	}
	if mem := m.current(); mem != nil {
		return []string{mem.ID}
	}
	return nil
}

// confirmBulk asks before invalidating (or restoring) the targets, stating the count.
func (m *Model) confirmBulk(invalidate bool) tea.Cmd {
	ids := m.targets()
	if len(ids) == 0 || m.c.ReadOnly {
		return nil
	}
	verb, title := "restore", "Restore memories"
	if invalidate {
		verb, title = "invalidate", "Invalidate memories"
	}
	msg := fmt.Sprintf("%s %s? Invalidated memories leave recall until restored.", verb, m.names(ids))
	var d *components.Confirm
	req := func(context.Context) (tea.Cmd, error) {
		reason := strings.TrimSpace(d.Typed())
		if reason == "" {
			reason = components.InvalidateReason
		}
		return common.Emit(bulkProgressMsg{index: -1, start: &bulkStartMsg{ids: ids,
			invalidate: invalidate, reason: reason}}), nil
	}
	d = components.NewConfirm(m.c, title, msg, "", verb+" memories", verb, req)
	if invalidate {
		msg += " The reason is stored with each memory."
		d = components.NewConfirm(m.c, title, msg, "", verb+" memories", verb, req).WithNote("reason (optional), e.g. the user corrected this")
	}
	return common.OpenDialog(d)
}

// names says which memories ids are: one by its first line and id, several by their
// count and the first three.
func (m *Model) names(ids []string) string {
	name := func(id string) string {
		if i, ok := m.win.find(id); ok {
			return common.ItemName(m.win.item(i).Text, id)
		}
		return common.ItemName("", id)
	}
	if len(ids) == 1 {
		return name(ids[0])
	}
	shown := make([]string, 0, 3)
	for _, id := range ids[:min(3, len(ids))] {
		shown = append(shown, name(id))
	}
	s := count(len(ids)) + ": " + strings.Join(shown, ", ")
	if rest := len(ids) - len(shown); rest > 0 {
		s += fmt.Sprintf(" and %d more", rest)
	}
	return s
}

// count is "1 memory" or "n memories".
func count(n int) string { return common.Plural(n, "memory", "memories") }

// onBulkProgress records one answer and sends the next PATCH; at the end the list
// reloads and failures are listed.
func (m *Model) onBulkProgress(msg bulkProgressMsg) tea.Cmd {
	if msg.start != nil {
		m.bulk = bulkState{running: true, invalidate: msg.start.invalidate, reason: msg.start.reason, ids: msg.start.ids}
		m.notice = ""
		return m.patch(0)
	}
	if !m.bulk.running {
		return nil
	}
	if msg.err != nil {
		m.bulk.failures = append(m.bulk.failures, bulkFailure{id: m.bulk.ids[msg.index], err: msg.err})
	}
	m.bulk.done = msg.index + 1
	if m.bulk.done < len(m.bulk.ids) {
		return m.patch(m.bulk.done)
	}
	m.bulk.running = false
	verb := "restored"
	if m.bulk.invalidate {
		verb = "invalidated"
	}
	ok := len(m.bulk.ids) - len(m.bulk.failures)
	m.notice = fmt.Sprintf("%s %s", verb, count(ok))
	if n := len(m.bulk.failures); n > 0 {
		m.notice += fmt.Sprintf(", %d failed", n)
	}
	failed := m.failuresDialog(verb) // before the reload drops the rows' text
	// The reload comes with the MemoryChangedMsg every pane hears (onMemoryChanged):
	// the cursor stays on its memory if it was not acted on; one that was leaves this
	// list, and the row then holds the next one.
	var changed []string
	for _, id := range m.bulk.ids {
		if !slices.ContainsFunc(m.bulk.failures, func(f bulkFailure) bool { return f.id == id }) {
			changed = append(changed, id)
		}
	}
	if mem := m.current(); mem != nil && slices.Contains(changed, mem.ID) {
		m.notice += " · " + m.keys.Memories.State.Help().Key + " cycles the state filter to find them"
	}
	change := common.MemoryRestored
	if m.bulk.invalidate {
		change = common.MemoryInvalidated
	}
	reload := common.Emit(common.MemoryChangedMsg{BankID: m.bank, IDs: changed, Change: change})
	m.selected = map[string]bool{}
	for _, f := range m.bulk.failures {
		m.selected[f.id] = true // failures stay selected, to retry
	}
	m.noticeSeq++
	expire := m.c.After(noticeTTL, noticeExpiredMsg{seq: m.noticeSeq})
	return tea.Batch(reload, common.Toast(m.notice), failed, expire)
}

// patch sends the PATCH for the i-th memory of the bulk action.
func (m *Model) patch(i int) tea.Cmd {
	bank, id, cl, c := m.bank, m.bulk.ids[i], m.c.Client, m.c
	u := client.UpdateMemoryRequest{State: client.Ptr("valid")}
	if m.bulk.invalidate {
		u = client.UpdateMemoryRequest{State: client.Ptr("invalidated"), Reason: client.Ptr(m.bulk.reason)}
	}
	return func() tea.Msg {
		ctx, cancel := c.Context(context.Background())
		defer cancel()
		_, err := cl.UpdateMemory(ctx, bank, id, u)
		return bulkProgressMsg{index: i, err: err}
	}
}

// selectAll selects every memory matching the filters (up to selectAllCap).
func (m *Model) selectAll() tea.Cmd {
	seq, bank, f, cl, c := m.win.seq, m.bank, m.filter, m.c.Client, m.c
	return func() tea.Msg {
		var ids []string
		for off := 0; off < selectAllCap; off += pageSize {
			ctx, cancel := c.Context(context.Background())
			list, err := cl.ListMemories(ctx, bank, f.params(pageSize, off))
			cancel()
			if err != nil {
				return selectedMsg{seq: seq, err: fmt.Errorf("select memories of %s: %w", bank, err)}
			}
			for _, it := range list.Items {
				ids = append(ids, it.ID)
			}
			if len(list.Items) == 0 || off+len(list.Items) >= list.Total {
				break
			}
		}
		return selectedMsg{seq: seq, ids: ids}
	}
}

// onSelected applies "select all matching".
func (m *Model) onSelected(msg selectedMsg) tea.Cmd {
	if msg.seq != m.win.seq {
		return nil
	}
	if msg.err != nil {
		return common.Emit(common.ErrorMsg{Op: "select memories", Err: msg.err})
	}
	for _, id := range msg.ids {
		m.selected[id] = true
	}
	return nil
}

// noticeTTL is how long the outcome of a bulk action stays on the status line (its
// failures stay until the next action: they are still selected, to retry).
const noticeTTL = 10 * time.Second

// noticeExpiredMsg clears the notice it was set for, not a newer one.
type noticeExpiredMsg struct{ seq int }

// onNoticeExpired clears an outcome notice that has been read.
func (m *Model) onNoticeExpired(msg noticeExpiredMsg) {
	if msg.seq == m.noticeSeq && len(m.bulk.failures) == 0 {
		m.notice = ""
	}
}
