package directives

import (
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/common"
)

// The palette actions the pane offers, as the Kind of their common.ActionMsg.
const (
	actToggle  = "toggle"
	actCreate  = "create"
	actEdit    = "edit"
	actDelete  = "delete"
	actReload  = "reload"
	actPreview = "preview"
)

// Actions implements common.Actioner: the writes only without --read-only, the
// selection's only with one.
func (m *Model) Actions() []common.Action {
	if m.bank == "" {
		return nil
	}
	preview := "Preview which directives a reflect with given tags applies"
	if m.pv.open {
		preview = "Close the applies-to preview"
	}
	out := []common.Action{{Name: "Reload directives", Key: "r", Msg: common.ActionMsg{Kind: actReload}},
		{Name: preview, Key: "p", Msg: common.ActionMsg{Kind: actPreview}}}
	if m.c.ReadOnly {
		return out
	}
	out = append(out, common.Action{Name: "New directive", Key: "n", Msg: common.ActionMsg{Kind: actCreate}})
	if d := m.selected(); d != nil {
		name := common.ItemName(d.Name, d.ID)
		verb := "Switch on directive "
		if d.IsActive {
			verb = "Switch off directive "
		}
		out = append(out,
			common.Action{Name: verb + name, Key: "space", Msg: common.ActionMsg{Kind: actToggle}},
			common.Action{Name: "Edit directive " + name, Key: "e", Msg: common.ActionMsg{Kind: actEdit}},
			common.Action{Name: "Delete directive " + name, Key: "D", Msg: common.ActionMsg{Kind: actDelete}})
	}
	return out
}

// onAction runs a palette action.
func (m *Model) onAction(msg common.ActionMsg) tea.Cmd {
	switch msg.Kind {
	case actToggle:
		return m.toggle()
	case actCreate:
		return m.openForm(nil)
	case actEdit:
		return m.openForm(m.selected())
	case actDelete:
		return m.confirmDelete()
	case actReload:
		return m.refresh()
	case actPreview:
		return m.togglePreview()
	}
	return nil
}
