package client

import (
	"slices"
	"strings"
)

// MaxAppliedDirectives is how many directives one reflect injects: the first 100 in
// apply order (API §17).
const MaxAppliedDirectives = 100

// DirectiveScope is the part of a reflect request that chooses its directives.
type DirectiveScope struct {
	Tags      []string
	TagsMatch string // the reflect's tags_match; "" is the default, any
	TagGroups []TagGroup
	ApplyAll  bool // apply_all_directives: tags are not looked at
}

// DirectiveScope is the scope a reflect with these parameters applies directives in.
func (r ReflectRequest) DirectiveScope() DirectiveScope {
	return DirectiveScope{Tags: r.Tags, TagsMatch: r.TagsMatch, TagGroups: r.TagGroups, ApplyAll: r.ApplyAllDirectives}
}

// DirectiveSkip says why a directive does not shape a reflect; DirectiveApplied
// when it does.
type DirectiveSkip string

// The reasons a directive is left out of a reflect.
const (
	DirectiveApplied    DirectiveSkip = ""
	DirectiveInactive   DirectiveSkip = "inactive"
	DirectiveNoScope    DirectiveSkip = "tagged, and the reflect has no tags: only global directives apply"
	DirectiveTagsDiffer DirectiveSkip = "its tags do not match the reflect's"
	DirectiveOverLimit  DirectiveSkip = "past the first 100 directives"
)

// DirectiveApplies is the server's rule for one directive (API §17, engine.py:12271):
// only active directives apply; apply_all_directives applies every one; untagged
// (global) directives always apply; a reflect without tags or tag_groups gets only
// those; otherwise a tagged directive applies when its tags match the reflect's
// like a memory's do (MatchTags: any and any_strict overlap, all and all_strict
// the directive holds every requested tag, exact the same set), or when the
// tag_groups expression holds on its tags. The 100-directive cap is JudgeDirectives'.
func DirectiveApplies(d Directive, s DirectiveScope) DirectiveSkip {
	switch {
	case !d.IsActive:
		return DirectiveInactive
	case s.ApplyAll || len(d.Tags) == 0:
		return DirectiveApplied
	case len(s.TagGroups) > 0:
		if MatchTagGroups(d.Tags, s.TagGroups) {
			return DirectiveApplied
		}
		return DirectiveTagsDiffer
	case len(s.Tags) == 0:
		return DirectiveNoScope
	case MatchTags(d.Tags, s.Tags, s.TagsMatch):
		return DirectiveApplied
	}
	return DirectiveTagsDiffer
}

// CompareDirectives orders directives as the server applies (and lists) them:
// priority, then created_at, then id, each highest first.
func CompareDirectives(a, b Directive) int {
	if a.Priority != b.Priority {
		if a.Priority > b.Priority {
			return -1
		}
		return 1
	}
	if c := b.CreatedAt.Compare(a.CreatedAt.Time); c != 0 {
		return c
	}
	return strings.Compare(b.ID, a.ID)
}

// DirectiveVerdict is one directive's part in a reflect: its place in the order the
// directives are injected (1 first), or 0 and why it is left out.
type DirectiveVerdict struct {
	Directive Directive
	Order     int
	Skip      DirectiveSkip
}

// JudgeDirectives returns every directive of ds, in apply order, with its verdict
// for a reflect in scope s; at most MaxAppliedDirectives apply.
func JudgeDirectives(ds []Directive, s DirectiveScope) []DirectiveVerdict {
	sorted := slices.Clone(ds)
	slices.SortStableFunc(sorted, CompareDirectives)
	out := make([]DirectiveVerdict, len(sorted))
	n := 0
	for i, d := range sorted {
		v := DirectiveVerdict{Directive: d, Skip: DirectiveApplies(d, s)}
		if v.Skip == DirectiveApplied {
			if n == MaxAppliedDirectives {
				v.Skip = DirectiveOverLimit
			} else {
				n++
				v.Order = n
			}
		}
		out[i] = v
	}
	return out
}

// AppliedDirectives are the directives of ds a reflect in scope s injects, in order.
func AppliedDirectives(ds []Directive, s DirectiveScope) []Directive {
	var out []Directive
	for _, v := range JudgeDirectives(ds, s) {
		if v.Order > 0 {
			out = append(out, v.Directive)
		}
	}
	return out
}
