package health

import (
	"context"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/demo"
)

// epoch pins the demo server's clock where the demo seed is written, so its data keeps
// the dates it was written with and "the last 24 hours" mean the seed's last day.
var epoch = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

// shared is one demo server for the tests that only read (most of them).
var shared *hindsighttest.Server

func TestMain(m *testing.M) {
	shared = newDemo()
	code := m.Run()
	shared.Close()
	os.Exit(code)
}

// newDemo is the demo's server (demo banks and bank-health banks, the probe on) with
// its clock pinned.
func newDemo(opts ...hindsighttest.Option) *hindsighttest.Server {
	return hindsighttest.NewServer(append(append(demo.Options(), hindsighttest.WithClock(func() time.Time { return epoch })), opts...)...)
}

// ownDemo is a demo server for one test that changes it, closed when the test ends.
func ownDemo(t *testing.T, opts ...hindsighttest.Option) *hindsighttest.Server {
	t.Helper()
	srv := newDemo(opts...)
	t.Cleanup(srv.Close)
	return srv
}

// counter counts requests per "METHOD path" on their way to the server.
type counter struct {
	mu   sync.Mutex
	byOp map[string]int
	next http.RoundTripper
}

func (c *counter) RoundTrip(req *http.Request) (*http.Response, error) {
	c.mu.Lock()
	c.byOp[req.Method+" "+req.URL.Path]++
	c.mu.Unlock()
	return c.next.RoundTrip(req)
}

func (c *counter) total() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, v := range c.byOp {
		n += v
	}
	return n
}

func newClient(t testing.TB, url string, rt http.RoundTripper) *client.Client {
	t.Helper()
	var opts []client.Option
	if rt != nil {
		opts = append(opts, client.WithHTTPClient(&http.Client{Transport: rt}))
	}
	c, err := client.New(url, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// check runs one check on a bank of srv (the shared demo when nil).
func check(t *testing.T, srv *hindsighttest.Server, bank, id string, opts Options) Check {
	t.Helper()
	if srv == nil {
		srv = shared
	}
	r := &run{ctx: context.Background(), c: newClient(t, srv.URL(), nil), bank: bank, timeout: 10 * time.Second, opts: opts}
	for _, f := range checks() {
		if f.id == id {
			return f.run(r)
		}
	}
	t.Fatalf("no check %q", id)
	return Check{}
}

// want asserts a check's status and the phrases its summary must hold.
func want(t *testing.T, c Check, status Status, summary ...string) {
	t.Helper()
	if c.Status != status {
		t.Errorf("%s: status %s, want %s (summary %q)", c.ID, c.Status, status, c.Summary)
	}
	for _, s := range summary {
		if !strings.Contains(c.Summary, s) {
			t.Errorf("%s: summary %q does not contain %q", c.ID, c.Summary, s)
		}
	}
	if strings.ContainsAny(c.Summary+c.Fix, "\n\r") {
		t.Errorf("%s: summary or fix spans lines: %q / %q", c.ID, c.Summary, c.Fix)
	}
	if (c.Status == Warn || c.Status == Fail) && c.Fix == "" {
		t.Errorf("%s: %s without a fix", c.ID, c.Status)
	}
}

// TestHealthyBankPassesAll: garden-planner is the healthy bank; every check passes
// (the probe too, when asked).
func TestHealthyBankPassesAll(t *testing.T) {
	c := newClient(t, shared.URL(), nil)
	r := Run(context.Background(), c, "garden-planner", Options{ProbeLLM: true})
	if len(r.Checks) != len(checks()) {
		t.Fatalf("%d checks, want %d", len(r.Checks), len(checks()))
	}
	ids := []string{StrandedFacts, FailedConsolidation, ConsolidationLLMErrors, ObservationScopes, DuplicateObservations,
		EmptyDocuments, EntityMerges, StaleModels, FailedOperations, LLMProbe}
	for i, ch := range r.Checks {
		if ch.ID != ids[i] {
			t.Errorf("check %d is %s, want %s", i, ch.ID, ids[i])
		}
		want(t, ch, OK)
		if ch.Fix != "" {
			t.Errorf("%s passes but suggests a fix: %q", ch.ID, ch.Fix)
		}
	}
	if r.Worst() != OK {
		t.Errorf("worst %s", r.Worst())
	}
	r = Run(context.Background(), c, "garden-planner", Options{})
	if last := r.Checks[len(r.Checks)-1]; last.Status != Skip || last.Summary != "not run (--probe-llm)" || r.Worst() != OK {
		t.Errorf("without --probe-llm: %+v, worst %s", last, r.Worst())
	}
}

// Only runs the checks it names, in report order, and nothing else.
func TestRunOnly(t *testing.T) {
	cnt := &counter{byOp: map[string]int{}, next: http.DefaultTransport}
	r := Run(context.Background(), newClient(t, shared.URL(), cnt), "ops-runbook", Options{Only: QuickChecks()})
	var got []string
	for _, ch := range r.Checks {
		got = append(got, ch.ID)
	}
	if want := QuickChecks(); !slices.Equal(got, want) {
		t.Fatalf("checks %q, want %q", got, want)
	}
	if r.Worst() != Fail {
		t.Errorf("ops-runbook's quick checks: worst %s, want fail", r.Worst())
	}
	if n := cnt.total(); n > 9 {
		t.Errorf("the quick checks made %d requests, more than the 9 QuickChecks promises", n)
	}
}
