package entities

import "charm.land/bubbles/v2/key"

// ShortHelp implements common.Pane: the keys of the zone in focus.
func (m *Model) ShortHelp() []key.Binding {
	if m.showTags {
		return m.tags.ShortHelp()
	}
	lk, ek := m.keys.List, m.keys.Entities
	switch m.zone {
	case zoneFilter:
		return []key.Binding{
			key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "keep filter")),
			key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear filter")),
		}
	case zoneDetail:
		return []key.Binding{lk.Up, lk.Down, withHelp(lk.Open, "open memory"), ek.Memories, ek.Cooccurring,
			withHelp(lk.Back, "back to list")}
	}
	return []key.Binding{lk.Up, lk.Down, withHelp(lk.Open, "linked memories"), lk.Filter, ek.Memories, withHelp(ek.Tags, "tags"), ek.Cooccurring}
}

// FullHelp implements common.Pane.
func (m *Model) FullHelp() [][]key.Binding {
	if m.showTags {
		return m.tags.FullHelp()
	}
	lk, ek := m.keys.List, m.keys.Entities
	return [][]key.Binding{
		{lk.Up, lk.Down, lk.PageUp, lk.PageDown, lk.Top, lk.Bottom},
		{withHelp(lk.Open, "linked memories"), ek.Detail, lk.Filter, ek.Memories, ek.Cooccurring, withHelp(ek.Tags, "tags"), m.keys.Global.Refresh},
	}
}

// withHelp is b with another description.
func withHelp(b key.Binding, desc string) key.Binding {
	b.SetHelp(b.Help().Key, desc)
	return b
}
