package client

import (
	"context"
	"encoding/json"
)

// Document is a retained source document. List items carry no text; GetDocument adds
// OriginalText (nil when the server does not store document text) and per-type counts.
type Document struct {
	ID                string                     `json:"id"`
	BankID            string                     `json:"bank_id"`
	ContentHash       string                     `json:"content_hash"`
	CreatedAt         Time                       `json:"created_at"`
	UpdatedAt         Time                       `json:"updated_at"`
	TextLength        int                        `json:"text_length"`
	MemoryUnitCount   int                        `json:"memory_unit_count"`
	RetainParams      map[string]json.RawMessage `json:"retain_params"`
	DocumentMetadata  StringMap                  `json:"document_metadata"`
	Tags              []string                   `json:"tags"`
	OriginalText      *string                    `json:"original_text"`
	NodesByFactType   map[string]int             `json:"nodes_by_fact_type"`
	ObservationScopes json.RawMessage            `json:"observation_scopes"`
}

// DocumentList is a page of documents, most recently updated first.
type DocumentList struct {
	Items []Document `json:"items"`
	Page
}

// ListDocumentsParams filters the documents list. Zero values are not sent.
type ListDocumentsParams struct {
	Q         string // case-insensitive substring of the document id
	Tags      []string
	TagsMatch string // server default any_strict here
	Limit     int
	Offset    int
}

// ListDocuments lists a bank's documents.
func (c *Client) ListDocuments(ctx context.Context, bankID string, p ListDocumentsParams) (*DocumentList, error) {
	q := query{}
	q.str("q", p.Q)
	q.list("tags", p.Tags)
	q.str("tags_match", p.TagsMatch)
	q.num("limit", p.Limit)
	q.num("offset", p.Offset)
	var out DocumentList
	if err := c.do(ctx, "GET", bankPath(bankID, "documents"), q, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// GetDocument returns one document with its text.
func (c *Client) GetDocument(ctx context.Context, bankID, documentID string) (*Document, error) {
	var out Document
	if err := c.do(ctx, "GET", bankPath(bankID, "documents", esc(documentID)), nil, nil, &out); err != nil {
		return nil, err
	}
	if string(out.ObservationScopes) == "null" {
		out.ObservationScopes = nil
	}
	return &out, nil
}

// Chunk is a piece of a document that memories were extracted from.
type Chunk struct {
	ChunkID    string `json:"chunk_id"`
	DocumentID string `json:"document_id"`
	BankID     string `json:"bank_id"`
	ChunkIndex int    `json:"chunk_index"`
	ChunkText  string `json:"chunk_text"`
	CreatedAt  Time   `json:"created_at"`
}

// ChunkList is a page of a document's chunks in order.
type ChunkList struct {
	Items []Chunk `json:"items"`
	Page
}

// ListChunks pages through a document's chunks (limit 1–1000; 0 = server default 100).
func (c *Client) ListChunks(ctx context.Context, bankID, documentID string, limit, offset int) (*ChunkList, error) {
	q := query{}
	q.num("limit", limit)
	q.num("offset", offset)
	var out ChunkList
	if err := c.do(ctx, "GET", bankPath(bankID, "documents", esc(documentID), "chunks"), q, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// GetChunk returns one chunk by its id ("bank_document_index").
func (c *Client) GetChunk(ctx context.Context, chunkID string) (*Chunk, error) {
	var out Chunk
	if err := c.do(ctx, "GET", "/v1/default/chunks/"+esc(chunkID), nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// SetDocumentTags re-tags a document and all its memories.
func (c *Client) SetDocumentTags(ctx context.Context, bankID, documentID string, tags []string) error {
	if tags == nil {
		tags = []string{}
	}
	body := map[string]any{"tags": tags}
	return c.do(ctx, "PATCH", bankPath(bankID, "documents", esc(documentID)), nil, body, nil)
}

// DeleteDocumentResult reports a document deletion.
type DeleteDocumentResult struct {
	Success            bool   `json:"success"`
	Message            string `json:"message"`
	DocumentID         string `json:"document_id"`
	MemoryUnitsDeleted int    `json:"memory_units_deleted"`
}

// DeleteDocument deletes a document and every memory extracted from it: the only way to
// hard-delete facts short of clearing the bank.
func (c *Client) DeleteDocument(ctx context.Context, bankID, documentID string) (*DeleteDocumentResult, error) {
	var out DeleteDocumentResult
	if err := c.do(ctx, "DELETE", bankPath(bankID, "documents", esc(documentID)), nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// ReprocessResult reports a queued re-extraction.
type ReprocessResult struct {
	Success     bool   `json:"success"`
	OperationID string `json:"operation_id"`
	ItemsCount  int    `json:"items_count"`
}

// ReprocessDocument re-runs retain on the stored text with the bank's current config.
func (c *Client) ReprocessDocument(ctx context.Context, bankID, documentID string) (*ReprocessResult, error) {
	var out ReprocessResult
	if err := c.do(ctx, "POST", bankPath(bankID, "documents", esc(documentID), "reprocess"), nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
