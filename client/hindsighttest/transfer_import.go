package hindsighttest

import (
	"fmt"
	"time"
)

// importArchive stores an archive's documents, facts and observations in b, without
// any extraction, resolving id conflicts by onConflict (skip | replace | new-id). It
// returns the counters the operation's result_metadata reports.
func (s *Server) importArchive(b *bank, a *transferArchive, onConflict string, now time.Time) map[string]any {
	skipped, remapped := []string{}, map[string]string{}
	docs, facts := 0, 0
	factIDs := map[string]string{} // archive fact id -> new memory id
	consolidation := "pending"
	if len(a.observations) > 0 {
		consolidation = "done"
	}
	for _, td := range a.docs {
		id := td.ID
		if old := b.documents[id]; old != nil {
			switch onConflict {
			case "skip":
				skipped = append(skipped, id)
				continue
			case "replace":
				s.removeDocument(b, old)
			default: // new-id
				id = newUUID()
				remapped[td.ID] = id
			}
		}
		d := s.importDocument(b, id, td, now)
		for _, tf := range td.Facts {
			m := importedMemory(b, tf, now)
			m.documentID = d.id
			if tf.ChunkIndex != nil && *tf.ChunkIndex >= 0 && *tf.ChunkIndex < len(d.chunks) {
				m.chunkID = d.chunks[*tf.ChunkIndex].id
			}
			m.consolidation = consolidation
			if consolidation == "done" {
				m.consolidatedAt = timePtr(now)
			}
			b.insertMemory(m)
			factIDs[tf.ID] = m.id
			facts++
		}
		docs++
	}
	observations, obsSkipped := 0, 0
	for _, to := range a.observations {
		m := importedMemory(b, to, now)
		m.factType = "observation"
		for _, src := range to.SourceFactIDs {
			if id, ok := factIDs[src]; ok {
				m.sourceIDs = append(m.sourceIDs, id)
			}
		}
		if len(m.sourceIDs) == 0 {
			obsSkipped++
			continue
		}
		b.insertMemory(m)
		observations++
	}
	return map[string]any{"documents_imported": docs, "documents_skipped": len(skipped), "facts_imported": facts,
		"observations_imported": observations, "observations_skipped": obsSkipped,
		"skipped_document_ids": skipped, "remapped_document_ids": remapped}
}

// importDocument stores an archived document under id with its chunks.
func (s *Server) importDocument(b *bank, id string, td transferDoc, now time.Time) *document {
	created := now
	if t, err := parseISO(td.CreatedAt); err == nil {
		created = t
	}
	d := &document{id: id, bankID: b.id, originalText: td.OriginalText, contentHash: td.ContentHash, context: td.Context,
		tags: orEmpty(td.Tags), metadata: td.Metadata, retainParams: td.RetainParams, createdAt: created, updatedAt: now}
	for i, tc := range td.Chunks {
		c := &chunk{id: fmt.Sprintf("%s_%s_%d", b.id, id, i), bankID: b.id, documentID: id, index: i, text: tc.Text, createdAt: now}
		d.chunks = append(d.chunks, c)
		s.store.chunkIndex[c.id] = c
	}
	b.documents[id] = d
	return d
}

// importedMemory builds a memory (with a new id) from an archived fact.
func importedMemory(b *bank, tf transferFact, now time.Time) *memory {
	at := func(v *string) *time.Time {
		if v == nil {
			return nil
		}
		if t, err := parseISO(*v); err == nil {
			return &t
		}
		return nil
	}
	factType := tf.FactType
	if factType != "experience" {
		factType = "world"
	}
	m := &memory{id: newUUID(), bankID: b.id, text: tf.Text, factType: factType, context: tf.Context,
		mentionedAt: at(tf.MentionedAt), occurredStart: at(tf.OccurredStart), occurredEnd: at(tf.OccurredEnd),
		createdAt: now, updatedAt: now, tags: orEmpty(tf.Tags), metadata: tf.Metadata, proofCount: max(tf.ProofCount, 1),
		state: "valid"}
	for _, e := range tf.Entities {
		if e.Name != "" {
			m.entityIDs = append(m.entityIDs, b.resolveEntity(e.Name, e.Type).id)
		}
	}
	return m
}
