package explain

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
)

// The table of API §5.3, row by row, with the rule each miss names.
func TestMatchTagsTable(t *testing.T) {
	tests := []struct {
		item, want []string
		mode       string
		ok         bool
		rule       string
	}{
		{nil, []string{"a"}, "any", true, ""},
		{nil, []string{"a"}, "all", true, ""},
		{nil, []string{"a"}, "any_strict", false, "untagged, and any_strict excludes untagged memories"},
		{nil, []string{"a"}, "all_strict", false, "untagged, and all_strict excludes untagged memories"},
		{nil, []string{"a"}, "exact", false, "untagged, and exact excludes untagged memories"},
		{[]string{"b"}, []string{"a"}, "any", false, "tagged (b), none of the requested (a) (any needs one)"},
		{[]string{"a", "b"}, []string{"a", "c"}, "any_strict", true, ""},
		{[]string{"a"}, []string{"a", "c"}, "all", false, "tagged (a), without (c) (all needs every requested tag)"},
		{[]string{"a", "c", "d"}, []string{"a", "c"}, "all_strict", true, ""},
		{[]string{"c", "a"}, []string{"a", "c"}, "exact", true, ""},
		{[]string{"a", "c", "d"}, []string{"a", "c"}, "exact", false, "tagged (a, c, d), not exactly (a, c) (exact compares the whole set)"},
		{[]string{"A"}, []string{"a"}, "any", false, "tagged (A), none of the requested (a) (any needs one)"},
		{[]string{"a"}, nil, "all_strict", true, ""},
		{nil, nil, "exact", true, ""},
		{[]string{"a"}, nil, "exact", false, "tagged (a), and exact with no tags keeps only untagged memories"},
	}
	for _, tt := range tests {
		ok, rule := matchTags(tt.item, tt.want, tt.mode)
		if ok != tt.ok || rule != tt.rule {
			t.Errorf("%q in %q/%s: %v %q, want %v %q", tt.item, tt.want, tt.mode, ok, rule, tt.ok, tt.rule)
		}
	}
}

// Each offered tag fix lets the memory through the changed request.
func TestTagsFixLetsItThrough(t *testing.T) {
	items := [][]string{nil, {"a"}, {"b"}, {"a", "b"}, {"c", "d"}}
	wants := [][]string{nil, {"a"}, {"a", "b"}, {"z"}}
	for _, mode := range []string{"any", "all", "any_strict", "all_strict", "exact"} {
		for _, want := range wants {
			for _, item := range items {
				req := client.RecallRequest{Query: "q", Tags: want, TagsMatch: mode}
				ok, _, fix := tagsVerdict(item, req)
				if ok {
					continue
				}
				if fix.Request == nil {
					t.Fatalf("%q in %q/%s: no fix", item, want, mode)
				}
				if pass, _, _ := tagsVerdict(item, *fix.Request); !pass {
					t.Errorf("%q in %q/%s: fix %q does not let it through", item, want, mode, fix.Label)
				}
			}
		}
	}
	groups := client.RecallRequest{Query: "q", TagGroups: []client.TagGroup{{Tags: []string{"a"}}, {Not: &client.TagGroup{Tags: []string{"b"}}}}}
	ok, rule, fix := tagsVerdict([]string{"a", "b"}, groups)
	if ok || !strings.Contains(rule, "tag_groups[1]") || fix.Label != "drop tag_groups[1]" {
		t.Errorf("groups: %v %q %q", ok, rule, fix.Label)
	}
	if pass, _, _ := tagsVerdict([]string{"a", "b"}, *fix.Request); !pass || len(groups.TagGroups) != 2 {
		t.Errorf("the group fix: pass %v, original groups %d", pass, len(groups.TagGroups))
	}
}

// The local table agrees with the server's: for every tag filter below, the memories
// the server lists are exactly those the explainer would let through.
func TestMatchTagsAgreesWithServer(t *testing.T) {
	srv := hindsighttest.NewServer(hindsighttest.WithDemoSeed(), hindsighttest.WithExplainLab(),
		hindsighttest.WithClock(func() time.Time { return time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC) }))
	defer srv.Close()
	c, _ := client.New(srv.URL())
	ctx := context.Background()
	all, err := c.ListMemories(ctx, "explain-lab", client.ListMemoriesParams{Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []string{"any", "all", "any_strict", "all_strict", "exact"} {
		for _, want := range [][]string{nil, {"trips"}, {"policy:travel"}, {"trips", "source:booking"}, {"source:booking", "policy:travel"}} {
			got, err := c.ListMemories(ctx, "explain-lab", client.ListMemoriesParams{Tags: want, TagsMatch: mode, Limit: 1000})
			if err != nil {
				t.Fatal(err)
			}
			listed := map[string]bool{}
			for _, m := range got.Items {
				listed[m.ID] = true
			}
			for _, m := range all.Items {
				if ok, _ := matchTags(m.Tags, want, mode); ok != listed[m.ID] {
					t.Errorf("%s %q: memory tagged %q listed %v, explainer says %v", mode, want, m.Tags, listed[m.ID], ok)
				}
			}
			if t.Failed() {
				return
			}
		}
	}
	if len(all.Items) < 100 {
		t.Fatal(fmt.Sprint("only ", len(all.Items), " memories"))
	}
}
