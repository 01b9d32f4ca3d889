package keymap

import "charm.land/bubbles/v2/key"

// Tail bindings act in the live tail, beside the global and list keys (enter opens an
// event's detail, esc leaves it, r polls now).
type Tail struct {
	Pause      key.Binding // stop following: no polling, the timeline stays still
	AllBanks   key.Binding // the current bank's events or every bank's
	Operations key.Binding // show or hide operations
	Audit      key.Binding // show or hide audit entries
	LLMErrors  key.Binding // show or hide failed LLM requests
	Source     key.Binding // the event in its own pane (Operations, Audit log, LLM requests)
}

func defaultTail() Tail {
	return Tail{
		Pause:      key.NewBinding(key.WithKeys("p", "space"), key.WithHelp("p", "pause/follow")),
		AllBanks:   key.NewBinding(key.WithKeys("b"), key.WithHelp("b", "this bank/all banks")),
		Operations: key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "operations on/off")),
		Audit:      key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "audit entries on/off")),
		LLMErrors:  key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "LLM errors on/off")),
		Source:     key.NewBinding(key.WithKeys("O"), key.WithHelp("O", "open in its pane")),
	}
}
