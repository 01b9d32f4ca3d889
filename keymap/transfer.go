package keymap

import "charm.land/bubbles/v2/key"

// Transfer bindings move documents in and out of a bank: Export and Import act in the
// documents pane, beside its own and the list keys; RetainFile acts anywhere in the
// retain editor (a ctrl chord, since its fields take every plain key); CancelOperation
// acts in the dialog that follows one of these operations. All but Export write, so
// they are absent with --read-only.
type Transfer struct {
	Export          key.Binding // export the bank's documents (all, the selected, the listed) to a zip
	Import          key.Binding // import a transfer zip into a bank
	RetainFile      key.Binding // upload a file for the server to convert and retain
	CancelOperation key.Binding // cancel the followed operation while it is still pending
}

func defaultTransfer() Transfer {
	return Transfer{
		Export:          key.NewBinding(key.WithKeys("X"), key.WithHelp("X", "export documents")),
		Import:          key.NewBinding(key.WithKeys("I"), key.WithHelp("I", "import documents")),
		RetainFile:      key.NewBinding(key.WithKeys("ctrl+t"), key.WithHelp("ctrl+t", "retain a file (upload)")),
		CancelOperation: key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "cancel the operation")),
	}
}
