package client_test

import (
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
)

func TestDirectivesActiveAndTags(t *testing.T) {
	seed := modelSeed()
	seed.Banks[0].Directives = append(seed.Banks[0].Directives,
		hindsighttest.SeedDirective{Name: "Maya only", Content: "Use her name.", Priority: 7, IsActive: true, Tags: []string{"person:maya"}},
		hindsighttest.SeedDirective{Name: "Retired", Content: "Old.", Priority: 9, IsActive: false})
	c := serve(t, hindsighttest.WithSeed(seed))
	ctx := t.Context()
	names := func(p client.ListDirectivesParams) string {
		t.Helper()
		l, err := c.ListDirectives(ctx, "cafe", p)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, d := range l.Items {
			out = append(out, d.Name)
		}
		return strings.Join(out, ",")
	}
	if got := names(client.ListDirectivesParams{}); got != "Maya only,Short" {
		t.Errorf("active only by default: %q", got)
	}
	if got := names(client.ListDirectivesParams{ActiveOnly: client.Ptr(false)}); got != "Retired,Maya only,Short" {
		t.Errorf("with inactive: %q", got)
	}
	if got := names(client.ListDirectivesParams{Tags: []string{"person:leo"}}); got != "Short" {
		t.Errorf("untagged directives match every tag filter: %q", got)
	}
	if _, err := c.CreateDirective(ctx, "no-such-bank", client.CreateDirectiveRequest{Name: "x", Content: "y"}); client.StatusCode(err) != 500 {
		t.Errorf("a directive needs its bank: %v", err)
	}
	ref, err := c.Reflect(ctx, "cafe", client.ReflectRequest{Query: "What does Maya drink?", Tags: []string{"person:maya"},
		Include: &client.ReflectInclude{Facts: client.IncludeFacts()}})
	if err != nil {
		t.Fatal(err)
	}
	var applied []string
	for _, d := range ref.BasedOn.Directives {
		applied = append(applied, d.Name)
	}
	if strings.Join(applied, ",") != "Maya only,Short" {
		t.Errorf("reflect applied %v", applied)
	}
}
