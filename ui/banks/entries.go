package banks

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"time"

	"hindsight-tui/sanitize"
	"hindsight-tui/styles"

	"hindsight-tui/client"
	"hindsight-tui/ui/components"
)

// sortMode is the order of the bank list; s cycles through them.
type sortMode int

const (
	sortRecent sortMode = iota // last write first, like the server
	sortName                   // display name, A to Z
	sortSize                   // most facts first
)

func (m sortMode) String() string {
	switch m {
	case sortName:
		return "name"
	case sortSize:
		return "size"
	}
	return "last write"
}

// shortOrder is order for a title line too narrow for it.
func (m sortMode) shortOrder() string {
	switch m {
	case sortName:
		return "name A–Z"
	case sortSize:
		return "most facts"
	}
	return "last write↓"
}

// order says how the list is ordered, for its title line.
func (m sortMode) order() string {
	switch m {
	case sortName:
		return "name, A to Z"
	case sortSize:
		return "most facts first"
	}
	return "newest write first"
}

func (m sortMode) next() sortMode { return (m + 1) % 3 }

// entry is a bank prepared for display once per load: sanitized labels and sort keys,
// so neither sorting nor drawing redoes that work for each of 10,000 banks.
type entry struct {
	bank   client.Bank
	label  string    // sanitized display name: the name, or the id when there is none
	sub    string    // sanitized id, shown dimmed under a name that differs from it
	key    string    // lower-cased label, the name sort key
	recent time.Time // last write, else creation: the recency sort key

	// The two rendered lines of the row and what they were rendered for: rows are
	// redrawn only when their inputs change, not on every frame.
	drawn    [2]string
	drawnFor rowKey
}

// rowKey is everything a rendered row depends on besides the bank itself.
type rowKey struct {
	width            int
	selected, active bool
	failing          bool  // the bank's health checks fail (health.go)
	minute           int64 // relative times change once a minute
	top              int   // the most facts of a listed bank: the size bars' full length
	styles           *styles.Styles
}

// labelBytes bounds a label: rows show a few dozen cells of it at most.
const labelBytes = 1024

func newEntry(b client.Bank) entry {
	id := sanitize.Line(components.Head(b.BankID, labelBytes))
	e := entry{bank: b, label: id, recent: b.LastWriteAt.Time}
	if name := sanitize.Line(components.Head(b.Name, labelBytes)); name != "" && name != id {
		e.label, e.sub = name, id
	}
	e.key = strings.ToLower(e.label)
	if e.recent.IsZero() {
		e.recent = b.CreatedAt.Time
	}
	return e
}

// sortedOrder returns the indexes of entries in the given order. Ties fall back to the
// id so the order is stable across reloads.
func sortedOrder(entries []entry, mode sortMode) []int {
	order := make([]int, len(entries))
	for i := range order {
		order[i] = i
	}
	byID := func(a, b *entry) int { return strings.Compare(a.bank.BankID, b.bank.BankID) }
	var less func(a, b *entry) int
	switch mode {
	case sortName:
		less = func(a, b *entry) int { return cmp.Or(strings.Compare(a.key, b.key), byID(a, b)) }
	case sortSize:
		less = func(a, b *entry) int {
			return cmp.Or(cmp.Compare(b.bank.FactCount, a.bank.FactCount), strings.Compare(a.key, b.key), byID(a, b))
		}
	default:
		less = func(a, b *entry) int { return cmp.Or(b.recent.Compare(a.recent), byID(a, b)) }
	}
	slices.SortFunc(order, func(i, j int) int { return less(&entries[i], &entries[j]) })
	return order
}

// countLabel renders a fact count compactly: 950, 1.2k, 34k, 1.2M.
func countLabel(n int) string {
	switch {
	case n < 1000:
		return strconv.Itoa(n)
	case n < 10_000:
		return strconv.Itoa(n/1000) + "." + strconv.Itoa(n%1000/100) + "k" // rounds down: never overstates
	case n < 1_000_000:
		return strconv.Itoa(n/1000) + "k"
	}
	return strconv.Itoa(n/1_000_000) + "." + strconv.Itoa(n%1_000_000/100_000) + "M"
}
