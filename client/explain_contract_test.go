package client_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"

	"hindsight-tui/client/hindsighttest"
)

// The recall explainer's seeded cases are recalls a user can send as they are, so
// every one of them, with its trace, and the request that brings the memory back,
// must be valid on both sides of the contract.
func TestContractExplainCases(t *testing.T) {
	doc := loadSpec(t)
	srv := hindsighttest.NewServer(hindsighttest.WithDemoSeed())
	defer srv.Close()
	v := newValidator(t, doc, srv.URL())
	cases, err := hindsighttest.ExplainCases()
	if err != nil {
		t.Fatal(err)
	}
	send := func(bank string, body json.RawMessage) {
		var req map[string]any
		if err := json.Unmarshal(body, &req); err != nil {
			t.Fatal(err)
		}
		req["trace"] = true
		raw, _ := json.Marshal(req)
		resp, err := v.Client().Post(srv.URL()+"/v1/default/banks/"+bank+"/memories/recall", "application/json", bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("%s: status %d", raw, resp.StatusCode)
		}
	}
	for _, c := range cases {
		send(c.BankID, c.Request)
		back, ok, err := c.BroughtBack()
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			send(c.BankID, back)
		}
	}
	if n := v.Counts().Responses; n < len(cases) {
		t.Errorf("validated %d responses for %d cases", n, len(cases))
	}
	v.report(t)
}
