package hindsighttest

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"time"
)

// retainItem is a validated MemoryItem.
type retainItem struct {
	content           string
	timestamp         *time.Time // nil: now (unless unset)
	unsetTimestamp    bool       // "unset": store no mentioned_at
	context           string
	metadata          map[string]string
	documentID        string
	entities          []entityHint
	tags              []string
	observationScopes any
	strategy          string
	updateMode        string // "", "replace" or "append"
}

// entityHint is an entity named by the caller ({text, type}).
type entityHint struct {
	text, entityType string
}

// tokenUsage is TokenUsage; retain reports estimated extraction tokens.
type tokenUsage struct {
	InputTokens    int `json:"input_tokens"`
	OutputTokens   int `json:"output_tokens"`
	TotalTokens    int `json:"total_tokens"`
	CachedTokens   int `json:"cached_tokens"`
	ThoughtsTokens int `json:"thoughts_tokens"`
}

// docGroup is the items of one retain call that land in one document.
type docGroup struct {
	id    string
	items []retainItem
}

// groupByDocument folds items by document_id in first-appearance order; items without
// one share a single generated document, as on the real server.
func groupByDocument(items []retainItem) []*docGroup {
	var groups []*docGroup
	byID := map[string]*docGroup{}
	for _, it := range items {
		key := it.documentID
		g := byID[key]
		if g == nil {
			id := key
			if id == "" {
				id = newUUID()
			}
			g = &docGroup{id: id}
			byID[key] = g
			groups = append(groups, g)
		}
		g.items = append(g.items, it)
	}
	return groups
}

// ingest stores items the way retain does: documents are upserted (or appended to),
// chunked, and each item's sentences become memories with entities. received is when
// the request arrived (the default mentioned_at); stored is when the work ran.
func (s *Server) ingest(b *bank, items []retainItem, documentTags []string, received, stored time.Time) tokenUsage {
	var usage tokenUsage
	run := newLLMRun(b.id, "retain", nil)
	for _, g := range groupByDocument(items) {
		usage.InputTokens += s.ingestDocument(b, g, documentTags, received, stored, &usage)
		s.retained(b, run, g.id, stored)
	}
	s.finishRetain(b, run, stored)
	usage.TotalTokens = usage.InputTokens + usage.OutputTokens
	return usage
}

func (s *Server) ingestDocument(b *bank, g *docGroup, documentTags []string, received, stored time.Time, usage *tokenUsage) int {
	first := g.items[0]
	items := g.items
	createdAt := stored
	if old := b.documents[g.id]; old != nil {
		if first.updateMode == "append" {
			// Append re-processes the whole text with the new item's parameters.
			prior := first
			prior.content = old.originalText
			items = append([]retainItem{prior}, items...)
			createdAt = old.createdAt
		}
		s.removeDocument(b, old)
	}
	contents := make([]string, len(items))
	tags := slices.Clone(documentTags)
	for i, it := range items {
		contents[i] = it.content
		for _, t := range it.tags {
			if !slices.Contains(tags, t) {
				tags = append(tags, t)
			}
		}
	}
	text := strings.Join(contents, "\n\n")
	sum := sha256.Sum256([]byte(text))
	d := &document{
		id: g.id, bankID: b.id, originalText: text, contentHash: hex.EncodeToString(sum[:]),
		context: first.context, tags: orEmpty(tags), metadata: first.metadata,
		retainParams: retainParams(first), createdAt: createdAt, updatedAt: stored,
	}
	for i, c := range chunkText(text, configInt(b, "retain_chunk_size")) {
		ch := &chunk{id: fmt.Sprintf("%s_%s_%d", b.id, d.id, i), bankID: b.id, documentID: d.id, index: i, text: c, createdAt: stored}
		d.chunks = append(d.chunks, ch)
		s.store.chunkIndex[ch.id] = ch
	}
	b.documents[d.id] = d

	chunkAt := 0
	opts := bankExtractOptions(b)
	for _, it := range items {
		itemTags := orEmpty(slices.Clone(documentTags))
		for _, t := range it.tags {
			if !slices.Contains(itemTags, t) {
				itemTags = append(itemTags, t)
			}
		}
		extractItem(b, it, opts, func(f extractedFact) {
			chunkAt = locateChunk(d.chunks, f.text, chunkAt)
			m := &memory{
				id: newUUID(), bankID: b.id, text: f.text, factType: f.factType, context: it.context,
				createdAt: stored, updatedAt: stored, tags: itemTags, metadata: it.metadata, documentID: d.id,
				proofCount: 1, state: "valid", observationScopes: it.observationScopes,
				consolidation: "done", consolidatedAt: timePtr(stored), entityIDs: f.entityIDs,
				occurredStart: f.occurredStart, occurredEnd: f.occurredEnd,
			}
			if len(d.chunks) > 0 {
				m.chunkID = d.chunks[chunkAt].id
			}
			switch {
			case it.unsetTimestamp:
			case it.timestamp != nil:
				m.mentionedAt = timePtr(*it.timestamp)
			default:
				m.mentionedAt = timePtr(received)
			}
			b.insertMemory(m)
			usage.OutputTokens += estimateTokens(f.text)
		})
	}
	return estimateTokens(text)
}

