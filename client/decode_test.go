package client

import "testing"

// TestMemoryPageDecodesInPlace guards the performance of ListMemories, not its results
// (the fuzz tests cover those): the memories of a page are decoded straight into the
// room made for them, not into wire items that are then copied. Too little room, or so
// much that most would be wasted, costs a copy.
func TestMemoryPageDecodesInPlace(t *testing.T) {
	for _, tt := range []struct {
		room, items int
		inPlace     bool
	}{{3, 3, true}, {5, 3, true}, {2, 3, false}, {8, 3, false}} {
		room := make([]Memory, tt.room)
		var l MemoryList
		if err := l.decode(memoryPagePayload(tt.items), room); err != nil {
			t.Fatal(err)
		}
		if len(l.Items) != tt.items || l.Items[tt.items-1].ID == "" {
			t.Fatalf("room %d: decoded %d items: %+v", tt.room, len(l.Items), l.Items)
		}
		if inPlace := &l.Items[0] == &room[0]; inPlace != tt.inPlace {
			t.Errorf("room %d for %d items: decoded in place = %v, want %v", tt.room, tt.items, inPlace, tt.inPlace)
		}
	}
}
