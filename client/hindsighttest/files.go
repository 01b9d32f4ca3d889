package hindsighttest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// File retain: uploaded files are converted to text and retained, one
// file_convert_retain operation per file. The real server converts with a parser
// (markitdown by default); here text files convert as they are and anything that is
// not UTF-8 text fails its operation.

const maxRetainFiles = 10

// allowedParsers are the parsers a request may ask for.
var allowedParsers = []string{"markitdown"}

// fileMeta is one entry of files_metadata.
type fileMeta struct {
	DocumentID *string           `json:"document_id"`
	Context    *string           `json:"context"`
	Metadata   map[string]string `json:"metadata"`
	Tags       []string          `json:"tags"`
	Timestamp  *string           `json:"timestamp"`
	Parser     *string           `json:"parser"`
	Strategy   *string           `json:"strategy"`
}

// fileRetainRequest is the "request" form field.
type fileRetainRequest struct {
	Parser        *string    `json:"parser"`
	FilesMetadata []fileMeta `json:"files_metadata"`
}

// parseFileRequest reads the request field, rejecting per-file keys at the top level.
func parseFileRequest(raw string, files int) (*fileRetainRequest, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal([]byte(raw), &top); err != nil {
		return nil, detailf("Invalid request JSON: %v", err)
	}
	for _, k := range []string{"document_id", "context", "metadata", "tags", "timestamp", "strategy"} {
		if _, ok := top[k]; ok {
			return nil, detailf("Invalid request JSON: '%s' is a per-file field; put it in files_metadata (one entry per file)", k)
		}
	}
	var req fileRetainRequest
	dec := json.NewDecoder(bytes.NewReader([]byte(raw)))
	if err := dec.Decode(&req); err != nil {
		return nil, detailf("Invalid request JSON: %v", err)
	}
	if req.FilesMetadata != nil && len(req.FilesMetadata) != files {
		return nil, detailf("files_metadata has %d entries but %d files were uploaded", len(req.FilesMetadata), files)
	}
	parsers := []*string{req.Parser}
	for _, m := range req.FilesMetadata {
		parsers = append(parsers, m.Parser)
	}
	for _, p := range parsers {
		if p != nil && !slices.Contains(allowedParsers, *p) {
			return nil, detailf("Parser '%s' is not allowed. Allowed parsers: %s", *p, strings.Join(allowedParsers, ", "))
		}
	}
	for i, m := range req.FilesMetadata {
		if m.Timestamp != nil && *m.Timestamp != "" {
			if _, err := parseISO(*m.Timestamp); err != nil {
				return nil, detailf("Invalid request JSON: files_metadata[%d].timestamp '%s' is not an ISO date", i, *m.Timestamp)
			}
		}
	}
	return &req, nil
}

// handleFileRetain serves POST …/files/retain (multipart "files" parts plus a
// "request" JSON field): 200 with one operation id per file. The bank must exist.
func (s *Server) handleFileRetain(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r)
	form := multipartForm(q, "files", "request")
	if q.invalid() || s.featureDisabled(w, "file_upload_api", "File upload API", "ENABLE_FILE_UPLOAD_API") {
		return
	}
	uploads := form.File["files"]
	if len(uploads) > maxRetainFiles {
		writeDetail(w, http.StatusBadRequest, fmt.Sprintf("Too many files: %d (at most %d per request)", len(uploads), maxRetainFiles))
		return
	}
	req, err := parseFileRequest(form.Value["request"][0], len(uploads))
	if err != nil {
		writeDetail(w, http.StatusBadRequest, err.Error())
		return
	}
	for _, fh := range uploads {
		if fh.Size > maxUploadBytes {
			writeDetail(w, http.StatusBadRequest, fmt.Sprintf("File '%s' is larger than 100 MB", fh.Filename))
			return
		}
	}
	if !s.authorized(w, r) {
		return
	}
	if s.store.banks[bankID] == nil {
		writeDetail(w, http.StatusNotFound, fmt.Sprintf("Bank '%s' not found", bankID))
		return
	}
	ids := []string{}
	now := s.now()
	for i, fh := range uploads {
		data, err := readPart(fh)
		if err != nil {
			writeDetail(w, http.StatusBadRequest, fmt.Sprintf("Could not read file '%s': %v", fh.Filename, err))
			return
		}
		var meta fileMeta
		if req.FilesMetadata != nil {
			meta = req.FilesMetadata[i]
		}
		ids = append(ids, s.queueFileRetain(bankID, fh.Filename, data, meta, now).id)
	}
	writeJSON(w, http.StatusOK, map[string]any{"operation_ids": ids})
}

// queueFileRetain queues the conversion and retain of one file.
func (s *Server) queueFileRetain(bankID, filename string, data []byte, meta fileMeta, now time.Time) *operation {
	it := retainItem{documentID: "file_" + newUUID(), context: deref(meta.Context), metadata: meta.Metadata, tags: meta.Tags}
	if meta.DocumentID != nil && *meta.DocumentID != "" {
		it.documentID = *meta.DocumentID
	}
	if meta.Timestamp != nil && *meta.Timestamp != "" {
		t, _ := parseISO(*meta.Timestamp)
		it.timestamp = &t
	}
	op := s.newOperation(bankID, "file_convert_retain", now, nil)
	op.itemsCount, op.documentID, op.filename = 1, it.documentID, filename
	op.resultMeta = map[string]any{"document_id": it.documentID, "filename": filename, "byte_size": len(data)}
	op.payload = map[string]any{"type": "file_convert_retain", "bank_id": bankID, "filename": filename, "document_id": it.documentID}
	op.apply = func(done time.Time) error {
		b := s.store.banks[bankID]
		if b == nil {
			return detailf("Bank '%s' not found", bankID)
		}
		text := strings.TrimSpace(string(data))
		if !utf8.Valid(data) || bytes.IndexByte(data, 0) >= 0 {
			return detailf("Failed to convert '%s': the file is not text the parser can read", filename)
		}
		if text == "" {
			return detailf("Failed to convert '%s': no text found", filename)
		}
		it.content = text
		s.ingest(b, []retainItem{it}, nil, done, done)
		return nil
	}
	return op
}
