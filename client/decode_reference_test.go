package client

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"time"
)

// The reference decoders: the lenient decoding as it was first written, one full
// encoding/json pass per attempt. They are slow but obviously right, so the fuzz tests
// hold the production decoders to exactly their results.

type refTime Time

var refTimeLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05.999999999",
	"2006-01-02 15:04:05.999999999Z07:00",
	"2006-01-02 15:04:05.999999999",
	"2006-01-02T15:04",
	"2006-01-02 15:04",
	"2006-01-02",
}

func (t *refTime) UnmarshalJSON(b []byte) error {
	*t = refTime{}
	if bytes.Equal(b, []byte("null")) {
		return nil
	}
	s, ok := refPlainString(b)
	if !ok {
		if err := json.Unmarshal(b, &s); err != nil {
			t.Raw = string(b)
			return nil
		}
	}
	t.Raw = s
	s = strings.TrimSpace(s)
	for _, l := range refTimeLayouts {
		if parsed, err := time.Parse(l, s); err == nil {
			t.Time = parsed
			break
		}
	}
	return nil
}

func refPlainString(b []byte) (string, bool) {
	if len(b) < 2 || b[0] != '"' || b[len(b)-1] != '"' {
		return "", false
	}
	inner := b[1 : len(b)-1]
	for _, c := range inner {
		if c == '\\' || c == '"' || c < 0x20 {
			return "", false
		}
	}
	return string(inner), true
}

type refStringMap map[string]string

