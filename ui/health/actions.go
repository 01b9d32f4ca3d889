package health

import (
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/common"
)

// The palette actions the pane offers, as the Kind of their common.ActionMsg.
const (
	actRun   = "run"
	actProbe = "probe"
	actFix   = "fix"
)

// Actions implements common.Actioner: running the checks again, and the selected
// check's fix only without --read-only.
func (m *Model) Actions() []common.Action {
	if m.bank == "" {
		return nil
	}
	out := []common.Action{
		{Name: "Run the health checks again", Key: m.keys.Global.Refresh.Help().Key, Msg: common.ActionMsg{Kind: actRun}},
		{Name: "Run the health checks with the LLM probe (LLM calls)", Key: m.own.Probe.Help().Key, Msg: common.ActionMsg{Kind: actProbe}},
	}
	if m.c.ReadOnly {
		return out
	}
	if c := m.selected(); c != nil {
		if kind, label := fixOf(c); kind != "" {
			out = append(out, common.Action{Name: "Fix " + c.ID + ": " + label, Key: m.own.Fix.Help().Key, Msg: common.ActionMsg{Kind: actFix}})
		}
	}
	return out
}

// onAction runs a palette action.
func (m *Model) onAction(msg common.ActionMsg) tea.Cmd {
	switch msg.Kind {
	case actRun:
		return m.run(false)
	case actProbe:
		return m.run(true)
	case actFix:
		return m.fix()
	}
	return nil
}
