package client

import (
	"context"
	"encoding/json"
	"mime/multipart"
)

// UploadFile is one file to retain.
type UploadFile struct {
	Name string // the file name the server records (and converts by)
	Data []byte
}

// FileMetadata describes one uploaded file; entries pair with files by position.
type FileMetadata struct {
	DocumentID string            `json:"document_id,omitempty"` // server default "file_<uuid>"
	Context    string            `json:"context,omitempty"`
	Metadata   map[string]string `json:"metadata,omitempty"`
	Tags       []string          `json:"tags,omitempty"`
	Timestamp  string            `json:"timestamp,omitempty"` // ISO 8601
	Parser     string            `json:"parser,omitempty"`
	Strategy   string            `json:"strategy,omitempty"`
}

// FileRetainRequest is the "request" field of a file retain. Per-file fields go in
// FilesMetadata (one entry per file, or none at all).
type FileRetainRequest struct {
	Parser        string         `json:"parser,omitempty"`
	FilesMetadata []FileMetadata `json:"files_metadata,omitempty"`
}

// FileRetainResponse lists one file_convert_retain operation per file, in order.
type FileRetainResponse struct {
	OperationIDs []string `json:"operation_ids"`
}

// RetainFiles uploads up to 10 files (100 MB each) to be converted to text and
// retained, each by its own operation. The bank must exist (404 otherwise).
func (c *Client) RetainFiles(ctx context.Context, bankID string, files []UploadFile, r FileRetainRequest) (*FileRetainResponse, error) {
	request, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	var out FileRetainResponse
	err = c.sendMultipart(ctx, bankPath(bankID, "files", "retain"), nil, func(mw *multipart.Writer) error {
		for _, f := range files {
			w, err := mw.CreateFormFile("files", f.Name)
			if err != nil {
				return err
			}
			if _, err := w.Write(f.Data); err != nil {
				return err
			}
		}
		return mw.WriteField("request", string(request))
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}
