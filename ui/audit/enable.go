package audit

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// confirmEnable asks, naming the bank and what the server will keep, before turning
// auditing on; nothing under --read-only.
func (m *Model) confirmEnable() tea.Cmd {
	if !m.canEnable() {
		return nil
	}
	bank, cl := m.bank, m.c.Client
	req := func(ctx context.Context) (tea.Cmd, error) {
		if _, err := cl.PatchBankConfig(ctx, bank, map[string]any{auditKey: true}); err != nil {
			return nil, err
		}
		return common.Emit(enabledMsg{bank: bank}), nil
	}
	msg := "Turn the audit log on for bank " + m.bankName() + "? From now on the server records every recall, reflect, " +
		"retain and write to this bank with its full request and response (queries, retained content, webhook secrets), " +
		"until audit_log_enabled is turned off in the bank's configuration."
	return common.OpenDialog(components.NewConfirm(m.c, "Turn auditing on", msg, "", "turn auditing on", "turn on", req))
}
