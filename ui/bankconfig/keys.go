package bankconfig

import (
	"encoding/json"

	"charm.land/bubbles/v2/key"

	"hindsight-tui/sanitize"
)

// syncKeys enables the bindings that act now.
func (m *Model) syncKeys() {
	kb := &m.keys.BankConfig
	writes := !m.c.ReadOnly && m.cfg != nil
	r := m.selected()
	kb.Edit.SetEnabled(writes && r != nil)
	m.keys.List.Open.SetEnabled(writes && r != nil)
	kb.Reset.SetEnabled(writes && r != nil && r.override)
	kb.ResetAll.SetEnabled(writes && m.overrides() > 0)
	kb.Rules.SetEnabled(m.cfg != nil)
	d := &kb.Defense
	in := m.def != nil
	rw := in && !m.c.ReadOnly
	d.Add.SetEnabled(rw)
	has := in && m.def.selected() != nil
	d.Edit.SetEnabled(rw && has)
	d.Delete.SetEnabled(rw && has)
	d.Earlier.SetEnabled(rw && has && m.def.cursor > 0)
	d.Later.SetEnabled(rw && has && m.def.cursor < len(m.def.rules)-1)
	d.Toggle.SetEnabled(rw)
	d.Save.SetEnabled(rw && m.def.dirty())
}

// ShortHelp implements common.Pane.
func (m *Model) ShortHelp() []key.Binding {
	kl, kb := m.keys.List, m.keys.BankConfig
	switch {
	case m.filtering:
		return []key.Binding{kb.Filter.Leave}
	case m.def != nil:
		d := kb.Defense
		return []key.Binding{kl.Back, d.Add, d.Edit, d.Delete, d.Toggle, d.Save, kl.Up, kl.Down}
	}
	return []key.Binding{kl.Open, kl.Filter, kb.Reset, kb.ResetAll, kb.Rules, m.keys.Global.Refresh}
}

// FullHelp implements common.Pane.
func (m *Model) FullHelp() [][]key.Binding {
	kl, kb := m.keys.List, m.keys.BankConfig
	d := kb.Defense
	back := kl.Back
	back.SetHelp(back.Help().Key, "rules: back to the keys")
	return [][]key.Binding{
		{kl.Up, kl.Down, kl.PageUp, kl.PageDown, kl.Top, kl.Bottom},
		{kl.Filter, kb.Filter.Leave, m.keys.Global.Refresh},
		{kl.Open, kb.Edit, kb.Reset, kb.ResetAll, kb.Rules},
		{back, d.Add, d.Edit, d.Delete, d.Toggle, d.Earlier, d.Later, d.Save},
	}
}

// Selection implements common.Copier: the selected key and its value.
func (m *Model) Selection() (id, what, jsonText string, ok bool) {
	r := m.selected()
	if r == nil {
		return "", "", "", false
	}
	b, err := json.MarshalIndent(map[string]json.RawMessage{r.spec.Key: r.value}, "", "  ")
	if err != nil {
		return "", "", "", false
	}
	return r.spec.Key, "config key " + sanitize.Line(r.spec.Key), string(b), true
}
