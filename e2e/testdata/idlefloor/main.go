// Command idlefloor is the smallest full-screen Bubble Tea program: one static frame
// of the explorer's size, nothing else. The idle-CPU measurement runs it beside the
// explorer, so the figure shows what the app adds to the framework's own frame timer.
package main

import (
	"strings"

	tea "charm.land/bubbletea/v2"
)

type model struct{}

func (model) Init() tea.Cmd { return nil }

func (m model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok && k.String() == "q" {
		return m, tea.Quit
	}
	return m, nil
}

func (model) View() tea.View {
	v := tea.NewView(strings.Repeat(strings.Repeat("·", 119)+"\n", 39))
	v.AltScreen = true
	return v
}

func main() {
	if _, err := tea.NewProgram(model{}).Run(); err != nil {
		panic(err)
	}
}
