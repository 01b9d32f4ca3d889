package hindsighttest

import (
	"crypto/rand"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"
)

// Bank-level bookkeeping shared by the handlers: lazy bank creation, inserting and
// deleting memories while keeping entity mention counts and the revision right.

// memoryOrderCache is a bank's memories in list order, valid for one revision, with
// their lower-cased text and context for substring search (built on first use).
type memoryOrderCache struct {
	rev    uint64
	list   []*memory
	folded []string
}

func newBank(id string, now time.Time) *bank {
	return &bank{
		id:              id,
		name:            id,
		disposition:     disposition{Skepticism: 3, Literalism: 3, Empathy: 3},
		createdAt:       now,
		updatedAt:       now,
		configOverrides: map[string]any{},
		memories:        map[string]*memory{},
		documents:       map[string]*document{},
		entities:        map[string]*entity{},
		entityByName:    map[string]string{},
		models:          map[string]*mentalModel{},
		directives:      map[string]*directive{},
	}
}

// ensureBank returns the bank, creating it with the real server's defaults (name = id,
// disposition 3/3/3, no mission) when a write reaches a bank that does not exist yet.
func (s *Server) ensureBank(id string) *bank {
	if b := s.store.banks[id]; b != nil {
		return b
	}
	b := newBank(id, s.now())
	s.store.banks[id] = b
	s.store.bankOrder = append(s.store.bankOrder, id)
	return b
}

// deleteBank removes a bank with everything it owns, including its operations.
func (s *Server) deleteBank(b *bank) {
	for _, d := range b.documents {
		for _, c := range d.chunks {
			delete(s.store.chunkIndex, c.id)
		}
	}
	for id, op := range s.store.operations {
		if op.bankID == b.id {
			delete(s.store.operations, id)
		}
	}
	delete(s.store.banks, b.id)
	s.store.bankOrder = slices.DeleteFunc(s.store.bankOrder, func(id string) bool { return id == b.id })
	delete(s.listOrder, b)
	b.rev++
}

// newUUID returns a random version-4 UUID for new writes.
func newUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = (b[6] & 0x0f) | 0x40
	b[8] = (b[8] & 0x3f) | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// canonicalUUID accepts the spellings Python's uuid.UUID accepts (any case, with or
// without hyphens, braces or a "urn:uuid:" prefix) and returns the canonical form.
func canonicalUUID(s string) (string, bool) {
	h := strings.ToLower(strings.TrimSpace(s))
	h = strings.TrimPrefix(h, "urn:")
	h = strings.TrimPrefix(h, "uuid:")
	h = strings.TrimSuffix(strings.TrimPrefix(h, "{"), "}")
	h = strings.ReplaceAll(h, "-", "")
	if len(h) != 32 {
		return "", false
	}
	for _, c := range h {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return "", false
		}
	}
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32], true
}

// insertMemory adds m to the bank and counts its entity mentions.
func (b *bank) insertMemory(m *memory) {
	b.memories[m.id] = m
	b.memoryOrder = append(b.memoryOrder, m.id)
	if m.state != "invalidated" {
		b.countMentions(m, 1)
	}
	b.rev++
}

// countMentions adds delta to the mention count of each of m's entities; entity
// mentions only count for live memories (the archive keeps a snapshot of ids).
func (b *bank) countMentions(m *memory, delta int) {
	seen := m.createdAt
	if m.mentionedAt != nil {
		seen = *m.mentionedAt
	}
	for _, id := range m.entityIDs {
		e := b.entities[id]
		if e == nil {
			continue
		}
		e.mentionCount += delta
		if delta > 0 {
			if e.firstSeen == nil || seen.Before(*e.firstSeen) {
				t := seen
				e.firstSeen = &t
			}
			if e.lastSeen == nil || seen.After(*e.lastSeen) {
				t := seen
				e.lastSeen = &t
			}
		}
	}
}

// deleteMemories removes every memory matching pred (live or archived) and returns
// how many went; entities no memory refers to any more are dropped.
func (b *bank) deleteMemories(pred func(*memory) bool) int {
	n := 0
	kept := b.memoryOrder[:0]
	for _, id := range b.memoryOrder {
		m := b.memories[id]
		if !pred(m) {
			kept = append(kept, id)
			continue
		}
		if m.state != "invalidated" {
			b.countMentions(m, -1)
		}
		delete(b.memories, id)
		n++
	}
	b.memoryOrder = kept
	if n > 0 {
		b.rev++
		b.pruneEntities()
	}
	return n
}

// pruneEntities drops entities that no memory references.
func (b *bank) pruneEntities() {
	used := map[string]bool{}
	for _, m := range b.memories {
		for _, id := range m.entityIDs {
			used[id] = true
		}
	}
	for id, e := range b.entities {
		if !used[id] {
			delete(b.entities, id)
			delete(b.entityByName, strings.ToLower(e.canonicalName))
		}
	}
}

