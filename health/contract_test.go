package health

import (
	"context"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/contracttest"
	"hindsight-tui/client/hindsighttest"
)

// TestContract runs every check, the LLM probe included, on every demo bank through the
// validating transport: each request the checks send and each response the server
// returns must match Hindsight's OpenAPI document.
func TestContract(t *testing.T) {
	c, v := validated(t, shared)
	ctx := context.Background()
	banks, err := c.ListBanks(ctx, client.ListBanksParams{})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range banks.Banks {
		for _, check := range Run(ctx, c, b.BankID, Options{ProbeLLM: true}).Checks {
			if check.Status == Skip {
				t.Errorf("%s %s skipped: %s", b.BankID, check.ID, check.Summary)
			}
		}
	}
	report(t, v, len(banks.Banks))
}

// TestContractErrorPaths covers the answers a healthy demo never gives: a cited memory
// that is gone (404) and a server with the LLM probe off (404).
func TestContractErrorPaths(t *testing.T) {
	srv := hindsighttest.NewServer(hindsighttest.WithBankHealthSeed())
	defer srv.Close()
	c, v := validated(t, srv)
	ctx := context.Background()
	if _, err := c.DeleteDocument(ctx, "garden-planner", "journal-2026-11-24"); err != nil {
		t.Fatal(err)
	}
	r := Run(ctx, c, "garden-planner", Options{ProbeLLM: true})
	if r.Checks[7].Status != Fail || r.Checks[9].Status != Skip {
		t.Errorf("stale_models %+v, llm_probe %+v", r.Checks[7], r.Checks[9])
	}
	report(t, v, 1)
}

// validated is a client of srv whose requests and responses the returned validator
// checks against Hindsight's OpenAPI document (the test skips without the document).
func validated(t *testing.T, srv *hindsighttest.Server) (*client.Client, *contracttest.Validator) {
	t.Helper()
	v := contracttest.New(t, contracttest.Load(t), srv.URL())
	c, err := client.New(srv.URL(), client.WithHTTPClient(v.Client()))
	if err != nil {
		t.Fatal(err)
	}
	return c, v
}

func report(t *testing.T, v *contracttest.Validator, banks int) {
	t.Helper()
	v.Report(t)
	n := v.Counts()
	if n.Requests == 0 || n.Responses == 0 || n.Violations != 0 {
		t.Errorf("counts: %+v", n)
	}
	t.Logf("%d banks: %d requests valid, %d responses valid against their documented schema, %d with a status the spec does not list, %d violations",
		banks, n.Requests, n.Responses, n.Unlisted, n.Violations)
}
