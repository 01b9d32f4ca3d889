package keymap

import "charm.land/bubbles/v2/key"

// Health bindings act in the health pane, beside the global and list keys (enter
// expands a check, r runs the checks again, esc stops a run or folds the check). Fix
// is disabled in read-only mode.
type Health struct {
	Fix      key.Binding // the selected check's fix, after a confirmation
	NextItem key.Binding // the next pair or model of the open evidence, for its fix
	PrevItem key.Binding
	Probe    key.Binding // run the checks with the LLM probe, which costs LLM calls
}

func defaultHealth() Health {
	return Health{
		Fix:      key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "fix")),
		NextItem: key.NewBinding(key.WithKeys("]"), key.WithHelp("]", "next pair/model")),
		PrevItem: key.NewBinding(key.WithKeys("["), key.WithHelp("[", "previous pair/model")),
		Probe:    key.NewBinding(key.WithKeys("P"), key.WithHelp("P", "run with LLM probe")),
	}
}
