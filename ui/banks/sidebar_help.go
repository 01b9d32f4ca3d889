package banks

import (
	"charm.land/bubbles/v2/key"

	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
)

// syncKeys enables the bindings that can act now, so help shows only those. Writes are
// off for good in read-only mode.
func (s *Sidebar) syncKeys() {
	has := s.selected() != nil
	s.keys.Banks.Create.SetEnabled(!s.c.ReadOnly)
	s.keys.Banks.Edit.SetEnabled(!s.c.ReadOnly && has)
	s.keys.Banks.Delete.SetEnabled(!s.c.ReadOnly && has)
	s.keys.Banks.Sort.SetEnabled(len(s.order) > 1)
	s.keys.List.Back.SetEnabled(s.query != "" || s.filter.Value() != "")
}

// ShortHelp implements common.Pane.
func (s *Sidebar) ShortHelp() []key.Binding {
	if s.editing {
		return []key.Binding{
			key.NewBinding(key.WithKeys("enter"), key.WithHelp(s.keys.Form.Confirm.Help().Key, "keep filter")),
			key.NewBinding(key.WithKeys("esc"), key.WithHelp(s.keys.Form.Cancel.Help().Key, "clear filter")),
		}
	}
	k := s.keys
	return enabled(k.List.Up, k.List.Down, k.List.Filter, k.Banks.Sort, k.Banks.Create, k.Global.Refresh)
}

// FullHelp implements common.Pane.
func (s *Sidebar) FullHelp() [][]key.Binding {
	k := s.keys
	groups := [][]key.Binding{
		enabled(k.List.Up, k.List.Down, k.List.Top, k.List.Bottom, k.List.PageUp, k.List.PageDown),
		enabled(k.List.Filter, k.List.Back, k.Banks.Sort, k.Global.Refresh),
		enabled(k.Banks.Create, k.Banks.Edit, k.Banks.Delete),
	}
	out := groups[:0]
	for _, g := range groups {
		if len(g) > 0 {
			out = append(out, g)
		}
	}
	return out
}

// Actions implements common.Actioner; writes are absent in read-only mode.
func (s *Sidebar) Actions() []common.Action {
	k := s.keys
	acts := []common.Action{
		{Name: "Filter banks (server)", Key: k.List.Filter.Help().Key, Msg: common.ActionMsg{Kind: doFilter}},
		{Name: "Sort banks by " + s.sort.next().String(), Key: k.Banks.Sort.Help().Key, Msg: common.ActionMsg{Kind: doSort}},
		{Name: "Refresh banks", Key: k.Global.Refresh.Help().Key, Msg: common.ActionMsg{Kind: doRefresh}},
	}
	if s.c.ReadOnly {
		return acts
	}
	acts = append(acts, common.Action{Name: "Create bank", Key: k.Banks.Create.Help().Key, Msg: common.ActionMsg{Kind: doCreate}})
	if b := s.selected(); b != nil {
		id := sanitize.Line(b.BankID)
		acts = append(acts,
			common.Action{Name: "Edit bank " + id, Key: k.Banks.Edit.Help().Key, Msg: common.ActionMsg{Kind: doEdit}},
			common.Action{Name: "Delete bank " + id, Key: k.Banks.Delete.Help().Key, Msg: common.ActionMsg{Kind: doDelete}})
	}
	return acts
}

// Selection implements common.Copier: the selected bank's id and its list item.
func (s *Sidebar) Selection() (id, what, jsonText string, ok bool) {
	b := s.selected()
	if b == nil {
		return "", "", "", false
	}
	return b.BankID, "bank " + sanitize.Line(b.BankID), indentJSON(b), true
}

// enabled keeps the bindings that can act now.
func enabled(bs ...key.Binding) []key.Binding {
	out := make([]key.Binding, 0, len(bs))
	for _, b := range bs {
		if b.Enabled() {
			out = append(out, b)
		}
	}
	return out
}
