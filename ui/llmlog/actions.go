package llmlog

import (
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/common"
)

// The palette actions the pane offers, as the Kind of their common.ActionMsg.
const (
	actReload = "reload"
	actSave   = "save"
	actTokens = "tokens"
	actFilter = "filter"
)

// Actions implements common.Actioner.
func (m *Model) Actions() []common.Action {
	if m.bank == "" {
		return nil
	}
	out := []common.Action{
		{Name: "List the LLM calls again", Key: m.keys.Global.Refresh.Help().Key, Msg: common.ActionMsg{Kind: actReload}},
		{Name: "Filter the LLM calls", Key: m.keys.List.Filter.Help().Key, Msg: common.ActionMsg{Kind: actFilter}},
		{Name: "Show or hide the tokens per operation", Key: m.own.Tokens.Help().Key, Msg: common.ActionMsg{Kind: actTokens}},
	}
	if m.selectedRun() != nil {
		out = append(out, common.Action{Name: "Save the marked (or selected) LLM runs as JSONL", Key: m.own.Save.Help().Key, Msg: common.ActionMsg{Kind: actSave}})
	}
	return out
}

// onAction runs a palette action.
func (m *Model) onAction(msg common.ActionMsg) tea.Cmd {
	switch msg.Kind {
	case actReload:
		return m.reload()
	case actSave:
		return m.save()
	case actTokens:
		m.showTokens = !m.showTokens
	case actFilter:
		m.inBar, m.detail = true, false
		return m.bar.Focus()
	}
	return nil
}
