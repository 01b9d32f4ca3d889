package memories

import (
	"strings"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
)

// filters are the server-side filters of the list. Every field maps to one query
// parameter of GET …/memories/list; zero values are not sent.
type filters struct {
	typ           string // world | experience | observation
	q             string // text or context substring
	tags          string // comma-separated, as the tag input shows them
	tagsMatch     string // any | all | any_strict | all_strict | exact
	state         string // "" (valid) | invalidated
	consolidation string // failed | pending | done
	documentID    string
	entityID      string
	entityName    string // the entity's label, for the filter line
}

// typeCycle, stateCycle and consolidationCycle are the values t, v and c step through.
func typeCycle() []string {
	return []string{"", client.FactWorld, client.FactExperience, client.FactObservation}
}
func matchCycle() []string {
	return []string{"", "all", "any_strict", "all_strict", "exact"}
}
func stateCycle() []string         { return []string{"", "invalidated"} }
func consolidationCycle() []string { return []string{"", "pending", "done", "failed"} }

// next returns the value after cur in cycle (wrapping).
func next(cycle []string, cur string) string {
	for i, v := range cycle {
		if v == cur {
			return cycle[(i+1)%len(cycle)]
		}
	}
	return cycle[0]
}

// tagList splits the tags filter.
func (f filters) tagList() []string {
	var out []string
	for _, t := range strings.Split(f.tags, ",") {
		if t = strings.TrimSpace(t); t != "" {
			out = append(out, t)
		}
	}
	return out
}

// params maps the filters to one page request.
func (f filters) params(limit, offset int) client.ListMemoriesParams {
	p := client.ListMemoriesParams{Type: f.typ, Q: strings.TrimSpace(f.q), ConsolidationState: f.consolidation,
		State: f.state, DocumentID: f.documentID, EntityID: f.entityID, Tags: f.tagList(), Limit: limit, Offset: offset}
	if len(p.Tags) > 0 {
		p.TagsMatch = f.tagsMatch
	}
	return p
}

// fromShow builds the filters a ShowMemoriesMsg asks for.
func fromShow(msg common.ShowMemoriesMsg) filters {
	return filters{tags: strings.Join(msg.Tags, ", "), tagsMatch: msg.TagsMatch, documentID: msg.DocumentID,
		entityID: msg.EntityID, entityName: msg.EntityName}
}

// label describes the active filters in one line ("" when none).
func (f filters) label() string {
	var parts []string
	add := func(name, v string) {
		if v != "" {
			parts = append(parts, name+": "+sanitize.Line(v))
		}
	}
	add("type", f.typ)
	add("text", f.q)
	if f.tags != "" {
		m := f.tagsMatch
		if m == "" {
			m = "any"
		}
		add("tags("+m+")", f.tags)
	}
	add("state", f.state)
	add("consolidation", f.consolidation)
	add("document", f.documentID)
	if f.entityName != "" {
		add("entity", f.entityName)
	} else {
		add("entity", f.entityID)
	}
	return strings.Join(parts, " · ")
}
