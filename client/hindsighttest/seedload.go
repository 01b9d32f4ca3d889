package hindsighttest

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"time"
)

// seedEpoch is the moment seed data is written relative to: every seed timestamp is
// moved by (now - seedEpoch), truncated to the minute, so the demo always looks recent
// and a fixed test clock gives fixed timestamps.
func seedEpoch() time.Time { return time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC) }

// seedLoader turns one seed bank into store objects.
type seedLoader struct {
	s     *Server
	b     *bank
	shift time.Duration
	keys  map[string]string // memory key -> id
}

// loadSeed adds every bank of seed to the store.
func (s *Server) loadSeed(seed *Seed) error {
	shift := s.now().Sub(seedEpoch()).Truncate(time.Minute)
	for _, sb := range seed.Banks {
		if sb.BankID == "" {
			return fmt.Errorf("seed: bank without bank_id")
		}
		if s.store.banks[sb.BankID] != nil {
			return fmt.Errorf("seed: bank %q defined twice", sb.BankID)
		}
		l := &seedLoader{s: s, shift: shift, keys: map[string]string{}}
		if err := l.load(sb); err != nil {
			return fmt.Errorf("seed bank %q: %w", sb.BankID, err)
		}
	}
	if seed.Activity != nil {
		return s.loadActivity(seed.Activity, shift)
	}
	return nil
}

// at parses a seed timestamp and shifts it; "" yields nil.
func (l *seedLoader) at(v string) (*time.Time, error) {
	if strings.TrimSpace(v) == "" {
		return nil, nil
	}
	t, err := parseISO(v)
	if err != nil {
		return nil, err
	}
	t = t.Add(l.shift)
	return &t, nil
}

// atOr parses v, falling back to def when empty.
func (l *seedLoader) atOr(v string, def time.Time) (time.Time, error) {
	t, err := l.at(v)
	if err != nil || t == nil {
		return def, err
	}
	return *t, nil
}

func (l *seedLoader) load(sb SeedBank) error {
	created, err := l.atOr(sb.CreatedAt, seedEpoch().Add(l.shift).AddDate(0, -3, 0))
	if err != nil {
		return err
	}
	b := newBank(sb.BankID, created)
	l.b = b
	if sb.Name != "" {
		b.name = sb.Name
	}
	b.mission = sb.Mission
	d := sb.Disposition
	if d.Skepticism != 0 || d.Literalism != 0 || d.Empathy != 0 {
		b.disposition = disposition(d)
	}
	steps := []func() error{
		func() error { return l.documents(sb.Documents) },
		func() error { return l.memories(sb.Memories) },
		func() error { return l.models(sb.Models) },
		func() error { return l.directives(sb.Directives) },
		func() error { return l.operations(sb.Operations) },
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return err
		}
	}
	l.s.store.banks[b.id] = b
	l.s.store.bankOrder = append(l.s.store.bankOrder, b.id)
	return nil
}

func (l *seedLoader) documents(docs []SeedDocument) error {
	for _, sd := range docs {
		if sd.ID == "" || l.b.documents[sd.ID] != nil {
			return fmt.Errorf("document id %q missing or repeated", sd.ID)
		}
		created, err := l.atOr(sd.CreatedAt, l.b.createdAt)
		if err != nil {
			return fmt.Errorf("document %q: %w", sd.ID, err)
		}
		text := strings.Join(sd.Chunks, "\n\n")
		sum := sha256.Sum256([]byte(text))
		d := &document{id: sd.ID, bankID: l.b.id, originalText: text, contentHash: hex.EncodeToString(sum[:]),
			context: sd.Context, tags: orEmpty(sd.Tags), metadata: sd.Metadata, createdAt: created, updatedAt: created}
		rp := map[string]any{}
		if sd.Context != "" {
			rp["context"] = sd.Context
		}
		if len(sd.Metadata) > 0 {
			rp["metadata"] = sd.Metadata
		}
		if len(rp) > 0 {
			d.retainParams = rp
		}
		for i, text := range sd.Chunks {
			c := &chunk{id: fmt.Sprintf("%s_%s_%d", l.b.id, sd.ID, i), bankID: l.b.id, documentID: sd.ID,
				index: i, text: text, createdAt: created}
			d.chunks = append(d.chunks, c)
			l.s.store.chunkIndex[c.id] = c
		}
		l.b.documents[d.id] = d
	}
	return nil
}

func (l *seedLoader) memories(mems []SeedMemory) error {
	built := make([]*memory, 0, len(mems))
	for _, sm := range mems {
		m, err := l.memory(sm)
		if err != nil {
			return fmt.Errorf("memory %q: %w", sm.Key, err)
		}
		built = append(built, m)
	}
	for i, sm := range mems {
		m := built[i]
		for _, key := range sm.Sources {
			id, ok := l.keys[key]
			if !ok {
				return fmt.Errorf("memory %q: unknown source %q", sm.Key, key)
			}
			m.sourceIDs = append(m.sourceIDs, id)
		}
		if m.proofCount == 0 {
			m.proofCount = max(len(m.sourceIDs), 1)
		}
		l.b.insertMemory(m)
	}
	return nil
}

