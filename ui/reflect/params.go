package reflect

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// params are the reflect options a developer sets in the parameter bar, as typed. The
// zero value sends the question and include.facts and nothing else: every option is
// left to the server's default, as an agent that passes only a query does.
type params struct {
	budget    string // "" = server default (low)
	maxTokens string
	tags      []string
	match     string  // tags_match; "" = server default (any)
	groups    string  // tag_groups, in the typed syntax of taggroups.go
	types     [3]bool // world, experience, observation; none = all
	noModels  bool    // exclude_mental_models
	allDirs   bool    // apply_all_directives
	// excludeIDs are the mental models left out (exclude_mental_model_ids). The bar
	// does not edit them: a comparison's setup does, from the models an answer used.
	excludeIDs []string
	tools      bool // include.tool_calls
	context    string
	schema     string // response_schema, JSON as typed or edited
}

// clone is a copy that shares nothing with p.
func (p params) clone() params {
	p.tags = slices.Clone(p.tags)
	p.excludeIDs = slices.Clone(p.excludeIDs)
	return p
}

// fieldErrors are problems with the parameters, keyed by the request field they
// concern ("max_tokens", "response_schema", …): the keys a server 422 maps to as well,
// so a local check and the server's complaint land on the same item.
type fieldErrors map[string]string

// Server defaults, shown beside options left unset (API 0.9.1).
const (
	defaultBudget    = client.BudgetLow
	defaultMatch     = client.TagsAny
	defaultMaxTokens = 4096
)

// factTypes are the fact types in the order of params.types.
func factTypes() [3]string {
	return [3]string{client.FactWorld, client.FactExperience, client.FactObservation}
}

// buildRequest turns a question and the parameters into the request reflect sends. It
// is pure: the pane, the tests and the export all use it. Every request asks for the
// evidence (include.facts); the tool-call trace, when on, is asked for with the
// tools' outputs, which an open tool call shows (the server's default, said out loud
// because the pane depends on it). A request with errors must not be sent; the
// errors say which parameter to fix.
func buildRequest(question string, p params) (client.ReflectRequest, fieldErrors) {
	errs := fieldErrors{}
	req := client.ReflectRequest{Query: strings.TrimSpace(question), Budget: p.budget, TagsMatch: p.match,
		Tags: slices.Clone(p.tags), ExcludeMentalModels: p.noModels, Context: strings.TrimSpace(p.context),
		ApplyAllDirectives: p.allDirs, ExcludeMentalModelIDs: slices.Clone(p.excludeIDs)}
	if req.Query == "" {
		errs["query"] = "type a question"
	}
	req.Include = &client.ReflectInclude{Facts: client.IncludeFacts()}
	if p.tools {
		req.Include.ToolCalls = &client.ToolCallsInclude{Output: client.Ptr(true)}
	}
	for i, on := range p.types {
		if on {
			req.FactTypes = append(req.FactTypes, factTypes()[i])
		}
	}
	if s := strings.TrimSpace(p.maxTokens); s != "" {
		if n, err := parseCount(s); err != nil {
			errs["max_tokens"] = err.Error()
		} else {
			req.MaxTokens = &n
		}
	}
	if s := strings.TrimSpace(p.groups); s != "" {
		switch groups, err := parseTagGroups(s); {
		case err != nil:
			errs["tag_groups"] = err.Error()
		case len(req.Tags) > 0:
			errs["tag_groups"] = "tags and tag_groups cannot both be set (the server refuses both): clear the tags or the groups"
		default:
			req.TagGroups = groups
		}
	}
	if s := strings.TrimSpace(p.schema); s != "" {
		if schema, err := checkSchema(s); err != nil {
			errs["response_schema"] = err.Error()
		} else {
			req.ResponseSchema = schema
		}
	}
	if len(errs) == 0 {
		errs = nil
	}
	return req, errs
}

// checkSchema checks that s is a JSON object (what response_schema must be) and
// returns it compacted, so a schema typed over many lines in an editor is sent as one.
func checkSchema(s string) (json.RawMessage, error) {
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, fmt.Errorf("not valid JSON at character %d: %s", se.Offset, se.Error())
		}
		return nil, fmt.Errorf("not valid JSON: %s", err.Error())
	}
	if _, ok := v.(map[string]any); !ok {
		return nil, errors.New(`not a JSON object: a schema looks like {"type": "object", "properties": {…}}`)
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, []byte(s)); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// parseCount reads a whole number of tokens, allowing thousands separators ("4,096").
func parseCount(s string) (int, error) {
	clean := strings.NewReplacer(",", "", "_", "", " ", "").Replace(s)
	n, err := strconv.Atoi(clean)
	switch {
	case err != nil:
		return 0, fmt.Errorf("not a whole number: %q", s)
	case n < 1:
		return 0, errors.New("must be 1 or more")
	}
	return n, nil
}

