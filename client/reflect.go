package client

import (
	"context"
	"encoding/json"
)

// ToolCallsInclude asks reflect for its tool-call trace.
type ToolCallsInclude struct {
	Output *bool `json:"output,omitempty"` // server default true; false drops tool outputs
}

// ReflectInclude selects reflect's extras: Facts adds based_on, ToolCalls adds trace.
type ReflectInclude struct {
	Facts     *struct{}         `json:"facts,omitempty"`
	ToolCalls *ToolCallsInclude `json:"tool_calls,omitempty"`
}

// IncludeFacts is the value of ReflectInclude.Facts that asks for based_on.
func IncludeFacts() *struct{} { return &struct{}{} }

// ReflectRequest is every field of POST …/reflect. Zero values are not sent (budget
// then defaults to low on the server).
type ReflectRequest struct {
	Query                 string          `json:"query"`
	Budget                string          `json:"budget,omitempty"`
	Context               string          `json:"context,omitempty"` // deprecated; appended to the query
	MaxTokens             *int            `json:"max_tokens,omitempty"`
	Include               *ReflectInclude `json:"include,omitempty"`
	ResponseSchema        json.RawMessage `json:"response_schema,omitempty"`
	Tags                  []string        `json:"tags,omitempty"`
	TagsMatch             string          `json:"tags_match,omitempty"`
	TagGroups             []TagGroup      `json:"tag_groups,omitempty"`
	ApplyAllDirectives    bool            `json:"apply_all_directives,omitempty"`
	FactTypes             []string        `json:"fact_types,omitempty"`
	ExcludeMentalModels   bool            `json:"exclude_mental_models,omitempty"`
	ExcludeMentalModelIDs []string        `json:"exclude_mental_model_ids,omitempty"`
}

// ReflectFact is a memory an answer was based on.
type ReflectFact struct {
	ID            string `json:"id"`
	Text          string `json:"text"`
	Type          string `json:"type"`
	Context       string `json:"context"`
	OccurredStart Time   `json:"occurred_start"`
	OccurredEnd   Time   `json:"occurred_end"`
}

// ReflectModel is a mental model an answer was based on.
type ReflectModel struct {
	ID      string `json:"id"`
	Text    string `json:"text"`
	Context string `json:"context"`
}

// ReflectDirective is a directive that shaped an answer.
type ReflectDirective struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Content string `json:"content"`
}

// BasedOn is the evidence of an answer (only with include.facts).
type BasedOn struct {
	Memories     []ReflectFact      `json:"memories"`
	MentalModels []ReflectModel     `json:"mental_models"`
	Directives   []ReflectDirective `json:"directives"`
}

// ToolCall is one step of reflect's agent loop.
type ToolCall struct {
	Tool       string          `json:"tool"`
	Input      json.RawMessage `json:"input"`
	Output     json.RawMessage `json:"output"`
	DurationMS float64         `json:"duration_ms"`
	Iteration  int             `json:"iteration"`
}

// LLMCall is one model call of reflect's agent loop.
type LLMCall struct {
	Scope      string  `json:"scope"`
	DurationMS float64 `json:"duration_ms"`
}

// ReflectTrace is the tool-call timeline (only with include.tool_calls).
type ReflectTrace struct {
	ToolCalls []ToolCall `json:"tool_calls"`
	LLMCalls  []LLMCall  `json:"llm_calls"`
}

// ReflectResponse is reflect's answer: markdown Text, and what was asked for.
type ReflectResponse struct {
	Text             string          `json:"text"`
	BasedOn          *BasedOn        `json:"based_on"`
	StructuredOutput json.RawMessage `json:"structured_output"`
	Usage            *TokenUsage     `json:"usage"`
	Trace            *ReflectTrace   `json:"trace"`
}

// Reflect asks the bank a question. It is not streamed and can take many seconds: give
// the context a generous deadline.
func (c *Client) Reflect(ctx context.Context, bankID string, r ReflectRequest) (*ReflectResponse, error) {
	var out ReflectResponse
	if err := c.do(ctx, "POST", bankPath(bankID, "reflect"), nil, r, &out); err != nil {
		return nil, err
	}
	if string(out.StructuredOutput) == "null" {
		out.StructuredOutput = nil
	}
	return &out, nil
}
