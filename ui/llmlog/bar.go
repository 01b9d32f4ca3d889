package llmlog

import (
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// operations are the server's operation names, in the filter's cycle.
var operations = []string{"", "retain", "consolidation", "consolidation_dedup", "reflect",
	"refresh_mental_model", "dry_run_refresh_mental_model", "mental_model_delta_ops"}

// cycleItems is how many of the bar's items (the first ones) are choices, which list
// again as soon as they change.
const cycleItems = 2

// newBar is the filter bar over the list's filters.
func newBar(c *common.Common) *components.FilterBar[filters] {
	o := c.Keys.LLMLog
	keys := components.FilterBarKeys{Next: o.Bar.NextItem, Prev: o.Bar.PrevItem, Toggle: o.Bar.Toggle, Leave: o.Bar.Leave}
	return components.NewFilterBar(c, keys, []string{"enter list"},
		components.FilterItem[filters]{Kind: components.FilterCycle, Group: "operation", Label: "operation", Help: "calls of one operation",
			Values: operations, Text: func(f *filters) *string { return &f.operation }},
		components.FilterItem[filters]{Kind: components.FilterCycle, Group: "status", Label: "status", Help: "successful or failed calls",
			Values: []string{"", "success", "error"}, Text: func(f *filters) *string { return &f.status }},
		components.FilterItem[filters]{Kind: components.FilterText, Group: "provider", Label: "provider", Help: "one provider (openai, anthropic, groq…)",
			Hint: "any", Text: func(f *filters) *string { return &f.provider }},
		components.FilterItem[filters]{Kind: components.FilterText, Group: "document", Label: "document", Help: "calls that processed this document id",
			Hint: "any", Text: func(f *filters) *string { return &f.document }},
		components.FilterItem[filters]{Kind: components.FilterText, Group: "memory", Label: "memory", Help: "runs that created or used this memory id",
			Hint: "any", Text: func(f *filters) *string { return &f.memory }},
		components.FilterItem[filters]{Kind: components.FilterText, Group: "run", Label: "run", Help: "one run's trace id",
			Hint: "any", Text: func(f *filters) *string { return &f.run }},
	)
}
