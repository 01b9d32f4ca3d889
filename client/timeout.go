package client

import (
	"context"
	"time"
)

type requestTimeoutKey struct{}

// WithRequestTimeout returns a context under which every request the client sends gets
// d to answer, headers and body, counted from the moment that request starts: a call
// that makes several requests (a check, then a list) gives each its own d instead of
// sharing one. d <= 0 removes the limit. A deadline of ctx itself still applies.
func WithRequestTimeout(ctx context.Context, d time.Duration) context.Context {
	return context.WithValue(ctx, requestTimeoutKey{}, d)
}

// RequestTimeout returns the per-request timeout ctx carries, or 0 for none.
func RequestTimeout(ctx context.Context) time.Duration {
	d, _ := ctx.Value(requestTimeoutKey{}).(time.Duration)
	return d
}

// requestContext is the context of one request: ctx limited by its per-request timeout.
func requestContext(ctx context.Context) (context.Context, context.CancelFunc) {
	if d := RequestTimeout(ctx); d > 0 {
		return context.WithTimeout(ctx, d)
	}
	return ctx, func() {}
}
