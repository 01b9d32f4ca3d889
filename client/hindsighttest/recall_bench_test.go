package hindsighttest

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// recallBench is a server with a bank "bench" of 100,000 memories, and do, which sends
// it one recall end to end. The recall has been answered once, so the index is built.
func recallBench(b *testing.B) (s *Server, do func() *httptest.ResponseRecorder) {
	b.Helper()
	s, err := newServer(WithSyntheticMemories("bench", 100_000), WithClock(func() time.Time { return testEpoch }))
	if err != nil {
		b.Fatal(err)
	}
	h := s.Handler()
	body := []byte(`{"query": "What did Alice Chen say about the billing review?", "budget": "mid"}`)
	do = func() *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodPost, "/v1/default/banks/bench/memories/recall", bytes.NewReader(body))
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	if rec := do(); rec.Code != http.StatusOK {
		b.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	return s, do
}

// BenchmarkRecall100k measures one recall handled end to end (routing, validation,
// ranking, response encoding) against a bank of 100,000 memories. The index is built
// before the timer starts, as it would be after the first recall following a write.
func BenchmarkRecall100k(b *testing.B) {
	_, do := recallBench(b)
	b.ReportAllocs()
	for b.Loop() {
		do()
	}
}

// BenchmarkRecall100kColdTerms is BenchmarkRecall100k with the semantic lane's cache
// of related terms emptied before every recall, as for a query whose words the bank
// has not been asked about since its last write.
func BenchmarkRecall100kColdTerms(b *testing.B) {
	s, do := recallBench(b)
	b.ReportAllocs()
	for b.Loop() {
		s.mu.Lock()
		clear(s.store.banks["bench"].index.sem.related)
		s.mu.Unlock()
		do()
	}
}

// BenchmarkSearchIndex100k measures building a 100,000-memory bank's index, which the
// first recall after a write pays.
func BenchmarkSearchIndex100k(b *testing.B) {
	s, err := newServer(WithSyntheticMemories("bench", 100_000), WithClock(func() time.Time { return testEpoch }))
	if err != nil {
		b.Fatal(err)
	}
	bank := s.store.banks["bench"]
	b.ReportAllocs()
	for b.Loop() {
		buildSearchIndex(bank)
	}
}
