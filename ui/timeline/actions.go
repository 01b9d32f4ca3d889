package timeline

import (
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/common"
)

// The palette actions the pane offers, as the Kind of their common.ActionMsg.
const (
	actReload = "reload"
	actPeriod = "period"
	actField  = "field"
)

// Actions implements common.Actioner.
func (m *Model) Actions() []common.Action {
	if m.bank == "" {
		return nil
	}
	return []common.Action{
		{Name: "Load the timeline again", Key: m.keys.Global.Refresh.Help().Key, Msg: common.ActionMsg{Kind: actReload}},
		{Name: "Timeline: longer period", Key: m.own.NextPeriod.Help().Key, Msg: common.ActionMsg{Kind: actPeriod}},
		{Name: "Timeline: next time field", Key: m.own.Field.Help().Key, Msg: common.ActionMsg{Kind: actField}},
	}
}

// onAction runs a palette action.
func (m *Model) onAction(msg common.ActionMsg) tea.Cmd {
	switch msg.Kind {
	case actReload:
		return m.reload()
	case actPeriod:
		return m.setPeriod(cycle(periods, m.period, 1))
	case actField:
		return m.setField(cycle(fields, m.field, 1))
	}
	return nil
}
