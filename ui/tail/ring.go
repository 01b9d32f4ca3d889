package tail

import (
	"slices"
	"time"
)

// Kind is where an event comes from.
type Kind uint8

// The kinds of event the tail merges.
const (
	KindOperation Kind = iota // a background operation: created, then finished
	KindAudit                 // an audited call (http, mcp, system)
	KindLLMError              // an LLM request that failed
	kinds
)

// String names a kind the way the rows and the filter say it.
func (k Kind) String() string {
	switch k {
	case KindOperation:
		return "operation"
	case KindAudit:
		return "audit"
	case KindLLMError:
		return "llm error"
	}
	return "?"
}

// Event is one line of the timeline, everything in it already sanitized, so that
// drawing a row is cutting strings. Detail is the source item as indented JSON (cut
// at detailMax bytes), for the event's detail view.
type Event struct {
	Kind   Kind
	ID     string
	Bank   string
	At     time.Time // when it happened: created or finished, started
	What   string    // operation type, audit action, LLM operation and scope
	Status string    // pending…failed, ok/failed, error
	Text   string    // one line: the query, the error, the items
	Bad    bool      // failed: drawn as an error
	Run    string    // an LLM request's trace id: its run, in the LLM requests pane
	Detail string
}

// Key is an event's identity: the same operation seen by two polls is one event.
type Key struct {
	Kind Kind
	ID   string
}

// Key returns e's identity.
func (e *Event) Key() Key { return Key{e.Kind, e.ID} }

// newer orders events newest first; ties (events of one instant) by kind and id, so
// the order never depends on the order polls answered in.
func newer(a, b *Event) int {
	if c := b.At.Compare(a.At); c != 0 {
		return c
	}
	if a.Kind != b.Kind {
		return int(a.Kind) - int(b.Kind)
	}
	switch {
	case a.ID > b.ID:
		return -1
	case a.ID < b.ID:
		return 1
	}
	return 0
}

// Ring is the timeline: at most Cap events, newest first, one per Key. Adding an event
// it holds replaces it (an operation that finished moves to its finishing time);
// when it is full, the oldest events fall off. Each Add costs O(n + k log k) for k
// events added to n held: a merge, no re-sort.
type Ring struct {
	cap    int
	events []Event // newest first
	held   map[Key]Event
}

// MaxEvents is the tail's bound on what it keeps.
const MaxEvents = 10_000

// NewRing returns an empty ring of at most capacity events.
func NewRing(capacity int) *Ring {
	return &Ring{cap: max(capacity, 1), held: map[Key]Event{}}
}

// Len is how many events the ring holds.
func (r *Ring) Len() int { return len(r.events) }

// At is the i-th event, 0 the newest. The pointer is valid until the next Add.
func (r *Ring) At(i int) *Event { return &r.events[i] }

// Index is where the event with key k is now, or -1.
func (r *Ring) Index(k Key) int {
	e, ok := r.held[k]
	if !ok {
		return -1
	}
	i, found := slices.BinarySearchFunc(r.events, e, func(a, b Event) int { return newer(&a, &b) })
	if !found {
		return -1
	}
	return i
}

// Clear forgets every event.
func (r *Ring) Clear() {
	r.events = r.events[:0]
	clear(r.held)
}

// Add merges evs into the ring and reports how many of them were new or changed and
// are still held (an event older than everything in a full ring falls off at once).
// Events identical to the ones held change nothing.
func (r *Ring) Add(evs []Event) int {
	var batch []Event
	replaced := map[Key]bool{}
	seen := map[Key]int{}
	for _, e := range evs {
		k := e.Key()
		if old, ok := r.held[k]; ok && old == e {
			continue
		}
		if j, dup := seen[k]; dup { // twice in one batch: the last wins
			batch[j] = e
			continue
		}
		if _, ok := r.held[k]; ok {
			replaced[k] = true
		}
		seen[k] = len(batch)
		batch = append(batch, e)
	}
	if len(batch) == 0 {
		return 0
	}
	old := r.events
	if len(replaced) > 0 {
		old = slices.DeleteFunc(old, func(e Event) bool { return replaced[e.Key()] })
	}
	slices.SortFunc(batch, func(a, b Event) int { return newer(&a, &b) })
	merged := make([]Event, 0, min(len(old)+len(batch), r.cap))
	i, j := 0, 0
	for len(merged) < r.cap && (i < len(old) || j < len(batch)) {
		if j >= len(batch) || (i < len(old) && newer(&old[i], &batch[j]) <= 0) {
			merged = append(merged, old[i])
			i++
		} else {
			merged = append(merged, batch[j])
			j++
		}
	}
	for _, e := range old[i:] {
		delete(r.held, e.Key())
	}
	for _, e := range batch {
		r.held[e.Key()] = e
	}
	for _, e := range batch[j:] {
		delete(r.held, e.Key())
	}
	r.events = merged
	return j
}