func (l *seedLoader) memory(sm SeedMemory) (*memory, error) {
	if sm.Key == "" || l.keys[sm.Key] != "" {
		return nil, fmt.Errorf("key missing or repeated")
	}
	factType := sm.FactType
	if factType == "" {
		factType = "world"
	}
	if factType != "world" && factType != "experience" && factType != "observation" {
		return nil, fmt.Errorf("unknown fact_type %q", factType)
	}
	mentioned, err := l.at(sm.MentionedAt)
	if err != nil {
		return nil, err
	}
	start, err := l.at(sm.OccurredStart)
	if err != nil {
		return nil, err
	}
	end, err := l.at(sm.OccurredEnd)
	if err != nil {
		return nil, err
	}
	created := l.b.createdAt
	if mentioned != nil {
		created = *mentioned
	}
	m := &memory{
		id: derivedID(l.b.id, "memory", sm.Key), bankID: l.b.id, text: sm.Text, factType: factType,
		context: sm.Context, mentionedAt: mentioned, occurredStart: start, occurredEnd: end,
		createdAt: created, updatedAt: created, tags: orEmpty(sm.Tags), metadata: sm.Metadata,
		proofCount: sm.ProofCount, state: "valid",
	}
	l.keys[sm.Key] = m.id
	if sm.DocumentID != "" {
		d := l.b.documents[sm.DocumentID]
		if d == nil {
			return nil, fmt.Errorf("unknown document %q", sm.DocumentID)
		}
		m.documentID = d.id
		if sm.ChunkIndex != nil {
			if *sm.ChunkIndex < 0 || *sm.ChunkIndex >= len(d.chunks) {
				return nil, fmt.Errorf("chunk_index %d out of range", *sm.ChunkIndex)
			}
			m.chunkID = d.chunks[*sm.ChunkIndex].id
		}
	}
	for _, se := range sm.Entities {
		e := l.b.resolveEntity(se.Name, se.Type)
		m.entityIDs = append(m.entityIDs, e.id)
	}
	if factType != "observation" {
		switch sm.Consolidation {
		case "", "done":
			m.consolidation, m.consolidatedAt = "done", timePtr(created)
		case "pending":
			m.consolidation = "pending"
		case "failed":
			m.consolidation, m.consolidationFailedAt = "failed", timePtr(created)
		default:
			return nil, fmt.Errorf("unknown consolidation %q", sm.Consolidation)
		}
	}
	if sm.Invalidated {
		m.state, m.invalidationReason, m.invalidatedAt = "invalidated", sm.InvalidationReason, timePtr(created)
	}
	return m, nil
}

func (l *seedLoader) models(models []SeedMentalModel) error {
	for _, sm := range models {
		id := sm.ID
		if id == "" {
			id = "mm-" + strings.ReplaceAll(derivedID(l.b.id, "mental_model", sm.Name), "-", "")
		}
		refreshed, err := l.at(sm.LastRefreshedAt)
		if err != nil {
			return fmt.Errorf("mental model %q: %w", id, err)
		}
		maxTokens := sm.MaxTokens
		if maxTokens == 0 {
			maxTokens = 2048
		}
		mm := &mentalModel{id: id, bankID: l.b.id, name: sm.Name, sourceQuery: sm.SourceQuery, content: sm.Content,
			tags: orEmpty(sm.Tags), maxTokens: maxTokens, trigger: defaultTrigger(), createdAt: l.b.createdAt,
			lastRefreshedAt: refreshed, lastMemorySeenAt: refreshed}
		facts := []map[string]any{}
		for _, key := range sm.BasedOn {
			m := l.b.memories[l.keys[key]]
			if m == nil {
				return fmt.Errorf("mental model %q: unknown memory %q", id, key)
			}
			facts = append(facts, map[string]any{"id": m.id, "text": m.text, "type": m.factType})
		}
		mm.reflectResponse = map[string]any{"text": sm.Content, "based_on": map[string]any{
			"memories": facts, "mental_models": []any{}, "directives": []any{}}}
		l.b.models[id] = mm
	}
	return nil
}

func (l *seedLoader) directives(dirs []SeedDirective) error {
	for _, sd := range dirs {
		d := &directive{id: derivedID(l.b.id, "directive", sd.Name), bankID: l.b.id, name: sd.Name,
			content: sd.Content, priority: sd.Priority, isActive: sd.IsActive, tags: orEmpty(sd.Tags),
			createdAt: l.b.createdAt, updatedAt: l.b.createdAt}
		l.b.directives[d.id] = d
	}
	return nil
}

func (l *seedLoader) operations(ops []SeedOperation) error {
	for _, so := range ops {
		created, err := l.atOr(so.CreatedAt, l.b.createdAt)
		if err != nil {
			return fmt.Errorf("operation %q: %w", so.Key, err)
		}
		updated, err := l.atOr(so.UpdatedAt, created)
		if err != nil {
			return fmt.Errorf("operation %q: %w", so.Key, err)
		}
		op := &operation{
			id: derivedID(l.b.id, "operation", so.Key), bankID: l.b.id, opType: so.Type, status: so.Status,
			createdAt: created, updatedAt: updated, itemsCount: so.ItemsCount, documentID: so.DocumentID,
			mentalModelID: so.MentalModelID, errorMessage: so.ErrorMessage, retryCount: so.RetryCount,
			resultMeta: map[string]any{"items_count": so.ItemsCount},
		}
		switch so.Status {
		case "completed", "failed", "cancelled":
			op.completedAt = timePtr(updated)
			if so.Type == "refresh_mental_model" && so.Status == "completed" {
				op.details = map[string]any{"operation_type": "refresh_mental_model", "outcome": "content_written"}
			}
		case "processing":
			op.resultMeta["progress"] = progressOf(so.Type, updated, so.ItemsCount/2, so.ItemsCount)
		case "pending":
		default:
			return fmt.Errorf("operation %q: unknown status %q", so.Key, so.Status)
		}
		if so.DocumentID != "" {
			op.resultMeta["document_id"] = so.DocumentID
		}
		if so.MentalModelID != "" {
			op.resultMeta["mental_model_id"] = so.MentalModelID
		}
		l.s.store.operations[op.id] = op
	}
	return nil
}
