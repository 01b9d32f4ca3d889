package documents

import (
	"encoding/json"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// doReextract re-extracts the chunk in view and compares with what it stored.
const doReextract = "reextract"

// chunkInView is the chunk ] or [ (or a link) went to, else the chunk whose text is
// at the top of the open document's viewer (the first while the header is in view);
// ok is false without chunks.
func (m *Model) chunkInView() (client.Chunk, bool) {
	chunks := m.det.chunks
	if !m.open || m.det.doc == nil || len(chunks) == 0 {
		return client.Chunk{}, false
	}
	if p := m.det.pick; p > 0 && p <= len(chunks) {
		return chunks[p-1], true
	}
	at := 0
	for i, s := range m.det.view.starts {
		if i < len(chunks) && s <= m.det.scroll {
			at = i
		}
	}
	return chunks[at], true
}

// retainParam is a string of the document's retain parameters ("" when absent).
func retainParam(doc *client.Document, key string) string {
	var s string
	if raw, ok := doc.RetainParams[key]; ok {
		_ = json.Unmarshal(raw, &s)
	}
	return s
}

// reextractChunk runs the chunk's text through a dry-run extract, with the context
// and timestamp the document was retained with, beside the memories it stored.
func (m *Model) reextractChunk() tea.Cmd {
	ch, ok := m.chunkInView()
	if !ok {
		return nil
	}
	doc := m.det.doc
	ts := retainParam(doc, "event_date")
	if ts == "" {
		ts = retainParam(doc, "timestamp")
	}
	req := client.DryRunExtractRequest{Content: ch.ChunkText, Context: retainParam(doc, "context"), Timestamp: ts}
	return common.OpenDialog(components.NewExtractDialog(m.c, components.ExtractSource{
		BankID: m.bank, What: fmt.Sprintf("chunk %d of %s", ch.ChunkIndex, doc.ID), Request: req,
		DocumentID: doc.ID, ChunkID: ch.ChunkID,
		Notes: []string{"The chunk's text extracted again with the bank's settings now, beside the memories it stored."}}))
}
