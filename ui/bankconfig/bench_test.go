package bankconfig

import (
	"testing"

	"hindsight-tui/ui/uitest"
)

// BenchmarkView is a frame of the configuration list at 200x60, and BenchmarkMove a
// cursor move, which lays the frame out again.
func BenchmarkView(b *testing.B) {
	m, _ := uitest.Demo(b, New, uitest.Terminal(200, 60))
	for b.Loop() {
		_ = m.View()
	}
}

func BenchmarkMove(b *testing.B) {
	_, h := uitest.Demo(b, New, uitest.Terminal(200, 60))
	for i := 0; b.Loop(); i++ {
		if i%2 == 0 {
			h.Keys("j")
		} else {
			h.Keys("k")
		}
	}
}
