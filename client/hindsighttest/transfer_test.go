package hindsighttest

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
)

// part is one multipart part: a file when filename is set, else a form field.
type part struct{ name, filename, content string }

func sendMultipart(t *testing.T, srv *Server, path string, parts ...part) reply {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for _, p := range parts {
		var w io.Writer
		var err error
		if p.filename != "" {
			w, err = mw.CreateFormFile(p.name, p.filename)
		} else {
			w, err = mw.CreateFormField(p.name)
		}
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.WriteString(w, p.content)
	}
	_ = mw.Close()
	req, _ := http.NewRequest("POST", srv.URL()+path, &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return reply{status: resp.StatusCode, header: resp.Header, body: raw}
}

// exportArchive exports bank (with query) and returns the finished operation and the archive.
func exportArchive(t *testing.T, srv *Server, bank, query string) (map[string]any, []byte) {
	t.Helper()
	sub := mustStatus(t, send(t, srv, "POST", "/v1/default/banks/"+bank+"/document-transfer/export"+query, nil), 202).obj(t)
	if sub["status"] != "pending" {
		t.Errorf("submit %v", sub)
	}
	op := getOperation(t, srv, bank, sub["operation_id"].(string))
	meta := op["result_metadata"].(map[string]any)
	r := mustStatus(t, send(t, srv, "GET", meta["download_url"].(string), nil), 200)
	return op, r.body
}

func zipFiles(t *testing.T, data []byte) map[string]map[string]any {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]any{}
	for _, f := range zr.File {
		rc, _ := f.Open()
		var v map[string]any
		if err := json.NewDecoder(rc).Decode(&v); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		rc.Close()
		out[f.Name] = v
	}
	return out
}

func TestDocumentExport(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	base := "/v1/default/banks/team/document-transfer/export"
	r := mustStatus(t, send(t, srv, "POST", "/v1/default/banks/ghost/document-transfer/export", nil), 404)
	if detailOf(t, r) != "Bank 'ghost' not found" {
		t.Errorf("detail %s", r.body)
	}
	mustStatus(t, send(t, srv, "POST", base+"?document_id=notes-1&include_observations=true", nil), 400)
	mustStatus(t, send(t, srv, "GET", "/v1/default/banks/team/document-transfer", nil), 410)

	op, data := exportArchive(t, srv, "team", "?include_observations=true")
	meta := op["result_metadata"].(map[string]any)
	key := meta["storage_key"].(string)
	if op["operation_type"] != "export_documents" || op["status"] != "completed" || !strings.HasPrefix(key, "banks/team/exports/") ||
		!strings.HasSuffix(key, "/transfer.zip") || meta["download_url"] != "/v1/default/files/download/"+key ||
		meta["byte_size"] != float64(len(data)) || meta["filename"] != "team-documents.zip" {
		t.Errorf("export op %v", op)
	}
	files := zipFiles(t, data)
	man := files["manifest.json"]
	counts := man["counts"].(map[string]any)
	if man["schema_version"] != 1.0 || man["source_bank_id"] != "team" || counts["documents"] != 2.0 || counts["facts"] != 3.0 || counts["observations"] != 1.0 {
		t.Errorf("manifest %v", man)
	}
	if len(files["documents/000000.json"]["facts"].([]any)) == 0 || files["observations.json"] == nil {
		t.Errorf("files %v", files)
	}
	r = mustStatus(t, send(t, srv, "GET", "/v1/default/files/download/"+key, nil), 200)
	if r.header.Get("Content-Type") != "application/zip" || r.header.Get("Content-Disposition") != `attachment; filename="team-documents.zip"` {
		t.Errorf("headers %v", r.header)
	}
	for _, bad := range []string{"banks/other/exports/x/transfer.zip", "banks/team/../team/" + key[len("banks/team/"):], "elsewhere/" + key} {
		if r := mustStatus(t, send(t, srv, "GET", "/v1/default/files/download/"+bad, nil), 404); detailOf(t, r) != "File not found" {
			t.Errorf("%s: %s", bad, r.body)
		}
	}
	_, one := exportArchive(t, srv, "team", "?document_id=notes-1")
	if files := zipFiles(t, one); files["manifest.json"]["counts"].(map[string]any)["documents"] != 1.0 || files["observations.json"] != nil {
		t.Errorf("one document: %v", files["manifest.json"])
	}
	// The archive goes away with its operation.
	mustStatus(t, send(t, srv, "DELETE", "/v1/default/banks/team/operations/"+op["operation_id"].(string)+"/delete", nil), 200)
	mustStatus(t, send(t, srv, "GET", "/v1/default/files/download/"+key, nil), 404)

	off := newTestServer(t, WithSeed(smallSeed()), WithFeatures(map[string]bool{"document_export_api": false, "document_import_api": false}))
	mustStatus(t, send(t, off, "POST", base, nil), 404)
	mustStatus(t, sendMultipart(t, off, "/v1/default/banks/team/document-transfer", part{"file", "a.zip", "x"}), 404)
}

