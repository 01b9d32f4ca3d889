package ui

import (
	"hindsight-tui/client"
	"hindsight-tui/ui/audit"
	"hindsight-tui/ui/bankconfig"
	"hindsight-tui/ui/bankdiff"
	"hindsight-tui/ui/banks"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/directives"
	"hindsight-tui/ui/documents"
	"hindsight-tui/ui/entities"
	"hindsight-tui/ui/health"
	"hindsight-tui/ui/knowledge"
	"hindsight-tui/ui/llmlog"
	"hindsight-tui/ui/memories"
	"hindsight-tui/ui/models"
	"hindsight-tui/ui/neighbourhood"
	"hindsight-tui/ui/operations"
	"hindsight-tui/ui/recall"
	"hindsight-tui/ui/reflect"
	"hindsight-tui/ui/retain"
	"hindsight-tui/ui/tail"
	"hindsight-tui/ui/timeline"
	"hindsight-tui/ui/webhooks"
)

// tabSpec describes one pane of the main area.
type tabSpec struct {
	ID      string // stable name, kept in the state file
	Title   string // tab label and pane title
	Short   string // the tab label where the titles do not fit ("" = Title)
	Feature string // the server feature it needs ("" = none); off means the tab is absent
	New     func(*common.Common) common.Pane
	// Secondary panes are reached through the command palette ("Go to …") and links
	// from other panes, not with the digit keys or tab; the tab bar shows one while it
	// is open. The first panes, the ones a session lives in, stay within digit reach.
	Secondary bool
}

// tabSpecs are the main-area panes in tab order. Adding a pane is one line here (its
// package does the rest; see ARCHITECTURE.md).
func tabSpecs() []tabSpec {
	return []tabSpec{
		{ID: "overview", Title: "Overview", Short: "Bank", New: func(c *common.Common) common.Pane { return banks.NewOverview(c) }},
		{ID: common.PaneMemories, Title: "Memories", Short: "Mems", New: func(c *common.Common) common.Pane { return memories.New(c) }},
		{ID: "recall", Title: "Recall", New: func(c *common.Common) common.Pane { return recall.New(c) }},
		{ID: "reflect", Title: "Reflect", New: func(c *common.Common) common.Pane { return reflect.New(c) }},
		{ID: "retain", Title: "Retain", New: func(c *common.Common) common.Pane { return retain.New(c) }},
		{ID: common.PaneDocuments, Title: "Documents", Short: "Docs", New: func(c *common.Common) common.Pane { return documents.New(c) }},
		{ID: common.PaneEntities, Title: "Entities", Short: "Ents", New: func(c *common.Common) common.Pane { return entities.New(c) }},
		{ID: "operations", Title: "Operations", Short: "Ops", New: func(c *common.Common) common.Pane { return operations.New(c) }},
		{ID: "models", Title: "Mental models", Short: "Models", New: func(c *common.Common) common.Pane { return models.New(c) }, Secondary: true},
		{ID: "directives", Title: "Directives", Secondary: true, New: func(c *common.Common) common.Pane { return directives.New(c) }},
		{ID: "knowledge", Title: "Knowledge base", Short: "Knowledge", Secondary: true, New: func(c *common.Common) common.Pane { return knowledge.New(c) }},
		{ID: "health", Title: "Health", Secondary: true, New: func(c *common.Common) common.Pane { return health.New(c) }},
		{ID: "timeline", Title: "Timeline", Secondary: true, New: func(c *common.Common) common.Pane { return timeline.New(c) }},
		{ID: "tail", Title: "Activity", Secondary: true, New: func(c *common.Common) common.Pane { return tail.New(c) }},
		{ID: "webhooks", Title: "Webhooks", Short: "Hooks", Secondary: true, New: func(c *common.Common) common.Pane { return webhooks.New(c) }},
		{ID: common.PaneLLMLog, Title: "LLM requests", Short: "LLM", Secondary: true, New: func(c *common.Common) common.Pane { return llmlog.New(c) }},
		{ID: common.PaneAudit, Title: "Audit log", Short: "Audit", Secondary: true, New: func(c *common.Common) common.Pane { return audit.New(c) }},
		{ID: bankdiff.ID, Title: "Compare banks", Short: "Compare", Secondary: true, New: func(c *common.Common) common.Pane { return bankdiff.New(c) }},
		{ID: "bankconfig", Title: "Bank configuration", Short: "Config", Feature: client.FeatureBankConfigAPI, Secondary: true, New: func(c *common.Common) common.Pane { return bankconfig.New(c) }},
		{ID: common.PaneNeighbourhood, Title: "Neighbourhood", Short: "Links", Secondary: true, New: func(c *common.Common) common.Pane { return neighbourhood.New(c) }},
	}
}

// defaultPanes builds the real sidebar and every main-area pane.
func defaultPanes(c *common.Common, initialBank string) (common.Pane, []tab) {
	specs := tabSpecs()
	tabs := make([]tab, 0, len(specs))
	for _, s := range specs {
		tabs = append(tabs, tab{spec: s, pane: s.New(c)})
	}
	return banks.NewSidebar(c, initialBank), tabs
}
