package contracttest

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
)

// Validator is an http.RoundTripper that validates each exchange against the spec and
// counts what it saw. It is safe for concurrent use.
type Validator struct {
	router routers.Router
	next   http.RoundTripper

	mu         sync.Mutex
	operations map[string]int // "METHOD /path/template status" -> count
	requests   int
	responses  int // validated against a schema the spec documents for their status
	unlisted   int // statuses the spec does not document for the route (e.g. 404, 409)
	deviations []string
	failures   []string
}

// New returns a validator for requests to serverURL (the spec's servers are replaced by
// it, so the routes match). doc is Load's result; it is modified.
func New(t testing.TB, doc *openapi3.T, serverURL string) *Validator {
	t.Helper()
	doc.Servers = openapi3.Servers{{URL: serverURL}}
	r, err := gorillamux.NewRouter(doc)
	if err != nil {
		t.Fatalf("router: %v", err)
	}
	return &Validator{router: r, next: http.DefaultTransport, operations: map[string]int{}}
}

// Client is an *http.Client whose transport is v, for client.WithHTTPClient.
func (v *Validator) Client() *http.Client { return &http.Client{Transport: v} }

func (v *Validator) fail(format string, args ...any) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.failures = append(v.failures, fmt.Sprintf(format, args...))
}

func (v *Validator) count(f func()) {
	v.mu.Lock()
	defer v.mu.Unlock()
	f()
}

// RoundTrip implements http.RoundTripper.
func (v *Validator) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	var body []byte
	if req.Body != nil {
		body, _ = io.ReadAll(req.Body)
		req.Body.Close()
		req.Body = io.NopCloser(bytes.NewReader(body))
	}
	route, params, err := v.router.FindRoute(req)
	if err != nil {
		v.fail("%s %s: no route in the spec: %v", req.Method, req.URL.Path, err)
		return v.next.RoundTrip(req)
	}
	opts := &openapi3filter.Options{MultiError: true, AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}
	in := &openapi3filter.RequestValidationInput{Request: req.Clone(ctx), PathParams: params, Route: route, Options: opts}
	in.Request.Body = io.NopCloser(bytes.NewReader(body))
	if ctx.Value(expectBadRequest) == nil {
		if err := openapi3filter.ValidateRequest(ctx, in); err != nil {
			v.fail("request %s %s: %v\nbody: %s", req.Method, req.URL.Path, err, body)
		} else {
			v.count(func() { v.requests++ })
		}
	}
	req.Body = io.NopCloser(bytes.NewReader(body))
	resp, err := v.next.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	respBody, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	resp.Body = io.NopCloser(bytes.NewReader(respBody))
	key := fmt.Sprintf("%s %s %d", req.Method, route.Path, resp.StatusCode)
	v.count(func() { v.operations[key]++ })
	if why, ok := ctx.Value(knownDeviation).(string); ok {
		v.count(func() { v.deviations = append(v.deviations, key+": "+why) })
		return resp, nil
	}
	if route.Operation.Responses.Status(resp.StatusCode) == nil && route.Operation.Responses.Default() == nil {
		v.count(func() { v.unlisted++ })
		return resp, nil
	}
	out := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: in,
		Status:                 resp.StatusCode,
		Header:                 resp.Header,
		Body:                   io.NopCloser(bytes.NewReader(respBody)),
		Options:                opts,
	}
	if err := openapi3filter.ValidateResponse(ctx, out); err != nil {
		v.fail("response %s: %v\nbody: %.400s", key, err, respBody)
	} else {
		v.count(func() { v.responses++ })
	}
	return resp, nil
}

// Counts is what a validator saw, for assertions.
type Counts struct {
	Requests   int // requests validated
	Responses  int // responses validated against a documented schema
	Unlisted   int // responses with a status the spec does not list for the route
	Deviations int // responses marked as known deviations
	Violations int // requests or responses that broke the contract
}

// Counts returns the tallies so far.
func (v *Validator) Counts() Counts {
	v.mu.Lock()
	defer v.mu.Unlock()
	return Counts{Requests: v.requests, Responses: v.responses, Unlisted: v.unlisted,
		Deviations: len(v.deviations), Violations: len(v.failures)}
}

// Violations returns every contract violation so far.
func (v *Validator) Violations() []string {
	v.mu.Lock()
	defer v.mu.Unlock()
	return append([]string(nil), v.failures...)
}

// Report logs the counts and every operation seen, and fails t once per violation.
func (v *Validator) Report(t testing.TB) {
	t.Helper()
	v.mu.Lock()
	defer v.mu.Unlock()
	keys := make([]string, 0, len(v.operations))
	routes := map[string]bool{}
	for k := range v.operations {
		keys = append(keys, k)
		f := strings.Fields(k)
		routes[f[0]+" "+f[1]] = true
	}
	sort.Strings(keys)
	t.Logf("validated %d requests and %d responses over %d spec operations (%d operation/status pairs); "+
		"%d responses had a status the spec does not list for the route, %d were known deviations",
		v.requests, v.responses, len(routes), len(keys), v.unlisted, len(v.deviations))
	for _, k := range keys {
		t.Logf("  %-90s x%d", k, v.operations[k])
	}
	for _, d := range v.deviations {
		t.Logf("  known deviation: %s", d)
	}
	for _, f := range v.failures {
		t.Errorf("contract violation: %s", f)
	}
}
