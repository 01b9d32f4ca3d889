package webhooks

import (
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/common"
)

// The palette actions the pane offers, as the Kind of their common.ActionMsg.
const (
	actCreate     = "create"
	actEdit       = "edit"
	actDelete     = "delete"
	actReload     = "reload"
	actDeliveries = "deliveries"
)

// Actions implements common.Actioner: the writes only without --read-only, and
// only in the list.
func (m *Model) Actions() []common.Action {
	if m.bank == "" {
		return nil
	}
	out := []common.Action{{Name: "Reload webhooks", Key: "r", Msg: common.ActionMsg{Kind: actReload}}}
	h := m.selected()
	if h != nil && m.dv == nil {
		out = append(out, common.Action{Name: "Deliveries of webhook " + common.ItemName(h.URL, h.ID), Key: "enter",
			Msg: common.ActionMsg{Kind: actDeliveries}})
	}
	if m.c.ReadOnly || m.dv != nil { // the writes act on the list's selection
		return out
	}
	out = append(out, common.Action{Name: "New webhook", Key: "n", Msg: common.ActionMsg{Kind: actCreate}})
	if h != nil {
		name := common.ItemName(h.URL, h.ID)
		out = append(out,
			common.Action{Name: "Edit webhook " + name, Key: "e", Msg: common.ActionMsg{Kind: actEdit}},
			common.Action{Name: "Delete webhook " + name, Key: "D", Msg: common.ActionMsg{Kind: actDelete}})
	}
	return out
}

// onAction runs a palette action.
func (m *Model) onAction(msg common.ActionMsg) tea.Cmd {
	switch msg.Kind {
	case actCreate:
		return m.openForm(nil)
	case actEdit:
		return m.openForm(m.selected())
	case actDelete:
		return m.confirmDelete()
	case actReload:
		if m.dv != nil {
			return m.reloadPage()
		}
		return m.refresh()
	case actDeliveries:
		return m.openDeliveries()
	}
	return nil
}
