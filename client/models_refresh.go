package client

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
)

// Outcomes of a mental-model refresh, in OperationDetails.Outcome and in a dry run.
// Failed outcomes leave the content and both timestamps as they were.
const (
	OutcomeContentWritten         = "content_written"
	OutcomeContentUnchanged       = "content_unchanged"
	OutcomeNoNewFacts             = "content_preserved_no_new_facts"
	OutcomeFailedEmptyCandidate   = "refresh_failed_empty_candidate"
	OutcomeFailedDeltaNotApplied  = "refresh_failed_delta_not_applied"
	OutcomeFailedStructuredOutput = "refresh_failed_structured_output"
)

// RefreshFailed reports whether a refresh outcome left the model untouched.
func RefreshFailed(outcome string) bool { return strings.HasPrefix(outcome, "refresh_failed_") }

// PlaceholderContent is what a new mental model holds until its first refresh; it is
// also the oldest history entry of a model created through the API.
const PlaceholderContent = "Generating content..."

// ModelEvidence is one item a refresh cited: a memory (ID, Text, Type, Context) or a
// directive (ID, Name, Content). Unknown keys are ignored.
type ModelEvidence struct {
	ID      string `json:"id"`
	Text    string `json:"text"`
	Type    string `json:"type"`
	Context string `json:"context"`
	Name    string `json:"name"`
	Content string `json:"content"`
}

// ModelBasedOn groups what a refresh cited by kind: fact types ("world",
// "experience", "observation"), "directives", or the reflect-shaped "memories" and
// "mental_models" of older answers. Values that are not lists of objects are skipped.
type ModelBasedOn map[string][]ModelEvidence

// UnmarshalJSON implements json.Unmarshaler.
func (b *ModelBasedOn) UnmarshalJSON(data []byte) error {
	*b = nil
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil || raw == nil {
		return nil
	}
	out := ModelBasedOn{}
	for k, v := range raw {
		var items []json.RawMessage
		if json.Unmarshal(v, &items) != nil {
			continue
		}
		for _, it := range items {
			var ev ModelEvidence
			if json.Unmarshal(it, &ev) == nil {
				out[k] = append(out[k], ev)
			}
		}
	}
	*b = out
	return nil
}

// MemoryIDs lists the memories cited, fact types first, without directives.
func (b ModelBasedOn) MemoryIDs() []string {
	var ids []string
	for _, k := range []string{"world", "experience", "observation", "memories"} {
		for _, ev := range b[k] {
			ids = append(ids, ev.ID)
		}
	}
	return ids
}

// ModelAnswer is a mental model's stored reflect_response.
type ModelAnswer struct {
	Text             string          `json:"text"`
	BasedOn          ModelBasedOn    `json:"based_on"`
	Outcome          string          `json:"outcome"`
	Trace            *RefreshTrace   `json:"trace"` // only with trigger.keep_trace
	StructuredOutput json.RawMessage `json:"structured_output"`
	RefreshSkipped   string          `json:"refresh_skipped"`
}

// decodeLenient decodes raw into out, treating null, absent and malformed values as
// empty: stored answers are free-form and vary between server versions.
func decodeLenient(raw json.RawMessage, out any) bool {
	if len(bytes.TrimSpace(raw)) == 0 || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return false
	}
	return json.Unmarshal(raw, out) == nil
}

// Answer decodes the stored reflect_response (present at detail=full); nil when there
// is none.
func (m *MentalModel) Answer() *ModelAnswer {
	var a ModelAnswer
	if !decodeLenient(m.ReflectResponse, &a) {
		return nil
	}
	return &a
}

// BasedOn is what the replaced version cited; nil for the placeholder version.
func (c MentalModelChange) BasedOn() ModelBasedOn {
	var prev struct {
		BasedOn ModelBasedOn `json:"based_on"`
	}
	decodeLenient(c.PreviousReflectResponse, &prev)
	return prev.BasedOn
}

