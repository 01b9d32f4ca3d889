package client

import (
	"context"
	"encoding/json"
)

// Disposition holds the three 1–5 traits that shape reflect's answers.
type Disposition struct {
	Skepticism int `json:"skepticism"` // 1 trusting … 5 skeptical
	Literalism int `json:"literalism"` // 1 flexible … 5 literal
	Empathy    int `json:"empathy"`    // 1 detached … 5 weighs emotional context
}

// Bank is one item of the banks list.
type Bank struct {
	BankID         string      `json:"bank_id"`
	Name           string      `json:"name"`
	Disposition    Disposition `json:"disposition"`
	Mission        string      `json:"mission"`
	CreatedAt      Time        `json:"created_at"`
	UpdatedAt      Time        `json:"updated_at"`
	FactCount      int         `json:"fact_count"`
	LastDocumentAt Time        `json:"last_document_at"`
	LastWriteAt    Time        `json:"last_write_at"` // zero for an empty bank
}

// BankList is a page of banks, newest write first.
type BankList struct {
	Banks []Bank `json:"banks"`
	Page
}

// ListBanksParams filters the banks list. Zero values are not sent.
type ListBanksParams struct {
	Q      string // case-insensitive substring of id or name (SQL LIKE: % and _ are wild)
	Limit  int    // 0 = server default (100)
	Offset int
}

