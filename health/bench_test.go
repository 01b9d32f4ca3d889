package health

import (
	"context"
	"net/http"
	"testing"
	"time"

	"hindsight-tui/client/hindsighttest"
)

// BenchmarkRunLargeBank runs the checks on a bank of 100,000 generated memories, whole
// and one check at a time, and reports the requests each makes (counted by a
// RoundTripper under the client) beside the time.
func BenchmarkRunLargeBank(b *testing.B) {
	srv := hindsighttest.NewServer(hindsighttest.WithClock(func() time.Time { return epoch }),
		hindsighttest.WithSyntheticMemories("big", 100_000))
	defer srv.Close()
	ctx := context.Background()
	bench := func(b *testing.B, one func(r *run)) {
		cnt := &counter{byOp: map[string]int{}, next: http.DefaultTransport}
		c := newClient(b, srv.URL(), cnt)
		for b.Loop() {
			one(&run{ctx: ctx, c: c, bank: "big", timeout: time.Minute, opts: Options{ProbeLLM: true}})
		}
		b.ReportMetric(float64(cnt.total())/float64(b.N), "requests/op")
	}
	b.Run("all", func(b *testing.B) {
		bench(b, func(r *run) {
			for _, f := range checks() {
				f.run(r)
			}
		})
	})
	for _, f := range checks() {
		b.Run(f.id, func(b *testing.B) { bench(b, func(r *run) { f.run(r) }) })
	}
}
