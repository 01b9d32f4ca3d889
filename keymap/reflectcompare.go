package keymap

import "charm.land/bubbles/v2/key"

// ReflectCompare bindings act in the reflect pane's comparison: Open starts it from an
// answer in the transcript; the others act in its setup (the mental models to leave
// out, B's parameters) and its result (A and B side by side), where the list keys
// scroll.
type ReflectCompare struct {
	Open    key.Binding // from an answer: set up B; from the result: change B and ask again
	Exclude key.Binding // in the setup: leave the model under the cursor out of B, or put it back
	Run     key.Binding // in the setup: ask B
	Params  key.Binding // in the setup: edit B's parameters
	Side    key.Binding // in a result too narrow for two columns: show A or B
	Back    key.Binding // esc: cancel B while it is asked, else back to the transcript
}

func defaultReflectCompare() ReflectCompare {
	return ReflectCompare{
		Open:    key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "compare: re-ask")),
		Exclude: key.NewBinding(key.WithKeys("space"), key.WithHelp("space", "leave out/in")),
		Run:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "ask B")),
		Params:  key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "B's parameters")),
		Side:    key.NewBinding(key.WithKeys("left", "right", "h", "l"), key.WithHelp("←/→", "show A or B")),
		Back:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back to the chat")),
	}
}
