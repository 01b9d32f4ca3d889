package timeline

import (
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/ui/uitest"
)

// view is the pane's plain text.
func view(t *testing.T, m *Model) string { t.Helper(); return ansi.Strip(uitest.View(t, m)) }

// busiest puts the cursor on the column with the most memories.
func busiest(t *testing.T, m *Model) {
	t.Helper()
	best := -1
	for i, c := range m.cols {
		if best < 0 || c.total() > m.cols[best].total() {
			best = i
		}
	}
	if best < 0 || m.cols[best].total() == 0 {
		t.Fatalf("no memories in the series: %+v", m.cols)
	}
	m.cursor = best
	m.settle() // as any message that moved the cursor would
}
