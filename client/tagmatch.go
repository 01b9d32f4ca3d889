package client

import "slices"

// MatchTags is the server's tag-match table (API §5.3, engine/search/tags.py), the
// one rule for recall, reflect, the memory and document lists and the directives a
// reflect applies: tags compare as exact, case-sensitive strings; "any" and "all" let
// untagged items through, the strict modes and "exact" do not; empty request tags
// filter nothing except in "exact", which then selects untagged items only. An empty
// or unknown mode behaves like the default, "any".
func MatchTags(itemTags, want []string, mode string) bool {
	switch mode {
	case TagsAny, TagsAll, TagsAnyStrict, TagsAllStrict, TagsExact:
	default:
		mode = TagsAny
	}
	if len(want) == 0 {
		if mode == TagsExact {
			return len(itemTags) == 0
		}
		return true
	}
	if len(itemTags) == 0 {
		return mode == TagsAny || mode == TagsAll
	}
	switch mode {
	case TagsAny, TagsAnyStrict:
		for _, t := range want {
			if slices.Contains(itemTags, t) {
				return true
			}
		}
		return false
	case TagsAll, TagsAllStrict:
		for _, t := range want {
			if !slices.Contains(itemTags, t) {
				return false
			}
		}
		return true
	default: // exact: the same set, in any order
		return sameTagSet(itemTags, want)
	}
}

func sameTagSet(a, b []string) bool {
	for _, t := range a {
		if !slices.Contains(b, t) {
			return false
		}
	}
	for _, t := range b {
		if !slices.Contains(a, t) {
			return false
		}
	}
	return true
}

// MatchTagGroups evaluates a request's tag_groups on an item's tags: the top-level
// groups are AND-ed.
func MatchTagGroups(itemTags []string, groups []TagGroup) bool {
	for _, g := range groups {
		if !g.Matches(itemTags) {
			return false
		}
	}
	return true
}

// Matches evaluates the group on an item's tags; a leaf without a mode matches as
// any_strict, the server's default for groups.
func (g TagGroup) Matches(itemTags []string) bool {
	switch {
	case g.Not != nil:
		return !g.Not.Matches(itemTags)
	case g.And != nil:
		return MatchTagGroups(itemTags, g.And)
	case g.Or != nil:
		for _, sub := range g.Or {
			if sub.Matches(itemTags) {
				return true
			}
		}
		return false
	default:
		mode := g.Match
		if mode == "" {
			mode = TagsAnyStrict
		}
		return MatchTags(itemTags, g.Tags, mode)
	}
}
