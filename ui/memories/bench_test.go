package memories

import (
	"runtime"
	"testing"
	"time"

	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/uitest"
)

// BenchmarkViewScroll draws the pane over a 100,000-memory bank while paging to the
// end. It reports the View time per frame and the peak heap in use over the scroll,
// which stays bounded because only maxPages pages are held.
func BenchmarkViewScroll(b *testing.B) {
	srv := uitest.Server(b, hindsighttest.WithSyntheticMemories("big", 100_000))
	m, r := uitest.Demo(b, New, uitest.OnServer(srv), uitest.Bank("big"))
	var ms runtime.MemStats
	var peak, retained uint64
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base, baseAlloc := ms.HeapInuse, ms.HeapAlloc // the test server's 100,000 memories and the first pages
	var viewTime, cachedTime time.Duration
	frames := 0
	b.ResetTimer()
	for range b.N {
		r.Keys("g")
		for m.cursor < m.win.total-1 {
			r.Keys("pgdown")
			start := time.Now()
			_ = m.View()
			mid := time.Now()
			_ = m.View() // a second frame of the same state: rows come from the cache
			viewTime += mid.Sub(start)
			cachedTime += time.Since(mid)
			frames++
			if frames%100 == 0 {
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapInuse)
			}
			if frames%1000 == 0 { // what survives a collection: the server and the window
				runtime.GC()
				runtime.ReadMemStats(&ms)
				retained = max(retained, ms.HeapAlloc)
			}
			if len(m.win.pages) > maxPages {
				b.Fatalf("%d pages held", len(m.win.pages))
			}
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(viewTime.Nanoseconds())/float64(frames), "ns/new-rows-view")
	b.ReportMetric(float64(cachedTime.Nanoseconds())/float64(frames), "ns/cached-view")
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
	b.ReportMetric(float64(peak-min(base, peak))/(1<<20), "peak-over-base-MiB")
	b.ReportMetric(float64(retained-min(baseAlloc, retained))/(1<<20), "retained-over-base-MiB")
}