// resolveEntity finds an entity by case-insensitive name or creates it. Entity ids
// derive from the bank and the name, so the same name always gets the same id.
func (b *bank) resolveEntity(name, entityType string) *entity {
	name = strings.TrimSpace(name)
	key := strings.ToLower(name)
	if id, ok := b.entityByName[key]; ok {
		if e := b.entities[id]; e != nil {
			return e
		}
	}
	if entityType == "" {
		entityType = "CONCEPT"
	}
	e := &entity{id: derivedID(b.id, "entity", key), canonicalName: name, entityType: entityType}
	b.entities[e.id] = e
	b.entityByName[key] = e.id
	return e
}

// directEntityNames are the canonical names of the entities linked to m itself.
func directEntityNames(b *bank, m *memory) []string {
	out := make([]string, 0, len(m.entityIDs))
	for _, id := range m.entityIDs {
		if e := b.entities[id]; e != nil {
			out = append(out, e.canonicalName)
		}
	}
	return out
}

// entityNames are the canonical names of m's entities in order; an observation
// without entities of its own inherits those of its source facts, as on the real
// server.
func entityNames(b *bank, m *memory) []string {
	names := directEntityNames(b, m)
	if len(names) > 0 || m.factType != "observation" {
		return names
	}
	for _, sid := range m.sourceIDs {
		src := b.memories[sid]
		if src == nil {
			continue
		}
		for _, n := range directEntityNames(b, src) {
			if !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	}
	return names
}

// memoriesInListOrder returns all memories (live and archived) ordered as the
// memories list orders them: mentioned_at DESC NULLS LAST, then created_at DESC.
// The result is cached per bank revision and must not be modified.
func (s *Server) memoriesInListOrder(b *bank) []*memory {
	if c, ok := s.listOrder[b]; ok && c.rev == b.rev {
		return c.list
	}
	list := make([]*memory, 0, len(b.memoryOrder))
	for i := len(b.memoryOrder) - 1; i >= 0; i-- {
		list = append(list, b.memories[b.memoryOrder[i]])
	}
	sort.SliceStable(list, func(i, j int) bool {
		a, c := list[i], list[j]
		switch {
		case a.mentionedAt == nil && c.mentionedAt != nil:
			return false
		case a.mentionedAt != nil && c.mentionedAt == nil:
			return true
		case a.mentionedAt != nil && !a.mentionedAt.Equal(*c.mentionedAt):
			return a.mentionedAt.After(*c.mentionedAt)
		}
		return a.createdAt.After(c.createdAt)
	})
	s.listOrder[b] = memoryOrderCache{rev: b.rev, list: list}
	return list
}

// foldedTexts returns, aligned with memoriesInListOrder, each memory's lower-cased
// text and context joined by a NUL, so a plain search is one contiguous scan.
func (s *Server) foldedTexts(b *bank) []string {
	list := s.memoriesInListOrder(b)
	c := s.listOrder[b]
	if c.folded == nil {
		c.folded = make([]string, len(list))
		for i, m := range list {
			c.folded[i] = strings.ToLower(m.text) + "\x00" + strings.ToLower(m.context)
		}
		s.listOrder[b] = c
	}
	return c.folded
}

// bankActivity summarises a bank for the banks list: live fact count, last document
// ingestion and last write (document write or fact insert).
func bankActivity(b *bank) (facts int, lastDoc, lastWrite *time.Time) {
	later := func(cur *time.Time, t time.Time) *time.Time {
		if cur == nil || t.After(*cur) {
			return &t
		}
		return cur
	}
	for _, m := range b.memories {
		if m.state == "invalidated" {
			continue
		}
		facts++
		lastWrite = later(lastWrite, m.createdAt)
	}
	for _, d := range b.documents {
		lastDoc = later(lastDoc, d.createdAt)
		lastWrite = later(lastWrite, d.updatedAt)
	}
	return facts, lastDoc, lastWrite
}

// docMemoryCounts counts live memories per document id, by fact type.
func docMemoryCounts(b *bank) map[string]map[string]int {
	out := map[string]map[string]int{}
	for _, m := range b.memories {
		if m.documentID == "" || m.state == "invalidated" {
			continue
		}
		c := out[m.documentID]
		if c == nil {
			c = map[string]int{}
			out[m.documentID] = c
		}
		c[m.factType]++
	}
	return out
}

// removeDocument deletes a document, its chunks and its memories; it returns how
// many memories went.
func (s *Server) removeDocument(b *bank, d *document) int {
	for _, c := range d.chunks {
		delete(s.store.chunkIndex, c.id)
	}
	delete(b.documents, d.id)
	return b.deleteMemories(func(m *memory) bool { return m.documentID == d.id })
}

// timePtr copies t into a new pointer.
func timePtr(t time.Time) *time.Time { return &t }

// orEmpty turns nil slices into empty ones, so JSON shows [] rather than null.
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
