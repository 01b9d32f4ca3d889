package common

import (
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/styles"
)

// Dialog is a modal layer over the base view, on a stack the root owns. The root runs
// Init when it opens the dialog, so a load started there cannot answer before the
// dialog is on the stack; only the front dialog receives input; every message a
// dialog's commands produce comes back to that dialog alone (see package router).
// A dialog closes by returning CloseDialog, whose Then command runs on behalf of
// whoever opened it: that is how a dialog hands its result to its pane.
type Dialog interface {
	Init() tea.Cmd
	Update(tea.Msg) (Dialog, tea.Cmd)
	// View renders the dialog's box; the root centres it over the base view. It
	// changes nothing.
	View() string
	// SetSize gives the dialog the space it may use (the whole screen).
	SetSize(width, height int)
	// Help lists the dialog's keys for the footer.
	Help() []string
}

// Styler is implemented by dialogs that keep styled state (an input with its own
// colours): the root calls SetStyles on every open dialog when the theme changes.
type Styler interface {
	SetStyles(*styles.Styles)
}

// OpenDialogMsg asks the root to push a dialog, owned by whoever sent it.
type OpenDialogMsg struct {
	Dialog Dialog
}

// OpenDialog returns the command that asks the root to open d.
func OpenDialog(d Dialog) tea.Cmd {
	return func() tea.Msg { return OpenDialogMsg{Dialog: d} }
}

// CloseDialogMsg asks the root to close the dialog that sent it (from a pane: the
// front dialog the pane opened) and then to run Then on behalf of the dialog's owner.
type CloseDialogMsg struct {
	Then tea.Cmd
}

// CloseDialog returns the command that closes the sending dialog and hands then (nil
// for nothing) to the one who opened it.
func CloseDialog(then tea.Cmd) tea.Cmd {
	return func() tea.Msg { return CloseDialogMsg{Then: then} }
}
