package client_test

import "hindsight-tui/client"

// directivesInDepth covers the directive answers beyond the happy path: inactive
// ones, the tag variants, an empty PATCH, and the 500s of a missing bank and of an
// id that is not a UUID.
func (s *scenario) directivesInDepth(bank string) {
	ctx, c := s.ctx, s.c
	off, err := c.CreateDirective(ctx, bank, client.CreateDirectiveRequest{Name: "Dormant", Content: "Not now.",
		Priority: -1, IsActive: client.Ptr(false), Tags: []string{"a", "b"}})
	s.ok("CreateDirective", err)
	list, err := c.ListDirectives(ctx, bank, client.ListDirectivesParams{Tags: []string{"b", "a"}, TagsMatch: "exact"})
	s.ok("ListDirectives", err)
	for _, d := range list.Items {
		if d.ID == off.ID {
			s.t.Error("inactive directives are hidden by default")
		}
	}
	_, err = c.ListDirectives(ctx, bank, client.ListDirectivesParams{Tags: []string{"b", "a"}, TagsMatch: "exact", ActiveOnly: client.Ptr(false)})
	s.ok("ListDirectives", err)
	_, err = c.UpdateDirective(ctx, bank, off.ID, client.UpdateDirectiveRequest{})
	s.ok("UpdateDirective", err)
	_, err = c.CreateDirective(ctx, "contract-no-bank", client.CreateDirectiveRequest{Name: "x", Content: "y"})
	s.wantStatus("CreateDirective", err, 500)
	_, err = c.GetDirective(ctx, bank, "not-a-uuid")
	s.wantStatus("GetDirective", err, 500)
	s.ok("DeleteDirective", c.DeleteDirective(ctx, bank, off.ID))
}
