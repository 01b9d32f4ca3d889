package hindsighttest

import "slices"

// tagModes are the five tags_match values shared by recall, reflect, memory and document lists.
var tagModes = []string{"any", "all", "any_strict", "all_strict", "exact"}

// matchTags implements the tag-match table of the real server (engine/search/tags.py):
// tags compare as exact, case-sensitive strings; "any"/"all" let untagged items through;
// the strict modes and "exact" do not; empty request tags filter nothing except in "exact",
// which then selects untagged items only.
func matchTags(itemTags, want []string, mode string) bool {
	if !slices.Contains(tagModes, mode) {
		mode = "any" // "" and unknown modes behave like the default
	}
	if len(want) == 0 {
		if mode == "exact" {
			return len(itemTags) == 0
		}
		return true
	}
	if len(itemTags) == 0 {
		return mode == "any" || mode == "all"
	}
	switch mode {
	case "any", "any_strict":
		for _, t := range want {
			if slices.Contains(itemTags, t) {
				return true
			}
		}
		return false
	case "all", "all_strict":
		for _, t := range want {
			if !slices.Contains(itemTags, t) {
				return false
			}
		}
		return true
	default: // "exact"
		return sameSet(itemTags, want)
	}
}

func sameSet(a, b []string) bool {
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

// tagGroup is the boolean tag expression of recall/reflect tag_groups.
type tagGroup struct {
	Tags  []string   `json:"tags,omitempty"`
	Match string     `json:"match,omitempty"`
	And   []tagGroup `json:"and,omitempty"`
	Or    []tagGroup `json:"or,omitempty"`
	Not   *tagGroup  `json:"not,omitempty"`
}

// matchGroups ANDs the top-level groups together.
func matchGroups(itemTags []string, groups []tagGroup) bool {
	for _, g := range groups {
		if !g.match(itemTags) {
			return false
		}
	}
	return true
}

func (g tagGroup) match(itemTags []string) bool {
	switch {
	case g.Not != nil:
		return !g.Not.match(itemTags)
	case g.And != nil:
		return matchGroups(itemTags, g.And)
	case g.Or != nil:
		for _, sub := range g.Or {
			if sub.match(itemTags) {
				return true
			}
		}
		return false
	default:
		mode := g.Match
		if mode == "" {
			mode = "any_strict"
		}
		return matchTags(itemTags, g.Tags, mode)
	}
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
		return sameSet(itemTags, want)
	}
	return matchModelTags(itemTags, want, mode)
}
