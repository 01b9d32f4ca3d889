package tail

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/ui/uitest"
)

// benchEvents are n events as polls make them: a third each of operations, audited
// recalls (with their query and the kept JSON) and LLM errors, one a second.
func benchEvents(n int) []Event {
	evs := make([]Event, 0, n)
	q := strings.Repeat("what did the agent recall about the lease renewal ", 2)
	for i := range n {
		at := uitest.Now.Add(-time.Duration(i) * time.Second)
		var e Event
		switch i % 3 {
		case 0:
			e = operationEvent("bench", &client.Operation{ID: fmt.Sprintf("op-%05d", i), TaskType: "batch_retain",
				Status: client.StatusCompleted, ItemsCount: 3, CreatedAt: client.Time{Time: at}, UpdatedAt: client.Time{Time: at}})
		case 1:
			d := int64(120)
			e = auditEvent(&client.AuditLogEntry{ID: fmt.Sprintf("au-%05d", i), Action: "recall", Transport: "http",
				BankID: "bench", StartedAt: client.Time{Time: at}, DurationMS: &d,
				Request: []byte(`{"query":"` + q + `","budget":"mid","max_tokens":4096}`), Response: []byte(`{"results":[]}`)})
		default:
			e = llmEvent("bench", &client.LLMRequest{ID: fmt.Sprintf("llm-%05d", i), Operation: "consolidation",
				Scope: "consolidation", Provider: "groq", Model: "llama-3.3-70b-versatile", Status: client.LLMStatusError,
				StartedAt: client.Time{Time: at}, Error: "RateLimitError: 429 Too Many Requests"})
		}
		evs = append(evs, e)
	}
	return evs
}

// benchPane is a focused tail the size of a 120x40 terminal's main area, on every
// bank, holding MaxEvents events.
func benchPane(b *testing.B) *Model {
	b.Helper()
	m := New(uitest.NewCommon(b, nil))
	m.SetSize(uitest.PaneSize(120, 40))
	m.all, m.focused, m.polled = true, true, true
	m.ring.Add(benchEvents(MaxEvents))
	m.refilter()
	m.settle()
	if m.ring.Len() != MaxEvents {
		b.Fatalf("%d events", m.ring.Len())
	}
	return m
}

// BenchmarkView is one frame of the tail holding 10,000 events.
func BenchmarkView(b *testing.B) { uitest.BenchView(b, benchPane(b)) }

// BenchmarkViewFiltered is a frame with operations hidden (the filter's rows are
// settled in Update, so View still draws only the rows in view).
func BenchmarkViewFiltered(b *testing.B) {
	m := benchPane(b)
	m.toggleKind(KindOperation)
	m.settle()
	uitest.BenchView(b, m)
}

// BenchmarkPoll is one poll's answer merged into the full ring: 150 events (three
// pages of 50), 3 of them new, and the rows settled again.
func BenchmarkPoll(b *testing.B) {
	m := benchPane(b)
	fresh := benchEvents(150)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		for j := range 3 {
			fresh[j].ID = fmt.Sprintf("new-%d-%d", i, j)
			fresh[j].At = uitest.Now.Add(time.Duration(i) * time.Second)
		}
		m.ring.Add(fresh)
		m.refilter()
		m.settle()
	}
}

// BenchmarkRetained reports the heap the ring holds with 10,000 events, their text
// and kept JSON included (retained-B), measured after a GC before building them and
// after filling the ring (the polls' answers gone).
func BenchmarkRetained(b *testing.B) {
	var total uint64
	for b.Loop() {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		r := NewRing(MaxEvents)
		r.Add(benchEvents(MaxEvents))
		runtime.GC()
		runtime.ReadMemStats(&after)
		total += after.HeapAlloc - before.HeapAlloc
		runtime.KeepAlive(r)
	}
	b.ReportMetric(float64(total)/float64(b.N), "retained-B")
}
