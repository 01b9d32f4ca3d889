package webhooks

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// deletedMsg reports a webhook deleted.
type deletedMsg struct {
	bank, id, name string
}

// confirmDelete asks, naming the webhook by URL and id, before deleting it; nothing
// under --read-only.
func (m *Model) confirmDelete() tea.Cmd {
	h := m.selected()
	if h == nil || m.c.ReadOnly || m.bank == "" {
		return nil
	}
	bank, id, cl, name := m.bank, h.ID, m.c.Client, common.ItemName(h.URL, h.ID)
	req := func(ctx context.Context) (tea.Cmd, error) {
		if err := cl.DeleteWebhook(ctx, bank, id); err != nil {
			return nil, err
		}
		return common.Emit(deletedMsg{bank: bank, id: id, name: name}), nil
	}
	msg := "Delete the webhook to " + sanitize.Line(h.URL) + " (id " + sanitize.Line(id) + ")? No more events are sent to it; its past deliveries stay in the operations list. This cannot be undone."
	return common.OpenDialog(components.NewConfirm(m.c, "Delete webhook", msg, "", "delete webhook", "delete", req))
}

// onDeleted takes the deleted webhook out of the list; the cursor keeps its row.
func (m *Model) onDeleted(msg deletedMsg) tea.Cmd {
	if msg.bank != m.bank {
		return nil
	}
	for i := range m.rows {
		if m.rows[i].ID == msg.id {
			m.rows = append(m.rows[:i:i], m.rows[i+1:]...)
			break
		}
	}
	m.clamp()
	return common.Toast("Deleted webhook " + msg.name)
}
