package codegen

import (
	"strconv"
	"strings"

	"hindsight-tui/client"
)

// toolsTarget describes one agent framework's create_hindsight_tools. Both build their
// recall tool on hindsight_client, so a request maps onto them through pythonArgs.
type toolsTarget struct {
	module      string
	hasTypes    bool // recall_types
	hasEntities bool // recall_include_entities
}

// whyNot explains, per hindsight_client keyword, what the tools do instead, so the
// comment tells the developer how their agent's recall will differ from the TUI's.
func whyNot(keyword string) string {
	switch keyword {
	case "query":
		return "the agent writes the query at run time"
	case "types":
		return "SmolAgents has no recall_types: every type is searched"
	case "include_entities":
		return "the tool never asks for entities; they do not change the results' text"
	case "max_entity_tokens":
		return "the tool leaves it at 500"
	case "trace", "include_chunks", "max_chunk_tokens", "include_source_facts", "max_source_facts_tokens",
		"include.source_facts.max_tokens_per_observation":
		return "the tool returns only the results' text"
	case "query_timestamp":
		return "the server anchors on the time of each call"
	case "tags_match":
		return "the tools send it only with recall_tags, and without tags it selects the untagged memories"
	case "tag_groups":
		return "the tools filter only with recall_tags and recall_tags_match"
	case "prefer_observations":
		return "raw facts behind an observation stay in the results"
	case "min_scores":
		return "results are not filtered by score"
	case "temporal_window":
		return "the temporal arm uses the dates it finds in the query"
	}
	return "no such parameter"
}

// toolsSnippet writes the create_hindsight_tools call whose recall tool sends this request
// (the agent's query aside), with one comment per setting the tool cannot send.
func toolsSnippet(t toolsTarget, in Input) string {
	r := in.Req
	// budget and max_tokens are always written: the tool sends them on every call, and left
	// out they would come from a configure() call elsewhere in the program.
	budget := r.Budget
	if budget == "" {
		budget = client.BudgetMid
	}
	maxTokens := 4096
	if r.MaxTokens != nil {
		maxTokens = *r.MaxTokens
	}
	kw := []pyLine{
		{text: "bank_id=" + pyStr(in.BankID)},
		{text: "hindsight_api_url=" + pyStr(baseURL(in.BaseURL))},
	}
	if in.hasKey() {
		kw = append(kw, pyLine{text: "api_key=os.environ[" + pyStr(keyEnv) + "]"})
	}
	kw = append(kw, pyLine{text: "budget=" + pyStr(budget)}, pyLine{text: "max_tokens=" + strconv.Itoa(maxTokens)})
	missing := []pyArg{{name: "query", value: pyStr(r.Query)}}
	for _, a := range pythonArgs(r) {
		switch {
		case a.name == "budget" || a.name == "max_tokens":
			// written above
		case a.name == "tags":
			match := r.TagsMatch
			if match == "" {
				match = client.TagsAny
			}
			kw = append(kw, pyLine{text: "recall_tags=" + a.value}, pyLine{text: "recall_tags_match=" + pyStr(match)})
		case a.name == "tags_match":
			// Without tags only "exact" changes what the server returns.
			if len(r.Tags) == 0 && r.TagsMatch == client.TagsExact {
				missing = append(missing, a)
			}
		case a.name == "types" && t.hasTypes:
			kw = append(kw, pyLine{text: "recall_types=" + a.value})
		case a.name == "include_entities" && t.hasEntities:
			l := pyLine{text: "recall_include_entities=True"}
			if a.defaulted {
				l.comment = "the server's default; the tool's is False"
			}
			kw = append(kw, l)
		default:
			missing = append(missing, a)
		}
	}

	var b strings.Builder
	if in.hasKey() {
		b.WriteString("import os\n\n")
	}
	b.WriteString("from " + t.module + " import create_hindsight_tools\n\n")
	writeKeyComment(&b, in, "# ")
	for _, a := range missing {
		b.WriteString("# not expressible in create_hindsight_tools: " + a.String() + " (" + whyNot(a.name) + ")\n")
	}
	writePyCall(&b, "tools = create_hindsight_tools", kw)
	return b.String()
}
