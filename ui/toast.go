package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"
)

// How long toasts stay. Errors stay longer: they need reading, and the error log keeps
// them anyway once the toast is gone.
const (
	infoTTL   = 4 * time.Second
	errorTTL  = 10 * time.Second
	maxToasts = 3
)

// toast is a short message in the footer.
type toast struct {
	id    int
	text  string
	isErr bool
}

// toastExpiredMsg removes the toast with this id.
type toastExpiredMsg struct{ id int }

// addToast shows text and schedules its removal.
func (m Model) addToast(text string, isErr bool) (Model, tea.Cmd) {
	if text == "" {
		return m, nil
	}
	m.toastID++
	t := toast{id: m.toastID, text: text, isErr: isErr}
	toasts := append([]toast(nil), m.toasts...)
	toasts = append(toasts, t)
	if len(toasts) > maxToasts {
		toasts = toasts[len(toasts)-maxToasts:]
	}
	m.toasts = toasts
	ttl := infoTTL
	if isErr {
		ttl = errorTTL
	}
	return m, m.com.After(ttl, toastExpiredMsg{id: t.id})
}

// dropToast returns toasts without the one with id.
func dropToast(toasts []toast, id int) []toast {
	out := make([]toast, 0, len(toasts))
	for _, t := range toasts {
		if t.id != id {
			out = append(out, t)
		}
	}
	return out
}

// currentToast is the newest toast, shown in the footer.
func (m Model) currentToast() (toast, bool) {
	if len(m.toasts) == 0 {
		return toast{}, false
	}
	return m.toasts[len(m.toasts)-1], true
}
