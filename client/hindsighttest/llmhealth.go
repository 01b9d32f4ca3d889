package hindsighttest

import (
	"math"
	"net/http"
)

// llmProbe is LlmOperationHealth (nulls omitted: latency_ms only when measured).
type llmProbe struct {
	Operation string   `json:"operation"`
	OK        bool     `json:"ok"`
	Status    string   `json:"status"`
	LatencyMS *float64 `json:"latency_ms,omitempty"`
}

// handleBankLLMHealth serves POST …/health/llm: a connectivity probe of the LLM each
// operation of the bank uses. It is 404 unless the bank_llm_health feature is on, does
// not check the bank, and probes operations that share a configuration once (they
// report the same latency). The probe's own call is not traced: it has no bank
// attribution on the real server either.
func (s *Server) handleBankLLMHealth(w http.ResponseWriter, r *http.Request, bankID string) {
	markIgnored(w, ignoredQuery(r))
	if !s.features["bank_llm_health"] {
		writeDetail(w, http.StatusNotFound,
			"Bank LLM health check is disabled. Set HINDSIGHT_API_ENABLE_BANK_LLM_HEALTH=true to enable it.")
		return
	}
	if !s.authorized(w, r) {
		return
	}
	probed := map[llmSetting]llmProbe{}
	ops := make([]llmProbe, 0, 3)
	for _, op := range []string{llmRetain, llmConsolidation, llmReflect} {
		set := s.bankLLM(bankID, op)
		p, ok := probed[set]
		if !ok {
			p = probeLLM(bankID, set)
			probed[set] = p
		}
		p.Operation = op
		ops = append(ops, p)
	}
	writeJSON(w, http.StatusOK, map[string]any{"bank_id": bankID, "operations": ops})
}

// probeLLM is the outcome of one probe call: a flaky provider still connects; a call
// that got an answer (connected, rejected key) has a latency, one that never got an
// answer has none.
func probeLLM(bankID string, set llmSetting) llmProbe {
	status := set.Status
	if status == LLMFlaky {
		status = LLMConnected
	}
	p := llmProbe{OK: status == LLMConnected, Status: status}
	switch status {
	case LLMConnected, LLMAuthFailed:
		ms := 180 + float64(stableHash(7200, bankID, set.Provider, set.Model))/10
		ms = math.Round(ms*10) / 10
		p.LatencyMS = &ms
	}
	return p
}
