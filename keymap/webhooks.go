package keymap

import "charm.land/bubbles/v2/key"

// Webhooks bindings act in the webhooks pane, beside the global and list keys (enter
// opens the selected webhook's deliveries, esc goes back to the list, r reloads). The
// writes are disabled in read-only mode. Check acts in the webhook form, on an event
// type or the enabled switch.
type Webhooks struct {
	Create   key.Binding // a form for a new webhook
	Edit     key.Binding // a form with the selected webhook
	Delete   key.Binding // delete the selected webhook, after a confirmation
	NextPage key.Binding // the deliveries' next page (the server's cursor)
	PrevPage key.Binding // the page before
	Check    key.Binding // tick or untick the focused choice of the form
}

func defaultWebhooks() Webhooks {
	return Webhooks{
		Create:   key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "new webhook")),
		Edit:     key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "edit")),
		Delete:   key.NewBinding(key.WithKeys("D"), key.WithHelp("D", "delete")),
		NextPage: key.NewBinding(key.WithKeys("]"), key.WithHelp("]", "next page")),
		PrevPage: key.NewBinding(key.WithKeys("["), key.WithHelp("[", "previous page")),
		Check:    key.NewBinding(key.WithKeys("space", "x"), key.WithHelp("space", "form: tick/untick")),
	}
}
