package reflect

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/common"
)

// newDirective turns what is selected into a directive: the evidence item under the
// cursor (a memory, a mental model, a directive), else the selected turn's answer. It
// opens the directives pane's form filled with that text and the question's tags, to
// be named and saved there. The API sets no limit on a directive's content, so the
// text goes whole. Nothing under --read-only (the key is disabled).
func (m *Model) newDirective() tea.Cmd {
	t := m.cur.selected()
	if m.c.ReadOnly || t == nil {
		return nil
	}
	if t.state != turnAnswered {
		return common.Toast("no answer selected to make a directive of")
	}
	text := t.answer
	if i := m.cur.sel.item; i >= 0 && i < len(t.evidence) && t.evidence[i].kind != evTool {
		text = t.evidence[i].full
	}
	return common.Emit(common.ShowPaneMsg{ID: common.PaneDirectives,
		Then: common.NewDirectiveMsg{BankID: m.bank, Content: strings.TrimSpace(text), Tags: t.req.Tags}})
}