// ListBanks lists banks. It is also the cheapest call that proves an API key works.
func (c *Client) ListBanks(ctx context.Context, p ListBanksParams) (*BankList, error) {
	q := query{}
	q.str("q", p.Q)
	q.num("limit", p.Limit)
	q.num("offset", p.Offset)
	var out BankList
	if err := c.do(ctx, "GET", "/v1/default/banks", q, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// BankProfile is a bank's identity and disposition.
type BankProfile struct {
	BankID      string      `json:"bank_id"`
	Name        string      `json:"name"`
	Disposition Disposition `json:"disposition"`
	Mission     string      `json:"mission"`
	Background  string      `json:"background"` // deprecated copy of Mission
}

// BankUpdate is the body of PUT and PATCH on a bank. Nil fields are left unchanged.
type BankUpdate struct {
	Name                      *string      `json:"name,omitempty"`
	ReflectMission            *string      `json:"reflect_mission,omitempty"`
	Mission                   *string      `json:"mission,omitempty"`    // deprecated alias of ReflectMission
	Background                *string      `json:"background,omitempty"` // deprecated alias of ReflectMission
	Disposition               *Disposition `json:"disposition,omitempty"`
	DispositionSkepticism     *int         `json:"disposition_skepticism,omitempty"`
	DispositionLiteralism     *int         `json:"disposition_literalism,omitempty"`
	DispositionEmpathy        *int         `json:"disposition_empathy,omitempty"`
	RetainMission             *string      `json:"retain_mission,omitempty"`
	RetainExtractionMode      *string      `json:"retain_extraction_mode,omitempty"` // concise|verbose|custom|verbatim|chunks
	RetainCustomInstructions  *string      `json:"retain_custom_instructions,omitempty"`
	RetainChunkSize           *int         `json:"retain_chunk_size,omitempty"`
	RetainStructuredChunkSize *int         `json:"retain_structured_chunk_size,omitempty"`
	EnableObservations        *bool        `json:"enable_observations,omitempty"`
	ObservationsMission       *string      `json:"observations_mission,omitempty"`
	EnableTemporalRetrieval   *bool        `json:"enable_temporal_retrieval,omitempty"`
	EnableGraphRetrieval      *bool        `json:"enable_graph_retrieval,omitempty"`
	EnableReranking           *bool        `json:"enable_reranking,omitempty"`
}

// GetBankProfile returns a bank's profile; 404 when the bank does not exist (it never
// creates one).
func (c *Client) GetBankProfile(ctx context.Context, bankID string) (*BankProfile, error) {
	var out BankProfile
	if err := c.do(ctx, "GET", bankPath(bankID, "profile"), nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// PutBank creates the bank or updates it (PUT is create-or-update).
func (c *Client) PutBank(ctx context.Context, bankID string, u BankUpdate) (*BankProfile, error) {
	var out BankProfile
	if err := c.do(ctx, "PUT", bankPath(bankID), nil, u, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// PatchBank updates an existing bank; 404 when it does not exist.
func (c *Client) PatchBank(ctx context.Context, bankID string, u BankUpdate) (*BankProfile, error) {
	var out BankProfile
	if err := c.do(ctx, "PATCH", bankPath(bankID), nil, u, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// DeleteResult is the answer of bulk deletes.
type DeleteResult struct {
	Success      bool   `json:"success"`
	Message      string `json:"message"`
	DeletedCount int    `json:"deleted_count"`
}

// DeleteBank deletes a bank and everything in it.
func (c *Client) DeleteBank(ctx context.Context, bankID string) (*DeleteResult, error) {
	var out DeleteResult
	if err := c.do(ctx, "DELETE", bankPath(bankID), nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// BankStats are the counters of the bank overview.
type BankStats struct {
	BankID               string                    `json:"bank_id"`
	TotalNodes           int                       `json:"total_nodes"`
	TotalLinks           int                       `json:"total_links"`
	TotalDocuments       int                       `json:"total_documents"`
	NodesByFactType      map[string]int            `json:"nodes_by_fact_type"`
	LinksByLinkType      map[string]int            `json:"links_by_link_type"`
	LinksByFactType      map[string]int            `json:"links_by_fact_type"`
	LinksBreakdown       map[string]map[string]int `json:"links_breakdown"`
	PendingOperations    int                       `json:"pending_operations"`
	FailedOperations     int                       `json:"failed_operations"`
	OperationsByStatus   map[string]int            `json:"operations_by_status"`
	LastConsolidatedAt   Time                      `json:"last_consolidated_at"`
	LastMemoryWriteAt    Time                      `json:"last_memory_write_at"`
	PendingConsolidation int                       `json:"pending_consolidation"`
	FailedConsolidation  int                       `json:"failed_consolidation"`
	TotalObservations    int                       `json:"total_observations"`
}

// BankStats returns the bank's counters; refresh bypasses the server's short cache.
func (c *Client) BankStats(ctx context.Context, bankID string, refresh bool) (*BankStats, error) {
	q := query{}
	q.flag("refresh", refresh)
	var out BankStats
	if err := c.do(ctx, "GET", bankPath(bankID, "stats"), q, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// BankConfig is the resolved configuration and the bank's own overrides.
type BankConfig struct {
	BankID    string                     `json:"bank_id"`
	Config    map[string]json.RawMessage `json:"config"`
	Overrides map[string]json.RawMessage `json:"overrides"`
}

// GetBankConfig returns the bank's configuration (404 when the config API is disabled).
func (c *Client) GetBankConfig(ctx context.Context, bankID string) (*BankConfig, error) {
	var out BankConfig
	if err := c.do(ctx, "GET", bankPath(bankID, "config"), nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// PatchBankConfig sets overrides; keys in Python form (retain_extraction_mode) or env
// form (HINDSIGHT_API_RETAIN_EXTRACTION_MODE). Unknown keys are a 400.
func (c *Client) PatchBankConfig(ctx context.Context, bankID string, updates map[string]any) (*BankConfig, error) {
	var out BankConfig
	body := map[string]any{"updates": updates}
	if err := c.do(ctx, "PATCH", bankPath(bankID, "config"), nil, body, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// ResetBankConfig removes every override of the bank.
func (c *Client) ResetBankConfig(ctx context.Context, bankID string) (*BankConfig, error) {
	var out BankConfig
	if err := c.do(ctx, "DELETE", bankPath(bankID, "config"), nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
