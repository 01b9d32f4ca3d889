// Package contracttest checks HTTP exchanges against Hindsight's official OpenAPI
// document. Its Validator is an http.RoundTripper: put it under a client in a test and
// every request the client sends, and every response the server returns, is validated
// against the spec. The client's own contract test and the panes' tests share it, so
// "the requests this pane sends are valid" is checked by the same code as the client.
//
// The document belongs to the Hindsight project and is read from the shared folder
// beside the repository (or $HINDSIGHT_OPENAPI), never copied in; when it is absent,
// Load skips the test with a message saying where it looked.
package contracttest

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

// SpecPath finds openapi.json: $HINDSIGHT_OPENAPI if set, else shared/hindsight/ beside
// the module root (found by walking up from the working directory to go.mod).
func SpecPath() (string, error) {
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

// Load reads and validates the spec, or skips t when the document is not there (a
// checkout outside this repository's home has no shared folder).
func Load(t testing.TB) *openapi3.T {
	t.Helper()
	path, err := SpecPath()
	if err != nil {
		skip(t, "contract test skipped: %v", err)
	}
	if _, err := os.Stat(path); err != nil {
		skip(t, "contract test skipped: Hindsight's OpenAPI document is not at %s (set HINDSIGHT_OPENAPI to its path)", path)
	}
	doc, err := openapi3.NewLoader().LoadFromFile(path)
	if err != nil {
		t.Fatalf("load %s: %v", path, err)
	}
	// The document has one example that does not match its schema; examples are not
	// what we test.
	if err := doc.Validate(context.Background(), openapi3.DisableExamplesValidation()); err != nil {
		t.Fatalf("spec does not validate: %v", err)
	}
	acceptNullInEmptySchemas(doc)
	return doc
}

type ctxKey int

const (
	expectBadRequest ctxKey = iota
	knownDeviation
)

// BadRequest marks a call that deliberately sends what the spec forbids, to exercise
// an error path: its request is not validated, its response still is.
func BadRequest(ctx context.Context) context.Context {
	return context.WithValue(ctx, expectBadRequest, true)
}

// Deviation marks a call whose response is a documented place where the real server
// answers differently from the spec; the caller checks the real shape itself, and the
// report lists why.
func Deviation(ctx context.Context, why string) context.Context {
	return context.WithValue(ctx, knownDeviation, why)
}

// skip skips t, except under CI (CI set), where a contract test that cannot run fails:
// CI must prove the contract, not pass without checking it.
func skip(t testing.TB, format string, args ...any) {
	t.Helper()
	if os.Getenv("CI") != "" {
		t.Fatalf(format, args...)
	}
	t.Skipf(format, args...)
}
