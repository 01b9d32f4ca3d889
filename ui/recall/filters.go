package recall

import (
	"slices"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// filters are the recall options a developer sets in the filter bar, as typed. The
// zero value is "send nothing": every option is left to the server's default, which
// is what an agent integration that passes only a query does. Text options keep the
// text exactly as typed; buildRequest parses and checks them.
type filters struct {
	types       [3]bool // world, experience, observation; none = all
	tags        []string
	match       string // tags_match; "" = server default (any)
	budget      string // "" = server default (mid)
	maxTokens   string
	timestamp   string // query_timestamp
	winStart    string // temporal_window
	winEnd      string
	noEntities  bool // entities are included unless switched off
	chunks      bool
	sourceFacts bool
	prefer      bool // prefer_observations
	minScores   [4]string
	trace       bool
}

// clone is a copy that shares nothing with f.
func (f filters) clone() filters {
	f.tags = slices.Clone(f.tags)
	return f
}

// factTypes are the recall types in the order of filters.types.
func factTypes() [3]string {
	return [3]string{client.FactWorld, client.FactExperience, client.FactObservation}
}

// scoreNames are the min_scores keys in the order of filters.minScores.
func scoreNames() [4]string { return [4]string{"semantic", "keyword", "reranker", "final"} }

// Server defaults, shown beside options left unset (API 0.9.1).
const (
	defaultBudget    = client.BudgetMid
	defaultMatch     = client.TagsAny
	defaultMaxTokens = 4096
)

// itemID is one entry of the filter bar, in bar order (each type is an entry).
type itemID int

const (
	iWorld itemID = iota
	iExperience
	iObservation
	iTags
	iMatch
	iBudget
	iMaxTokens
	iTimestamp
	iWinStart
	iWinEnd
	iEntities
	iChunks
	iSourceFacts
	iPrefer
	iMinSemantic
	iMinKeyword
	iMinReranker
	iMinFinal
	iTrace
	numItems
)

// barItems describe the filter bar's entries, in itemID order: how each is edited,
// where its errors are filed (the request field names a 422 uses, after fieldKey),
// and its one-line explanation.
func barItems() []components.FilterItem[filters] {
	type item = components.FilterItem[filters]
	ts := "now, 2024-01-15, 2024-01-15 10:30 or RFC 3339; no offset means UTC"
	minScore := func(i int, help string) item {
		it := item{Kind: components.FilterText, Label: scoreNames()[i], Prefix: scoreNames()[i] + " ",
			Fields: []string{"min_scores." + scoreNames()[i], "min_scores"}, Hint: "–", Help: help,
			Text: func(f *filters) *string { return &f.minScores[i] }}
		if i == 0 {
			it.Group = "min"
		}
		return it
	}
	toggle := func(group, label, field, help string, p func(*filters) *bool) item {
		return item{Kind: components.FilterToggle, Group: group, Label: label, Fields: []string{field}, Help: help, Bool: p}
	}
	return []item{
		{Kind: components.FilterChoices, Group: "types", Fields: []string{"types"}, AllWhenNone: true,
			Bools: func(f *filters) []bool { return f.types[:] },
			Options: []components.FilterOption{
				{Label: "world", Help: "facts about the outside world; no type selected means all types"},
				{Label: "experience", Help: "the agent's own experiences; no type selected means all types"},
				{Label: "observation", Help: "consolidated beliefs built from many facts; no type selected means all types"},
			}},
		{Kind: components.FilterTags, Group: "tags", Label: "tags", Fields: []string{"tags"},
			Help: "type to complete from the bank's tags; enter or tab adds, backspace removes the last",
			Tags: func(f *filters) *[]string { return &f.tags }},
		{Kind: components.FilterCycle, Group: "match", Label: "tags_match", Fields: []string{"tags_match"},
			Values: components.TagsMatchModes(), ValueHelp: components.TagsMatchHelp, Text: func(f *filters) *string { return &f.match }},
		{Kind: components.FilterCycle, Group: "budget", Label: "budget", Fields: []string{"budget"},
			Values:    []string{client.BudgetMid, client.BudgetHigh, client.BudgetLow},
			ValueHelp: budgetHelp, Text: func(f *filters) *string { return &f.budget }},
		{Kind: components.FilterText, Group: "max_tokens", Label: "max_tokens", Fields: []string{"max_tokens"},
			Default: common.Thousands(defaultMaxTokens), Hint: "4096",
			Help: "results stop when their text would pass this many tokens (default 4,096)",
			Text: func(f *filters) *string { return &f.maxTokens }},
		{Kind: components.FilterText, Group: "at", Label: "query_timestamp", Fields: []string{"query_timestamp"},
			Default: "now", Hint: "now", Help: "anchors “last week” and recency: " + ts,
			Text: func(f *filters) *string { return &f.timestamp }},
		{Kind: components.FilterText, Group: "window", Label: "window start", Fields: []string{"window.start", "window"},
			Hint: "from", Help: "temporal window start; it ranks memories in the window higher, it does not filter: " + ts,
			Text: func(f *filters) *string { return &f.winStart }},
		{Kind: components.FilterText, Label: "window end", Fields: []string{"window.end", "window"}, Prefix: "→ ",
			Hint: "to", Help: "temporal window end (inclusive): " + ts,
			Text: func(f *filters) *string { return &f.winEnd }},
		{Kind: components.FilterToggle, Group: "include", Label: "entities", Fields: []string{"include.entities", "include"},
			Help:   "entity names on results (on by default; off sends entities: null)",
			Invert: true, Bool: func(f *filters) *bool { return &f.noEntities }},
		toggle("", "chunks", "include.chunks", "the source chunk text of each result (off by default)",
			func(f *filters) *bool { return &f.chunks }),
		toggle("", "source facts", "include.source_facts", "the facts each observation was built from (off by default)",
			func(f *filters) *bool { return &f.sourceFacts }),
		{Kind: components.FilterToggle, Alone: true, Label: "prefer observations", Fields: []string{"prefer_observations"},
			Help: "drop raw facts an observation in the results was built from (needs observation and a raw type)",
			Bool: func(f *filters) *bool { return &f.prefer }},
		minScore(0, "minimum vector similarity 0–1, applied inside retrieval"),
		minScore(1, "minimum BM25 keyword score, applied inside retrieval"),
		minScore(2, "minimum normalized reranker score 0–1, applied after ranking"),
		minScore(3, "minimum final score, applied after ranking"),
		{Kind: components.FilterToggle, Alone: true, Label: "trace", Fields: []string{"trace"},
			Help: "ask the server how it ranked the results; t shows the trace",
			Bool: func(f *filters) *bool { return &f.trace }},
	}
}

// budgetHelp explains each budget in one line.
func budgetHelp(b string) string {
	switch b {
	case client.BudgetLow:
		return "low: shallow and fast, 100 candidates per retrieval arm, at most 200 results"
	case client.BudgetMid:
		return "mid: 300 candidates per retrieval arm, at most 600 results"
	case client.BudgetHigh:
		return "high: deep and slower, 1,000 candidates per retrieval arm, at most 2,000 results"
	}
	return ""
}
