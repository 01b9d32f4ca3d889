package timeline

import (
	"testing"

	"hindsight-tui/ui/uitest"
)

// BenchmarkView is a frame of the 90-day chart at 200x60: the chart is drawn once in
// settle, a frame only copies it.
func BenchmarkView(b *testing.B) {
	m, h := uitest.Demo(b, New, uitest.Terminal(200, 60))
	h.Keys("]", "]")
	for b.Loop() {
		_ = m.View()
	}
}
