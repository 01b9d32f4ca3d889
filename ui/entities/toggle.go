package entities

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/common"
)

// The Entities tab also holds the tag browser: t switches between the two, so the
// tab bar keeps one tab for "what is this bank about". The tags view is a Tags pane
// of its own; the entities pane routes to it while it is shown.

// toggleTags switches between the entities and the tags; the tags load when first shown.
func (m *Model) toggleTags() tea.Cmd {
	m.showTags = !m.showTags
	if m.showTags {
		m.Blur()
		m.focused = true
		return m.tags.Focus()
	}
	m.tags.Blur()
	return m.Focus()
}

// routeTags gives msg to the tags view when it concerns it, and returns the view's
// commands; done is false when the entities take msg (too).
func (m *Model) routeTags(msg tea.Msg) (cmd tea.Cmd, done bool) {
	switch msg := msg.(type) {
	case tagsMsg:
		_, cmd = m.tags.Update(msg)
		return cmd, true
	case common.ActionMsg:
		if msg.Kind == actTagMemories || msg.Kind == actTagRecall {
			_, cmd = m.tags.Update(msg)
			return cmd, true
		}
	case common.BankSelectedMsg:
		_, cmd = m.tags.Update(msg)
		return cmd, false // the entities take it too
	case tea.KeyPressMsg:
		if !m.showTags {
			if m.zone != zoneFilter && key.Matches(msg, m.keys.Entities.Tags) {
				return m.toggleTags(), true
			}
			return nil, false
		}
		if !m.tags.Capturing() && key.Matches(msg, m.keys.Entities.Tags) {
			return m.toggleTags(), true
		}
		_, cmd = m.tags.Update(msg)
		return cmd, true
	case tea.MouseClickMsg, tea.MouseWheelMsg:
		if m.showTags {
			_, cmd = m.tags.Update(msg)
			return cmd, true
		}
	}
	return nil, false
}
