package bankconfig

import (
	"context"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"hindsight-tui/client"
	"hindsight-tui/ui/uitest"
)

// teamBank is the demo bank with overrides: a retain mission, recall_max_tokens 4096
// and a memory defense policy that redacts sensitive data.
const teamBank = "team-platform"

func demo(t *testing.T, opts ...uitest.Option) (*Model, *uitest.Host) {
	t.Helper()
	return uitest.Demo(t, New, append([]uitest.Option{uitest.Bank(teamBank)}, opts...)...)
}

// serverConfig is the bank's configuration as the server holds it.
func serverConfig(t *testing.T, h *uitest.Host, bank string) *client.BankConfig {
	t.Helper()
	cfg, err := h.C.Client.GetBankConfig(context.Background(), bank)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// patch sets overrides on the server behind the pane's back.
func patch(t *testing.T, h *uitest.Host, bank string, updates map[string]any) {
	t.Helper()
	if _, err := h.C.Client.PatchBankConfig(context.Background(), bank, updates); err != nil {
		t.Fatal(err)
	}
}

// selectKey filters the list down to key (by its whole name) and leaves the filter box, the cursor on key.
func selectKey(t *testing.T, m *Model, h *uitest.Host, name string) {
	t.Helper()
	h.Keys("/")
	m.filter.SetValue("") // a filter left from before
	h.Type(name)
	h.Keys("enter")
	for i, idx := range m.visible {
		if m.rows[idx].spec.Key == name {
			m.moveTo(i)
		}
	}
	if m.SelectedKey() != name {
		t.Fatalf("selected %q, want %q", m.SelectedKey(), name)
	}
}

// rowOf is the pane's row for key.
func rowOf(t *testing.T, m *Model, name string) row {
	t.Helper()
	for _, r := range m.rows {
		if r.spec.Key == name {
			return r
		}
	}
	t.Fatalf("no row %q", name)
	return row{}
}

// drawnRow is key's row as the list draws it, without styling.
func drawnRow(t *testing.T, m *Model, name string) string {
	t.Helper()
	r := rowOf(t, m, name)
	kw, vw := cols(m.width, m.keyWidth)
	return uitest.Plain(m.rowLine(&r, kw, vw, m.width, false))
}

// helpKeys are the keys the pane's help shows, short and full.
func helpKeys(m *Model) []string {
	var out []string
	add := func(bs []key.Binding) {
		for _, b := range bs {
			if b.Enabled() {
				out = append(out, b.Help().Key+" "+b.Help().Desc)
			}
		}
	}
	add(m.ShortHelp())
	for _, g := range m.FullHelp() {
		add(g)
	}
	return out
}

// hasHelp reports whether a help entry contains s.
func hasHelp(m *Model, s string) bool {
	for _, h := range helpKeys(m) {
		if strings.Contains(h, s) {
			return true
		}
	}
	return false
}
