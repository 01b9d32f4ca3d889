package uitest

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"sync"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
)

// Request is one request a Recorder saw.
type Request struct {
	Method string
	Path   string
	Query  string // the raw query
	Body   string // trimmed
}

// Recorder is an http.RoundTripper that records every request before passing it on
// (to Next, or the default transport), so a test can check what a pane sent.
type Recorder struct {
	Next http.RoundTripper
	mu   sync.Mutex
	reqs []Request
}

// Option puts the recorder under a client.
func (rec *Recorder) Option() client.Option {
	return client.WithHTTPClient(&http.Client{Transport: rec})
}

// RoundTrip implements http.RoundTripper.
func (rec *Recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		body, _ = io.ReadAll(req.Body)
		req.Body = io.NopCloser(bytes.NewReader(body))
	}
	rec.mu.Lock()
	rec.reqs = append(rec.reqs, Request{req.Method, req.URL.Path, req.URL.RawQuery, strings.TrimSpace(string(body))})
	rec.mu.Unlock()
	next := rec.Next
	if next == nil {
		next = http.DefaultTransport
	}
	return next.RoundTrip(req)
}

// All returns the requests so far, oldest first.
func (rec *Recorder) All() []Request {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return append([]Request(nil), rec.reqs...)
}

// Matching returns the requests with this method (any when "") whose path ends with
// suffix.
func (rec *Recorder) Matching(method, suffix string) []Request {
	var out []Request
	for _, r := range rec.All() {
		if (method == "" || r.Method == method) && strings.HasSuffix(r.Path, suffix) {
			out = append(out, r)
		}
	}
	return out
}

// Writes returns every request that is not a GET.
func (rec *Recorder) Writes() []Request {
	var out []Request
	for _, r := range rec.All() {
		if r.Method != http.MethodGet {
			out = append(out, r)
		}
	}
	return out
}

// Reset forgets the requests so far.
func (rec *Recorder) Reset() {
	rec.mu.Lock()
	rec.reqs = nil
	rec.mu.Unlock()
}

// Clock is a clock a test moves by hand; safe for the server's goroutines.
type Clock = hindsighttest.Clock

// NewClock is a clock at Now.
func NewClock() *Clock { return hindsighttest.NewClock(Now) }