func (m *refStringMap) UnmarshalJSON(b []byte) error {
	var plain map[string]string
	if err := json.Unmarshal(b, &plain); err == nil {
		*m = plain
		return nil
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	if raw == nil {
		*m = nil
		return nil
	}
	out := make(refStringMap, len(raw))
	for k, v := range raw {
		var s string
		if err := json.Unmarshal(v, &s); err == nil {
			out[k] = s
		} else if !bytes.Equal(v, []byte("null")) {
			out[k] = string(v)
		}
	}
	*m = out
	return nil
}

type refStrings []string

func (s *refStrings) UnmarshalJSON(b []byte) error {
	*s = nil
	b = bytes.TrimSpace(b)
	if len(b) == 0 || bytes.Equal(b, []byte("null")) {
		return nil
	}
	if b[0] == '"' {
		var joined string
		if err := json.Unmarshal(b, &joined); err != nil {
			return err
		}
		for _, p := range strings.Split(joined, ",") {
			if p = strings.TrimSpace(p); p != "" && p != "None" {
				*s = append(*s, p)
			}
		}
		return nil
	}
	var plain []string
	if err := json.Unmarshal(b, &plain); err == nil {
		*s = plain
		return nil
	}
	var items []any
	if err := json.Unmarshal(b, &items); err != nil {
		return err
	}
	for _, it := range items {
		switch v := it.(type) {
		case string:
			*s = append(*s, v)
		case nil:
		case float64:
			*s = append(*s, strconv.FormatFloat(v, 'f', -1, 64))
		default:
			raw, _ := json.Marshal(v)
			*s = append(*s, string(raw))
		}
	}
	return nil
}

type refSourceMemory struct {
	ID            string  `json:"id"`
	Text          string  `json:"text"`
	Type          string  `json:"type"`
	Context       string  `json:"context"`
	OccurredStart refTime `json:"occurred_start"`
	MentionedAt   refTime `json:"mentioned_at"`
}

type refMemoryFields struct {
	ID                    string            `json:"id"`
	Text                  string            `json:"text"`
	Context               string            `json:"context"`
	Date                  refTime           `json:"date"`
	FactType              string            `json:"fact_type"`
	DocumentID            string            `json:"document_id"`
	ChunkID               string            `json:"chunk_id"`
	MentionedAt           refTime           `json:"mentioned_at"`
	OccurredStart         refTime           `json:"occurred_start"`
	OccurredEnd           refTime           `json:"occurred_end"`
	Entities              refStrings        `json:"entities"`
	ProofCount            int               `json:"proof_count"`
	Tags                  []string          `json:"tags"`
	Metadata              refStringMap      `json:"metadata"`
	ConsolidatedAt        refTime           `json:"consolidated_at"`
	ConsolidationFailedAt refTime           `json:"consolidation_failed_at"`
	State                 string            `json:"state"`
	InvalidationReason    string            `json:"invalidation_reason"`
	InvalidatedAt         refTime           `json:"invalidated_at"`
	EditedAt              refTime           `json:"edited_at"`
	UpdatedAt             refTime           `json:"updated_at"`
	SourceMemoryIDs       []string          `json:"source_memory_ids"`
	SourceMemories        []refSourceMemory `json:"source_memories"`
	ObservationScopes     json.RawMessage   `json:"observation_scopes"`
}

type refMemoryWire struct {
	refMemoryFields
	Type string `json:"type"`
}

func (w refMemoryWire) memory() Memory {
	f := w.refMemoryFields
	m := Memory{
		ID: f.ID, Text: f.Text, Context: f.Context, Date: Time(f.Date), FactType: f.FactType,
		DocumentID: f.DocumentID, ChunkID: f.ChunkID, MentionedAt: Time(f.MentionedAt),
		OccurredStart: Time(f.OccurredStart), OccurredEnd: Time(f.OccurredEnd), Entities: Strings(f.Entities),
		ProofCount: f.ProofCount, Tags: f.Tags, Metadata: StringMap(f.Metadata), ConsolidatedAt: Time(f.ConsolidatedAt),
		ConsolidationFailedAt: Time(f.ConsolidationFailedAt), State: f.State, InvalidationReason: f.InvalidationReason,
		InvalidatedAt: Time(f.InvalidatedAt), EditedAt: Time(f.EditedAt), UpdatedAt: Time(f.UpdatedAt),
		SourceMemoryIDs: f.SourceMemoryIDs, ObservationScopes: f.ObservationScopes,
	}
	if f.SourceMemories != nil {
		m.SourceMemories = make([]SourceMemory, len(f.SourceMemories))
		for i, s := range f.SourceMemories {
			m.SourceMemories[i] = SourceMemory{ID: s.ID, Text: s.Text, Type: s.Type, Context: s.Context,
				OccurredStart: Time(s.OccurredStart), MentionedAt: Time(s.MentionedAt)}
		}
	}
	if m.FactType == "" {
		m.FactType = w.Type
	}
	if string(m.ObservationScopes) == "null" {
		m.ObservationScopes = nil
	}
	return m
}

// refMemory and refMemoryList decode as Memory and MemoryList did: their UnmarshalJSON
// runs a json.Unmarshal of its own into the wire shape, so through json.Unmarshal they
// get the body without leading whitespace, as the client's do() gave it to them.
type refMemory struct{ m Memory }

func (r *refMemory) UnmarshalJSON(b []byte) error {
	var w refMemoryWire
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	r.m = w.memory()
	return nil
}

type refMemoryList struct{ l MemoryList }

func (r *refMemoryList) UnmarshalJSON(b []byte) error {
	var w struct {
		Items []refMemoryWire `json:"items"`
		Page
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	r.l = MemoryList{Page: w.Page, Items: make([]Memory, len(w.Items))}
	for i := range w.Items {
		r.l.Items[i] = w.Items[i].memory()
	}
	return nil
}

// refDecodeMemory is what GetMemory returned for body b.
func refDecodeMemory(b []byte) (Memory, error) {
	var r refMemory
	err := json.Unmarshal(b, &r)
	return r.m, err
}

// refDecodeMemoryList is what ListMemories returned for body b.
func refDecodeMemoryList(b []byte) (MemoryList, error) {
	var r refMemoryList
	err := json.Unmarshal(b, &r)
	return r.l, err
}

type refRecallResult struct {
	ID            string       `json:"id"`
	Text          string       `json:"text"`
	Type          string       `json:"type"`
	Entities      []string     `json:"entities"`
	Context       string       `json:"context"`
	OccurredStart refTime      `json:"occurred_start"`
	OccurredEnd   refTime      `json:"occurred_end"`
	MentionedAt   refTime      `json:"mentioned_at"`
	DocumentID    string       `json:"document_id"`
	ChunkID       string       `json:"chunk_id"`
	Metadata      refStringMap `json:"metadata"`
	Tags          []string     `json:"tags"`
	SourceFactIDs []string     `json:"source_fact_ids"`
	Scores        *Scores      `json:"scores"`
}

func (r refRecallResult) result() RecallResult {
	return RecallResult{ID: r.ID, Text: r.Text, Type: r.Type, Entities: r.Entities, Context: r.Context,
		OccurredStart: Time(r.OccurredStart), OccurredEnd: Time(r.OccurredEnd), MentionedAt: Time(r.MentionedAt),
		DocumentID: r.DocumentID, ChunkID: r.ChunkID, Metadata: StringMap(r.Metadata), Tags: r.Tags,
		SourceFactIDs: r.SourceFactIDs, Scores: r.Scores}
}

// refDecodeRecall is what Recall returned for body b.
func refDecodeRecall(b []byte) (RecallResponse, error) {
	var w struct {
		Results              []refRecallResult          `json:"results"`
		Trace                json.RawMessage            `json:"trace"`
		Entities             map[string]RecallEntity    `json:"entities"`
		Chunks               map[string]ChunkData       `json:"chunks"`
		SourceFacts          map[string]refRecallResult `json:"source_facts"`
		SourceFactsTruncated bool                       `json:"source_facts_truncated"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return RecallResponse{}, err
	}
	r := RecallResponse{Trace: w.Trace, Entities: w.Entities, Chunks: w.Chunks, SourceFactsTruncated: w.SourceFactsTruncated}
	if w.Results != nil {
		r.Results = make([]RecallResult, len(w.Results))
		for i, x := range w.Results {
			r.Results[i] = x.result()
		}
	}
	if w.SourceFacts != nil {
		r.SourceFacts = make(map[string]RecallResult, len(w.SourceFacts))
		for k, x := range w.SourceFacts {
			r.SourceFacts[k] = x.result()
		}
	}
	if string(r.Trace) == "null" {
		r.Trace = nil
	}
	return r, nil
}
