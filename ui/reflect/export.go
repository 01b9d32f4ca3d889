package reflect

import (
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// startExport asks where to write the transcript, as it is now, and writes it there.
func (m *Model) startExport() tea.Cmd {
	if len(m.cur.turns) == 0 {
		return common.Toast("nothing to export yet: ask a question first")
	}
	bank, c, turns, cmp := m.bank, m.c, m.cur.turns, m.cur.cmp
	name := "hindsight-reflect-" + components.FileSafe(bank) + "-" + c.Now().Format("20060102-1504") + ".md"
	return components.SaveFile(c, "the transcript", name, func() string {
		return exportMarkdown(bank, c.BaseURL, c.Now(), turns, cmp)
	})
}