func TestDocumentImport(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	_, archive := exportArchive(t, srv, "team", "?include_observations=true")
	imp := func(bank, onConflict string) map[string]any {
		t.Helper()
		path := "/v1/default/banks/" + bank + "/document-transfer"
		if onConflict != "" {
			path += "?on_conflict=" + onConflict
		}
		sub := mustStatus(t, sendMultipart(t, srv, path, part{"file", "t.zip", string(archive)}), 202).obj(t)
		op := getOperation(t, srv, bank, sub["operation_id"].(string))
		if op["operation_type"] != "import_documents" || op["status"] != "completed" {
			t.Fatalf("import op %v", op)
		}
		return op["result_metadata"].(map[string]any)
	}
	meta := imp("copy", "")
	if meta["documents_imported"] != 2.0 || meta["facts_imported"] != 3.0 || meta["observations_imported"] != 1.0 || meta["documents_skipped"] != 0.0 {
		t.Errorf("fresh import %v", meta)
	}
	list := getObj(t, srv, "/v1/default/banks/copy/memories/list?q=postgres")["items"].([]any)
	if len(list) != 2 { // the fact and the observation built on it
		t.Errorf("imported memories %v", list)
	}
	for _, it := range list {
		m := it.(map[string]any)
		if m["fact_type"] == "observation" && len(m["source_memory_ids"].([]any)) != 2 {
			t.Errorf("observation sources remapped to the imported facts: %v", m)
		}
	}
	tests := []struct {
		onConflict     string
		imported, skip float64
		docs           float64 // documents in the bank afterwards
	}{
		{"skip", 0, 2, 2},
		{"replace", 2, 0, 2},
		{"new-id", 2, 0, 4},
	}
	for _, tc := range tests {
		meta := imp("copy", tc.onConflict)
		docs := getObj(t, srv, "/v1/default/banks/copy/documents")["total"]
		if meta["documents_imported"] != tc.imported || meta["documents_skipped"] != tc.skip || docs != tc.docs {
			t.Errorf("%s: %v, %v documents", tc.onConflict, meta, docs)
		}
		if tc.onConflict == "new-id" && len(meta["remapped_document_ids"].(map[string]any)) != 2 {
			t.Errorf("remapped %v", meta["remapped_document_ids"])
		}
		if tc.onConflict == "skip" && len(meta["skipped_document_ids"].([]any)) != 2 {
			t.Errorf("skipped %v", meta["skipped_document_ids"])
		}
	}
	path := "/v1/default/banks/copy/document-transfer"
	if r := mustStatus(t, sendMultipart(t, srv, path+"?on_conflict=merge", part{"file", "t.zip", string(archive)}), 400); !strings.Contains(detailOf(t, r), "on_conflict") {
		t.Errorf("detail %s", r.body)
	}
	if r := mustStatus(t, sendMultipart(t, srv, path, part{"file", "t.zip", "not a zip"}), 400); !strings.HasPrefix(detailOf(t, r), "Invalid transfer archive") {
		t.Errorf("detail %s", r.body)
	}
	mustStatus(t, sendMultipart(t, srv, path, part{"other", "", "x"}), 422)
}
