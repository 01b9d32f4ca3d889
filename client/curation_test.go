package client_test

import (
	"sort"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
)

func TestBankConfigOverridesAndDefense(t *testing.T) {
	c := serve(t, hindsighttest.WithSeed(modelSeed()))
	ctx := t.Context()

	missing, err := c.GetBankConfig(ctx, "nowhere")
	if err != nil || len(missing.Keys()) != 46 || len(missing.Overrides) != 0 || missing.MemoryDefense() != nil {
		t.Fatalf("config of a missing bank %+v %v", missing, err)
	}
	if raw, ok := missing.Value("retain_mission"); !ok || string(raw) != "null" {
		t.Errorf("unset keys are null: %s %v", raw, ok)
	}
	cfg, err := c.PatchBankConfig(ctx, "cafe", map[string]any{
		"retain_mission": "Keep orders.",
		"memory_defense": client.MemoryDefensePolicy{Enabled: true, Rules: []client.MemoryDefenseRule{
			{On: client.DetectorSensitiveData, Action: client.DefenseBlock}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	var chunk int
	if !cfg.IsOverride("retain_mission") || cfg.IsOverride("retain_chunk_size") || !cfg.Decode("retain_chunk_size", &chunk) || chunk != 3000 {
		t.Errorf("override vs default: %+v", cfg.Overrides)
	}
	if p := cfg.MemoryDefense(); p == nil || !p.Enabled || p.Rules[0].Action != client.DefenseBlock {
		t.Errorf("policy %+v", p)
	}

	_, err = c.Retain(ctx, "cafe", client.RetainRequest{Items: []client.MemoryItem{{Content: "Card 4111 1111 1111 1111."}}})
	ae, ok := err.(*client.APIError)
	if !ok || ae.StatusCode != 422 || len(ae.Violations) != 1 || ae.Violations[0].Detector != client.DetectorSensitiveData {
		t.Fatalf("blocked retain: %v", err)
	}

	_, err = c.PatchBankConfig(ctx, "cafe", map[string]any{"memory_defense": map[string]any{"rules": []any{map[string]any{"on": "x", "action": "nuke"}}}})
	if ae, ok := err.(*client.APIError); !ok || ae.StatusCode != 422 || !strings.HasPrefix(ae.Detail, "invalid memory_defense policy:") {
		t.Errorf("bad policy: %v", err)
	}
	_, err = c.PatchBankConfig(ctx, "cafe", map[string]any{"enable_observations": "yes"})
	if ae, ok := err.(*client.APIError); !ok || ae.StatusCode != 400 || ae.Detail != "enable_observations must be a boolean, got str" {
		t.Errorf("mistyped value: %v", err)
	}
	cfg, err = c.ClearBankConfigKeys(ctx, "cafe", "memory_defense", "retain_mission")
	if err != nil || len(cfg.Overrides) != 0 || cfg.MemoryDefense() != nil {
		t.Errorf("cleared %+v %v", cfg, err)
	}
}

func TestDryRunExtractThenRetain(t *testing.T) {
	c := serve(t, hindsighttest.WithSeed(modelSeed()))
	ctx := t.Context()
	content := "Maya Lopez opened a bakery in Porto. I suggested she stock oat milk. Leo will visit in May."
	dry, err := c.DryRunExtract(ctx, "cafe", client.DryRunExtractRequest{Content: content, Context: "chat",
		Timestamp: "2026-11-30T10:00:00Z", RetainExtractionMode: "concise"})
	if err != nil || len(dry.Facts) != 3 || dry.Usage == nil || dry.Usage.TotalTokens == 0 {
		t.Fatalf("dry run %+v %v", dry, err)
	}
	if dry.Facts[1].FactType != client.FactExperience || strings.Join(dry.Facts[0].Entities, ",") != "Maya Lopez,Porto" {
		t.Errorf("facts %+v", dry.Facts)
	}
	if _, err := c.Retain(ctx, "cafe", client.RetainRequest{Items: []client.MemoryItem{{Content: content, DocumentID: "bakery"}}}); err != nil {
		t.Fatal(err)
	}
	list, err := c.ListMemories(ctx, "cafe", client.ListMemoriesParams{DocumentID: "bakery"})
	if err != nil {
		t.Fatal(err)
	}
	var stored, previewed []string
	for _, m := range list.Items {
		stored = append(stored, m.FactType+" "+m.Text)
	}
	for _, f := range dry.Facts {
		previewed = append(previewed, f.FactType+" "+f.Text)
	}
	sort.Strings(stored)
	sort.Strings(previewed)
	if strings.Join(stored, "|") != strings.Join(previewed, "|") {
		t.Errorf("retain stored %q, the dry run promised %q", stored, previewed)
	}
	if _, err := c.DryRunExtract(ctx, "cafe", client.DryRunExtractRequest{Content: " "}); client.StatusCode(err) != 422 {
		t.Errorf("blank content: %v", err)
	}
}

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
