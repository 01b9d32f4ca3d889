package entities

import (
	"fmt"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
)

// BenchmarkViewThousandEntities draws the pane with 1,000 entities loaded: only the
// rows in view are touched, so it stays well under a millisecond.
func BenchmarkViewThousandEntities(b *testing.B) {
	c := newCommon(b, newServer(b, hindsighttest.WithDemoSeed()))
	m := New(c)
	m.SetSize(88, 35)
	m.bank, m.activated, m.loaded, m.focused = "big", true, true, true
	for i := range 1000 {
		m.rows = append(m.rows, client.Entity{ID: fmt.Sprint(i), CanonicalName: fmt.Sprintf("Entity number %d", i),
			MentionCount: 1000 - i, FirstSeen: client.Time{Time: testNow.AddDate(0, -2, 0)},
			LastSeen: client.Time{Time: testNow.AddDate(0, 0, -i%30)}})
	}
	m.total = 1000
	m.applyFilter()
	m.det.entity = &m.rows[0]
	m.det.id = m.rows[0].ID
	for i := range 100 {
		m.det.mems = append(m.det.mems, client.Memory{ID: fmt.Sprint(i), FactType: client.FactWorld,
			Text: "A linked memory with some text to draw on one line", Date: client.Time{Time: testNow}})
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		m.cursor = i % 1000
		m.ensureVisible()
		_ = m.View()
	}
}
