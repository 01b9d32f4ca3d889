package hindsighttest

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"time"
)

// The document transfer archive (a zip, like engine/transfer/schema.py): manifest.json
// with schema_version 1, the source bank and counts; documents/000000.json … with
// one document each (text, chunks and the facts extracted from it, so an import needs
// no LLM); and, for whole-bank exports that ask for them, observations.json.

const transferSchemaVersion = 1

type transferManifest struct {
	SchemaVersion       int            `json:"schema_version"`
	SourceBankID        string         `json:"source_bank_id"`
	ExportedAt          string         `json:"exported_at"`
	IncludeObservations bool           `json:"include_observations"`
	Counts              map[string]int `json:"counts"`
}

type transferDoc struct {
	ID           string            `json:"id"`
	OriginalText string            `json:"original_text"`
	ContentHash  string            `json:"content_hash"`
	Context      string            `json:"context,omitempty"`
	Tags         []string          `json:"tags"`
	Metadata     map[string]string `json:"metadata,omitempty"`
	RetainParams map[string]any    `json:"retain_params,omitempty"`
	CreatedAt    string            `json:"created_at"`
	UpdatedAt    string            `json:"updated_at"`
	Chunks       []transferChunk   `json:"chunks"`
	Facts        []transferFact    `json:"facts"`
}

type transferChunk struct {
	Index int    `json:"chunk_index"`
	Text  string `json:"text"`
}

type transferFact struct {
	ID            string            `json:"id"`
	Text          string            `json:"text"`
	FactType      string            `json:"fact_type"`
	Context       string            `json:"context,omitempty"`
	MentionedAt   *string           `json:"mentioned_at,omitempty"`
	OccurredStart *string           `json:"occurred_start,omitempty"`
	OccurredEnd   *string           `json:"occurred_end,omitempty"`
	Tags          []string          `json:"tags"`
	Metadata      map[string]string `json:"metadata,omitempty"`
	Entities      []SeedEntity      `json:"entities"`
	ChunkIndex    *int              `json:"chunk_index,omitempty"`
	ProofCount    int               `json:"proof_count"`
	SourceFactIDs []string          `json:"source_fact_ids,omitempty"` // observations
	CreatedAt     string            `json:"created_at"`
}

// factOf is the archive form of a memory.
func factOf(b *bank, m *memory, chunkIndex map[string]int) transferFact {
	f := transferFact{ID: m.id, Text: m.text, FactType: m.factType, Context: m.context, MentionedAt: isoPtr(m.mentionedAt),
		OccurredStart: isoPtr(m.occurredStart), OccurredEnd: isoPtr(m.occurredEnd), Tags: orEmpty(m.tags),
		Metadata: m.metadata, Entities: []SeedEntity{}, ProofCount: m.proofCount, SourceFactIDs: m.sourceIDs,
		CreatedAt: isoTime(m.createdAt)}
	for _, id := range m.entityIDs {
		if e := b.entities[id]; e != nil {
			f.Entities = append(f.Entities, SeedEntity{Name: e.canonicalName, Type: e.entityType})
		}
	}
	if i, ok := chunkIndex[m.chunkID]; ok {
		f.ChunkIndex = &i
	}
	return f
}

// buildTransferZip writes the archive of the given documents (all when ids is empty).
func buildTransferZip(b *bank, ids []string, withObservations bool, now time.Time) ([]byte, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	put := func(name string, v any) error {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: now})
		if err != nil {
			return err
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	}
	counts := map[string]int{"documents": 0, "facts": 0, "observations": 0}
	for _, id := range sortedMapKeys(b.documents) {
		d := b.documents[id]
		if len(ids) > 0 && !slices.Contains(ids, id) {
			continue
		}
		td := transferDoc{ID: d.id, OriginalText: d.originalText, ContentHash: d.contentHash, Context: d.context,
			Tags: orEmpty(d.tags), Metadata: d.metadata, RetainParams: d.retainParams, CreatedAt: isoTime(d.createdAt),
			UpdatedAt: isoTime(d.updatedAt), Chunks: []transferChunk{}, Facts: []transferFact{}}
		chunkIndex := map[string]int{}
		for _, c := range d.chunks {
			td.Chunks = append(td.Chunks, transferChunk{Index: c.index, Text: c.text})
			chunkIndex[c.id] = c.index
		}
		for _, mid := range b.memoryOrder {
			if m := b.memories[mid]; m != nil && m.documentID == d.id && m.state == "valid" && m.factType != "observation" {
				td.Facts = append(td.Facts, factOf(b, m, chunkIndex))
			}
		}
		if err := put(fmt.Sprintf("documents/%06d.json", counts["documents"]), td); err != nil {
			return nil, err
		}
		counts["documents"]++
		counts["facts"] += len(td.Facts)
	}
	if withObservations {
		obs := []transferFact{}
		for _, mid := range b.memoryOrder {
			if m := b.memories[mid]; m != nil && m.factType == "observation" && m.state == "valid" {
				obs = append(obs, factOf(b, m, nil))
			}
		}
		counts["observations"] = len(obs)
		if err := put("observations.json", map[string]any{"observations": obs}); err != nil {
			return nil, err
		}
	}
	m := transferManifest{SchemaVersion: transferSchemaVersion, SourceBankID: b.id, ExportedAt: isoTime(now),
		IncludeObservations: withObservations, Counts: counts}
	if err := put("manifest.json", m); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// transferArchive is a parsed archive.
type transferArchive struct {
	manifest     transferManifest
	docs         []transferDoc
	observations []transferFact
}

// readTransferZip parses an archive, or says why it is not one.
func readTransferZip(data []byte) (*transferArchive, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, fmt.Errorf("not a zip file")
	}
	a := &transferArchive{}
	read := func(f *zip.File, v any) error {
		rc, err := f.Open()
		if err != nil {
			return err
		}
		defer rc.Close()
		raw, err := io.ReadAll(io.LimitReader(rc, 256<<20))
		if err != nil {
			return err
		}
		if err := json.Unmarshal(raw, v); err != nil {
			return fmt.Errorf("%s: %v", f.Name, err)
		}
		return nil
	}
	found := false
	for _, f := range zr.File {
		switch {
		case f.Name == "manifest.json":
			found = true
			if err := read(f, &a.manifest); err != nil {
				return nil, err
			}
		case f.Name == "observations.json":
			var obs struct {
				Observations []transferFact `json:"observations"`
			}
			if err := read(f, &obs); err != nil {
				return nil, err
			}
			a.observations = obs.Observations
		case len(f.Name) > len("documents/") && f.Name[:len("documents/")] == "documents/":
			var d transferDoc
			if err := read(f, &d); err != nil {
				return nil, err
			}
			if d.ID == "" {
				return nil, fmt.Errorf("%s: document without an id", f.Name)
			}
			a.docs = append(a.docs, d)
		}
	}
	switch {
	case !found:
		return nil, fmt.Errorf("manifest.json is missing")
	case a.manifest.SchemaVersion != transferSchemaVersion:
		return nil, fmt.Errorf("unsupported schema_version %d (expected %d)", a.manifest.SchemaVersion, transferSchemaVersion)
	}
	return a, nil
}
