package hindsighttest

import (
	_ "embed"
	"encoding/json"
	"fmt"
)

// The seed format is the demo's source of truth: hand-written JSON that reads like what
// real agents store, loaded into the in-memory store at start-up. IDs of memories,
// entities, operations and directives are derived deterministically from the bank id and
// the seed "key" / name, so the demo looks the same on every run.

//go:embed seeddata/demo.json
var demoSeedJSON []byte

// Seed is a whole demo data set.
type Seed struct {
	Banks []SeedBank `json:"banks"`
	// Activity is audit history and webhooks for the banks above (seed_activity.go).
	Activity *SeedActivity `json:"activity,omitempty"`
	// Extensions add to the banks above by bank id (config, models, directives,
	// knowledge base); they are applied once every bank is loaded.
	Extensions map[string]SeedExtension `json:"extensions,omitempty"`
}

// SeedBank is one bank with everything it holds.
type SeedBank struct {
	BankID      string            `json:"bank_id"`
	Name        string            `json:"name"`
	Mission     string            `json:"mission"`
	Disposition SeedDisposition   `json:"disposition"`
	CreatedAt   string            `json:"created_at"` // RFC 3339
	Documents   []SeedDocument    `json:"documents"`
	Memories    []SeedMemory      `json:"memories"`
	Models      []SeedMentalModel `json:"mental_models"`
	Directives  []SeedDirective   `json:"directives"`
	Operations  []SeedOperation   `json:"operations"`
}

// SeedDisposition holds the three 1-5 traits.
type SeedDisposition struct {
	Skepticism int `json:"skepticism"`
	Literalism int `json:"literalism"`
	Empathy    int `json:"empathy"`
}

// SeedDocument is a retained source document; its chunks are given explicitly so that
// memories can point at the chunk they were extracted from.
type SeedDocument struct {
	ID        string            `json:"id"`
	Context   string            `json:"context"`
	Tags      []string          `json:"tags"`
	Metadata  map[string]string `json:"metadata"`
	CreatedAt string            `json:"created_at"` // RFC 3339
	Chunks    []string          `json:"chunks"`     // original text = chunks joined with "\n\n"
}

// SeedEntity is an entity mention on a memory.
type SeedEntity struct {
	Name string `json:"name"`
	Type string `json:"type"` // PERSON, ORGANIZATION, LOCATION, PRODUCT, CONCEPT, EVENT ...
}

// SeedMemory is one memory unit.
type SeedMemory struct {
	Key           string            `json:"key"` // unique within the bank; the id is derived from it
	Text          string            `json:"text"`
	FactType      string            `json:"fact_type"` // world | experience | observation
	Context       string            `json:"context"`
	MentionedAt   string            `json:"mentioned_at"`             // RFC 3339
	OccurredStart string            `json:"occurred_start,omitempty"` // RFC 3339, optional
	OccurredEnd   string            `json:"occurred_end,omitempty"`   // RFC 3339, optional
	Entities      []SeedEntity      `json:"entities"`
	Tags          []string          `json:"tags"`
	Metadata      map[string]string `json:"metadata"`
	DocumentID    string            `json:"document_id,omitempty"` // a SeedDocument.ID of the same bank
	ChunkIndex    *int              `json:"chunk_index,omitempty"` // index into that document's chunks
	Sources       []string          `json:"sources,omitempty"`     // observations: keys of the facts they consolidate
	ProofCount    int               `json:"proof_count,omitempty"`
	// Invalidated memories live in the curation archive (state=invalidated).
	Invalidated        bool   `json:"invalidated,omitempty"`
	InvalidationReason string `json:"invalidation_reason,omitempty"`
	// Consolidation of world/experience facts: "done" (default), "pending" or "failed".
	Consolidation string `json:"consolidation,omitempty"`
}

// SeedMentalModel is a stored, refreshed reflect answer.
type SeedMentalModel struct {
	ID              string   `json:"id"`
	Name            string   `json:"name"`
	SourceQuery     string   `json:"source_query"`
	Content         string   `json:"content"` // markdown
	Tags            []string `json:"tags"`
	MaxTokens       int      `json:"max_tokens"`
	LastRefreshedAt string   `json:"last_refreshed_at"`  // RFC 3339
	BasedOn         []string `json:"based_on,omitempty"` // memory keys
}

// SeedDirective is a hard rule injected into reflect.
type SeedDirective struct {
	Name     string   `json:"name"`
	Content  string   `json:"content"`
	Priority int      `json:"priority"`
	IsActive bool     `json:"is_active"`
	Tags     []string `json:"tags"`
}

// SeedOperation is a background operation in some state.
type SeedOperation struct {
	Key           string `json:"key"`
	Type          string `json:"type"`   // batch_retain | retain | consolidation | refresh_mental_model | graph_maintenance
	Status        string `json:"status"` // pending | processing | completed | failed | cancelled
	CreatedAt     string `json:"created_at"`
	UpdatedAt     string `json:"updated_at"`
	ItemsCount    int    `json:"items_count"`
	DocumentID    string `json:"document_id,omitempty"`
	MentalModelID string `json:"mental_model_id,omitempty"`
	ErrorMessage  string `json:"error_message,omitempty"`
	RetryCount    int    `json:"retry_count,omitempty"`
}

// DemoSeed returns the embedded demo data set, freshly decoded (callers may modify it).
func DemoSeed() (*Seed, error) {
	var s Seed
	if err := json.Unmarshal(demoSeedJSON, &s); err != nil {
		return nil, fmt.Errorf("decode demo seed: %w", err)
	}
	s.Banks = append(s.Banks, explainLabBank())
	s.Activity = demoActivity()
	ext, err := demoExtensions()
	if err != nil {
		return nil, err
	}
	s.Extensions = ext
	return &s, nil
}
