package client

import (
	"slices"
	"testing"
	"time"
)

// The rule of API §17 for one directive, case by case.
func TestDirectiveApplies(t *testing.T) {
	global := Directive{IsActive: true}
	travel := Directive{IsActive: true, Tags: []string{"travel"}}
	both := Directive{IsActive: true, Tags: []string{"travel", "work"}}
	off := Directive{Tags: []string{"travel"}}
	for _, tc := range []struct {
		name string
		d    Directive
		s    DirectiveScope
		want DirectiveSkip
	}{
		{"global, no tags", global, DirectiveScope{}, DirectiveApplied},
		{"global, tags exact", global, DirectiveScope{Tags: []string{"x"}, TagsMatch: TagsExact}, DirectiveApplied},
		{"tagged, no tags", travel, DirectiveScope{}, DirectiveNoScope},
		{"tagged, apply all", travel, DirectiveScope{ApplyAll: true}, DirectiveApplied},
		{"inactive, apply all", off, DirectiveScope{ApplyAll: true}, DirectiveInactive},
		{"any overlaps", both, DirectiveScope{Tags: []string{"work", "home"}}, DirectiveApplied},
		{"any disjoint", travel, DirectiveScope{Tags: []string{"home"}}, DirectiveTagsDiffer},
		{"all: holds every requested tag", both, DirectiveScope{Tags: []string{"work"}, TagsMatch: TagsAll}, DirectiveApplied},
		{"all: lacks one", travel, DirectiveScope{Tags: []string{"travel", "work"}, TagsMatch: TagsAllStrict}, DirectiveTagsDiffer},
		{"exact, same set in another order", both, DirectiveScope{Tags: []string{"work", "travel"}, TagsMatch: TagsExact}, DirectiveApplied},
		{"exact, a subset", both, DirectiveScope{Tags: []string{"work"}, TagsMatch: TagsExact}, DirectiveTagsDiffer},
		{"groups hold", travel, DirectiveScope{TagGroups: []TagGroup{{Not: &TagGroup{Tags: []string{"home"}}}}}, DirectiveApplied},
		{"groups fail", travel, DirectiveScope{TagGroups: []TagGroup{{Tags: []string{"home"}}}}, DirectiveTagsDiffer},
	} {
		if got := DirectiveApplies(tc.d, tc.s); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// JudgeDirectives orders by priority, then the newest, then id, numbers the applied
// ones and stops at MaxAppliedDirectives.
func TestJudgeDirectivesOrderAndCap(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	at := func(h int) Time { return Time{Time: t0.Add(time.Duration(h) * time.Hour)} }
	ds := []Directive{
		{ID: "a", Priority: 1, IsActive: true, CreatedAt: at(0)},
		{ID: "b", Priority: 5, IsActive: false, CreatedAt: at(0)},
		{ID: "c", Priority: 1, IsActive: true, CreatedAt: at(2)},
		{ID: "d", Priority: 1, IsActive: true, CreatedAt: at(2)},
	}
	var order []string
	var nums []int
	for _, v := range JudgeDirectives(ds, DirectiveScope{}) {
		order, nums = append(order, v.Directive.ID), append(nums, v.Order)
	}
	if !slices.Equal(order, []string{"b", "d", "c", "a"}) || !slices.Equal(nums, []int{0, 1, 2, 3}) {
		t.Fatalf("order %v, numbers %v", order, nums)
	}
	many := make([]Directive, MaxAppliedDirectives+2)
	for i := range many {
		many[i] = Directive{ID: string(rune('A' + i%26)), Priority: -i, IsActive: true}
	}
	vs := JudgeDirectives(many, DirectiveScope{})
	if vs[MaxAppliedDirectives-1].Order != MaxAppliedDirectives || vs[MaxAppliedDirectives].Skip != DirectiveOverLimit {
		t.Fatalf("the cap: %+v, %+v", vs[MaxAppliedDirectives-1], vs[MaxAppliedDirectives])
	}
	if got := len(AppliedDirectives(many, DirectiveScope{})); got != MaxAppliedDirectives {
		t.Fatalf("applied %d", got)
	}
}
