package recall

import (
	"slices"

	"hindsight-tui/client"
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

// itemID is one entry of the filter bar, in bar order.
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

type itemKind int

const (
	kindToggle itemKind = iota
	kindCycle
	kindText
	kindTags
)

// item describes one filter bar entry: how it is edited, where its errors are filed
// (the request field names a 422 uses, after mapping), and its one-line explanation.
type item struct {
	kind   itemKind
	group  string // the label shown before the first item of a group
	alone  bool   // an item that is its own group, labelled by itself
	label  string
	errKey []string
	help   string
	hint   string // placeholder of a text item
}

// items returns the filter bar's entries, indexed by itemID.
func items() [numItems]item {
	ts := "2024-01-15, 2024-01-15 10:30 or RFC 3339; no offset means UTC"
	return [numItems]item{
		iWorld:       {kind: kindToggle, group: "types", label: "world", errKey: []string{"types"}, help: "facts about the outside world; no type selected means all types"},
		iExperience:  {kind: kindToggle, label: "experience", errKey: []string{"types"}, help: "the agent's own experiences; no type selected means all types"},
		iObservation: {kind: kindToggle, label: "observation", errKey: []string{"types"}, help: "consolidated beliefs built from many facts; no type selected means all types"},
		iTags:        {kind: kindTags, group: "tags", label: "tags", errKey: []string{"tags"}, help: "type to complete from the bank's tags; enter or tab adds, backspace removes the last"},
		iMatch:       {kind: kindCycle, group: "match", label: "tags_match", errKey: []string{"tags_match"}},
		iBudget:      {kind: kindCycle, group: "budget", label: "budget", errKey: []string{"budget"}},
		iMaxTokens:   {kind: kindText, group: "max_tokens", label: "max_tokens", errKey: []string{"max_tokens"}, hint: "4096", help: "results stop when their text would pass this many tokens (default 4,096)"},
		iTimestamp:   {kind: kindText, group: "at", label: "query_timestamp", errKey: []string{"query_timestamp"}, hint: "now", help: "anchors “last week” and recency: " + ts},
		iWinStart:    {kind: kindText, group: "window", label: "window start", errKey: []string{"window.start", "window"}, hint: "from", help: "temporal window start; it ranks memories in the window higher, it does not filter: " + ts},
		iWinEnd:      {kind: kindText, label: "window end", errKey: []string{"window.end", "window"}, hint: "to", help: "temporal window end (inclusive): " + ts},
		iEntities:    {kind: kindToggle, group: "include", label: "entities", errKey: []string{"include.entities", "include"}, help: "entity names on results (on by default; off sends entities: null)"},
		iChunks:      {kind: kindToggle, label: "chunks", errKey: []string{"include.chunks"}, help: "the source chunk text of each result (off by default)"},
		iSourceFacts: {kind: kindToggle, label: "source facts", errKey: []string{"include.source_facts"}, help: "the facts each observation was built from (off by default)"},
		iPrefer:      {kind: kindToggle, alone: true, label: "prefer observations", errKey: []string{"prefer_observations"}, help: "drop raw facts an observation in the results was built from (needs observation and a raw type)"},
		iMinSemantic: {kind: kindText, group: "min", label: "semantic", errKey: []string{"min_scores.semantic", "min_scores"}, hint: "–", help: "minimum vector similarity 0–1, applied inside retrieval"},
		iMinKeyword:  {kind: kindText, label: "keyword", errKey: []string{"min_scores.keyword", "min_scores"}, hint: "–", help: "minimum BM25 keyword score, applied inside retrieval"},
		iMinReranker: {kind: kindText, label: "reranker", errKey: []string{"min_scores.reranker", "min_scores"}, hint: "–", help: "minimum normalized reranker score 0–1, applied after ranking"},
		iMinFinal:    {kind: kindText, label: "final", errKey: []string{"min_scores.final", "min_scores"}, hint: "–", help: "minimum final score, applied after ranking"},
		iTrace:       {kind: kindToggle, alone: true, label: "trace", errKey: []string{"trace"}, help: "ask the server how it ranked the results; t shows the trace"},
	}
}

// matchHelp explains each tags_match mode in one line; the untagged column of the
// API's table is the part people miss.
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

// cycleValues are the values a cycle item steps through, the default first.
func cycleValues(id itemID) []string {
	switch id {
	case iMatch:
		return []string{client.TagsAny, client.TagsAll, client.TagsAnyStrict, client.TagsAllStrict, client.TagsExact}
	case iBudget:
		return []string{client.BudgetMid, client.BudgetHigh, client.BudgetLow}
	}
	return nil
}

// cycleValue is a cycle item's effective value ("" stands for the default).
func (f *filters) cycleValue(id itemID) (value string, isDefault bool) {
	switch id {
	case iMatch:
		if f.match == "" {
			return defaultMatch, true
		}
		return f.match, false
	case iBudget:
		if f.budget == "" {
			return defaultBudget, true
		}
		return f.budget, false
	}
	return "", true
}

// setCycle sets a cycle item; the server's default is stored as unset, so a value
// cycled back to the default is not sent.
func (f *filters) setCycle(id itemID, v string) {
	def := cycleValues(id)[0]
	if v == def {
		v = ""
	}
	switch id {
	case iMatch:
		f.match = v
	case iBudget:
		f.budget = v
	}
}

// cycle steps a cycle item to its next value.
func (f *filters) cycle(id itemID) {
	vals := cycleValues(id)
	cur, _ := f.cycleValue(id)
	i := slices.Index(vals, cur)
	f.setCycle(id, vals[(i+1)%len(vals)])
}

// toggle flips a toggle item.
func (f *filters) toggle(id itemID) {
	switch id {
	case iWorld, iExperience, iObservation:
		f.types[id-iWorld] = !f.types[id-iWorld]
	case iEntities:
		f.noEntities = !f.noEntities
	case iChunks:
		f.chunks = !f.chunks
	case iSourceFacts:
		f.sourceFacts = !f.sourceFacts
	case iPrefer:
		f.prefer = !f.prefer
	case iTrace:
		f.trace = !f.trace
	}
}

// on reports a toggle item's state.
func (f *filters) on(id itemID) bool {
	switch id {
	case iWorld, iExperience, iObservation:
		return f.types[id-iWorld]
	case iEntities:
		return !f.noEntities
	case iChunks:
		return f.chunks
	case iSourceFacts:
		return f.sourceFacts
	case iPrefer:
		return f.prefer
	case iTrace:
		return f.trace
	}
	return false
}

// text returns a pointer to a text item's value.
func (f *filters) text(id itemID) *string {
	switch id {
	case iMaxTokens:
		return &f.maxTokens
	case iTimestamp:
		return &f.timestamp
	case iWinStart:
		return &f.winStart
	case iWinEnd:
		return &f.winEnd
	case iMinSemantic, iMinKeyword, iMinReranker, iMinFinal:
		return &f.minScores[id-iMinSemantic]
	}
	return nil
}
