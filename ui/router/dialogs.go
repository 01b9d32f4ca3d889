package router

import (
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/common"
)

// OpenDialog pushes d in front, owned by owner, and runs its Init: whatever the dialog
// loads answers the dialog, which is already on the stack.
func (r *Router) OpenDialog(owner Addr, d common.Dialog) tea.Cmd {
	if d == nil {
		return nil
	}
	r.serial++
	d.SetSize(r.w, r.h)
	r.stack = append(r.stack[:len(r.stack):len(r.stack)], frame{id: r.serial, owner: owner, dialog: d})
	return Tag(Addr{dialog: r.serial}, d.Init())
}

// SetScreen gives every open dialog (and the ones opened later) the screen size.
func (r *Router) SetScreen(w, h int) {
	r.w, r.h = w, h
	for _, f := range r.stack {
		f.dialog.SetSize(w, h)
	}
}

// Dialogs returns the open dialogs, back to front.
func (r *Router) Dialogs() []common.Dialog {
	out := make([]common.Dialog, len(r.stack))
	for i, f := range r.stack {
		out[i] = f.dialog
	}
	return out
}

// Front returns the front dialog, or nil.
func (r *Router) Front() common.Dialog {
	if n := len(r.stack); n > 0 {
		return r.stack[n-1].dialog
	}
	return nil
}

// FrontOwner is who opened the front dialog (the root when none is open).
func (r *Router) FrontOwner() Addr {
	if n := len(r.stack); n > 0 {
		return r.stack[n-1].owner
	}
	return Root
}

// UpdateFront gives input to the front dialog.
func (r *Router) UpdateFront(msg tea.Msg) tea.Cmd {
	n := len(r.stack)
	if n == 0 {
		return nil
	}
	return r.updateDialog(r.stack[n-1].id, msg)
}

// CloseFront closes the front dialog without asking it (the root's own dialogs, which
// close on the root's keys).
func (r *Router) CloseFront() {
	if n := len(r.stack); n > 0 {
		r.stack = r.stack[: n-1 : n-1]
	}
}

// updateDialog gives msg to the open dialog with serial id; a message for a dialog
// that has closed is dropped.
func (r *Router) updateDialog(id int, msg tea.Msg) tea.Cmd {
	for i, f := range r.stack {
		if f.id == id {
			d, cmd := f.dialog.Update(msg)
			r.stack[i].dialog = d
			return Tag(Addr{dialog: id}, cmd)
		}
	}
	return nil
}

// close closes the dialog from asked to close (from a pane or the root: the front
// dialog it owns) and runs then on behalf of its owner. A request from a dialog that
// is no longer open is dropped with its result.
func (r *Router) close(from Addr, then tea.Cmd) tea.Cmd {
	for i := len(r.stack) - 1; i >= 0; i-- {
		f := r.stack[i]
		if f.id == from.dialog || from.dialog == 0 && f.owner == from {
			r.stack = append(r.stack[:i:i], r.stack[i+1:]...)
			return Tag(f.owner, then)
		}
	}
	return nil
}
