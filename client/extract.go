package client

import (
	"context"
	"encoding/json"
)

// DryRunExtractRequest asks which facts retain would extract from Content, with
// optional per-call overrides of the bank's retain settings. Nothing is stored.
type DryRunExtractRequest struct {
	Content                  string          `json:"content"`
	Context                  string          `json:"context,omitempty"`
	Timestamp                string          `json:"timestamp,omitempty"` // ISO 8601 date-time
	RetainMission            *string         `json:"retain_mission,omitempty"`
	RetainExtractionMode     string          `json:"retain_extraction_mode,omitempty"`
	RetainCustomInstructions *string         `json:"retain_custom_instructions,omitempty"`
	RetainExtractCausalLinks *bool           `json:"retain_extract_causal_links,omitempty"`
	RetainChunkSize          *int            `json:"retain_chunk_size,omitempty"`
	EntityLabels             json.RawMessage `json:"entity_labels,omitempty"` // list of label groups
	EntitiesAllowFreeForm    *bool           `json:"entities_allow_free_form,omitempty"`
	LLMOutputLanguage        string          `json:"llm_output_language,omitempty"`
}

// ExtractedFact is a fact retain would store; Entities are the raw names found,
// before they are resolved to the bank's entities.
type ExtractedFact struct {
	Text          string  `json:"text"`
	FactType      string  `json:"fact_type"`
	OccurredStart Time    `json:"occurred_start"`
	OccurredEnd   Time    `json:"occurred_end"`
	Entities      Strings `json:"entities"`
}

// DryRunExtractResult is the preview of a retain's extraction.
type DryRunExtractResult struct {
	Facts []ExtractedFact `json:"facts"`
	Usage *TokenUsage     `json:"usage"`
}

// DryRunExtract previews the facts retain would extract, without storing anything or
// creating the bank (404 when the server disables dry runs).
func (c *Client) DryRunExtract(ctx context.Context, bankID string, r DryRunExtractRequest) (*DryRunExtractResult, error) {
	var out DryRunExtractResult
	if err := c.do(ctx, "POST", bankPath(bankID, "memories", "dry-run-extract"), nil, r, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
