package client

import "context"

// LLM health statuses the bank probe reports per operation.
const (
	LLMConnected     = "connected"
	LLMNotConfigured = "not_configured" // the provider is "none"
	LLMAuthFailed    = "auth_failed"    // usually a wrong or expired API key
	LLMUnreachable   = "unreachable"
	LLMTimeout       = "timeout"
)

// LLMOperationHealth is the probe of the LLM one operation (retain, consolidation,
// reflect) uses. LatencyMS is nil when the probe got no answer.
type LLMOperationHealth struct {
	Operation string   `json:"operation"`
	OK        bool     `json:"ok"`
	Status    string   `json:"status"`
	LatencyMS *float64 `json:"latency_ms"`
}

// BankLLMHealth is the bank's LLM connectivity, per operation.
type BankLLMHealth struct {
	BankID     string               `json:"bank_id"`
	Operations []LLMOperationHealth `json:"operations"`
}

// Failing lists the operations whose LLM is not reachable as configured.
func (h *BankLLMHealth) Failing() []LLMOperationHealth {
	var out []LLMOperationHealth
	for _, op := range h.Operations {
		if !op.OK {
			out = append(out, op)
		}
	}
	return out
}

// BankLLMHealth probes the LLMs the bank's operations use, with a real (small) call
// each; operations sharing a configuration are probed once. The route is off unless
// the server enables it (feature "bank_llm_health"): a 404 then means "not available
// here", not "no such bank" (the bank is not checked).
func (c *Client) BankLLMHealth(ctx context.Context, bankID string) (*BankLLMHealth, error) {
	var out BankLLMHealth
	if err := c.do(ctx, "POST", bankPath(bankID, "health", "llm"), nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
