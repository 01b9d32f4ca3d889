package uitest

import (
	"slices"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/contracttest"
	"hindsight-tui/ui/common"
)

// Contract starts a pane as Demo does, with a client that validates every request it
// sends, and every answer it reads, against Hindsight's OpenAPI document (the test
// skips when the document is absent, as contracttest.Load says). Panes built later on
// the host's C share the validating client. check reports what the validator saw and
// fails the test on any violation: call it once the pane has sent everything.
func Contract[P common.Pane](t testing.TB, newPane func(*common.Common) P, opts ...Option) (p P, h *Host, check func()) {
	t.Helper()
	doc := contracttest.Load(t)
	o := startOptions{}
	for _, f := range opts {
		f(&o)
	}
	srv := o.srv
	if srv == nil {
		srv = DemoServer(t, o.seed...)
	}
	v := contracttest.New(t, doc, srv.URL())
	p, h = Demo(t, newPane, slices.Concat(opts, []Option{OnServer(srv), WithClient(client.WithHTTPClient(v.Client()))})...)
	return p, h, func() {
		t.Helper()
		v.Report(t)
		if n := v.Counts().Violations; n != 0 {
			t.Fatalf("%d contract violations", n)
		}
	}
}
