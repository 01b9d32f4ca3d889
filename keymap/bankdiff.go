package keymap

import "charm.land/bubbles/v2/key"

// BankDiff bindings act in the bank comparison, beside the global and list keys (enter
// compares with the bank or file under the cursor of the chooser, esc goes back, r
// compares again). The copies and the apply are disabled in read-only mode.
type BankDiff struct {
	ChooseB key.Binding // choose another bank B, or a template file
	Mark    key.Binding // mark or unmark the difference under the cursor
	MarkAll key.Binding // mark every difference, or none
	CopyToB key.Binding // plan copying the marked items from A to B
	CopyToA key.Binding // plan copying the marked items from B to A
	Apply   key.Binding // apply the plan shown, after a confirmation
}

func defaultBankDiff() BankDiff {
	return BankDiff{
		ChooseB: key.NewBinding(key.WithKeys("b"), key.WithHelp("b", "choose bank B / file")),
		Mark:    key.NewBinding(key.WithKeys("space"), key.WithHelp("space", "mark")),
		MarkAll: key.NewBinding(key.WithKeys("*"), key.WithHelp("*", "mark all/none")),
		CopyToB: key.NewBinding(key.WithKeys(">"), key.WithHelp(">", "copy marked A → B")),
		CopyToA: key.NewBinding(key.WithKeys("<"), key.WithHelp("<", "copy marked B → A")),
		Apply:   key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "apply the plan")),
	}
}
