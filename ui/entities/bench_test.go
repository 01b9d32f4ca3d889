package entities

import (
	"fmt"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/ui/uitest"
)

// BenchmarkViewThousandEntities moves the cursor over 1,000 loaded entities and draws
// each frame, as a key press does: settle (run by Update) and View. Only the rows in
// view are touched, so it stays well under a millisecond.
func BenchmarkViewThousandEntities(b *testing.B) {
	c := uitest.NewCommon(b, nil)
	m := New(c)
	m.SetSize(uitest.PaneSize(120, 40))
	m.bank, m.activated, m.loaded, m.focused = "big", true, true, true
	for i := range 1000 {
		m.rows = append(m.rows, client.Entity{ID: fmt.Sprint(i), CanonicalName: fmt.Sprintf("Entity number %d", i),
			MentionCount: 1000 - i, FirstSeen: client.Time{Time: uitest.Now.AddDate(0, -2, 0)},
			LastSeen: client.Time{Time: uitest.Now.AddDate(0, 0, -i%30)}})
	}
	m.total = 1000
	m.applyFilter()
	m.det.entity = &m.rows[0]
	m.det.id = m.rows[0].ID
	for i := range 100 {
		m.det.mems = append(m.det.mems, client.Memory{ID: fmt.Sprint(i), FactType: client.FactWorld,
			Text: "A linked memory with some text to draw on one line", Date: client.Time{Time: uitest.Now}})
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		m.cursor = i % 1000
		m.ensureVisible()
		m.settle()
		_ = m.View()
	}
}
