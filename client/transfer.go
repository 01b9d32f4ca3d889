package client

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strings"
)

// Document transfer moves documents, with the facts extracted from them, between
// banks or servers as a zip archive: ExportDocuments queues an export (202), the
// finished operation's ExportResult says where to download it, DownloadFile fetches
// it, and ImportDocuments queues its import into another bank.

// TransferSubmitted answers an export or import submission.
type TransferSubmitted struct {
	OperationID string `json:"operation_id"`
	Status      string `json:"status"` // "pending"
}

// ExportDocumentsParams chooses what to export. IncludeObservations is only allowed
// for a whole-bank export (no DocumentIDs).
type ExportDocumentsParams struct {
	DocumentIDs         []string
	IncludeObservations bool
}

// ExportDocuments queues an export_documents operation (404 for a missing bank).
func (c *Client) ExportDocuments(ctx context.Context, bankID string, p ExportDocumentsParams) (*TransferSubmitted, error) {
	q := query{}
	q.list("document_id", p.DocumentIDs)
	q.flag("include_observations", p.IncludeObservations)
	var out TransferSubmitted
	if err := c.do(ctx, "POST", bankPath(bankID, "document-transfer", "export"), q, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// DocumentExport is where a finished export put its archive.
type DocumentExport struct {
	StorageKey  string `json:"storage_key"`
	DownloadURL string `json:"download_url"` // relative to the server, or a presigned URL
	ByteSize    int64  `json:"byte_size"`
	Filename    string `json:"filename"`
}

// DocumentImport counts what an import stored. RemappedDocumentIDs maps archive ids
// to the new ids given with on_conflict=new-id.
type DocumentImport struct {
	DocumentsImported    int         `json:"documents_imported"`
	DocumentsSkipped     int         `json:"documents_skipped"`
	FactsImported        int         `json:"facts_imported"`
	ObservationsImported int         `json:"observations_imported"`
	ObservationsSkipped  int         `json:"observations_skipped"`
	SkippedDocumentIDs   Strings     `json:"skipped_document_ids"`
	RemappedDocumentIDs  RemappedIDs `json:"remapped_document_ids"`
}

// RemappedIDs maps old ids to new ones. It accepts an object, or a list of
// [old, new] pairs or {old, new} objects, since the result metadata is free-form.
type RemappedIDs map[string]string

// UnmarshalJSON implements json.Unmarshaler.
func (m *RemappedIDs) UnmarshalJSON(b []byte) error {
	*m = RemappedIDs{}
	var obj map[string]string
	if json.Unmarshal(b, &obj) == nil {
		for k, v := range obj {
			(*m)[k] = v
		}
		return nil
	}
	var list []json.RawMessage
	if json.Unmarshal(b, &list) != nil {
		return nil
	}
	for _, it := range list {
		var pair []string
		var o struct{ Old, New string }
		switch {
		case json.Unmarshal(it, &pair) == nil && len(pair) == 2:
			(*m)[pair[0]] = pair[1]
		case json.Unmarshal(it, &o) == nil && o.Old != "":
			(*m)[o.Old] = o.New
		}
	}
	return nil
}

// metadataAs decodes result_metadata into out; false when there is none.
func (o *OperationStatus) metadataAs(out any) bool {
	if len(o.ResultMetadata) == 0 {
		return false
	}
	raw, err := json.Marshal(o.ResultMetadata)
	return err == nil && decodeLenient(raw, out)
}

// ExportResult reads a finished export_documents operation's result; nil before it
// completes.
func (o *OperationStatus) ExportResult() *DocumentExport {
	var e DocumentExport
	if !o.metadataAs(&e) || e.StorageKey == "" && e.DownloadURL == "" {
		return nil
	}
	return &e
}

// ImportResult reads a finished import_documents operation's result.
func (o *OperationStatus) ImportResult() *DocumentImport {
	var r DocumentImport
	if !o.metadataAs(&r) {
		return nil
	}
	return &r
}

// DownloadedFile is a file fetched from the server.
type DownloadedFile struct {
	Filename    string // from Content-Disposition
	ContentType string
	Data        []byte
}

const downloadPrefix = "/v1/default/files/download/"

// DownloadFile fetches a stored file by storage key or by an export's download_url.
// A relative URL goes to this server with the API key; an absolute (presigned) URL
// is fetched as it is, without the key, since it belongs to a storage service.
func (c *Client) DownloadFile(ctx context.Context, keyOrURL string) (*DownloadedFile, error) {
	ctx, cancel := requestContext(ctx)
	defer cancel()
	if strings.HasPrefix(keyOrURL, "http://") || strings.HasPrefix(keyOrURL, "https://") {
		req, err := http.NewRequestWithContext(ctx, "GET", keyOrURL, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("User-Agent", c.ua)
		return c.download(req, "GET", "(presigned URL)")
	}
	// The key travels as one path segment (slashes as %2F), as the spec declares it
	// and the generated clients send it; the server decodes it before matching.
	path := downloadPrefix + esc(strings.TrimPrefix(keyOrURL, downloadPrefix))
	req, err := c.newRequest(ctx, "GET", path, nil, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/zip, application/octet-stream, */*")
	return c.download(req, "GET", path)
}

func (c *Client) download(req *http.Request, method, path string) (*DownloadedFile, error) {
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, classifyNetError(method, path, err)
	}
	defer resp.Body.Close()
	data, err := c.readBody(method, path, resp)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, newAPIError(method, path, resp, data)
	}
	f := &DownloadedFile{ContentType: resp.Header.Get("Content-Type"), Data: data}
	if _, params, err := mime.ParseMediaType(resp.Header.Get("Content-Disposition")); err == nil {
		f.Filename = params["filename"]
	}
	return f, nil
}

// sendMultipart posts a multipart body built by write and decodes the JSON answer.
func (c *Client) sendMultipart(ctx context.Context, path string, q query, write func(*multipart.Writer) error, out any) error {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	if err := write(mw); err != nil {
		return err
	}
	if err := mw.Close(); err != nil {
		return err
	}
	ctx, cancel := requestContext(ctx)
	defer cancel()
	req, err := c.newRequest(ctx, "POST", path, q, nil)
	if err != nil {
		return err
	}
	req.Body = io.NopCloser(&body)
	req.ContentLength = int64(body.Len())
	req.Header.Set("Content-Type", mw.FormDataContentType())
	resp, err := c.hc.Do(req)
	if err != nil {
		return classifyNetError("POST", path, err)
	}
	defer resp.Body.Close()
	data, err := c.readBody("POST", path, resp)
	if err != nil {
		return err
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return newAPIError("POST", path, resp, data)
	}
	if err := json.Unmarshal(data, out); err != nil {
		return &DecodeError{Method: "POST", Path: path, Status: resp.StatusCode, Err: err, Body: snippet(data)}
	}
	return nil
}

// Conflict policies of ImportDocuments.
const (
	ConflictSkip    = "skip"
	ConflictReplace = "replace"
	ConflictNewID   = "new-id"
)

// ImportDocuments queues the import of a transfer archive into a bank (creating it).
// onConflict says what to do with documents whose id exists ("" = server default,
// skip). A malformed archive is a 400.
func (c *Client) ImportDocuments(ctx context.Context, bankID string, archive io.Reader, filename, onConflict string) (*TransferSubmitted, error) {
	q := query{}
	q.str("on_conflict", onConflict)
	if filename == "" {
		filename = "transfer.zip"
	}
	var out TransferSubmitted
	err := c.sendMultipart(ctx, bankPath(bankID, "document-transfer"), q, func(mw *multipart.Writer) error {
		w, err := mw.CreateFormFile("file", filename)
		if err != nil {
			return err
		}
		_, err = io.Copy(w, archive)
		return err
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}
