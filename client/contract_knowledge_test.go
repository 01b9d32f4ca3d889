package client_test

import (
	"hindsight-tui/client"
)

// knowledge walks the knowledge-base routes, including their error answers.
func (s *scenario) knowledge(bank string) {
	ctx, c := s.ctx, s.c
	folder, err := c.CreateKnowledgeFolder(ctx, bank, "Contract", "")
	s.ok("CreateKnowledgeFolder", err)
	sub, err := c.CreateKnowledgeFolder(ctx, bank, "Nested", folder.ID)
	s.ok("CreateKnowledgeFolder", err)
	_, err = c.CreateKnowledgeFolder(ctx, bank, "Orphan", "kf-missing")
	s.wantStatus("CreateKnowledgeFolder", err, 400)
	page, err := c.CreateKnowledgePage(ctx, bank, client.CreateKnowledgePageRequest{Name: "Alex", SourceQuery: "What does Alex prefer?",
		ParentID: sub.ID, Tags: []string{"type:person"}, MaxTokens: 1024,
		Trigger: &client.MentalModelTrigger{TagsMatch: client.TagsAny, RefreshCron: "0 6 * * *"}})
	s.ok("CreateKnowledgePage", err)
	_, err = c.CreateKnowledgePage(ctx, bank, client.CreateKnowledgePageRequest{Name: "alex", SourceQuery: "q", ParentID: sub.ID})
	s.wantStatus("CreateKnowledgePage", err, 409)
	_, err = c.CreateKnowledgePage(ctx, bank, client.CreateKnowledgePageRequest{Name: "Bad cron", SourceQuery: "q",
		Trigger: &client.MentalModelTrigger{RefreshCron: "whenever"}})
	s.wantStatus("CreateKnowledgePage", err, 422)
	s.srv.CompleteOperations()
	tree, err := c.KnowledgeTree(ctx, bank)
	s.ok("KnowledgeTree", err)
	if len(tree.Roots) != 1 {
		s.t.Errorf("tree %+v", tree)
	}
	_, err = c.GetKnowledgePage(ctx, bank, page.PageID)
	s.ok("GetKnowledgePage", err)
	_, err = c.GetKnowledgePage(ctx, bank, folder.ID)
	s.wantStatus("GetKnowledgePage", err, 404)
	_, err = c.UpdateKnowledgeNode(ctx, bank, page.PageID, client.UpdateKnowledgeNodeRequest{Name: client.Ptr("Alex M."), Move: true,
		ParentID: folder.ID, SourceQuery: client.Ptr("Who is Alex?"), Tags: &[]string{}, MaxTokens: client.Ptr(2048),
		Trigger: &client.MentalModelTrigger{KeepTrace: client.Ptr(true)}})
	s.ok("UpdateKnowledgeNode", err)
	_, err = c.UpdateKnowledgeNode(ctx, bank, sub.ID, client.UpdateKnowledgeNodeRequest{Move: true})
	s.ok("UpdateKnowledgeNode", err)
	_, err = c.UpdateKnowledgeNode(ctx, bank, folder.ID, client.UpdateKnowledgeNodeRequest{Move: true, ParentID: folder.ID})
	s.wantStatus("UpdateKnowledgeNode", err, 400)
	_, err = c.UpdateKnowledgeNode(ctx, bank, "kf-missing", client.UpdateKnowledgeNodeRequest{Name: client.Ptr("x")})
	s.wantStatus("UpdateKnowledgeNode", err, 404)
	_, err = c.SearchKnowledge(ctx, bank, "Alex", 5)
	s.ok("SearchKnowledge", err)
	_, err = c.SearchKnowledge(badRequest(ctx), bank, "", 0)
	s.wantStatus("SearchKnowledge", err, 422)
	files, err := c.ExportKnowledge(ctx, bank)
	s.ok("ExportKnowledge", err)
	if len(files) < 2 {
		s.t.Errorf("export %+v", files)
	}
	s.ok("DeleteKnowledgeNode", c.DeleteKnowledgeNode(ctx, bank, folder.ID))
	s.wantStatus("DeleteKnowledgeNode", c.DeleteKnowledgeNode(ctx, bank, folder.ID), 404)
	s.ok("DeleteKnowledgeNode", c.DeleteKnowledgeNode(ctx, bank, sub.ID))
}
