package hindsighttest

import (
	"hash/fnv"
	"strings"
)

// What a bank health check reads is simulated here: background consolidation of
// retained facts, the log of LLM calls the server made (retain extraction,
// consolidation, reflect, mental-model refreshes) and each bank's LLM settings, which
// decide whether those calls succeed and what the LLM health probe reports.

// healthSim is the server's health-related state. Like the store, it is guarded by
// Server.mu once the server runs.
type healthSim struct {
	// background makes retained facts wait for a consolidation run on the server
	// clock instead of being marked consolidated at once.
	background bool
	// llmLog is every recorded LLM call, oldest first; llmSeq numbers them so that
	// calls with equal start times still sort newest first.
	llmLog []*llmRequest
	llmSeq uint64
	// llm holds per-bank, per-operation LLM settings; absent means a working default.
	llm map[string]map[string]llmSetting
	// extras are applied once the seeds they belong to are loaded.
	extras []healthSeedExtra
}

// sim returns the health state, creating it on first use (options run before the
// server does, so this needs no lock then).
func (s *Server) sim() *healthSim {
	if s.health == nil {
		s.health = &healthSim{llm: map[string]map[string]llmSetting{}}
	}
	return s.health
}

// WithBackgroundConsolidation makes retain behave like a real server with observations
// on: retained facts stay pending until a consolidation operation, queued by the
// retain and run on the server clock like async retain, turns them into observations.
// Without it facts are marked consolidated as they are stored and no observation is
// written, which is what the existing tests and UI goldens rely on. An explicit
// POST …/consolidate simulates a run either way.
func WithBackgroundConsolidation() Option { return func(s *Server) { s.sim().background = true } }

// WithBankLLMHealth turns on POST …/health/llm (the bank_llm_health feature, off on a
// stock server), so the probe can be tried.
func WithBankLLMHealth() Option {
	return func(s *Server) { s.features["bank_llm_health"] = true }
}

// LLM operations a bank configures separately, as the probe reports them.
const (
	llmRetain        = "retain"
	llmConsolidation = "consolidation"
	llmReflect       = "reflect"
)

// LLM states a bank's operation can be in. The last four are what the probe reports
// for a failing configuration; "flaky" connects for the probe but rate-limits some
// calls, so the log shows errors that retries recover from.
const (
	LLMConnected     = "connected"
	LLMFlaky         = "flaky"
	LLMNotConfigured = "not_configured"
	LLMAuthFailed    = "auth_failed"
	LLMUnreachable   = "unreachable"
	LLMTimeout       = "timeout"
)

// llmSetting is how one operation of a bank reaches its LLM.
type llmSetting struct {
	Status   string `json:"status"`
	Provider string `json:"provider"`
	Model    string `json:"model"`
}

func defaultLLM() llmSetting {
	return llmSetting{Status: LLMConnected, Provider: "openai", Model: "gpt-4o-mini"}
}

// bankLLM is the setting of bankID's LLM for operation, with defaults filled in.
func (s *Server) bankLLM(bankID, operation string) llmSetting {
	set := defaultLLM()
	if o, ok := s.sim().llm[bankID][operation]; ok {
		if o.Status != "" {
			set.Status = o.Status
		}
		if o.Provider != "" {
			set.Provider = o.Provider
		}
		if o.Model != "" {
			set.Model = o.Model
		}
	}
	return set
}

// setBankLLM stores a setting; empty fields keep the defaults.
func (s *Server) setBankLLM(bankID, operation string, set llmSetting) {
	h := s.sim()
	if h.llm[bankID] == nil {
		h.llm[bankID] = map[string]llmSetting{}
	}
	h.llm[bankID][operation] = set
}

// SetBankLLM makes bankID's LLM for operation ("retain", "consolidation" or
// "reflect") behave as status (LLMConnected, LLMFlaky, LLMUnreachable, ...), for tests
// of failing consolidation and of the LLM health probe.
func (s *Server) SetBankLLM(bankID, operation, status string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	set := s.bankLLM(bankID, operation)
	set.Status = status
	s.setBankLLM(bankID, operation, set)
}

// llmFailure is the error text a failing LLM call records ("<Class>: <message>", as
// the real trace does), or "" when the call goes through. A flaky LLM fails
// deterministically: every batched call (more than one fact) is rate-limited, and
// single-fact retries succeed.
func llmFailure(set llmSetting, batched bool) string {
	switch set.Status {
	case LLMFlaky:
		if batched {
			return "RateLimitError: Error code: 429 - {'error': {'message': 'Rate limit reached for " + set.Model +
				" on tokens per minute (TPM): Limit 200000, Used 199431, Requested 2874. Please try again in 690ms.', " +
				"'type': 'tokens', 'code': 'rate_limit_exceeded'}}"
		}
	case LLMUnreachable:
		return "APIConnectionError: Connection error."
	case LLMTimeout:
		return "APITimeoutError: Request timed out."
	case LLMAuthFailed:
		return "AuthenticationError: Error code: 401 - {'error': {'message': 'Incorrect API key provided: sk-proj-****" +
			"Q3xa. You can find your API key at https://platform.openai.com/account/api-keys.', 'code': 'invalid_api_key'}}"
	}
	return ""
}

// failedCallMS is how long a failing call takes before it errors.
func failedCallMS(status string) int {
	switch status {
	case LLMTimeout:
		return 60_000
	case LLMUnreachable:
		return 23
	case LLMAuthFailed:
		return 142
	}
	return 187
}

// stableHash spreads a string over [0, n), for deterministic latencies and durations.
func stableHash(n int, parts ...string) int {
	h := fnv.New32a()
	h.Write([]byte(strings.Join(parts, "\x00")))
	return int(h.Sum32() % uint32(n))
}
