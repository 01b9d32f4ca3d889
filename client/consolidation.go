package client

import "context"

// Consolidation turns a bank's facts into observations in the background. These calls
// let a curator see and repair it: queue a run, retry facts whose consolidation
// failed, see which tag scopes observations live under, and clear observations of one
// fact so they are rebuilt.

// ConsolidationResult answers Consolidate; follow OperationID with GetOperation.
type ConsolidationResult struct {
	OperationID string `json:"operation_id"`
	// Deduplicated is true when a pending run of the whole bank was reused instead of
	// queuing a new one.
	Deduplicated bool `json:"deduplicated"`
}

// Consolidate queues a consolidation run. scopes nil consolidates every
// unconsolidated fact and reuses a run of the whole bank that is still pending; a
// non-nil list (even an empty one) always queues a new run, and a non-empty one only
// takes facts whose tags contain every tag of one of its scopes. A bank that does not
// exist is a 404: nothing is created.
func (c *Client) Consolidate(ctx context.Context, bankID string, scopes [][]string) (*ConsolidationResult, error) {
	var body any
	if scopes != nil {
		clean := make([][]string, len(scopes))
		for i, sc := range scopes {
			clean[i] = append([]string{}, sc...)
		}
		body = map[string]any{"observation_scopes": clean}
	}
	var out ConsolidationResult
	if err := c.do(ctx, "POST", bankPath(bankID, "consolidate"), nil, body, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// RecoverConsolidationResult answers RecoverConsolidation.
type RecoverConsolidationResult struct {
	RetriedCount int `json:"retried_count"`
}

// RecoverConsolidation makes the facts whose consolidation failed pending again. It
// queues nothing itself: the server's next run (or Consolidate) picks them up.
func (c *Client) RecoverConsolidation(ctx context.Context, bankID string) (*RecoverConsolidationResult, error) {
	var out RecoverConsolidationResult
	if err := c.do(ctx, "POST", bankPath(bankID, "consolidation", "recover"), nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// ObservationScopeCount is one tag set observations live under and how many do; empty
// Tags is the global (untagged) scope. Many scopes holding one observation each mean
// the agent's tags split what should be learned once.
type ObservationScopeCount struct {
	Tags  Strings `json:"tags"`
	Count int     `json:"count"`
}

// ListObservationScopes lists a bank's observation scopes, most populous first (an
// unknown bank has none).
func (c *Client) ListObservationScopes(ctx context.Context, bankID string) ([]ObservationScopeCount, error) {
	var out struct {
		Scopes []ObservationScopeCount `json:"scopes"`
	}
	if err := c.do(ctx, "GET", bankPath(bankID, "observations", "scopes"), nil, nil, &out); err != nil {
		return nil, err
	}
	return out.Scopes, nil
}

// ClearMemoryObservationsResult answers ClearMemoryObservations.
type ClearMemoryObservationsResult struct {
	DeletedCount int `json:"deleted_count"`
}

// ClearMemoryObservations deletes the observations built on one fact and marks their
// sources for re-consolidation. An unknown id clears nothing; a malformed one is a
// 500 from the real server, not a 400.
func (c *Client) ClearMemoryObservations(ctx context.Context, bankID, memoryID string) (*ClearMemoryObservationsResult, error) {
	var out ClearMemoryObservationsResult
	if err := c.do(ctx, "DELETE", bankPath(bankID, "memories", esc(memoryID), "observations"), nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