func hintNames(hints []entityHint) []string {
	names := make([]string, len(hints))
	for i, h := range hints {
		names[i] = h.text
	}
	return names
}

// linkEntities resolves the caller's entity hints plus the names found in the text to
// entity ids, without duplicates. A found single word that is the first name of a
// known entity ("Zoe" for "Zoe Park") resolves to it, as fuzzy resolution would.
func linkEntities(b *bank, hints []entityHint, names []string) []string {
	var ids []string
	add := func(e *entity) {
		if !slices.Contains(ids, e.id) {
			ids = append(ids, e.id)
		}
	}
	for _, h := range hints {
		if strings.TrimSpace(h.text) != "" {
			add(b.resolveEntity(h.text, h.entityType))
		}
	}
	for _, n := range names {
		if e := firstNameMatch(b, n); e != nil {
			add(e)
		} else {
			add(b.resolveEntity(n, ""))
		}
	}
	return ids
}

// firstNameMatch finds the entity whose canonical name starts with the single word
// name (the most mentioned one, then alphabetically), unless name is an entity itself.
func firstNameMatch(b *bank, name string) *entity {
	if strings.Contains(name, " ") {
		return nil
	}
	if _, ok := b.entityByName[strings.ToLower(name)]; ok {
		return nil
	}
	var best *entity
	prefix := strings.ToLower(name) + " "
	for _, e := range b.entities {
		if !strings.HasPrefix(strings.ToLower(e.canonicalName), prefix) {
			continue
		}
		if best == nil || e.mentionCount > best.mentionCount ||
			(e.mentionCount == best.mentionCount && e.canonicalName < best.canonicalName) {
			best = e
		}
	}
	return best
}

// locateChunk finds the chunk holding sentence, searching forward from the previous one.
func locateChunk(chunks []*chunk, sentence string, from int) int {
	for i := from; i < len(chunks); i++ {
		if strings.Contains(chunks[i].text, sentence) {
			return i
		}
	}
	for i := 0; i < from && i < len(chunks); i++ {
		if strings.Contains(chunks[i].text, sentence) {
			return i
		}
	}
	return min(from, max(len(chunks)-1, 0))
}

// retainParams is the document's retain_params: context, event_date, metadata and
// observation scopes of its first item.
func retainParams(it retainItem) map[string]any {
	p := map[string]any{}
	if it.context != "" {
		p["context"] = it.context
	}
	if it.timestamp != nil {
		p["event_date"] = isoTime(*it.timestamp)
	}
	if len(it.metadata) > 0 {
		p["metadata"] = it.metadata
	}
	if it.observationScopes != nil {
		p["observation_scopes"] = it.observationScopes
	}
	if len(p) == 0 {
		return nil
	}
	return p
}

// contentDict renders an item as the real server's task payload entry.
func contentDict(it retainItem) map[string]any {
	d := map[string]any{"content": it.content}
	switch {
	case it.unsetTimestamp:
		d["event_date"] = nil
	case it.timestamp != nil:
		d["event_date"] = isoTime(*it.timestamp)
	}
	if it.context != "" {
		d["context"] = it.context
	}
	if len(it.metadata) > 0 {
		d["metadata"] = it.metadata
	}
	if it.documentID != "" {
		d["document_id"] = it.documentID
	}
	if len(it.entities) > 0 {
		ents := make([]map[string]string, len(it.entities))
		for i, e := range it.entities {
			ents[i] = map[string]string{"text": e.text, "type": e.entityType}
		}
		d["entities"] = ents
	}
	if len(it.tags) > 0 {
		d["tags"] = it.tags
	}
	if it.observationScopes != nil {
		d["observation_scopes"] = it.observationScopes
	}
	if it.updateMode != "" {
		d["update_mode"] = it.updateMode
	}
	return d
}
