package models

import (
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/common"
)

// The palette actions the pane offers, as the Kind of their common.ActionMsg.
const (
	actReload  = "reload"
	actCreate  = "create"
	actEdit    = "edit"
	actRefresh = "refresh"
	actDryRun  = "dry-run"
	actClear   = "clear"
	actDelete  = "delete"
)

var _ common.Actioner = (*Model)(nil)

// Actions implements common.Actioner: the writes only without --read-only, those on a
// model only with one open or selected.
func (m *Model) Actions() []common.Action {
	if m.bank == "" {
		return nil
	}
	out := []common.Action{{Name: "Reload mental models", Key: "r", Msg: common.ActionMsg{Kind: actReload}}}
	if m.c.ReadOnly {
		return out
	}
	km := m.keys.Models
	out = append(out, common.Action{Name: "New mental model", Key: km.Create.Help().Key, Msg: common.ActionMsg{Kind: actCreate}})
	if mm := m.current(); mm != nil {
		name := common.ItemName(mm.Name, mm.ID)
		out = append(out,
			common.Action{Name: "Refresh mental model " + name, Key: km.Refresh.Help().Key, Msg: common.ActionMsg{Kind: actRefresh}},
			common.Action{Name: "Dry-run refresh of " + name, Key: km.DryRun.Help().Key, Msg: common.ActionMsg{Kind: actDryRun}},
			common.Action{Name: "Edit mental model " + name, Key: km.Edit.Help().Key, Msg: common.ActionMsg{Kind: actEdit}},
			common.Action{Name: "Clear mental model " + name, Key: km.Clear.Help().Key, Msg: common.ActionMsg{Kind: actClear}},
			common.Action{Name: "Delete mental model " + name, Key: km.Delete.Help().Key, Msg: common.ActionMsg{Kind: actDelete}})
	}
	return out
}

// onAction runs a palette action.
func (m *Model) onAction(msg common.ActionMsg) tea.Cmd {
	mm := m.current()
	switch msg.Kind {
	case actReload:
		return m.reload()
	case actCreate:
		return m.openForm(nil)
	}
	if mm == nil {
		return nil
	}
	switch msg.Kind {
	case actEdit:
		return m.openForm(mm)
	case actRefresh:
		return m.refresh(mm.ID)
	case actDryRun:
		return m.startDryRun()
	case actClear:
		return m.confirmClear()
	case actDelete:
		return m.confirmDelete()
	}
	return nil
}
