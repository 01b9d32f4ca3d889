package common

import (
	"context"
	"testing"
)

// Ending the session ends every request made under it, and only then.
func TestContextEndsWithTheSession(t *testing.T) {
	session, end := context.WithCancel(context.Background())
	c := &Common{Session: session}
	ctx, cancel := c.Context(context.Background())
	defer cancel()
	other, cancelOther := c.Context(context.Background())
	cancelOther() // a request that ended by itself
	if ctx.Err() != nil {
		t.Fatal("the context ended before the session did")
	}
	end()
	<-ctx.Done() // AfterFunc cancels on its own goroutine
	if other.Err() != context.Canceled {
		t.Errorf("the cancelled one: %v", other.Err())
	}
	if ctx, cancel := (&Common{}).Context(context.Background()); ctx.Err() != nil {
		t.Error("without a session the context ended")
	} else {
		cancel()
	}
}
