package client

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// Payloads shaped like the real server's: recall results with scores, entities, tags and
// metadata; memory list items with every key of the list route, nulls included.

func recallPayload(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"results":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":"3f2b%04d-6c1e-4b8a-9d2f-5a7c8e9b%04d","text":"Alex mentioned on call %d that the quarterly planning offsite moved to Lisbon and that oat milk is a must for the coffee order.",`+
			`"type":"world","entities":["Alex","Lisbon","Quarterly planning"],"context":"weekly sync notes","occurred_start":"2026-10-%02dT09:00:00+00:00",`+
			`"mentioned_at":"2026-10-%02dT09:30:00.123456+00:00","document_id":"meeting-%d","chunk_id":"user-alex-prefs_meeting-%d_0",`+
			`"metadata":{"channel":"slack","thread":"t-%d"},"tags":["source:chat","session:2026-10-%02d"],`+
			`"scores":{"final":0.%03d,"reranker":0.%03d,"semantic":0.%03d,"keyword":%d.25}}`,
			i, i, i, i%28+1, i%28+1, i, i, i, i%28+1, (i*7)%1000, (i*11)%1000, (i*13)%1000, i%17)
	}
	b.WriteString(`],"entities":{"Alex":{"entity_id":"e1","canonical_name":"Alex","observations":[]}}}`)
	return []byte(b.String())
}

func memoryPagePayload(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"items":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":"3f2b%04d-6c1e-4b8a-9d2f-5a7c8e9b%04d","text":"The on-call engineer rolled back deploy %d of the payments service after p99 latency doubled.",`+
			`"context":"incident channel","date":"","fact_type":"experience","document_id":"incident-%d","mentioned_at":"2026-09-%02dT14:05:00+00:00",`+
			`"occurred_start":null,"occurred_end":null,"entities":"Payments service, Priya, Deploy pipeline","chunk_id":null,"proof_count":1,`+
			`"tags":["team:payments","incident:inc-%d"],"metadata":{"severity":"sev2"},"consolidated_at":"2026-09-%02dT15:00:00+00:00",`+
			`"consolidation_failed_at":null,"state":"valid","invalidation_reason":null,"invalidated_at":null,"edited_at":null,`+
			`"updated_at":"2026-09-%02dT14:05:00+00:00","source_memory_ids":[]}`,
			i, i, i, i, i%28+1, i, i%28+1, i%28+1)
	}
	fmt.Fprintf(&b, `],"total":%d,"limit":%d,"offset":0}`, n*3, n)
	return []byte(b.String())
}

func BenchmarkDecodeRecall1000(b *testing.B) {
	data := recallPayload(1000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		var r RecallResponse
		if err := json.Unmarshal(data, &r); err != nil {
			b.Fatal(err)
		}
		if len(r.Results) != 1000 {
			b.Fatal(len(r.Results))
		}
	}
}

func BenchmarkDecodeMemoryPage1000(b *testing.B) {
	data := memoryPagePayload(1000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		var l MemoryList
		if err := json.Unmarshal(data, &l); err != nil {
			b.Fatal(err)
		}
		if len(l.Items) != 1000 || len(l.Items[999].Entities) != 3 {
			b.Fatal("decoded wrong")
		}
	}
}

// TestBenchPayloadsDecode keeps the benchmark payloads honest: they decode fully.
func TestBenchPayloadsDecode(t *testing.T) {
	var r RecallResponse
	if err := json.Unmarshal(recallPayload(3), &r); err != nil || len(r.Results) != 3 || r.Results[2].Scores.Keyword == nil {
		t.Fatalf("recall payload: %v %+v", err, r)
	}
	var l MemoryList
	if err := json.Unmarshal(memoryPagePayload(3), &l); err != nil || l.Total != 9 || l.Items[0].FactType != "experience" {
		t.Fatalf("memory payload: %v %+v", err, l)
	}
}
