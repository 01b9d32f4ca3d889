package client

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// Payloads shaped like the real server's. A recall answer carries every include section
// (entities, chunks, source facts) and a mix of fact types: observations with source
// fact ids and no document, facts with a document, chunk, metadata and some escaped or
// non-ASCII text; null fields are omitted, as the recall route does. A memory page
// carries every key of the list route, nulls included, with the comma-joined entities
// string and "" dates the list uses.

var benchTypes = [...]string{FactWorld, FactExperience, FactWorld, FactExperience, FactObservation}

func recallResultJSON(b *strings.Builder, i int, withScores bool) {
	typ := benchTypes[i%len(benchTypes)]
	day := i%28 + 1
	fmt.Fprintf(b, `{"id":"3f2b%04d-6c1e-4b8a-9d2f-5a7c8e9b%04d","text":"Alex mentioned on call %d that the quarterly planning offsite moved to Lisbon and that oat milk is a must for the coffee order.`, i, i, i)
	if i%10 == 3 {
		b.WriteString(` He said \"no more caf\u00e9 au lait\" and\nsigned off — à bientôt.`)
	}
	fmt.Fprintf(b, `","type":"%s"`, typ)
	if i%7 != 6 {
		b.WriteString(`,"entities":["Alex","Lisbon","Quarterly planning"]`)
	}
	fmt.Fprintf(b, `,"context":"weekly sync notes","occurred_start":"2026-10-%02dT09:00:00+00:00"`, day)
	if i%3 == 0 {
		fmt.Fprintf(b, `,"occurred_end":"2026-10-%02dT10:00:00+00:00"`, day)
	}
	fmt.Fprintf(b, `,"mentioned_at":"2026-10-%02dT09:30:00.123456+00:00"`, day)
	if typ == FactObservation {
		fmt.Fprintf(b, `,"metadata":{},"tags":["source:chat"],"source_fact_ids":["3f2b%04d-6c1e-4b8a-9d2f-5a7c8e9b%04d","3f2b%04d-6c1e-4b8a-9d2f-5a7c8e9b%04d"]`,
			i+1, i+1, i+2, i+2)
	} else {
		fmt.Fprintf(b, `,"document_id":"meeting-%d","chunk_id":"user-alex-prefs_meeting-%d_%d","metadata":{"channel":"slack","thread":"t-%d"},"tags":["source:chat","session:2026-10-%02d"]`,
			i/4, i/4, i%4, i, day)
	}
	if withScores {
		fmt.Fprintf(b, `,"scores":{"final":0.%03d,"reranker":0.%03d`, 999-i%1000, (i*11)%1000)
		if i%4 != 1 {
			fmt.Fprintf(b, `,"semantic":0.%03d`, (i*13)%1000)
		}
		if i%4 != 2 {
			fmt.Fprintf(b, `,"keyword":%d.25`, i%17)
		}
		b.WriteByte('}')
	}
	b.WriteByte('}')
}

func recallPayload(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"results":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		recallResultJSON(&b, i, true)
	}
	b.WriteString(`],"entities":{`)
	for i := 0; i < 40; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"Entity %d":{"entity_id":"9a1c%04d-2b3d-4e5f-8a9b-0c1d2e3f%04d","canonical_name":"Entity %d","observations":[]}`, i, i, i, i)
	}
	b.WriteString(`},"chunks":{`)
	for i := 0; i < 24; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"user-alex-prefs_meeting-%d_%d":{"id":"user-alex-prefs_meeting-%d_%d","text":"%s","chunk_index":%d,"truncated":%t}`,
			i/4, i%4, i/4, i%4, strings.Repeat(`Alex: the offsite moves to Lisbon.\nPriya: noted, I will book the venue. `, 16), i%4, i == 23)
	}
	b.WriteString(`},"source_facts":{`)
	for i := 0; i < 100; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		id := 5000 + i*5 // a world fact: no source ids of its own
		fmt.Fprintf(&b, `"3f2b%04d-6c1e-4b8a-9d2f-5a7c8e9b%04d":`, id, id)
		recallResultJSON(&b, id, false)
	}
	b.WriteString(`},"source_facts_truncated":false}`)
	return []byte(b.String())
}

