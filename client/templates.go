package client

import (
	"context"
	"encoding/json"
	"strconv"
)

// Bank templates carry a bank's config overrides, mental models and directives to
// another bank: export one, edit it, import it (a dry run validates without touching
// anything and needs no key).

// BankTemplate is a template manifest (version "1").
type BankTemplate struct {
	Version      string                `json:"version"`
	Bank         map[string]any        `json:"bank,omitempty"` // config overrides, as in PATCH …/config
	MentalModels []TemplateMentalModel `json:"mental_models,omitempty"`
	Directives   []TemplateDirective   `json:"directives,omitempty"`
}

// TemplateMentalModel is a mental model of a template; its id must match
// ^[a-z0-9][a-z0-9-]*$ and max_tokens be 256–8192.
type TemplateMentalModel struct {
	ID          string              `json:"id"`
	Name        string              `json:"name"`
	SourceQuery string              `json:"source_query"`
	Tags        []string            `json:"tags,omitempty"`
	MaxTokens   int                 `json:"max_tokens,omitempty"`
	Trigger     *MentalModelTrigger `json:"trigger,omitempty"`
}

// TemplateDirective is a directive of a template; imports match directives by name.
type TemplateDirective struct {
	Name     string   `json:"name"`
	Content  string   `json:"content"`
	Priority int      `json:"priority,omitempty"`
	IsActive *bool    `json:"is_active,omitempty"` // server default true
	Tags     []string `json:"tags,omitempty"`
}

// ExportBankTemplate returns a bank's template (404 for a missing bank).
func (c *Client) ExportBankTemplate(ctx context.Context, bankID string) (*BankTemplate, error) {
	var out BankTemplate
	if err := c.do(ctx, "GET", bankPath(bankID, "export"), nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// TemplateImportResult says what an import created or updated; a dry run lists
// everything as created and queues nothing.
type TemplateImportResult struct {
	BankID              string   `json:"bank_id"`
	ConfigApplied       bool     `json:"config_applied"`
	MentalModelsCreated []string `json:"mental_models_created"`
	MentalModelsUpdated []string `json:"mental_models_updated"`
	DirectivesCreated   []string `json:"directives_created"`
	DirectivesUpdated   []string `json:"directives_updated"`
	OperationIDs        []string `json:"operation_ids"` // one refresh per model
	DryRun              bool     `json:"dry_run"`
}

// ImportBankTemplate applies a template to a bank (creating it). manifest is a
// *BankTemplate, or a json.RawMessage to send a file exactly as read. Invalid
// templates are 400s whose detail lists every problem.
func (c *Client) ImportBankTemplate(ctx context.Context, bankID string, manifest any, dryRun bool) (*TemplateImportResult, error) {
	q := query{}
	if dryRun {
		q.str("dry_run", strconv.FormatBool(dryRun))
	}
	var out TemplateImportResult
	if err := c.do(ctx, "POST", bankPath(bankID, "import"), q, manifest, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// BankTemplateSchema returns the JSON Schema of a template manifest (no key needed).
func (c *Client) BankTemplateSchema(ctx context.Context) (json.RawMessage, error) {
	var out json.RawMessage
	if err := c.do(ctx, "GET", "/v1/bank-template-schema", nil, nil, &out); err != nil {
		return nil, err
	}
	return out, nil
}
