package client_test

import (
	"context"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"hindsight-tui/client/contracttest"
)

// The contract test checks both sides against Hindsight's official OpenAPI document:
// every request our client sends, and every response our test server returns. The
// validating transport lives in client/contracttest, so panes can check the requests
// they build with the same code; these helpers keep the scenario's vocabulary.

func loadSpec(t *testing.T) *openapi3.T { return contracttest.Load(t) }

// badRequest marks a call that deliberately sends what the spec forbids.
func badRequest(ctx context.Context) context.Context { return contracttest.BadRequest(ctx) }

// deviation marks a documented place where the real server answers differently from
// the spec; the test checks the real shape itself.
func deviation(ctx context.Context, why string) context.Context {
	return contracttest.Deviation(ctx, why)
}

// validator is the shared validating transport with the scenario's report method.
type validator struct{ *contracttest.Validator }

func newValidator(t *testing.T, doc *openapi3.T, serverURL string) validator {
	t.Helper()
	return validator{contracttest.New(t, doc, serverURL)}
}

func (v validator) report(t *testing.T) {
	t.Helper()
	v.Report(t)
}
