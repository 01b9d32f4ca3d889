package hindsighttest

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"maps"
)

// The recall explainer's seeded cases: for each stage of the recall pipeline, a
// memory of the explain-lab demo bank that drops out at exactly that stage for a
// stated request. The UI, a CLI and the tests read the same file.

//go:embed seeddata/explain_cases.json
var explainCasesJSON []byte

// Recall pipeline stages at which a memory can drop out, in pipeline order.
const (
	StageMissing     = "missing"     // no memory with that id in the bank
	StageInvalidated = "invalidated" // curated out
	StageType        = "type"        // its fact type was not requested
	StageTags        = "tags"        // outside the tags / tags_match / tag_groups scope
	StageRetrieval   = "retrieval"   // no lane found it (limits, semantic/keyword floors)
	StageMinScores   = "min_scores"  // under the reranker or final floor
	StageBudget      = "budget"      // ranked below the 2 × thinking-budget cut
	StageMaxTokens   = "max_tokens"  // stopped by the greedy token cut
	StageObservation = "observation" // replaced by an observation citing it
	StageRecalled    = "recalled"    // returned
)

// ExplainCase is one seeded case. Request is a RecallRequest body; BringBack, when
// set, holds request fields that, merged over Request (null removes a field), bring
// the memory back.
type ExplainCase struct {
	Name        string          `json:"name"`
	Stage       string          `json:"stage"`
	BankID      string          `json:"bank_id"`
	SeedKey     string          `json:"seed_key"`
	MemoryID    string          `json:"memory_id"`
	Request     json.RawMessage `json:"request"`
	BringBack   json.RawMessage `json:"bring_back,omitempty"`
	Explanation string          `json:"explanation"`
}

// ExplainCases returns the seeded explainer cases, freshly decoded.
func ExplainCases() ([]ExplainCase, error) {
	var doc struct {
		Cases []ExplainCase `json:"cases"`
	}
	if err := json.Unmarshal(explainCasesJSON, &doc); err != nil {
		return nil, fmt.Errorf("decode explain cases: %w", err)
	}
	return doc.Cases, nil
}

// BroughtBack returns the case's request with BringBack merged over it, or false
// when no request change brings the memory back.
func (c ExplainCase) BroughtBack() (json.RawMessage, bool, error) {
	if len(c.BringBack) == 0 {
		return nil, false, nil
	}
	var req, change map[string]any
	if err := json.Unmarshal(c.Request, &req); err != nil {
		return nil, false, fmt.Errorf("case %q request: %w", c.Name, err)
	}
	if err := json.Unmarshal(c.BringBack, &change); err != nil {
		return nil, false, fmt.Errorf("case %q bring_back: %w", c.Name, err)
	}
	maps.Copy(req, change)
	for k, v := range req {
		if v == nil {
			delete(req, k)
		}
	}
	out, err := json.Marshal(req)
	return out, err == nil, err
}
