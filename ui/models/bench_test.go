package models

import (
	"fmt"
	"strings"
	"testing"

	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// bigMarkdown is about n bytes of the markdown a long model holds: headings,
// paragraphs, bullets with emphasis and code, and a table per section.
func bigMarkdown(n int) string {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "## Finding %d\n\n", i+1)
		fmt.Fprintf(&b, "Run %d compared **chunk sizes** on SupportDocs-QA; the `bge-large-en-v1.5` retriever "+
			"with 512-token chunks reached recall@10 of 0.%02d, and reranking the top 50 raised context precision.\n\n", i, 70+i%25)
		fmt.Fprintf(&b, "- owner: team %d, reviewed by _Nadia_\n- status: `done`\n- follow-up: rerun with ColBERTv2 (exp-%03d)\n\n", i%7, i)
		b.WriteString("| metric | before | after |\n|---|---|---|\n| recall@10 | 0.71 | 0.78 |\n| MRR | 0.52 | 0.61 |\n\n")
	}
	return b.String()
}

// openBig is the pane of a 120x40 terminal with a model of about 50 KB of markdown
// open, from a stand-in seeded with it, its content drawn once.
func openBig(b *testing.B) (*uitest.Host, *Model) {
	b.Helper()
	content := bigMarkdown(50 << 10)
	seed := &hindsighttest.Seed{Banks: []hindsighttest.SeedBank{{
		BankID: "bench", Name: "Bench", CreatedAt: "2026-10-01T00:00:00Z",
		Models: []hindsighttest.SeedMentalModel{{ID: "big", Name: "Big model", SourceQuery: "What did the runs show?",
			Content: content, LastRefreshedAt: "2026-11-01T00:00:00Z"}},
	}}}
	m, h := uitest.Demo(b, New, uitest.Seed(hindsighttest.WithSeed(seed)), uitest.Bank("bench"))
	h.Keys("enter")
	if m.det.model == nil || len(m.det.model.Content) < 50<<10 || m.md.Renders() != 1 {
		b.Fatalf("big model not open: %d bytes, %d renders", len(m.det.model.Content), m.md.Renders())
	}
	return h, m
}

// BenchmarkDetailViewCached is one frame of a 50 KB model's detail with its markdown
// cached: what a spinner tick or a toast costs while it is open.
func BenchmarkDetailViewCached(b *testing.B) {
	_, m := openBig(b)
	renders := m.md.Renders()
	uitest.BenchView(b, m)
	if m.md.Renders() != renders {
		b.Fatal("View rendered markdown")
	}
}

// BenchmarkDetailScrollCached is one scroll step and the frame after it, from the
// cache.
func BenchmarkDetailScrollCached(b *testing.B) {
	_, m := openBig(b)
	renders := m.md.Renders()
	uitest.BenchKeys(b, m, "J", "K")
	if m.md.Renders() != renders {
		b.Fatal("scrolling rendered markdown")
	}
}

// BenchmarkDetailFirstRender is the first drawing of a 50 KB model: the cache cold
// (no renderer for the width either), the glamour render, the layout and a frame.
func BenchmarkDetailFirstRender(b *testing.B) {
	_, m := openBig(b)
	b.ReportAllocs()
	for b.Loop() {
		m.md = components.NewMarkdownCache()
		m.settle()
		_ = m.View()
	}
	if m.md.Renders() != 1 {
		b.Fatalf("%d renders in the last op", m.md.Renders())
	}
}

// BenchmarkDetailRenderWarmRenderer is the same with the width's renderer kept: what
// opening another model at the same width costs.
func BenchmarkDetailRenderWarmRenderer(b *testing.B) {
	_, m := openBig(b)
	b.ReportAllocs()
	for b.Loop() {
		m.md.Forget()
		m.settle()
		_ = m.View()
	}
}
