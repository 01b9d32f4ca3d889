package keymap

import "charm.land/bubbles/v2/key"

// BankConfig bindings act in the bank configuration pane, beside the global and list
// keys (/ filters the keys by name, enter edits the selected key, r reads the
// configuration again). The writes are disabled in read-only mode.
type BankConfig struct {
	Edit     key.Binding // edit the selected key's value (a bool toggles), with a preview
	Reset    key.Binding // drop the bank's override of the selected key, so it inherits
	ResetAll key.Binding // drop every override of the bank, after a confirmation
	Rules    key.Binding // open the memory defense rules
	// Filter is the filter box's keys, which act only while it has focus.
	Filter BankConfigFilter
	// Defense is the memory defense rules view's keys, beside the list keys.
	Defense BankConfigDefense
}

// BankConfigFilter bindings act in the bank configuration pane's filter box.
type BankConfigFilter struct {
	Leave key.Binding
}

// BankConfigDefense bindings act in the memory defense rules view of the bank
// configuration pane; its writes are disabled in read-only mode.
type BankConfigDefense struct {
	Add     key.Binding
	Edit    key.Binding
	Delete  key.Binding
	Toggle  key.Binding // the policy's enabled switch
	Earlier key.Binding // move the rule up: the first rule that fires decides
	Later   key.Binding
	Save    key.Binding // preview the policy as it will be sent, then send it
}

func defaultBankConfig() BankConfig {
	return BankConfig{
		Edit:     key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "edit value")),
		Reset:    key.NewBinding(key.WithKeys("u"), key.WithHelp("u", "reset key to inherited")),
		ResetAll: key.NewBinding(key.WithKeys("U"), key.WithHelp("U", "reset all overrides")),
		Rules:    key.NewBinding(key.WithKeys("M"), key.WithHelp("M", "memory defense rules")),
		Filter: BankConfigFilter{
			Leave: key.NewBinding(key.WithKeys("esc", "enter"), key.WithHelp("esc", "filter: done")),
		},
		Defense: BankConfigDefense{
			Add:     key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "rules: new rule")),
			Edit:    key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "rules: edit rule")),
			Delete:  key.NewBinding(key.WithKeys("D"), key.WithHelp("D", "rules: delete rule")),
			Toggle:  key.NewBinding(key.WithKeys("space"), key.WithHelp("space", "rules: policy on/off")),
			Earlier: key.NewBinding(key.WithKeys("["), key.WithHelp("[", "rules: move rule up")),
			Later:   key.NewBinding(key.WithKeys("]"), key.WithHelp("]", "rules: move rule down")),
			Save:    key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "rules: preview and save")),
		},
	}
}