// itemID is one entry of the parameter bar, in bar order (each fact type is an entry).
type itemID int

const (
	iBudget itemID = iota
	iMaxTokens
	iTags
	iMatch
	iGroups
	iWorld
	iExperience
	iObservation
	iNoModels
	iAllDirs
	iTools
	iContext
	iSchema
	numItems
)

// barItems describe the parameter bar's entries, in itemID order: how each is edited,
// the request field its errors are filed under, and its one-line explanation.
func barItems() []components.FilterItem[params] {
	type item = components.FilterItem[params]
	return []item{
		{Kind: components.FilterCycle, Group: "budget", Label: "budget", Fields: []string{"budget"},
			Values:    []string{client.BudgetLow, client.BudgetMid, client.BudgetHigh},
			ValueHelp: budgetHelp, Text: func(p *params) *string { return &p.budget }},
		{Kind: components.FilterText, Group: "max_tokens", Label: "max_tokens", Fields: []string{"max_tokens"},
			Default: common.Thousands(defaultMaxTokens), Hint: "4096",
			Help: "the answer's target length in tokens; a longer answer is rewritten shorter, not cut (default 4,096)",
			Text: func(p *params) *string { return &p.maxTokens }},
		{Kind: components.FilterTags, Group: "tags", Label: "tags", Fields: []string{"tags"},
			Help: "scope facts, observations, mental models and tagged directives; type to complete, enter or tab adds, backspace removes",
			Tags: func(p *params) *[]string { return &p.tags }},
		{Kind: components.FilterCycle, Group: "match", Label: "tags_match", Fields: []string{"tags_match"},
			Values: components.TagsMatchModes(), ValueHelp: components.TagsMatchHelp,
			Text: func(p *params) *string { return &p.match }},
		{Kind: components.FilterText, Group: "tag_groups", Label: "tag_groups", Fields: []string{"tag_groups"}, Hint: "none",
			Help: "a boolean tag filter instead of tags: " + tagGroupSyntax + "; the & terms are AND-ed",
			Text: func(p *params) *string { return &p.groups }},
		{Kind: components.FilterChoices, Group: "facts", Fields: []string{"fact_types"},
			Bools: func(p *params) []bool { return p.types[:] },
			Options: []components.FilterOption{
				{Label: "world", Name: "fact type world", Help: "reason over facts about the outside world; none selected means every type"},
				{Label: "experience", Name: "fact type experience", Help: "reason over the agent's own experiences; none selected means every type"},
				{Label: "observation", Name: "fact type observation", Help: "reason over consolidated observations; none selected means every type"},
			}},
		{Kind: components.FilterToggle, Group: "exclude", Label: "mental models", Name: "excluding mental models",
			Fields: []string{"exclude_mental_models"},
			Help:   "answer without consulting the bank's mental models (exclude_mental_models)",
			Bool:   func(p *params) *bool { return &p.noModels }},
		{Kind: components.FilterToggle, Group: "directives", Label: "all", Name: "applying all directives",
			Fields: []string{"apply_all_directives"},
			Help:   "apply every active directive, whatever its tags (apply_all_directives); by default tagged ones follow the tag scope",
			Bool:   func(p *params) *bool { return &p.allDirs }},
		{Kind: components.FilterToggle, Group: "trace", Label: "tool calls", Fields: []string{"include"},
			Help: "ask for the agent's tool calls with their inputs and outputs, listed under the evidence (t toggles it from the transcript)",
			Bool: func(p *params) *bool { return &p.tools }},
		{Kind: components.FilterText, Group: "context", Label: "context", Fields: []string{"context"}, Hint: "none",
			Help: "extra context; the server appends it to the question as “Additional context: …” (deprecated, but agents still send it)",
			Text: func(p *params) *string { return &p.context }},
		{Kind: components.FilterText, Group: "schema", Label: "response_schema", Fields: []string{"response_schema"}, Hint: "none",
			Help: "a JSON Schema object for structured output, typed on one line here or edited in $EDITOR (ctrl+e); checked before sending",
			Text: func(p *params) *string { return &p.schema }},
	}
}

// budgetHelp explains each budget in one line.
func budgetHelp(b string) string {
	switch b {
	case client.BudgetLow:
		return "low: up to 5 agent iterations, the quickest answer"
	case client.BudgetMid:
		return "mid: up to 10 agent iterations"
	case client.BudgetHigh:
		return "high: up to 20 agent iterations, the deepest and slowest"
	}
	return ""
}
