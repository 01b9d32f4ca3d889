package hindsighttest

import (
	"slices"

	"hindsight-tui/client"
)

// tagModes are the five tags_match values shared by recall, reflect, memory and document lists.
var tagModes = []string{"any", "all", "any_strict", "all_strict", "exact"}

// tagGroup is the boolean tag expression of recall/reflect tag_groups; the client's
// type, so that one evaluation (client.TagGroup.Matches) serves both.
type tagGroup = client.TagGroup

// matchTags is the tag-match table of the real server; it lives in package client
// (client.MatchTags), where the UI's directive preview uses it too.
func matchTags(itemTags, want []string, mode string) bool {
	return client.MatchTags(itemTags, want, mode)
}

// matchGroups ANDs the top-level groups together.
func matchGroups(itemTags []string, groups []tagGroup) bool {
	return client.MatchTagGroups(itemTags, groups)
}

// matchModelTags is the mental-model variant (modes any|all|exact): "any" is overlap only
// (untagged models excluded), "all" a superset, "exact" order-sensitive equality.
func matchModelTags(itemTags, want []string, mode string) bool {
	if len(want) == 0 {
		return true
	}
	switch mode {
	case "all":
		for _, t := range want {
			if !slices.Contains(itemTags, t) {
				return false
			}
		}
		return true
	case "exact":
		return slices.Equal(itemTags, want)
	default:
		for _, t := range want {
			if slices.Contains(itemTags, t) {
				return true
			}
		}
		return false
	}
}

// matchDirectiveTags is the directive variant: untagged directives always apply, an
// empty filter returns every directive, and "exact" compares sets (order-insensitive,
// unlike mental models).
func matchDirectiveTags(itemTags, want []string, mode string) bool {
	if len(want) == 0 || len(itemTags) == 0 {
		return true
	}
	if mode == "exact" {
		return matchTags(itemTags, want, mode) // both non-empty: the same set
	}
	return matchModelTags(itemTags, want, mode)
}