func memoryPagePayload(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"items":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		day := i%28 + 1
		typ, entities, sources, doc, chunk := FactExperience, "Payments service, Priya, Deploy pipeline", `[]`,
			fmt.Sprintf(`"incident-%d"`, i/3), fmt.Sprintf(`"incident-%d_%d"`, i/3, i%3)
		switch i % 5 {
		case 1:
			typ = FactWorld
		case 2:
			entities = ""
		case 4:
			typ, doc, chunk = FactObservation, "null", "null"
			sources = fmt.Sprintf(`["3f2b%04d-6c1e-4b8a-9d2f-5a7c8e9b%04d","3f2b%04d-6c1e-4b8a-9d2f-5a7c8e9b%04d"]`, i+1, i+1, i+2, i+2)
		}
		occurred := "null"
		if i%2 == 0 {
			occurred = fmt.Sprintf(`"2026-09-%02dT13:50:00+00:00"`, day)
		}
		fmt.Fprintf(&b, `{"id":"3f2b%04d-6c1e-4b8a-9d2f-5a7c8e9b%04d","text":"The on-call engineer rolled back deploy %d of the payments service after p99 latency doubled.",`+
			`"context":"incident channel","date":"","fact_type":"%s","document_id":%s,"mentioned_at":"2026-09-%02dT14:05:00+00:00",`+
			`"occurred_start":%s,"occurred_end":null,"entities":"%s","chunk_id":%s,"proof_count":%d,`+
			`"tags":["team:payments","incident:inc-%d"],"metadata":{"severity":"sev2","source":"pagerduty"},"consolidated_at":"2026-09-%02dT15:00:00+00:00",`+
			`"consolidation_failed_at":null,"state":"valid","invalidation_reason":null,"invalidated_at":null,"edited_at":null,`+
			`"updated_at":"2026-09-%02dT14:05:00.482113+00:00","source_memory_ids":%s}`,
			i, i, i, typ, doc, day, occurred, entities, chunk, 1+i%4, i, day, day, sources)
	}
	fmt.Fprintf(&b, `],"total":%d,"limit":%d,"offset":0}`, n*3, n)
	return []byte(b.String())
}

// The Plain types hold the same fields as the client's, as the wire types they are,
// with no UnmarshalJSON of their own: the cost of plain encoding/json on these bytes.

type plainScores struct {
	Final    float64  `json:"final"`
	Reranker *float64 `json:"reranker"`
	Semantic *float64 `json:"semantic"`
	Keyword  *float64 `json:"keyword"`
}

type plainRecallResult struct {
	ID            string            `json:"id"`
	Text          string            `json:"text"`
	Type          string            `json:"type"`
	Entities      []string          `json:"entities"`
	Context       string            `json:"context"`
	OccurredStart time.Time         `json:"occurred_start"`
	OccurredEnd   time.Time         `json:"occurred_end"`
	MentionedAt   time.Time         `json:"mentioned_at"`
	DocumentID    string            `json:"document_id"`
	ChunkID       string            `json:"chunk_id"`
	Metadata      map[string]string `json:"metadata"`
	Tags          []string          `json:"tags"`
	SourceFactIDs []string          `json:"source_fact_ids"`
	Scores        *plainScores      `json:"scores"`
}

type plainRecallResponse struct {
	Results  []plainRecallResult `json:"results"`
	Trace    json.RawMessage     `json:"trace"`
	Entities map[string]struct {
		EntityID      string            `json:"entity_id"`
		CanonicalName string            `json:"canonical_name"`
		Observations  []json.RawMessage `json:"observations"`
	} `json:"entities"`
	Chunks map[string]struct {
		ID         string `json:"id"`
		Text       string `json:"text"`
		ChunkIndex int    `json:"chunk_index"`
		Truncated  bool   `json:"truncated"`
	} `json:"chunks"`
	SourceFacts          map[string]plainRecallResult `json:"source_facts"`
	SourceFactsTruncated bool                         `json:"source_facts_truncated"`
}

type plainMemory struct {
	ID                    string            `json:"id"`
	Text                  string            `json:"text"`
	Context               string            `json:"context"`
	Date                  string            `json:"date"` // "" when unset, which time.Time rejects
	FactType              string            `json:"fact_type"`
	DocumentID            string            `json:"document_id"`
	ChunkID               string            `json:"chunk_id"`
	MentionedAt           time.Time         `json:"mentioned_at"`
	OccurredStart         time.Time         `json:"occurred_start"`
	OccurredEnd           time.Time         `json:"occurred_end"`
	Entities              string            `json:"entities"` // comma-joined on the list route
	ProofCount            int               `json:"proof_count"`
	Tags                  []string          `json:"tags"`
	Metadata              map[string]string `json:"metadata"`
	ConsolidatedAt        time.Time         `json:"consolidated_at"`
	ConsolidationFailedAt time.Time         `json:"consolidation_failed_at"`
	State                 string            `json:"state"`
	InvalidationReason    string            `json:"invalidation_reason"`
	InvalidatedAt         time.Time         `json:"invalidated_at"`
	EditedAt              time.Time         `json:"edited_at"`
	UpdatedAt             time.Time         `json:"updated_at"`
	SourceMemoryIDs       []string          `json:"source_memory_ids"`
}

