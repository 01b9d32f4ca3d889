package trace

import (
	"strings"
	"testing"

	"hindsight-tui/ui/uitest"
)

// The viewer sizes the goldens are drawn at, which name their directories: a wide
// viewer, and the narrow one it gets in a 60x20 terminal. The viewer is not a pane:
// its size is whatever the recall pane gives it under its own lines.
var goldenSizes = []struct {
	name string
	w, h int
}{
	{"118x30", 118, 30},
	{"58x12", 58, 12},
}

// drawnGolden checks the frame and compares it with the test's golden file.
func drawnGolden(t *testing.T, m *Model, w, h int) {
	t.Helper()
	drawn(t, m, w, h)
	uitest.RequireGolden(t, m)
}

// TestGoldenSections draws every section of the demo server's trace.
func TestGoldenSections(t *testing.T) {
	raw := demoTrace(t)
	for _, sz := range goldenSizes {
		t.Run(sz.name, func(t *testing.T) {
			m := newViewer(t, string(raw), sz.w, sz.h)
			for range m.sections {
				// File names without the colon of "lane:semantic".
				name := strings.ReplaceAll(sectionKey(m), ":", "-")
				t.Run(name, func(t *testing.T) { drawnGolden(t, m, sz.w, sz.h) })
				sendKeys(t, m, "l")
			}
		})
	}
}

// TestGoldenStates draws the hand-written trace's lanes and phases, a scrolled table,
// a damaged trace and one that is not an object.
func TestGoldenStates(t *testing.T) {
	for _, sz := range goldenSizes {
		t.Run(sz.name, func(t *testing.T) {
			m := newViewer(t, readFull(t), sz.w, sz.h)
			t.Run("full-semantic", func(t *testing.T) { drawnGolden(t, m, sz.w, sz.h) })
			sendKeys(t, m, "h")
			t.Run("full-phases", func(t *testing.T) { drawnGolden(t, m, sz.w, sz.h) })

			m = newViewer(t, string(demoTrace(t)), sz.w, sz.h)
			sendKeys(t, m, "l", "l", "l", "l", "l", "G")
			t.Run("demo-reranked-bottom", func(t *testing.T) { drawnGolden(t, m, sz.w, sz.h) })

			m = newViewer(t, `{"retrieval_results":"oops","rrf_merged":[{"text":"only this row","rrf_score":"0.5",
				"source_ranks":{"bm25_rank":2}}],"summary":{"total_duration_seconds":0.01}}`, sz.w, sz.h)
			t.Run("damaged-semantic", func(t *testing.T) { drawnGolden(t, m, sz.w, sz.h) })
			sendKeys(t, m, "l", "l", "l", "l")
			t.Run("damaged-fused", func(t *testing.T) { drawnGolden(t, m, sz.w, sz.h) })

			m = newViewer(t, `["not", "an", "object"]`, sz.w, sz.h)
			t.Run("not-an-object", func(t *testing.T) { drawnGolden(t, m, sz.w, sz.h) })
		})
	}
}
