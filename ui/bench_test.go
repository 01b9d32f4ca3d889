package ui

import (
	"fmt"
	"testing"

	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/uitest"
)

// manyBanks is a seed of n empty banks.
func manyBanks(n int) *hindsighttest.Seed {
	seed := &hindsighttest.Seed{Banks: make([]hindsighttest.SeedBank, n)}
	for i := range seed.Banks {
		seed.Banks[i] = hindsighttest.SeedBank{BankID: fmt.Sprintf("bank-%05d", i), Name: fmt.Sprintf("Bank number %d", i)}
	}
	return seed
}

// loadedModel is the real app at 200×60, connected, with n banks in the sidebar.
func loadedModel(b *testing.B, n int) *harness {
	b.Helper()
	srv := hindsighttest.NewServer(hindsighttest.WithSeed(manyBanks(n)), hindsighttest.WithClock(fixedNow))
	b.Cleanup(srv.Close)
	h := realModel(b, srv, 200, 60)
	h.run(h.m.Init(), 0)
	if h.m.conn.phase != phaseConnected {
		b.Fatalf("not connected: %v", h.m.conn.err)
	}
	return h
}

// BenchmarkView is the cost of one frame; it should not grow with the number of
// banks loaded, only with the size of the terminal.
func BenchmarkView(b *testing.B) {
	for _, n := range []int{100, 10000} {
		b.Run(fmt.Sprintf("banks=%d", n), func(b *testing.B) {
			h := loadedModel(b, n)
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				_ = h.m.View()
			}
		})
	}
}

// BenchmarkFilterKeystroke is one key typed into the sidebar's filter box with 10,000
// banks loaded: Update and the frame that follows (the filter request itself runs
// later, in a command, and is not part of it).
func BenchmarkFilterKeystroke(b *testing.B) {
	h := loadedModel(b, 10000)
	h.press("/")
	if !h.m.r.Pane(sidebarID).Capturing() {
		b.Fatal("the filter box did not open")
	}
	keys := []string{"a", "backspace"}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		h.m, _ = h.m.update(uitest.Key(keys[i%2]))
		_ = h.m.View()
	}
}
