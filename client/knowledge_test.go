package client_test

import (
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
)

func TestKnowledgeBase(t *testing.T) {
	c := serve(t, hindsighttest.WithSeed(modelSeed()))
	ctx := t.Context()

	folder, err := c.CreateKnowledgeFolder(ctx, "cafe", "People", "")
	if err != nil || folder.Kind != client.NodeFolder || !strings.HasPrefix(folder.ID, "kf-") {
		t.Fatalf("folder %+v %v", folder, err)
	}
	page, err := c.CreateKnowledgePage(ctx, "cafe", client.CreateKnowledgePageRequest{Name: "Maya", ParentID: folder.ID,
		SourceQuery: "What coffee does Maya order?", Tags: []string{"person:maya", "type:profile"},
		Trigger: &client.MentalModelTrigger{Mode: "full", FactTypes: []string{client.FactWorld}, TagsMatch: client.TagsAny}})
	if err != nil || !strings.HasPrefix(page.PageID, "kp-") || !strings.HasPrefix(page.MentalModelID, "mm-") {
		t.Fatalf("page %+v %v", page, err)
	}
	_, err = c.CreateKnowledgePage(ctx, "cafe", client.CreateKnowledgePageRequest{Name: "MAYA", ParentID: folder.ID, SourceQuery: "q"})
	if client.StatusCode(err) != 409 {
		t.Errorf("a page name is unique per folder: %v", err)
	}

	tree, err := c.KnowledgeTree(ctx, "cafe")
	if err != nil || len(tree.Roots) != 1 || len(tree.Roots[0].Children) != 1 {
		t.Fatalf("tree %+v %v", tree, err)
	}
	node := tree.Roots[0].Children[0]
	if node.Kind != client.NodePage || node.ParentID != folder.ID || node.IsStale == nil || node.Trigger == nil ||
		node.Trigger.Mode != "full" || node.Trigger.RefreshAfterConsolidation == nil || !*node.Trigger.RefreshAfterConsolidation {
		t.Errorf("page node %+v", node)
	}
	p, err := c.GetKnowledgePage(ctx, "cafe", page.PageID)
	if err != nil || p.Type != "profile" || strings.Join(p.Tags, ",") != "person:maya" || !strings.Contains(p.Body, "oat milk") ||
		!strings.HasPrefix(p.Markdown, "---\nid: \""+page.PageID+"\"\ntype: \"profile\"\ntitle: \"Maya\"\n") {
		t.Errorf("page %+v %v", p, err)
	}
	if _, err := c.GetKnowledgePage(ctx, "cafe", folder.ID); client.StatusCode(err) != 404 {
		t.Errorf("a folder is not a page: %v", err)
	}

	moved, err := c.UpdateKnowledgeNode(ctx, "cafe", page.PageID, client.UpdateKnowledgeNodeRequest{Move: true, Name: client.Ptr("Maya C.")})
	if err != nil || moved.ParentID != "" || moved.Name != "Maya C." {
		t.Errorf("moved %+v %v", moved, err)
	}
	_, err = c.UpdateKnowledgeNode(ctx, "cafe", folder.ID, client.UpdateKnowledgeNodeRequest{})
	if ae, ok := err.(*client.APIError); !ok || ae.StatusCode != 400 || !strings.HasPrefix(ae.Detail, "Provide name") {
		t.Errorf("empty update: %v", err)
	}
	res, err := c.SearchKnowledge(ctx, "cafe", "oat milk", 5)
	if err != nil || res.Total != 1 || res.Results[0].ID != page.PageID || res.Results[0].Score <= 0 {
		t.Errorf("search %+v %v", res, err)
	}
	if _, err := c.SearchKnowledge(ctx, "cafe", "", 0); client.StatusCode(err) != 422 {
		t.Errorf("empty query: %v", err)
	}
	files, err := c.ExportKnowledge(ctx, "cafe")
	if err != nil || len(files) != 3 || files[0].Path != "index.md" {
		t.Errorf("export %+v %v", files, err)
	}
	if err := c.DeleteKnowledgeNode(ctx, "cafe", page.PageID); err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetMentalModel(ctx, "cafe", page.MentalModelID, ""); client.StatusCode(err) != 404 {
		t.Errorf("deleting a page deletes its model: %v", err)
	}
	if err := c.DeleteKnowledgeNode(ctx, "cafe", page.PageID); client.StatusCode(err) != 404 {
		t.Errorf("second delete: %v", err)
	}
}
