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
	if msg.BankID != m.bank {
		_ = m.selectBank(msg.BankID)
	}
	m.cur.filters.tags = slices.Clone(msg.Tags)
	m.cur.filters.match = msg.TagsMatch
	m.bar.setBank(m.bank, m.cur)
	if msg.Query != "" {
		m.search.SetValue(msg.Query)
	}
	cmd := m.filtersChanged()
	return tea.Batch(cmd, m.focusZone(zoneSearch))
}
