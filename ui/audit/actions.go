package audit

import (
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/common"
)

// The palette actions the pane offers, as the Kind of their common.ActionMsg.
const (
	actReload = "reload"
	actFilter = "filter"
	actChart  = "chart"
	actEnable = "enable"
	actReplay = "replay"
)

// Actions implements common.Actioner; turning auditing on is absent under
// --read-only and while it is on.
func (m *Model) Actions() []common.Action {
	if m.bank == "" {
		return nil
	}
	out := []common.Action{
		{Name: "List the audit log again", Key: m.keys.Global.Refresh.Help().Key, Msg: common.ActionMsg{Kind: actReload}},
		{Name: "Filter the audit log", Key: m.keys.List.Filter.Help().Key, Msg: common.ActionMsg{Kind: actFilter}},
		{Name: "Show or hide the audited calls per action", Key: m.own.Chart.Help().Key, Msg: common.ActionMsg{Kind: actChart}},
	}
	if m.canEnable() {
		out = append(out, common.Action{Name: "Turn auditing on for this bank", Key: m.own.Enable.Help().Key, Msg: common.ActionMsg{Kind: actEnable}})
	}
	if m.canReplay() {
		out = append(out, common.Action{Name: "Replay the selected recall: then vs now", Key: m.own.Replay.Help().Key, Msg: common.ActionMsg{Kind: actReplay}})
	}
	return out
}

// onAction runs a palette action.
func (m *Model) onAction(msg common.ActionMsg) tea.Cmd {
	switch msg.Kind {
	case actReload:
		return m.reload()
	case actChart:
		m.showChart = !m.showChart
	case actFilter:
		m.inBar, m.detail = true, false
		return m.bar.Focus()
	case actEnable:
		return m.confirmEnable()
	case actReplay:
		if m.canReplay() {
			return m.replay()
		}
	}
	return nil
}
