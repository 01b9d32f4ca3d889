package hindsighttest

import (
	"sync"
	"time"
)

// Clock is a clock a test moves by hand, for WithClock and for anything else of the
// test that asks the time. It is safe to move while the server reads it.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock is a clock standing at start.
func NewClock(start time.Time) *Clock { return &Clock{now: start} }

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}
