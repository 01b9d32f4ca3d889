package recall

import (
	"slices"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/common"
)

// scoped takes a recall scoped from another pane (a tag in the tags pane): the bank's
// tag filter and match mode become the request's, the query is set when one came with
// it, and the search box gets the keys so the user can type what to ask.
func (m *Model) scoped(msg common.RecallScopedMsg) tea.Cmd {
	if msg.BankID == "" {
		return nil
	}
	var cmds []tea.Cmd
	if msg.BankID != m.bank {
		cmds = append(cmds, m.selectBank(msg.BankID))
	}
	m.cur.filters.tags = slices.Clone(msg.Tags)
	m.cur.filters.match = msg.TagsMatch
	cmds = append(cmds, m.bar.Sync())
	if msg.Query != "" {
		m.search.SetValue(msg.Query)
	}
	cmds = append(cmds, m.filtersChanged(), m.focusZone(zoneSearch))
	return tea.Batch(cmds...)
}
