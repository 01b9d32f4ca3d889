package uitest

import (
	"testing"

	tea "charm.land/bubbletea/v2"
)

// model is anything that takes messages and draws: a pane, a component.
type model[M any] interface {
	Update(tea.Msg) (M, tea.Cmd)
	viewer
}

// BenchView measures one frame with nothing changed (a spinner tick, a toast): v's
// View again and again, allocations reported. One frame is drawn before the timer
// starts, so what is cached between frames is already there.
func BenchView(b *testing.B, v viewer) {
	b.Helper()
	_ = v.View()
	b.ReportAllocs()
	for b.Loop() {
		_ = v.View()
	}
}

// BenchKeys measures one key press and the frame after it: each op presses the next of
// keys (by name, see Key; round and round, so a pair like "j", "k" leaves the model
// where it was) and draws. The commands the keys lead to are not run.
func BenchKeys[M any](b *testing.B, m model[M], keys ...string) {
	b.Helper()
	msgs := make([]tea.Msg, len(keys))
	for i, k := range keys {
		msgs[i] = Key(k)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		m.Update(msgs[i%len(msgs)])
		_ = m.View()
		i++
	}
}
