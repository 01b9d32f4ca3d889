package client_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
)

// The contract test checks both sides against Hindsight's official OpenAPI document:
// every request our client sends, and every response our test server returns. The
// document belongs to the Hindsight project and is read from the shared folder beside
// the repository, never copied in.

// specPath finds openapi.json: $HINDSIGHT_OPENAPI if set, else shared/hindsight/ beside
// the module root.
func specPath() (string, error) {
	if p := os.Getenv("HINDSIGHT_OPENAPI"); p != "" {
		return p, nil
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "..", "shared", "hindsight", "openapi.json"), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("module root not found")
		}
		dir = parent
	}
}

func loadSpec(t *testing.T) *openapi3.T {
	t.Helper()
	path, err := specPath()
	if err != nil {
		t.Skipf("contract test skipped: %v", err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Skipf("contract test skipped: Hindsight's OpenAPI document is not at %s (set HINDSIGHT_OPENAPI to its path)", path)
	}
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromFile(path)
	if err != nil {
		t.Fatalf("load %s: %v", path, err)
	}
	// The document has one example that does not match its schema; examples are not
	// what we test.
	if err := doc.Validate(context.Background(), openapi3.DisableExamplesValidation()); err != nil {
		t.Fatalf("spec does not validate: %v", err)
	}
	return doc
}

type ctxKey int

const (
	// expectBadRequest marks a call that deliberately sends what the spec forbids, to
	// exercise an error path: its request is not validated, its response still is.
	expectBadRequest ctxKey = iota
	// knownDeviation names a documented place where the real server answers differently
	// from the spec; such a response is checked for the real shape by the test itself.
	knownDeviation
)

func badRequest(ctx context.Context) context.Context {
	return context.WithValue(ctx, expectBadRequest, true)
}

func deviation(ctx context.Context, why string) context.Context {
	return context.WithValue(ctx, knownDeviation, why)
}

// validator is an http.RoundTripper that validates each exchange against the spec.
type validator struct {
	t      *testing.T
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

func newValidator(t *testing.T, doc *openapi3.T, serverURL string) *validator {
	t.Helper()
	doc.Servers = openapi3.Servers{{URL: serverURL}}
	r, err := gorillamux.NewRouter(doc)
	if err != nil {
		t.Fatalf("router: %v", err)
	}
	return &validator{t: t, router: r, next: http.DefaultTransport, operations: map[string]int{}}
}

func (v *validator) fail(format string, args ...any) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.failures = append(v.failures, fmt.Sprintf(format, args...))
}

func (v *validator) RoundTrip(req *http.Request) (*http.Response, error) {
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
			v.mu.Lock()
			v.requests++
			v.mu.Unlock()
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
	v.mu.Lock()
	v.operations[key]++
	v.mu.Unlock()
	if why, ok := ctx.Value(knownDeviation).(string); ok {
		v.mu.Lock()
		v.deviations = append(v.deviations, key+": "+why)
		v.mu.Unlock()
		return resp, nil
	}
	out := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: in,
		Status:                 resp.StatusCode,
		Header:                 resp.Header,
		Body:                   io.NopCloser(bytes.NewReader(respBody)),
		Options:                opts,
	}
	if route.Operation.Responses.Status(resp.StatusCode) == nil && route.Operation.Responses.Default() == nil {
		v.mu.Lock()
		v.unlisted++
		v.mu.Unlock()
		return resp, nil
	}
	if err := openapi3filter.ValidateResponse(ctx, out); err != nil {
		v.fail("response %s: %v\nbody: %.400s", key, err, respBody)
	} else {
		v.mu.Lock()
		v.responses++
		v.mu.Unlock()
	}
	return resp, nil
}

func (v *validator) report(t *testing.T) {
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
