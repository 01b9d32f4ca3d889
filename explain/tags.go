package explain

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"hindsight-tui/client"
)

// The tag-match table of API §5.3 (engine/search/tags.py), applied locally: tags
// compare as exact, case-sensitive strings; any/all keep untagged memories, the strict
// modes and exact drop them; no requested tags filter nothing, except exact, which
// then keeps only untagged memories.

// tagScope is a request's tag filter as the explainer reads it.
type tagScope struct {
	tags   []string
	mode   string
	groups []client.TagGroup
}

func scopeOf(r client.RecallRequest) tagScope {
	mode := r.TagsMatch
	if mode == "" {
		mode = client.TagsAny
	}
	return tagScope{tags: r.Tags, mode: mode, groups: r.TagGroups}
}

// matchTags reports whether a memory with itemTags passes tags/mode, and if not, the
// rule that excluded it.
func matchTags(itemTags, want []string, mode string) (bool, string) {
	if len(want) == 0 {
		if mode == client.TagsExact && len(itemTags) > 0 {
			return false, fmt.Sprintf("tagged %s, and exact with no tags keeps only untagged memories", tagList(itemTags))
		}
		return true, ""
	}
	if len(itemTags) == 0 {
		if mode == client.TagsAny || mode == client.TagsAll {
			return true, ""
		}
		return false, fmt.Sprintf("untagged, and %s excludes untagged memories", mode)
	}
	switch mode {
	case client.TagsAny, client.TagsAnyStrict:
		if overlaps(itemTags, want) {
			return true, ""
		}
		return false, fmt.Sprintf("tagged %s, none of the requested %s (%s needs one)", tagList(itemTags), tagList(want), mode)
	case client.TagsAll, client.TagsAllStrict:
		var lacks []string
		for _, t := range want {
			if !slices.Contains(itemTags, t) {
				lacks = append(lacks, t)
			}
		}
		if len(lacks) == 0 {
			return true, ""
		}
		return false, fmt.Sprintf("tagged %s, without %s (%s needs every requested tag)", tagList(itemTags), tagList(lacks), mode)
	default: // exact
		if sameSet(itemTags, want) {
			return true, ""
		}
		return false, fmt.Sprintf("tagged %s, not exactly %s (exact compares the whole set)", tagList(itemTags), tagList(want))
	}
}

// matchGroups ANDs the top-level groups; on a miss it names the first group that
// failed, by its index.
func matchGroups(itemTags []string, groups []client.TagGroup) (bool, int) {
	for i, g := range groups {
		if !matchGroup(itemTags, g) {
			return false, i
		}
	}
	return true, -1
}

func matchGroup(itemTags []string, g client.TagGroup) bool {
	switch {
	case g.Not != nil:
		return !matchGroup(itemTags, *g.Not)
	case g.And != nil:
		ok, _ := matchGroups(itemTags, g.And)
		return ok
	case g.Or != nil:
		return slices.ContainsFunc(g.Or, func(sub client.TagGroup) bool { return matchGroup(itemTags, sub) })
	}
	mode := g.Match
	if mode == "" {
		mode = client.TagsAnyStrict // a leaf's default, unlike the request's
	}
	ok, _ := matchTags(itemTags, g.Tags, mode)
	return ok
}

// tagsVerdict applies the request's scope to a memory's tags: ok, or the rule that
// excluded it and the smallest request change that lets it through.
func tagsVerdict(itemTags []string, req client.RecallRequest) (ok bool, rule string, fix Fix) {
	s := scopeOf(req)
	if len(s.groups) > 0 {
		pass, i := matchGroups(itemTags, s.groups)
		if pass {
			return true, "", Fix{}
		}
		g, _ := json.Marshal(s.groups[i])
		rule = fmt.Sprintf("its tags %s do not satisfy tag_groups[%d] %s", tagList(itemTags), i, g)
		changed := cloneRequest(req)
		changed.TagGroups = slices.Delete(slices.Clone(req.TagGroups), i, i+1)
		if len(changed.TagGroups) == 0 {
			changed.TagGroups = nil
		}
		return false, rule, Fix{Label: fmt.Sprintf("drop tag_groups[%d]", i), Request: &changed}
	}
	pass, rule := matchTags(itemTags, s.tags, s.mode)
	if pass {
		return true, "", Fix{}
	}
	return false, rule, tagsFix(itemTags, req, s)
}

// tagsFix is the smallest change of tags/tags_match that lets the memory through:
// relax the mode one step where that is enough, else add one of its tags, else drop
// the filter.
func tagsFix(itemTags []string, req client.RecallRequest, s tagScope) Fix {
	mode := func(m string) Fix {
		changed := cloneRequest(req)
		changed.TagsMatch = m
		return Fix{Label: "tags_match " + m, Request: &changed}
	}
	drop := func() Fix {
		changed := cloneRequest(req)
		changed.Tags, changed.TagsMatch = nil, ""
		return Fix{Label: "drop the tag filter", Request: &changed}
	}
	switch {
	case len(s.tags) == 0: // exact with no tags
		return mode(client.TagsAny)
	case len(itemTags) == 0:
		if s.mode == client.TagsAllStrict {
			return mode(client.TagsAll)
		}
		return mode(client.TagsAny)
	case s.mode == client.TagsAny || s.mode == client.TagsAnyStrict:
		changed := cloneRequest(req)
		changed.Tags = append(slices.Clone(req.Tags), itemTags[0])
		return Fix{Label: "add tag " + itemTags[0], Request: &changed}
	case !overlaps(itemTags, s.tags):
		return drop()
	case s.mode == client.TagsAll:
		return mode(client.TagsAny)
	default: // all_strict or exact, sharing a tag
		return mode(client.TagsAnyStrict)
	}
}

func overlaps(a, b []string) bool {
	return slices.ContainsFunc(a, func(t string) bool { return slices.Contains(b, t) })
}

func sameSet(a, b []string) bool {
	return !slices.ContainsFunc(a, func(t string) bool { return !slices.Contains(b, t) }) &&
		!slices.ContainsFunc(b, func(t string) bool { return !slices.Contains(a, t) })
}

// tagList renders tags as (a, b).
func tagList(tags []string) string { return "(" + strings.Join(tags, ", ") + ")" }
