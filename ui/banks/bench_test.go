package banks

import (
	"fmt"
	"testing"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/ui/uitest"
)

// benchBanks are n banks with names, counts and write times that differ, as a real
// list's do.
func benchBanks(n int) []client.Bank {
	banks := make([]client.Bank, n)
	for i := range banks {
		banks[i] = client.Bank{
			BankID:      fmt.Sprintf("agent-%05d", i),
			Name:        fmt.Sprintf("Agent %05d memory for project %d", (i*7919)%n, i%97),
			FactCount:   (i * 31) % 5000,
			LastWriteAt: client.Time{Time: uitest.Now.Add(-time.Duration(i*13%9000) * time.Minute)},
		}
	}
	return banks
}

// loadedSidebar is a focused sidebar, at the size the app gives it in a 120x40
// terminal, holding n banks (no server involved: the benchmarks measure the pane, not
// HTTP).
func loadedSidebar(b *testing.B, n int) *Sidebar {
	s := NewSidebar(uitest.NewCommon(b, nil), "")
	s.SetSize(uitest.SidebarSize(120, 40))
	s.Focus()
	s.Update(banksLoadedMsg{seq: s.loadSeq, banks: benchBanks(n)})
	s.moveTo(n / 2) // the middle of the list, not the cheap top
	s.settle()
	return s
}

func BenchmarkSidebarView(b *testing.B) {
	for _, n := range []int{100, 10_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			uitest.BenchView(b, loadedSidebar(b, n))
		})
	}
}

// BenchmarkFilterKeypress is one keystroke in the filter box: Update and the View that
// follows it (the request it schedules is not run).
func BenchmarkFilterKeypress(b *testing.B) {
	for _, n := range []int{100, 10_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			s := loadedSidebar(b, n)
			s.Update(uitest.Key("/"))
			uitest.BenchKeys(b, s, "a", "g", "backspace", "backspace")
		})
	}
}

// BenchmarkSidebarSort is one press of s: the list is re-sorted once, not per frame.
func BenchmarkSidebarSort(b *testing.B) {
	s := loadedSidebar(b, 10_000)
	b.ReportAllocs()
	for b.Loop() {
		s.Update(uitest.Key("s"))
	}
}
