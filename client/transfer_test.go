package client_test

import (
	"archive/zip"
	"bytes"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
)

func TestDocumentTransferRoundTrip(t *testing.T) {
	seed := modelSeed()
	seed.Banks[0].Documents = []hindsighttest.SeedDocument{{ID: "menu", CreatedAt: "2026-10-01T00:00:00Z",
		Chunks: []string{"Maya orders an oat milk flat white."}}}
	seed.Banks[0].Memories[0].DocumentID = "menu"
	c := newClient(t, server(t, hindsighttest.WithSeed(seed), hindsighttest.WithAPIKey("k")), client.WithAPIKey("k"))
	ctx := t.Context()

	sub, err := c.ExportDocuments(ctx, "cafe", client.ExportDocumentsParams{IncludeObservations: true})
	if err != nil || sub.Status != "pending" || sub.OperationID == "" {
		t.Fatalf("export %+v %v", sub, err)
	}
	if _, err := c.ExportDocuments(ctx, "cafe", client.ExportDocumentsParams{DocumentIDs: []string{"menu"}, IncludeObservations: true}); client.StatusCode(err) != 400 {
		t.Errorf("observations with document ids: %v", err)
	}
	op, err := c.GetOperation(ctx, "cafe", sub.OperationID, false)
	if err != nil {
		t.Fatal(err)
	}
	res := op.ExportResult()
	if res == nil || !strings.HasPrefix(res.StorageKey, "banks/cafe/exports/") || res.Filename != "cafe-documents.zip" {
		t.Fatalf("export result %+v", op.ResultMetadata)
	}
	f, err := c.DownloadFile(ctx, res.DownloadURL)
	if err != nil || f.Filename != "cafe-documents.zip" || f.ContentType != "application/zip" || int64(len(f.Data)) != res.ByteSize {
		t.Fatalf("download %+v %v", f, err)
	}
	zr, err := zip.NewReader(bytes.NewReader(f.Data), int64(len(f.Data)))
	if err != nil || zr.File[0].Name != "documents/000000.json" {
		t.Fatalf("archive %v", err)
	}
	if again, err := c.DownloadFile(ctx, res.StorageKey); err != nil || !bytes.Equal(again.Data, f.Data) {
		t.Errorf("download by key: %v", err)
	}
	if _, err := c.DownloadFile(ctx, "banks/cafe/exports/nope/transfer.zip"); client.StatusCode(err) != 404 {
		t.Errorf("unknown key: %v", err)
	}

	imp, err := c.ImportDocuments(ctx, "copy", bytes.NewReader(f.Data), "cafe.zip", client.ConflictNewID)
	if err != nil || imp.Status != "pending" {
		t.Fatalf("import %+v %v", imp, err)
	}
	done, _ := c.GetOperation(ctx, "copy", imp.OperationID, false)
	if r := done.ImportResult(); r == nil || r.DocumentsImported != 1 || r.FactsImported != 1 {
		t.Errorf("import result %+v", done.ResultMetadata)
	}
	again, _ := c.ImportDocuments(ctx, "copy", bytes.NewReader(f.Data), "", client.ConflictNewID)
	done, _ = c.GetOperation(ctx, "copy", again.OperationID, false)
	if r := done.ImportResult(); r == nil || r.RemappedDocumentIDs["menu"] == "" {
		t.Errorf("new-id remaps %+v", done.ResultMetadata)
	}
	if _, err := c.ImportDocuments(ctx, "copy", strings.NewReader("nope"), "x.zip", ""); client.StatusCode(err) != 400 {
		t.Errorf("bad archive: %v", err)
	}
}

func TestRetainFiles(t *testing.T) {
	c := serve(t, hindsighttest.WithSeed(modelSeed()))
	ctx := t.Context()
	res, err := c.RetainFiles(ctx, "cafe", []client.UploadFile{{Name: "notes.md", Data: []byte("Leo switched to black tea.")},
		{Name: "more.txt", Data: []byte("Maya likes cinnamon buns.")}},
		client.FileRetainRequest{FilesMetadata: []client.FileMetadata{{DocumentID: "notes", Tags: []string{"person:leo"}}, {}}})
	if err != nil || len(res.OperationIDs) != 2 {
		t.Fatalf("retain files %+v %v", res, err)
	}
	ops, err := c.ListOperations(ctx, "cafe", client.ListOperationsParams{Type: "file_convert_retain"})
	if err != nil || len(ops.Operations) != 2 || ops.Operations[0].Filename == "" {
		t.Errorf("operations %+v %v", ops, err)
	}
	doc, err := c.GetDocument(ctx, "cafe", "notes")
	if err != nil || doc.MemoryUnitCount != 1 {
		t.Errorf("document %+v %v", doc, err)
	}
	_, err = c.RetainFiles(ctx, "nowhere", []client.UploadFile{{Name: "a.txt", Data: []byte("x")}}, client.FileRetainRequest{})
	if client.StatusCode(err) != 404 {
		t.Errorf("missing bank: %v", err)
	}
	_, err = c.RetainFiles(ctx, "cafe", []client.UploadFile{{Name: "a.txt", Data: []byte("x")}}, client.FileRetainRequest{Parser: "ocr"})
	if ae, ok := err.(*client.APIError); !ok || ae.StatusCode != 400 || !strings.Contains(ae.Detail, "ocr") {
		t.Errorf("parser: %v", err)
	}
}
