package hindsighttest

import (
	"strings"
	"testing"
)

func TestFileRetainValidation(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	path := "/v1/default/banks/team/files/retain"
	file := part{"files", "notes.md", "Alice prefers Postgres."}
	many := []part{{"request", "", `{}`}}
	for i := 0; i < 11; i++ {
		many = append(many, file)
	}
	tests := []struct {
		name   string
		parts  []part
		status int
		detail string
	}{
		{"no request field", []part{file}, 422, ""},
		{"no files", []part{{"request", "", `{}`}}, 422, ""},
		{"too many files", many, 400, "Too many files"},
		{"bad JSON", []part{file, {"request", "", `{`}}, 400, "Invalid request JSON"},
		{"per-file key at the top", []part{file, {"request", "", `{"document_id":"d"}`}}, 400, "Invalid request JSON: 'document_id' is a per-file field"},
		{"metadata count", []part{file, {"request", "", `{"files_metadata":[{},{}]}`}}, 400, "files_metadata has 2 entries but 1 files were uploaded"},
		{"parser", []part{file, {"request", "", `{"parser":"ocr"}`}}, 400, "Parser 'ocr' is not allowed"},
		{"per-file parser", []part{file, {"request", "", `{"files_metadata":[{"parser":"ocr"}]}`}}, 400, "Parser 'ocr' is not allowed"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			wantReply(t, sendMultipart(t, srv, path, tc.parts...), tc.status, tc.detail)
		})
	}
	r := mustStatus(t, sendMultipart(t, srv, "/v1/default/banks/ghost/files/retain", file, part{"request", "", `{}`}), 404)
	if detailOf(t, r) != "Bank 'ghost' not found" {
		t.Errorf("detail %s", r.body)
	}
	mustStatus(t, send(t, srv, "GET", "/v1/default/banks/ghost/profile", nil), 404)
	off := newTestServer(t, WithSeed(smallSeed()), WithFeatures(map[string]bool{"file_upload_api": false}))
	mustStatus(t, sendMultipart(t, off, path, file, part{"request", "", `{}`}), 404)
}

func TestFileRetain(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	r := mustStatus(t, sendMultipart(t, srv, "/v1/default/banks/team/files/retain",
		part{"files", "standup.md", "Erin joined the platform team. Erin owns the deploy pipeline."},
		part{"files", "logo.png", "\x89PNG\x00\x01"},
		part{"files", "plain.txt", "Bob prefers Fridays."},
		part{"request", "", `{"parser":"markitdown","files_metadata":[{"document_id":"standup","context":"standup notes",
			"tags":["team:platform"],"timestamp":"2026-11-29T10:00:00Z","metadata":{"source":"upload"}},{},{}]}`}), 200).obj(t)
	ids := asStrings(r["operation_ids"])
	if len(ids) != 3 {
		t.Fatalf("one operation per file: %v", r)
	}
	ops := make([]map[string]any, len(ids))
	for i, id := range ids {
		ops[i] = getOperation(t, srv, "team", id)
		if ops[i]["operation_type"] != "file_convert_retain" {
			t.Errorf("op %v", ops[i])
		}
	}
	if ops[0]["status"] != "completed" || ops[1]["status"] != "failed" || ops[2]["status"] != "completed" {
		t.Errorf("statuses %v / %v / %v", ops[0]["status"], ops[1]["status"], ops[2]["status"])
	}
	if !strings.Contains(ops[1]["error_message"].(string), "logo.png") {
		t.Errorf("error %v", ops[1]["error_message"])
	}
	doc := getObj(t, srv, "/v1/default/banks/team/documents/standup")
	if doc["memory_unit_count"] != 2.0 || asStrings(doc["tags"])[0] != "team:platform" {
		t.Errorf("document %v", doc)
	}
	mem := getObj(t, srv, "/v1/default/banks/team/memories/list?document_id=standup")["items"].([]any)[0].(map[string]any)
	if mem["context"] != "standup notes" || mem["mentioned_at"] != "2026-11-29T10:00:00+00:00" || mem["metadata"].(map[string]any)["source"] != "upload" {
		t.Errorf("memory %v", mem)
	}
	list := getObj(t, srv, "/v1/default/banks/team/operations?type=file_convert_retain")["operations"].([]any)
	names := map[string]bool{}
	for _, it := range list {
		op := it.(map[string]any)
		names[op["filename"].(string)] = true
		if doc, _ := op["document_id"].(string); op["filename"] == "plain.txt" && !strings.HasPrefix(doc, "file_") {
			t.Errorf("default document id %q", doc)
		}
	}
	if len(names) != 3 {
		t.Errorf("operations carry the filename: %v", names)
	}
}
