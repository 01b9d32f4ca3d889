package client_test

import (
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
)

func TestBankLLMHealth(t *testing.T) {
	ctx := t.Context()
	_, err := serve(t).BankLLMHealth(ctx, "b")
	if !client.IsNotFound(err) || !strings.Contains(err.Error(), "HINDSIGHT_API_ENABLE_BANK_LLM_HEALTH") {
		t.Errorf("probe on a server without it: %v", err)
	}

	srv := server(t, hindsighttest.WithBankLLMHealth())
	c := newClient(t, srv)
	v, err := c.Version(ctx)
	if err != nil || !v.Enabled(client.FeatureBankLLMHealth) {
		t.Errorf("feature flag: %+v, %v", v, err)
	}
	srv.SetBankLLM("b", "consolidation", "unreachable")
	srv.SetBankLLM("b", "reflect", "auth_failed")
	h, err := c.BankLLMHealth(ctx, "b")
	if err != nil || h.BankID != "b" || len(h.Operations) != 3 {
		t.Fatalf("probe: %+v, %v", h, err)
	}
	want := []struct {
		op, status  string
		ok, latency bool
	}{
		{"retain", client.LLMConnected, true, true},
		{"consolidation", client.LLMUnreachable, false, false},
		{"reflect", client.LLMAuthFailed, false, true},
	}
	for i, w := range want {
		got := h.Operations[i]
		if got.Operation != w.op || got.Status != w.status || got.OK != w.ok || (got.LatencyMS != nil) != w.latency {
			t.Errorf("%s: %+v", w.op, got)
		}
	}
	if failing := h.Failing(); len(failing) != 2 || failing[0].Operation != "consolidation" {
		t.Errorf("failing: %+v", failing)
	}
}
