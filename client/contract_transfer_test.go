package client_test

import (
	"bytes"

	"hindsight-tui/client"
)

// transfer exports the scratch bank's documents, downloads the archive, imports it
// into another bank, and retains files, through the validating transport.
func (s *scenario) transfer(bank string) {
	ctx, c := s.ctx, s.c
	_, err := c.Retain(ctx, bank, client.RetainRequest{Items: []client.MemoryItem{{Content: "Transfer test fact.", DocumentID: "transfer-doc"}}})
	s.ok("Retain", err)
	sub, err := c.ExportDocuments(ctx, bank, client.ExportDocumentsParams{IncludeObservations: true})
	s.ok("ExportDocuments", err)
	_, err = c.ExportDocuments(ctx, bank, client.ExportDocumentsParams{DocumentIDs: []string{"transfer-doc"}})
	s.ok("ExportDocuments", err)
	_, err = c.ExportDocuments(ctx, "contract-no-bank", client.ExportDocumentsParams{})
	s.wantStatus("ExportDocuments", err, 404)
	s.srv.CompleteOperations()
	op, err := c.GetOperation(ctx, bank, sub.OperationID, false)
	s.ok("GetOperation", err)
	res := op.ExportResult()
	if res == nil {
		s.t.Fatalf("export result %+v", op)
	}
	f, err := c.DownloadFile(ctx, res.DownloadURL)
	s.ok("DownloadFile", err)
	_, err = c.DownloadFile(ctx, "banks/"+bank+"/exports/missing/transfer.zip")
	s.wantStatus("DownloadFile", err, 404)

	imp, err := c.ImportDocuments(ctx, "contract-transfer-copy", bytes.NewReader(f.Data), f.Filename, client.ConflictReplace)
	s.ok("ImportDocuments", err)
	_, err = c.ImportDocuments(ctx, "contract-transfer-copy", bytes.NewReader([]byte("not a zip")), "bad.zip", "")
	s.wantStatus("ImportDocuments", err, 400)
	s.srv.CompleteOperations()
	done, err := c.GetOperation(ctx, "contract-transfer-copy", imp.OperationID, false)
	s.ok("GetOperation", err)
	if r := done.ImportResult(); r == nil || r.DocumentsImported == 0 {
		s.t.Errorf("import %+v", done)
	}

	files, err := c.RetainFiles(ctx, bank, []client.UploadFile{{Name: "notes.md", Data: []byte("Uploaded note.")}},
		client.FileRetainRequest{Parser: "markitdown", FilesMetadata: []client.FileMetadata{{DocumentID: "uploaded", Tags: []string{"upload"}}}})
	s.ok("RetainFiles", err)
	if len(files.OperationIDs) != 1 {
		s.t.Errorf("file retain %+v", files)
	}
	_, err = c.RetainFiles(ctx, bank, []client.UploadFile{{Name: "a.txt", Data: []byte("x")}}, client.FileRetainRequest{Parser: "ocr"})
	s.wantStatus("RetainFiles", err, 400)
	_, err = c.RetainFiles(ctx, "contract-no-bank", []client.UploadFile{{Name: "a.txt", Data: []byte("x")}}, client.FileRetainRequest{})
	s.wantStatus("RetainFiles", err, 404)
	s.srv.CompleteOperations()
	_, err = c.ListOperations(ctx, bank, client.ListOperationsParams{Type: "file_convert_retain"})
	s.ok("ListOperations", err)
	_, err = c.DeleteBank(ctx, "contract-transfer-copy")
	s.ok("DeleteBank", err)
}
