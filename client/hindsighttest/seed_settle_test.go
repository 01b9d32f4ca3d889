package hindsighttest

import (
	"testing"
	"time"
)

// The demo's seeded running work finishes on the server clock when asked to: a
// minute and a half in, nothing is pending or processing any more, and the seeded
// consolidation has consolidated what was pending. Without the option it stays.
func TestSeededWorkFinishes(t *testing.T) {
	running := func(s *Server) (n int, pending int) {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.advanceOperations(s.now())
		for _, op := range s.store.operations {
			if op.status == "pending" || op.status == "processing" {
				n++
			}
		}
		for _, m := range s.store.banks["user-alex-prefs"].memories {
			if m.consolidation == "pending" {
				pending++
			}
		}
		return n, pending
	}
	now := testEpoch
	clock := func() time.Time { return now }
	still := newTestServer(t, WithDemoSeed(), WithClock(clock))
	s := newTestServer(t, WithDemoSeed(), WithClock(clock), WithSeededWorkFinishing(90*time.Second))
	if n, _ := running(s); n == 0 {
		t.Fatal("the seed has no running work to finish")
	}
	now = now.Add(89 * time.Second)
	if n, _ := running(s); n == 0 {
		t.Error("seeded work finished before its time")
	}
	// Finishing may start follow-up work (a model refresh, a webhook delivery),
	// which finishes in turn; a delivery waiting for its seeded retry time (hours
	// away) is the one thing left, and it says when it runs.
	now = now.Add(2 * time.Minute)
	running(s)
	now = now.Add(time.Minute)
	if n, pending := running(s); n > 1 || pending != 0 {
		t.Errorf("after four minutes %d operations still run, %d facts wait for consolidation", n, pending)
	}
	if n, _ := running(still); n < 5 {
		t.Error("without the option the seeded work finished")
	}
}
