package neighbourhood

import (
	"context"
	"testing"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// BenchmarkHop opens a tagged memory's neighbourhood in a 100,000-memory bank and hops
// to a neighbour, over HTTP to the stand-in. It reports the requests per hop (bounded
// by maxRequests whatever the bank's size), the merged memories per hop (bounded by
// the scopes' limit) and the View time of the result.
func BenchmarkHop(b *testing.B) {
	srv := uitest.Server(b, hindsighttest.WithSyntheticMemories("big", 100_000))
	rec := &uitest.Recorder{}
	m, h := uitest.Demo(b, New, uitest.OnServer(srv), uitest.Bank("big"), uitest.WithClient(rec.Option()))
	l, err := h.C.Client.ListMemories(context.Background(), "big",
		client.ListMemoriesParams{Tags: []string{"source:slack"}, TagsMatch: "any_strict", Limit: 1})
	if err != nil || len(l.Items) == 0 {
		b.Fatal(err)
	}
	start := l.Items[0].ID
	var views time.Duration
	frames, hops, nodes := 0, 0, 0
	rec.Reset()
	b.ResetTimer()
	for range b.N {
		h.Deliver(common.ShowNeighbourhoodMsg{BankID: "big", MemoryID: start})
		h.Keys("j", "enter")
		if len(m.trail) != 2 {
			b.Fatalf("trail %d", len(m.trail))
		}
		hops += 2
		for _, s := range m.trail {
			nodes += s.h.Nodes
		}
		t0 := time.Now()
		_ = m.View()
		views += time.Since(t0)
		frames++
	}
	b.StopTimer()
	perHop := float64(len(rec.All())) / float64(hops)
	if perHop > maxRequests {
		b.Fatalf("%.1f requests per hop", perHop)
	}
	b.ReportMetric(perHop, "requests/hop")
	b.ReportMetric(float64(nodes)/float64(hops), "memories/hop")
	b.ReportMetric(float64(views.Nanoseconds())/float64(frames), "ns/view")
}

// BenchmarkMergeView merges a synthetic graph answer of 100,000 memories, each linked
// to the centre, and draws it: the cost of a neighbourhood far larger than the
// scopes ever return.
func BenchmarkMergeView(b *testing.B) {
	const n = 100_000
	centre := &client.Memory{ID: "centre", Text: "the centre", FactType: client.FactWorld}
	g := &client.MemoryGraph{TotalUnits: n, Limit: n}
	g.Nodes = append(g.Nodes, client.GraphNode{ID: "centre", Text: "the centre"})
	types := []string{client.LinkSemantic, client.LinkTemporal, client.LinkEntity, client.LinkCausedBy}
	for i := range n {
		id := "m" + string(rune('a'+i%26)) + itoa(i)
		g.Nodes = append(g.Nodes, client.GraphNode{ID: id, Text: "memory " + id})
		g.TableRows = append(g.TableRows, client.GraphRow{ID: id, FactType: client.FactWorld})
		lt := types[i%len(types)]
		e := client.GraphEdge{ID: "centre-" + id + "-" + lt, Source: "centre", Target: id, LinkType: lt, Weight: float64(i%100) / 100}
		if lt == client.LinkEntity {
			e.EntityName = "Alex"
		}
		g.Edges = append(g.Edges, e)
	}
	m, _ := uitest.Demo(b, New)
	var merges, settles, views time.Duration
	b.ResetTimer()
	for range b.N {
		t0 := time.Now()
		hd := merge(centre, []*client.MemoryGraph{g})
		hd.Requests = 1
		t1 := time.Now()
		m.trail = []*step{{h: hd, cursor: n / 2}}
		m.settle()
		t2 := time.Now()
		_ = m.View()
		merges, settles, views = merges+t1.Sub(t0), settles+t2.Sub(t1), views+time.Since(t2)
	}
	b.ReportMetric(float64(merges.Nanoseconds())/float64(b.N), "ns/merge")
	b.ReportMetric(float64(settles.Nanoseconds())/float64(b.N), "ns/settle")
	b.ReportMetric(float64(views.Nanoseconds())/float64(b.N), "ns/view")
}

func itoa(i int) string {
	var buf [20]byte
	p := len(buf)
	for {
		p--
		buf[p] = byte('0' + i%10)
		i /= 10
		if i == 0 {
			return string(buf[p:])
		}
	}
}
