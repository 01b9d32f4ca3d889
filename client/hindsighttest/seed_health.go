package hindsighttest

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"time"
)

// The bank-health seed adds banks that each show a problem a health check should
// find, and one that is perfectly healthy, to the demo. It is a separate data set (the
// five demo banks stay as they are), loaded with WithBankHealthSeed: banks in the seed
// format plus, per bank, what that format cannot say (config overrides, LLM settings,
// when facts were consolidated or failed, and the LLM runs of the last day).

//go:embed seeddata/health.json
var healthSeedJSON []byte

// healthSeed is the file's shape.
type healthSeed struct {
	Banks  []SeedBank        `json:"banks"`
	Extras []healthSeedExtra `json:"extras"`
}

// healthSeedExtra is what a health bank needs beyond the seed format.
type healthSeedExtra struct {
	BankID string `json:"bank_id"`
	// Config holds bank config overrides, as PATCH …/config would set them.
	Config map[string]any `json:"config"`
	// LLM sets the bank's LLM per operation (retain, consolidation, reflect).
	LLM map[string]llmSetting `json:"llm"`
	// ConsolidatedAt is when the consolidated facts were consolidated (default: as
	// they were stored); FailedAt when the failed ones failed.
	ConsolidatedAt string `json:"consolidated_at"`
	FailedAt       string `json:"failed_at"`
	// Runs are the LLM runs of the last day, rebuilt from the bank's data.
	Runs []seedLLMRun `json:"llm_runs"`

	seedCreatedAt string // the bank's created_at in the seed, to recover the time shift
}

// seedLLMRun is one operation run whose LLM calls the seed logs.
type seedLLMRun struct {
	Operation string `json:"operation"` // retain | consolidation | reflect | refresh_mental_model
	At        string `json:"at"`        // when the run ended (seed time)
	// DocumentID is the document a retain run extracted. A retain that failed (LLM
	// set to a failing status) stored no document: Content is then what it sent.
	DocumentID string `json:"document_id,omitempty"`
	Content    string `json:"content,omitempty"`
	// Facts are the memory keys a consolidation run consolidated.
	Facts []string `json:"facts,omitempty"`
	// Query is a reflect run's question.
	Query string `json:"query,omitempty"`
	// MentalModelID is the model a refresh run refreshed.
	MentalModelID string `json:"mental_model_id,omitempty"`
	// LLM overrides the bank's LLM status for this run (e.g. "flaky" for a night the
	// provider rate-limited).
	LLM string `json:"llm,omitempty"`
}

// BankHealthSeed returns the bank-health data set: the banks of seeddata/health.json
// plus the generated chat-sessions bank. Extras are not part of the returned Seed.
func BankHealthSeed() (*Seed, error) {
	hs, err := decodeHealthSeed()
	if err != nil {
		return nil, err
	}
	return &Seed{Banks: hs.Banks}, nil
}

func decodeHealthSeed() (*healthSeed, error) {
	var hs healthSeed
	if err := json.Unmarshal(healthSeedJSON, &hs); err != nil {
		return nil, fmt.Errorf("decode bank-health seed: %w", err)
	}
	sessions, extra := chatSessionsBank()
	hs.Banks = append(hs.Banks, sessions)
	hs.Extras = append(hs.Extras, extra)
	created := map[string]string{}
	for _, b := range hs.Banks {
		created[b.BankID] = b.CreatedAt
	}
	for i := range hs.Extras {
		c, ok := created[hs.Extras[i].BankID]
		if !ok {
			return nil, fmt.Errorf("bank-health seed: extras for unknown bank %q", hs.Extras[i].BankID)
		}
		hs.Extras[i].seedCreatedAt = c
	}
	return &hs, nil
}

// WithBankHealthSeed loads the bank-health demo banks (see BankHealthSeed): one
// healthy bank and banks with stranded facts, failing consolidation, LLM errors the
// failure counter does not show, an explosion of observation scopes, near-duplicate
// observations, documents without facts and suspicious entity merges. The demo turns
// it on together with WithBackgroundConsolidation and WithBankLLMHealth.
func WithBankHealthSeed() Option {
	return func(s *Server) {
		hs, err := decodeHealthSeed()
		if err != nil {
			s.optErr = err
			return
		}
		s.seeds = append(s.seeds, &Seed{Banks: hs.Banks})
		s.sim().extras = append(s.sim().extras, hs.Extras...)
	}
}

// applySeedExtras completes the seeded banks once they are loaded.
func (s *Server) applySeedExtras() error {
	h := s.sim()
	extras := h.extras
	h.extras = nil
	for _, ex := range extras {
		if err := s.applySeedExtra(ex); err != nil {
			return fmt.Errorf("seed bank %q: %w", ex.BankID, err)
		}
	}
	return nil
}

func (s *Server) applySeedExtra(ex healthSeedExtra) error {
	b := s.store.banks[ex.BankID]
	if b == nil {
		return fmt.Errorf("not loaded")
	}
	created, err := parseISO(ex.seedCreatedAt)
	if err != nil {
		return fmt.Errorf("created_at: %w", err)
	}
	shift := b.createdAt.Sub(created)
	at := func(v string) (*time.Time, error) {
		if v == "" {
			return nil, nil
		}
		t, err := parseISO(v)
		if err != nil {
			return nil, err
		}
		t = t.Add(shift)
		return &t, nil
	}
	if len(ex.Config) > 0 {
		updates, err := validateConfigUpdates(ex.Config)
		if err != nil {
			return err
		}
		setOverrides(b, updates)
	}
	for op, set := range ex.LLM {
		s.setBankLLM(b.id, op, set)
	}
	consolidated, err := at(ex.ConsolidatedAt)
	if err != nil {
		return err
	}
	failed, err := at(ex.FailedAt)
	if err != nil {
		return err
	}
	for _, m := range b.memories {
		switch {
		case m.consolidation == "done" && consolidated != nil:
			m.consolidatedAt = timePtr(*consolidated)
		case m.consolidation == "failed" && failed != nil:
			m.consolidationFailedAt = timePtr(*failed)
		}
	}
	for i, run := range ex.Runs {
		end, err := at(run.At)
		if err != nil || end == nil {
			return fmt.Errorf("llm run %d: bad time %q", i, run.At)
		}
		if err := s.seedLLMRun(b, run, *end); err != nil {
			return fmt.Errorf("llm run %d: %w", i, err)
		}
	}
	return nil
}
