package tail

import (
	"fmt"
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

func ev(k Kind, id string, sec int) Event {
	return Event{Kind: k, ID: id, At: t0.Add(time.Duration(sec) * time.Second), What: "w" + id}
}

// ids lists the ring newest first as kind:id.
func ids(r *Ring) []string {
	var out []string
	for i := range r.Len() {
		e := r.At(i)
		out = append(out, fmt.Sprintf("%d:%s", e.Kind, e.ID))
	}
	return out
}

func TestRingMergesNewestFirst(t *testing.T) {
	r := NewRing(10)
	if n := r.Add([]Event{ev(KindOperation, "o1", 1), ev(KindOperation, "o2", 5)}); n != 2 {
		t.Fatalf("added %d", n)
	}
	// Another source's events interleave with what is held; a tie orders by kind.
	r.Add([]Event{ev(KindAudit, "a1", 3), ev(KindLLMError, "l1", 5), ev(KindAudit, "a2", 6)})
	want := "[1:a2 0:o2 2:l1 1:a1 0:o1]"
	if got := fmt.Sprint(ids(r)); got != want {
		t.Fatalf("order %s, want %s", got, want)
	}
	if i := r.Index(Key{KindLLMError, "l1"}); i != 2 {
		t.Fatalf("index of l1 = %d", i)
	}
}

func TestRingDeduplicatesByKindAndID(t *testing.T) {
	r := NewRing(10)
	r.Add([]Event{ev(KindOperation, "x", 1), ev(KindAudit, "x", 2)})
	// The same events again change nothing.
	if n := r.Add([]Event{ev(KindOperation, "x", 1), ev(KindAudit, "x", 2)}); n != 0 || r.Len() != 2 {
		t.Fatalf("re-adding: added %d, len %d", n, r.Len())
	}
	// An operation that finished replaces its row and moves to its finishing time.
	done := ev(KindOperation, "x", 9)
	done.Status = "completed"
	if n := r.Add([]Event{done, ev(KindAudit, "y", 4)}); n != 2 || r.Len() != 3 {
		t.Fatalf("changed: added %d, len %d", n, r.Len())
	}
	if got := fmt.Sprint(ids(r)); got != "[0:x 1:y 1:x]" || r.At(0).Status != "completed" {
		t.Fatalf("after the change: %s (%q)", got, r.At(0).Status)
	}
	// Twice in one batch: one event, the last.
	a, b := ev(KindAudit, "z", 7), ev(KindAudit, "z", 8)
	r.Add([]Event{a, b})
	if r.Len() != 4 || !r.At(1).At.Equal(b.At) {
		t.Fatalf("batch duplicate: len %d, %v", r.Len(), ids(r))
	}
}

func TestRingKeepsAtMostTenThousand(t *testing.T) {
	r := NewRing(MaxEvents)
	var evs []Event
	for i := range MaxEvents + 500 {
		evs = append(evs, ev(KindAudit, fmt.Sprintf("a%05d", i), i))
	}
	r.Add(evs[:MaxEvents])
	if n := r.Add(evs[MaxEvents:]); n != 500 || r.Len() != MaxEvents {
		t.Fatalf("added %d, len %d", n, r.Len())
	}
	// The oldest 500 fell off, and are forgotten: they are not held any more.
	if r.At(r.Len()-1).ID != "a00500" || r.At(0).ID != "a10499" {
		t.Fatalf("ends: %s … %s", r.At(0).ID, r.At(r.Len()-1).ID)
	}
	if r.Index(Key{KindAudit, "a00499"}) != -1 || len(r.held) != MaxEvents {
		t.Fatalf("dropped event still held (%d held)", len(r.held))
	}
	// An event older than everything in the full ring falls off at once.
	if n := r.Add([]Event{ev(KindAudit, "old", -1)}); n != 0 || r.Len() != MaxEvents || len(r.held) != MaxEvents {
		t.Fatalf("old event: added %d, len %d, held %d", n, r.Len(), len(r.held))
	}
}
