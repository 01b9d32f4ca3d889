package keymap

import "charm.land/bubbles/v2/key"

// LLMLog bindings act in the LLM requests pane, beside the global and list keys (/
// opens the filter bar, enter a call's detail, W writes the marked runs to a file, r
// lists again).
type LLMLog struct {
	Mark     key.Binding // mark the selected run for saving
	Save     key.Binding // write the marked runs (or the selected one) to a JSONL file
	Tokens   key.Binding // show or hide the tokens-by-operation chart
	NextPage key.Binding
	PrevPage key.Binding
	// Bar is the filter bar's keys, which act only while it is open.
	Bar LLMLogBar
}

// LLMLogBar bindings act in the LLM requests pane's filter bar.
type LLMLogBar struct {
	NextItem key.Binding
	PrevItem key.Binding
	Toggle   key.Binding
	Leave    key.Binding
}

func defaultLLMLog() LLMLog {
	return LLMLog{
		Mark:     key.NewBinding(key.WithKeys("space"), key.WithHelp("space", "mark run to save")),
		Save:     key.NewBinding(key.WithKeys("S"), key.WithHelp("S", "save runs as JSONL")),
		Tokens:   key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "tokens chart on/off")),
		NextPage: key.NewBinding(key.WithKeys("]"), key.WithHelp("]", "next page of runs")),
		PrevPage: key.NewBinding(key.WithKeys("["), key.WithHelp("[", "previous page of runs")),
		Bar: LLMLogBar{
			NextItem: key.NewBinding(key.WithKeys("tab", "right"), key.WithHelp("tab/→", "filter bar: next filter")),
			PrevItem: key.NewBinding(key.WithKeys("shift+tab", "left"), key.WithHelp("shift+tab/←", "filter bar: previous filter")),
			Toggle:   key.NewBinding(key.WithKeys("space"), key.WithHelp("space", "filter bar: cycle a choice")),
			Leave:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "filter bar: done")),
		},
	}
}