// ClearMentalModel empties a model's content so its next refresh is a full rebuild;
// timestamps, history and the stored answer stay.
func (c *Client) ClearMentalModel(ctx context.Context, bankID, modelID string) (*MentalModel, error) {
	var out MentalModel
	if err := c.do(ctx, "POST", bankPath(bankID, "mental-models", esc(modelID), "clear"), nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// RefreshScope is which memories and models a refresh may read.
type RefreshScope struct {
	Tags                  []string        `json:"tags"`
	TagsMatch             string          `json:"tags_match"`
	TagGroups             json.RawMessage `json:"tag_groups"`
	FactTypes             []string        `json:"fact_types"`
	ExcludeMentalModels   bool            `json:"exclude_mental_models"`
	ExcludeMentalModelIDs []string        `json:"exclude_mental_model_ids"`
}

// RefreshWindow bounds the memories a refresh reads: CreatedAfter is the delta bound,
// CreatedBefore the snapshot, Watermark the would-be last_memory_seen_at.
type RefreshWindow struct {
	CreatedAfter  Time `json:"created_after"`
	CreatedBefore Time `json:"created_before"`
	Watermark     Time `json:"watermark"`
}

// RefreshFactCounts counts facts per type: retrieved by the tools, used in the answer.
type RefreshFactCounts struct {
	Retrieved map[string]int `json:"retrieved"`
	Used      map[string]int `json:"used"`
}

// DeltaOperations are the edits a delta refresh applied or skipped (free-form).
type DeltaOperations struct {
	Applied []json.RawMessage `json:"applied"`
	Skipped []json.RawMessage `json:"skipped"`
}

// RefreshToolCall is one retrieval the refresh agent made; Output is absent in
// stored traces. Durations are numbers in milliseconds (decoded as floats, as in
// reflect traces).
type RefreshToolCall struct {
	Tool        string          `json:"tool"`
	Reason      string          `json:"reason"`
	Input       json.RawMessage `json:"input"`
	Output      json.RawMessage `json:"output"`
	ResultCount *int            `json:"result_count"`
	DurationMS  float64         `json:"duration_ms"`
	Iteration   int             `json:"iteration"`
}

// RefreshTrace is how a refresh went, step by step.
type RefreshTrace struct {
	RecordedAt         Time              `json:"recorded_at"`
	EffectiveMode      string            `json:"effective_mode"`
	ModeFallbackReason string            `json:"mode_fallback_reason"`
	Outcome            string            `json:"outcome"`
	ToolCalls          []RefreshToolCall `json:"tool_calls"`
	LLMCalls           []LLMCall         `json:"llm_calls"`
	DeltaOperations    *DeltaOperations  `json:"delta_operations"`
	Retraction         json.RawMessage   `json:"retraction"`
	Usage              *TokenUsage       `json:"usage"`
	Warnings           Strings           `json:"warnings"`
	DurationMS         float64           `json:"duration_ms"`
}

// MentalModelDryRun is what a refresh would do now, computed by the real pipeline but
// persisted nowhere.
type MentalModelDryRun struct {
	MentalModelID      string            `json:"mental_model_id"`
	Name               string            `json:"name"`
	RequestedMode      string            `json:"requested_mode"`
	EffectiveMode      string            `json:"effective_mode"`
	ModeFallbackReason string            `json:"mode_fallback_reason"` // why delta ran in full
	Outcome            string            `json:"outcome"`
	WouldPersist       bool              `json:"would_persist"`
	Scope              RefreshScope      `json:"scope"`
	Window             RefreshWindow     `json:"window"`
	Facts              RefreshFactCounts `json:"facts"`
	BasedOn            ModelBasedOn      `json:"based_on"`
	CurrentContent     string            `json:"current_content"`
	CandidateContent   string            `json:"candidate_content"` // the raw answer
	PreviewContent     string            `json:"preview_content"`   // current when nothing would persist
	Diff               string            `json:"diff"`              // unified diff current -> preview, "" if identical
	DeltaOperations    *DeltaOperations  `json:"delta_operations"`
	Trace              RefreshTrace      `json:"trace"`
	Usage              *TokenUsage       `json:"usage"`
	DurationMS         float64           `json:"duration_ms"`
	Warnings           Strings           `json:"warnings"`
}

// DryRunRefreshMentalModel runs a model's refresh without persisting it (it still
// costs LLM tokens on a real server).
func (c *Client) DryRunRefreshMentalModel(ctx context.Context, bankID, modelID string) (*MentalModelDryRun, error) {
	var out MentalModelDryRun
	if err := c.do(ctx, "POST", bankPath(bankID, "mental-models", esc(modelID), "dry-run-refresh"), nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
