package keymap

import "charm.land/bubbles/v2/key"

// Audit bindings act in the audit log pane, beside the global and list keys (/ opens
// the filter bar, enter an entry's request and response, esc goes back, r lists
// again). Enable is a write: it is disabled in read-only mode.
type Audit struct {
	Enable   key.Binding // turn auditing on for the bank, after a confirmation
	Replay   key.Binding // a recall entry: run it again and compare then with now
	Chart    key.Binding // show or hide the calls-per-action chart
	NextPage key.Binding
	PrevPage key.Binding
	// Bar is the filter bar's keys, which act only while it is open.
	Bar AuditBar
}

// AuditBar bindings act in the audit log pane's filter bar.
type AuditBar struct {
	NextItem key.Binding
	PrevItem key.Binding
	Toggle   key.Binding
	Leave    key.Binding
}

func defaultAudit() Audit {
	return Audit{
		Enable:   key.NewBinding(key.WithKeys("A"), key.WithHelp("A", "turn auditing on")),
		Replay:   key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "replay recall: then vs now")),
		Chart:    key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "actions chart on/off")),
		NextPage: key.NewBinding(key.WithKeys("]"), key.WithHelp("]", "next page")),
		PrevPage: key.NewBinding(key.WithKeys("["), key.WithHelp("[", "previous page")),
		Bar: AuditBar{
			NextItem: key.NewBinding(key.WithKeys("tab", "right"), key.WithHelp("tab/→", "filter bar: next filter")),
			PrevItem: key.NewBinding(key.WithKeys("shift+tab", "left"), key.WithHelp("shift+tab/←", "filter bar: previous filter")),
			Toggle:   key.NewBinding(key.WithKeys("space"), key.WithHelp("space", "filter bar: cycle a choice")),
			Leave:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "filter bar: done")),
		},
	}
}
