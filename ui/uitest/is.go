package uitest

import tea "charm.land/bubbletea/v2"

// Is reports whether msg is a T. It is the filter tests give Fire for one kind of
// timer: h.Fire(uitest.Is[pollDueMsg]).
func Is[T any](msg tea.Msg) bool {
	_, ok := msg.(T)
	return ok
}
