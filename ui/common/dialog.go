package common

import tea "charm.land/bubbletea/v2"

// Dialog is a modal layer over the base view. Only the front dialog of the root's stack
// receives input; it closes itself by returning CloseDialogMsg (possibly batched with
// the action it confirmed).
type Dialog interface {
	Update(tea.Msg) (Dialog, tea.Cmd)
	// View renders the dialog's box; the root centres it over the base view.
	View() string
	// SetSize gives the dialog the space it may use (the whole screen).
	SetSize(width, height int)
	// Help lists the dialog's keys for the footer.
	Help() []string
}
