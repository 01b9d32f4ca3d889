package directives

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// deletedMsg reports a directive deleted.
type deletedMsg struct {
	bank, id, name string
}

// confirmDelete asks, naming the directive, before deleting it; nothing under --read-only.
func (m *Model) confirmDelete() tea.Cmd {
	d := m.selected()
	if d == nil || m.c.ReadOnly || m.bank == "" {
		return nil
	}
	bank, id, cl, name := m.bank, d.ID, m.c.Client, common.ItemName(d.Name, d.ID)
	req := func(ctx context.Context) (tea.Cmd, error) {
		if err := cl.DeleteDirective(ctx, bank, id); err != nil {
			return nil, err
		}
		return common.Emit(deletedMsg{bank: bank, id: id, name: name}), nil
	}
	msg := "Delete directive " + name + "? Reflect stops applying it, and this cannot be undone; space only switches it off."
	return common.OpenDialog(components.NewConfirm(m.c, "Delete directive", msg, "", "delete directive", "delete", req))
}

// onDeleted takes the deleted directive out of the list; the cursor keeps its row.
func (m *Model) onDeleted(msg deletedMsg) tea.Cmd {
	if msg.bank != m.bank {
		return nil
	}
	for i := range m.rows {
		if m.rows[i].ID == msg.id {
			m.rows = append(m.rows[:i:i], m.rows[i+1:]...)
			m.total = max(m.total-1, 0)
			break
		}
	}
	m.clamp()
	m.judge()
	return common.Toast("Deleted directive " + msg.name)
}