type plainMemoryList struct {
	Items  []plainMemory `json:"items"`
	Total  int           `json:"total"`
	Limit  int           `json:"limit"`
	Offset int           `json:"offset"`
}

// benchDecode times decode on data, checking each result with ok.
func benchDecode[T any](b *testing.B, data []byte, decode func([]byte, any) error, ok func(*T) bool) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		var v T
		if err := decode(data, &v); err != nil {
			b.Fatal(err)
		}
		if !ok(&v) {
			b.Fatal("decoded wrong")
		}
	}
}

func BenchmarkDecodeRecall1000(b *testing.B) {
	benchDecode(b, recallPayload(1000), decodeBody, func(r *RecallResponse) bool { return len(r.Results) == 1000 })
}

func BenchmarkDecodeRecall1000Plain(b *testing.B) {
	benchDecode(b, recallPayload(1000), json.Unmarshal, func(r *plainRecallResponse) bool { return len(r.Results) == 1000 })
}

func BenchmarkDecodeMemoryPage1000(b *testing.B) {
	asListMemories := func(data []byte, l any) error { return decodeBody(data, memoryPage{l.(*MemoryList), 1000}) } // Limit 1000
	benchDecode(b, memoryPagePayload(1000), asListMemories, func(l *MemoryList) bool {
		return len(l.Items) == 1000 && len(l.Items[999].Entities) == 3
	})
}

func BenchmarkDecodeMemoryPage1000Plain(b *testing.B) {
	benchDecode(b, memoryPagePayload(1000), json.Unmarshal, func(l *plainMemoryList) bool {
		return len(l.Items) == 1000 && l.Items[999].Entities != ""
	})
}

// TestBenchPayloadsDecode keeps the benchmark payloads honest: they decode fully, into
// the client's types and into the plain ones alike.
func TestBenchPayloadsDecode(t *testing.T) {
	var r RecallResponse
	if err := json.Unmarshal(recallPayload(3), &r); err != nil || len(r.Results) != 3 || r.Results[0].Scores.Keyword == nil || r.Results[2].Scores.Keyword != nil {
		t.Fatalf("recall payload: %v %+v", err, r.Results)
	}
	var l MemoryList
	if err := json.Unmarshal(memoryPagePayload(3), &l); err != nil || l.Total != 9 || l.Items[0].FactType != "experience" {
		t.Fatalf("memory payload: %v %+v", err, l.Items)
	}

	r = RecallResponse{}
	if err := json.Unmarshal(recallPayload(1000), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Entities) != 40 || len(r.Chunks) != 24 || len(r.SourceFacts) != 100 || !r.Chunks["user-alex-prefs_meeting-5_3"].Truncated {
		t.Errorf("recall include sections: %d entities, %d chunks, %d source facts", len(r.Entities), len(r.Chunks), len(r.SourceFacts))
	}
	obs, fact := r.Results[4], r.Results[3]
	if obs.Type != FactObservation || len(obs.SourceFactIDs) != 2 || obs.DocumentID != "" || obs.MentionedAt.IsZero() {
		t.Errorf("observation result: %+v", obs)
	}
	if fact.Metadata["channel"] != "slack" || fact.ChunkID == "" || fact.OccurredEnd.IsZero() || !strings.Contains(fact.Text, `"no more café au lait"`) {
		t.Errorf("fact result: %+v", fact)
	}
	var pr plainRecallResponse
	if err := json.Unmarshal(recallPayload(1000), &pr); err != nil || len(pr.Results) != 1000 || len(pr.SourceFacts) != 100 {
		t.Fatalf("plain recall: %v", err)
	}

	l = MemoryList{}
	if err := json.Unmarshal(memoryPagePayload(1000), &l); err != nil {
		t.Fatal(err)
	}
	if m := l.Items[4]; m.FactType != FactObservation || len(m.SourceMemoryIDs) != 2 || m.DocumentID != "" || len(m.Entities) != 3 {
		t.Errorf("observation item: %+v", m)
	}
	if m := l.Items[2]; len(m.Entities) != 0 || m.OccurredStart.IsZero() || m.Metadata["source"] != "pagerduty" || m.UpdatedAt.Nanosecond() != 482113000 {
		t.Errorf("fact item: %+v", m)
	}
	var pl plainMemoryList
	if err := json.Unmarshal(memoryPagePayload(1000), &pl); err != nil || len(pl.Items) != 1000 {
		t.Fatalf("plain memory page: %v", err)
	}
}
