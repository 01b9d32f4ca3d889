package client_test

import (
	"sort"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
)

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
