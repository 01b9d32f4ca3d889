package bankconfig

import (
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
)

// The palette actions the pane offers, as the Kind of their common.ActionMsg.
const (
	actReload   = "reload"
	actEdit     = "edit"
	actReset    = "reset"
	actResetAll = "reset-all"
	actRules    = "rules"
)

// Actions implements common.Actioner: the writes only without --read-only.
func (m *Model) Actions() []common.Action {
	if m.bank == "" {
		return nil
	}
	out := []common.Action{{Name: "Reload bank configuration", Key: "r", Msg: common.ActionMsg{Kind: actReload}}}
	if m.cfg == nil {
		return out
	}
	out = append(out, common.Action{Name: "Memory defense rules", Key: "M", Msg: common.ActionMsg{Kind: actRules}})
	if m.c.ReadOnly || m.def != nil {
		return out
	}
	if r := m.selected(); r != nil {
		name := sanitize.Line(r.spec.Key)
		out = append(out, common.Action{Name: "Edit config key " + name, Key: "e", Msg: common.ActionMsg{Kind: actEdit}})
		if r.override {
			out = append(out, common.Action{Name: "Reset config key " + name + " to inherited", Key: "u", Msg: common.ActionMsg{Kind: actReset}})
		}
	}
	if n := m.overrides(); n > 0 {
		out = append(out, common.Action{Name: "Reset all " + common.Plural(n, "override", "overrides") + " of bank " + sanitize.Line(m.bank),
			Key: "U", Msg: common.ActionMsg{Kind: actResetAll}})
	}
	return out
}

// onAction runs a palette action.
func (m *Model) onAction(msg common.ActionMsg) tea.Cmd {
	switch msg.Kind {
	case actReload:
		return m.load()
	case actEdit:
		return m.edit()
	case actReset:
		return m.resetOne()
	case actResetAll:
		return m.confirmResetAll()
	case actRules:
		return m.openDefense()
	}
	return nil
}
