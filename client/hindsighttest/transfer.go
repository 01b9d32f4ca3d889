package hindsighttest

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"time"
)

// Document transfer: exporting documents (with the facts extracted from them) into a
// zip that another bank, or another server, can import without re-extracting. Both
// directions run as operations and answer 202; an export's archive is downloaded
// from /v1/default/files/download/<storage key> and goes away with its operation.

// storedFile is an export archive kept for download.
type storedFile struct {
	bankID, opID, filename string
	data                   []byte
}

// featureDisabled answers 404 when a feature flag is off.
func (s *Server) featureDisabled(w http.ResponseWriter, flag, what, env string) bool {
	if s.features[flag] {
		return false
	}
	writeDetail(w, http.StatusNotFound, fmt.Sprintf("%s is disabled. Set HINDSIGHT_API_%s=true to enable it.", what, env))
	return true
}

func submitted(w http.ResponseWriter, op *operation) {
	writeJSON(w, http.StatusAccepted, map[string]any{"operation_id": op.id, "status": "pending"})
}

// handleExportDocuments serves POST …/document-transfer/export?document_id=&include_observations=.
func (s *Server) handleExportDocuments(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r, "document_id", "include_observations")
	ids := q.strs("document_id")
	withObs := q.boolean("include_observations", false)
	if q.invalid() || s.featureDisabled(w, "document_export_api", "Document export", "ENABLE_DOCUMENT_EXPORT_API") {
		return
	}
	if withObs && len(ids) > 0 {
		writeDetail(w, http.StatusBadRequest, "include_observations is only supported when exporting the whole bank (without document_id)")
		return
	}
	if !s.authorized(w, r) {
		return
	}
	if s.store.banks[bankID] == nil {
		writeDetail(w, http.StatusNotFound, fmt.Sprintf("Bank '%s' not found", bankID))
		return
	}
	op := s.newOperation(bankID, "export_documents", s.now(), nil)
	op.payload = map[string]any{"type": "export_documents", "bank_id": bankID, "document_ids": ids, "include_observations": withObs}
	op.apply = func(done time.Time) error {
		b := s.store.banks[bankID]
		if b == nil {
			return detailf("Bank '%s' not found", bankID)
		}
		data, err := buildTransferZip(b, ids, withObs, done)
		if err != nil {
			return err
		}
		key := fmt.Sprintf("banks/%s/exports/%s/transfer.zip", bankID, newUUID())
		if s.store.files == nil {
			s.store.files = map[string]*storedFile{}
		}
		name := bankID + "-documents.zip"
		s.store.files[key] = &storedFile{bankID: bankID, opID: op.id, filename: name, data: data}
		for k, v := range map[string]any{"storage_key": key, "download_url": "/v1/default/files/download/" + key,
			"byte_size": len(data), "filename": name} {
			op.resultMeta[k] = v
		}
		return nil
	}
	submitted(w, op)
}

// handleDownloadFile serves GET /v1/default/files/download/{key}: an export archive
// of an existing bank whose operation still exists.
func (s *Server) handleDownloadFile(w http.ResponseWriter, r *http.Request, p pathParams) {
	markIgnored(w, ignoredQuery(r))
	if !s.authorized(w, r) {
		return
	}
	key := p["key"]
	parts := strings.SplitN(key, "/", 3)
	f := s.store.files[key]
	if len(parts) < 3 || parts[0] != "banks" || strings.Contains(key, "..") || f == nil || f.bankID != parts[1] ||
		s.store.banks[f.bankID] == nil || s.store.operations[f.opID] == nil {
		writeDetail(w, http.StatusNotFound, "File not found")
		return
	}
	w.Header().Set("Content-Type", "application/zip")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, f.filename))
	w.Header().Set("Content-Length", fmt.Sprint(len(f.data)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(f.data)
	}
}

// maxUploadBytes is the real server's upload limit (100 MB).
const maxUploadBytes = 100 << 20

// multipartForm parses a multipart body; it records a FastAPI "missing" error for
// each required part that is absent.
func multipartForm(q *request, required ...string) *multipart.Form {
	r := q.r
	r.Body = http.MaxBytesReader(q.w, r.Body, 11*maxUploadBytes)
	if err := r.ParseMultipartForm(32 << 20); err != nil {
		for _, name := range required {
			q.fail(validationError{Type: "missing", Loc: []any{"body", name}, Msg: "Field required", Input: nil})
		}
		return nil
	}
	form := r.MultipartForm
	for _, name := range required {
		if len(form.File[name]) == 0 && len(form.Value[name]) == 0 {
			q.fail(validationError{Type: "missing", Loc: []any{"body", name}, Msg: "Field required", Input: nil})
		}
	}
	return form
}

// readPart reads one uploaded file.
func readPart(fh *multipart.FileHeader) ([]byte, error) {
	f, err := fh.Open()
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var buf bytes.Buffer
	_, err = io.Copy(&buf, f)
	return buf.Bytes(), err
}

// handleImportDocuments serves POST …/document-transfer?on_conflict=: a multipart
// archive imported by an import_documents operation (the bank is created).
func (s *Server) handleImportDocuments(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r, "on_conflict")
	onConflict, ok := q.str("on_conflict")
	if !ok {
		onConflict = "skip"
	}
	form := multipartForm(q, "file")
	if q.invalid() || s.featureDisabled(w, "document_import_api", "Document import", "ENABLE_DOCUMENT_IMPORT_API") {
		return
	}
	if onConflict != "skip" && onConflict != "replace" && onConflict != "new-id" {
		writeDetail(w, http.StatusBadRequest, fmt.Sprintf("Invalid on_conflict '%s'. Must be one of: skip, replace, new-id", onConflict))
		return
	}
	if !s.authorized(w, r) {
		return
	}
	data, err := readPart(form.File["file"][0])
	var archive *transferArchive
	if err == nil {
		archive, err = readTransferZip(data)
	}
	if err != nil {
		writeDetail(w, http.StatusBadRequest, "Invalid transfer archive: "+err.Error())
		return
	}
	s.ensureBank(bankID)
	op := s.newOperation(bankID, "import_documents", s.now(), nil)
	op.itemsCount = len(archive.docs)
	op.payload = map[string]any{"type": "import_documents", "bank_id": bankID, "on_conflict": onConflict,
		"source_bank_id": archive.manifest.SourceBankID}
	op.apply = func(done time.Time) error {
		b := s.store.banks[bankID]
		if b == nil {
			return detailf("Bank '%s' not found", bankID)
		}
		for k, v := range s.importArchive(b, archive, onConflict, done) {
			op.resultMeta[k] = v
		}
		return nil
	}
	submitted(w, op)
}

// handleRemovedTransfer answers the removed GET …/document-transfer.
func handleRemovedTransfer(w http.ResponseWriter, _ *http.Request, _ pathParams) {
	writeDetail(w, http.StatusGone, "This endpoint has been removed. Export documents with POST "+
		"/v1/default/banks/{bank_id}/document-transfer/export and download the archive from the operation's result.")
}
