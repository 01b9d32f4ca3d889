package client

import (
	"context"
	"encoding/json"
	"time"
)

// Fact types.
const (
	FactWorld       = "world"
	FactExperience  = "experience"
	FactObservation = "observation"
)

// TimestampUnset, as a MemoryItem timestamp, stores the memory without any timestamp.
const TimestampUnset = "unset"

// FormatTimestamp renders t the way the server reads retain timestamps.
func FormatTimestamp(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

// EntityHint names an entity the extractor should attach in addition to the ones it finds.
type EntityHint struct {
	Text string `json:"text"`
	Type string `json:"type,omitempty"` // server default: CONCEPT
}

// ObservationScopes says how consolidation groups a memory's tags: a named mode
// ("per_tag", "combined", "all_combinations", "shared") or explicit tag groups.
type ObservationScopes struct {
	Mode   string
	Groups [][]string
}

// MarshalJSON implements json.Marshaler.
func (o ObservationScopes) MarshalJSON() ([]byte, error) {
	if o.Groups != nil {
		return json.Marshal(o.Groups)
	}
	return json.Marshal(o.Mode)
}

// MemoryItem is one item to retain. Empty optional fields are not sent.
type MemoryItem struct {
	Content           string             `json:"content"`
	Timestamp         string             `json:"timestamp,omitempty"` // ISO 8601, or TimestampUnset; empty = now
	Context           string             `json:"context,omitempty"`
	Metadata          map[string]string  `json:"metadata,omitempty"`
	DocumentID        string             `json:"document_id,omitempty"`
	Entities          []EntityHint       `json:"entities,omitempty"`
	ResolveEntities   *bool              `json:"resolve_entities,omitempty"`
	Tags              []string           `json:"tags,omitempty"`
	ObservationScopes *ObservationScopes `json:"observation_scopes,omitempty"`
	Strategy          string             `json:"strategy,omitempty"`
	UpdateMode        string             `json:"update_mode,omitempty"` // replace | append
}

// RetainRequest stores memories, synchronously or as a background operation.
type RetainRequest struct {
	Items        []MemoryItem `json:"items"`
	Async        bool         `json:"async,omitempty"`
	DocumentTags []string     `json:"document_tags,omitempty"` // deprecated: use item tags
	OperationID  string       `json:"operation_id,omitempty"`  // client UUID for idempotent async retain
}

// RetainResponse reports what retain did; OperationID is set for async retains.
type RetainResponse struct {
	Success      bool        `json:"success"`
	BankID       string      `json:"bank_id"`
	ItemsCount   int         `json:"items_count"`
	Async        bool        `json:"async"`
	OperationID  string      `json:"operation_id"`
	OperationIDs []string    `json:"operation_ids"`
	Usage        *TokenUsage `json:"usage"`
}

// Retain stores memories. With Async the server answers at once with a batch_retain
// operation id; the memories are recallable only once that operation completes.
func (c *Client) Retain(ctx context.Context, bankID string, r RetainRequest) (*RetainResponse, error) {
	var out RetainResponse
	if err := c.do(ctx, "POST", bankPath(bankID, "memories"), nil, r, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// SourceMemory is a fact an observation was built from, as shown on the observation.
type SourceMemory struct {
	ID            string `json:"id"`
	Text          string `json:"text"`
	Type          string `json:"type"`
	Context       string `json:"context"`
	OccurredStart Time   `json:"occurred_start"`
	MentionedAt   Time   `json:"mentioned_at"`
}

// Memory is a memory unit, decoded from either a list item or the single-memory route
// (which name the type and entities differently).
type Memory struct {
	ID                    string          `json:"id"`
	Text                  string          `json:"text"`
	Context               string          `json:"context"`
	Date                  Time            `json:"date"`
	FactType              string          `json:"fact_type"`
	DocumentID            string          `json:"document_id"`
	ChunkID               string          `json:"chunk_id"`
	MentionedAt           Time            `json:"mentioned_at"`
	OccurredStart         Time            `json:"occurred_start"`
	OccurredEnd           Time            `json:"occurred_end"`
	Entities              Strings         `json:"entities"`
	ProofCount            int             `json:"proof_count"`
	Tags                  []string        `json:"tags"`
	Metadata              StringMap       `json:"metadata"`
	ConsolidatedAt        Time            `json:"consolidated_at"`
	ConsolidationFailedAt Time            `json:"consolidation_failed_at"`
	State                 string          `json:"state"`
	InvalidationReason    string          `json:"invalidation_reason"`
	InvalidatedAt         Time            `json:"invalidated_at"`
	EditedAt              Time            `json:"edited_at"`
	UpdatedAt             Time            `json:"updated_at"`
	SourceMemoryIDs       []string        `json:"source_memory_ids"`
	SourceMemories        []SourceMemory  `json:"source_memories"`
	ObservationScopes     json.RawMessage `json:"observation_scopes"`
}

// normalizeMemory merges the two shapes of a memory: list items name the type
// "fact_type", the single-memory route "type".
func normalizeMemory(f memoryFields, typ string) Memory {
	m := Memory(f)
	if m.FactType == "" {
		m.FactType = typ
	}
	if string(m.ObservationScopes) == "null" {
		m.ObservationScopes = nil
	}
	return m
}

// UnmarshalJSON accepts "type" as well as "fact_type".
func (m *Memory) UnmarshalJSON(b []byte) error {
	var w struct {
		memoryFields
		Type string `json:"type"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*m = normalizeMemory(w.memoryFields, w.Type)
	return nil
}

// decodeBody is UnmarshalJSON on a whole response body; see decodeBody.
func (m *Memory) decodeBody(b []byte) error { return m.UnmarshalJSON(b) }

// memoryFields is Memory without its UnmarshalJSON method.
type memoryFields Memory

// MemoryList is a page of memories, newest mention first.
type MemoryList struct {
	Items []Memory `json:"items"`
	Page
}

// UnmarshalJSON decodes a page in a single pass (pages can hold thousands of items).
func (l *MemoryList) UnmarshalJSON(b []byte) error { return l.decode(b, nil) }

// decode decodes a page. Each item's memory is reached through a pointer, and the first
// len(room) items point into room before decoding, so encoding/json (which decodes array
// items into the slice elements already there) writes those memories in place, and room
// becomes Items without a copy. Items beyond room, or a decoder that allocates its own,
// cost one copy each; the result is the same either way. room must be zeroed.
func (l *MemoryList) decode(b []byte, room []Memory) error {
	type MemoryFields = memoryFields // an exported name lets encoding/json allocate it
	type item struct {
		*MemoryFields
		Type string `json:"type"`
	}
	var w struct {
		Items []item `json:"items"`
		Page
	}
	if len(room) > 0 {
		w.Items = make([]item, len(room))
		for i := range room {
			w.Items[i].MemoryFields = (*MemoryFields)(&room[i])
		}
		w.Items = w.Items[:0] // an absent "items" must leave no items
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	var items []Memory
	if n := len(w.Items); room != nil && n <= len(room) && n >= len(room)/2 {
		items = room[:n:n]
	} else {
		items = make([]Memory, n) // never nil, as before; no unused room kept alive
	}
	for i, it := range w.Items {
		m := &items[i]
		switch {
		case it.MemoryFields == (*MemoryFields)(m): // decoded in place
		case it.MemoryFields != nil:
			*m = Memory(*it.MemoryFields)
		default:
			*m = Memory{}
		}
		if m.FactType == "" {
			m.FactType = it.Type
		}
		if string(m.ObservationScopes) == "null" {
			m.ObservationScopes = nil
		}
	}
	l.Page, l.Items = w.Page, items
	return nil
}

// memoryPage decodes a response to a list request of up to limit memories, making room
// for them (see MemoryList.decode).
type memoryPage struct {
	list  *MemoryList
	limit int
}

// minListItemBytes is less than a list item takes (the keys of its 22 fields alone are
// longer), so a short body does not get room for a whole page. Only a hint: items past
// the room are decoded all the same.
const minListItemBytes = 256

func (p memoryPage) decodeBody(b []byte) error {
	limit := p.limit
	if limit <= 0 {
		limit = 100 // the server's default
	}
	return p.list.decode(b, make([]Memory, min(limit, len(b)/minListItemBytes+1)))
}

// ListMemoriesParams filters the memories list. Zero values are not sent.
type ListMemoriesParams struct {
	Type               string   // world | experience | observation
	Q                  string   // case-insensitive substring of text or context
	ConsolidationState string   // failed | pending | done
	State              string   // valid (default) | invalidated
	DocumentID         string   //
	EntityID           string   // UUID
	Tags               []string //
	TagsMatch          string   // any (default) | all | any_strict | all_strict | exact
	Limit              int      // 0 = server default (100)
	Offset             int
}

// ListMemories lists memories with filters.
func (c *Client) ListMemories(ctx context.Context, bankID string, p ListMemoriesParams) (*MemoryList, error) {
	q := query{}
	q.str("type", p.Type)
	q.str("q", p.Q)
	q.str("consolidation_state", p.ConsolidationState)
	q.str("state", p.State)
	q.str("document_id", p.DocumentID)
	q.str("entity_id", p.EntityID)
	q.list("tags", p.Tags)
	q.str("tags_match", p.TagsMatch)
	q.num("limit", p.Limit)
	q.num("offset", p.Offset)
	var out MemoryList
	if err := c.do(ctx, "GET", bankPath(bankID, "memories", "list"), q, nil, memoryPage{&out, p.Limit}); err != nil {
		return nil, err
	}
	return &out, nil
}

// GetMemory returns one memory, invalidated ones included.
func (c *Client) GetMemory(ctx context.Context, bankID, memoryID string) (*Memory, error) {
	var out Memory
	if err := c.do(ctx, "GET", bankPath(bankID, "memories", esc(memoryID)), nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// UpdateMemoryRequest curates a world or experience memory. Nil fields are unchanged;
// an empty OccurredStart/OccurredEnd/Context clears it; Entities set to an empty slice
// detaches every entity.
type UpdateMemoryRequest struct {
	Text            *string   `json:"text,omitempty"`
	Context         *string   `json:"context,omitempty"`
	OccurredStart   *string   `json:"occurred_start,omitempty"`
	OccurredEnd     *string   `json:"occurred_end,omitempty"`
	FactType        *string   `json:"fact_type,omitempty"` // world | experience
	Entities        *[]string `json:"entities,omitempty"`
	ResolveEntities *bool     `json:"resolve_entities,omitempty"`
	State           *string   `json:"state,omitempty"` // invalidated | valid
	Reason          *string   `json:"reason,omitempty"`
}

// UpdateMemory curates a memory and returns it as it now is.
func (c *Client) UpdateMemory(ctx context.Context, bankID, memoryID string, u UpdateMemoryRequest) (*Memory, error) {
	var out Memory
	if err := c.do(ctx, "PATCH", bankPath(bankID, "memories", esc(memoryID)), nil, u, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// HistorySourceFact is a source fact as recorded in an observation change. Text and Type
// are nil when the fact no longer exists.
type HistorySourceFact struct {
	ID      string  `json:"id"`
	Text    *string `json:"text"`
	Type    *string `json:"type"`
	Context string  `json:"context"`
	IsNew   bool    `json:"is_new"`
}

// ObservationChange is one entry of an observation's history.
type ObservationChange struct {
	PreviousText          string              `json:"previous_text"`
	PreviousTags          []string            `json:"previous_tags"`
	PreviousOccurredStart Time                `json:"previous_occurred_start"`
	PreviousOccurredEnd   Time                `json:"previous_occurred_end"`
	PreviousMentionedAt   Time                `json:"previous_mentioned_at"`
	ChangedAt             Time                `json:"changed_at"`
	NewSourceMemoryIDs    []string            `json:"new_source_memory_ids"`
	SourceFacts           []HistorySourceFact `json:"source_facts"`
}

// MemoryHistory returns an observation's changes, oldest first (empty for other types).
func (c *Client) MemoryHistory(ctx context.Context, bankID, memoryID string) ([]ObservationChange, error) {
	var out []ObservationChange
	if err := c.do(ctx, "GET", bankPath(bankID, "memories", esc(memoryID), "history"), nil, nil, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// ClearMemories deletes every memory of the bank, or only those of factType when set.
// The bank and its profile stay.
func (c *Client) ClearMemories(ctx context.Context, bankID, factType string) error {
	q := query{}
	q.str("type", factType)
	return c.do(ctx, "DELETE", bankPath(bankID, "memories"), q, nil, nil)
}

// ClearObservations deletes every observation of the bank.
func (c *Client) ClearObservations(ctx context.Context, bankID string) (*DeleteResult, error) {
	var out DeleteResult
	if err := c.do(ctx, "DELETE", bankPath(bankID, "observations"), nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
