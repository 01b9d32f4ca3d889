package health

import (
	"context"
	"net/http"
	"testing"
	"time"
)

func TestEmptyDocuments(t *testing.T) {
	c := check(t, nil, "ops-runbook", EmptyDocuments, Options{})
	want(t, c, Warn, "2 of 7 documents produced no facts: standup-2026-11-24-transcript, scan-network-diagram")
	if len(c.Evidence.Documents) != 2 || c.Evidence.Documents[0].TextLength == 0 {
		t.Errorf("evidence: %+v", c.Evidence.Documents)
	}
	want(t, check(t, nil, "garden-planner", EmptyDocuments, Options{}), OK, "every document produced facts (4 documents)")
}

func TestFailedOperations(t *testing.T) {
	c := check(t, nil, "ops-runbook", FailedOperations, Options{})
	want(t, c, Fail, "3 operations failed in the last 24 h: consolidation, batch_retain, file_convert_retain",
		`newest: "Consolidation failed: 5 memories could not be consolidated`)
	if len(c.Evidence.Operations) != 3 || c.Evidence.Operations[0].Error == "" || c.Evidence.Operations[0].At.IsZero() {
		t.Errorf("evidence: %+v", c.Evidence.Operations)
	}
	want(t, check(t, nil, "garden-planner", FailedOperations, Options{}), OK, "no operations failed in the last 24 h")
	// The demo banks' failures are older than a day.
	want(t, check(t, nil, "research-agent", FailedOperations, Options{}), OK, "(3 failed operations, older)")
}

// TestFailedOperationsServerClock: the window follows the server's clock (its Date
// header), wherever this machine's is; two server days later the failures are old.
func TestFailedOperationsServerClock(t *testing.T) {
	srv := ownDemo(t)
	srv.SetClock(func() time.Time { return epoch.Add(48 * time.Hour) })
	want(t, check(t, srv, "ops-runbook", FailedOperations, Options{}), OK, "(3 failed operations, older)")
}

// noDate removes the Date header from every response, like a proxy that strips it.
type noDate struct{}

func (noDate) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := http.DefaultTransport.RoundTrip(req)
	if resp != nil {
		resp.Header.Del("Date")
	}
	return resp, err
}

// TestFailedOperationsWithoutDate: without a Date header the bank's newest operation
// stands in for the clock, so the failures of its last active day still show, however
// long ago that was.
func TestFailedOperationsWithoutDate(t *testing.T) {
	srv := ownDemo(t)
	srv.SetClock(func() time.Time { return epoch.Add(48 * time.Hour) })
	r := &run{ctx: context.Background(), c: newClient(t, srv.URL(), noDate{}), bank: "ops-runbook", timeout: 10 * time.Second}
	want(t, failedOperations(r), Fail, "3 operations failed in the last 24 h")
	r.bank = "no-such-bank"
	want(t, failedOperations(r), OK, "no operations failed")
}
