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
)

// params are the reflect options a developer sets in the parameter bar, as typed. The
// zero value sends the question and include.facts and nothing else: every option is
// left to the server's default, as an agent that passes only a query does.
type params struct {
	budget    string // "" = server default (low)
	maxTokens string
	tags      []string
	match     string  // tags_match; "" = server default (any)
	types     [3]bool // world, experience, observation; none = all
	noModels  bool    // exclude_mental_models
	tools     bool    // include.tool_calls
	context   string
	schema    string // response_schema, JSON as typed or edited
}

// clone is a copy that shares nothing with p.
func (p params) clone() params {
	p.tags = slices.Clone(p.tags)
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
// evidence (include.facts); the tool-call trace is asked for without the tools'
// outputs, since the timeline shows only tool, duration and iteration. A request with
// errors must not be sent; the errors say which parameter to fix.
func buildRequest(question string, p params) (client.ReflectRequest, fieldErrors) {
	errs := fieldErrors{}
	req := client.ReflectRequest{Query: strings.TrimSpace(question), Budget: p.budget, TagsMatch: p.match,
		Tags: slices.Clone(p.tags), ExcludeMentalModels: p.noModels, Context: strings.TrimSpace(p.context)}
	if req.Query == "" {
		errs["query"] = "type a question"
	}
	req.Include = &client.ReflectInclude{Facts: client.IncludeFacts()}
	if p.tools {
		req.Include.ToolCalls = &client.ToolCallsInclude{Output: client.Ptr(false)}
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

// itemID is one entry of the parameter bar, in bar order.
type itemID int

const (
	iBudget itemID = iota
	iMaxTokens
	iTags
	iMatch
	iWorld
	iExperience
	iObservation
	iNoModels
	iTools
	iContext
	iSchema
	numItems
)

type itemKind int

const (
	kindToggle itemKind = iota
	kindCycle
	kindText
	kindTags
)

// item describes one parameter: how it is edited, the request field its errors are
// filed under, and its one-line explanation.
type item struct {
	kind  itemKind
	group string // the label shown before the first item of a group
	label string
	field string
	help  string
	hint  string // placeholder of a text item
}

// items returns the parameter bar's entries, indexed by itemID.
func items() [numItems]item {
	return [numItems]item{
		iBudget:      {kind: kindCycle, group: "budget", label: "budget", field: "budget"},
		iMaxTokens:   {kind: kindText, group: "max_tokens", label: "max_tokens", field: "max_tokens", hint: "4096", help: "the answer's target length in tokens; a longer answer is rewritten shorter, not cut (default 4,096)"},
		iTags:        {kind: kindTags, group: "tags", label: "tags", field: "tags", help: "scope facts, observations, mental models and tagged directives; type to complete, enter or tab adds, backspace removes"},
		iMatch:       {kind: kindCycle, group: "match", label: "tags_match", field: "tags_match"},
		iWorld:       {kind: kindToggle, group: "facts", label: "world", field: "fact_types", help: "reason over facts about the outside world; none selected means every type"},
		iExperience:  {kind: kindToggle, label: "experience", field: "fact_types", help: "reason over the agent's own experiences; none selected means every type"},
		iObservation: {kind: kindToggle, label: "observation", field: "fact_types", help: "reason over consolidated observations; none selected means every type"},
		iNoModels:    {kind: kindToggle, group: "exclude", label: "mental models", field: "exclude_mental_models", help: "answer without consulting the bank's mental models (exclude_mental_models)"},
		iTools:       {kind: kindToggle, group: "trace", label: "tool calls", field: "include", help: "ask for the agent's tool calls, shown as a timeline under the evidence (t toggles it from the transcript)"},
		iContext:     {kind: kindText, group: "context", label: "context", field: "context", hint: "none", help: "extra context; the server appends it to the question as “Additional context: …” (deprecated, but agents still send it)"},
		iSchema:      {kind: kindText, group: "schema", label: "response_schema", field: "response_schema", hint: "none", help: "a JSON Schema object for structured output, typed on one line here or edited in $EDITOR (ctrl+e); checked before sending"},
	}
}

// cycleValues are the values a cycle item steps through, the default first.
func cycleValues(id itemID) []string {
	switch id {
	case iBudget:
		return []string{client.BudgetLow, client.BudgetMid, client.BudgetHigh}
	case iMatch:
		return []string{client.TagsAny, client.TagsAll, client.TagsAnyStrict, client.TagsAllStrict, client.TagsExact}
	}
	return nil
}

// cycleValue is a cycle item's effective value and whether it is the default.
func (p *params) cycleValue(id itemID) (string, bool) {
	v := p.budget
	if id == iMatch {
		v = p.match
	}
	if v == "" {
		return cycleValues(id)[0], true
	}
	return v, false
}

// setCycle sets a cycle item; the server's default is stored as unset, so a value
// cycled back to the default is not sent.
func (p *params) setCycle(id itemID, v string) {
	if v == cycleValues(id)[0] {
		v = ""
	}
	switch id {
	case iBudget:
		p.budget = v
	case iMatch:
		p.match = v
	}
}

// cycle steps a cycle item to its next value.
func (p *params) cycle(id itemID) {
	vals := cycleValues(id)
	cur, _ := p.cycleValue(id)
	p.setCycle(id, vals[(slices.Index(vals, cur)+1)%len(vals)])
}

// on reports a toggle item's state.
func (p *params) on(id itemID) bool {
	switch id {
	case iWorld, iExperience, iObservation:
		return p.types[id-iWorld]
	case iNoModels:
		return p.noModels
	case iTools:
		return p.tools
	}
	return false
}

// toggle flips a toggle item.
func (p *params) toggle(id itemID) {
	switch id {
	case iWorld, iExperience, iObservation:
		p.types[id-iWorld] = !p.types[id-iWorld]
	case iNoModels:
		p.noModels = !p.noModels
	case iTools:
		p.tools = !p.tools
	}
}

// text returns a pointer to a text item's value.
func (p *params) text(id itemID) *string {
	switch id {
	case iMaxTokens:
		return &p.maxTokens
	case iContext:
		return &p.context
	case iSchema:
		return &p.schema
	}
	return nil
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

// matchHelp explains each tags_match mode in one line; untagged directives apply in
// every mode.
func matchHelp(mode string) string {
	switch mode {
	case client.TagsAny:
		return "any: memories with at least one of the tags, and untagged memories too"
	case client.TagsAll:
		return "all: memories with every tag, and untagged memories too"
	case client.TagsAnyStrict:
		return "any_strict: memories with at least one of the tags; untagged excluded"
	case client.TagsAllStrict:
		return "all_strict: memories with every tag; untagged excluded"
	case client.TagsExact:
		return "exact: memories whose tag set is exactly these; no tags means only untagged"
	}
	return ""
}
