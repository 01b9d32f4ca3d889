package reflect

import (
	"fmt"
	"testing"

	"hindsight-tui/ui/uitest"
)

// longTranscript is a focused pane (the main pane of a 120x40 terminal) with a
// 200-turn transcript: real demo answers with their evidence, every tenth one
// expanded, each turn its own answer id (so each is rendered and cached on its own).
func longTranscript(b *testing.B) (*uitest.Host, *Model) {
	b.Helper()
	m, h := uitest.Demo(b, New)
	m.cur.params.tools = true
	questions := []string{tokyoQuestion, "How does Alex take coffee?", "When is Alex's half marathon?",
		"What does Alex avoid eating?", "Who is Jordan?"}
	for _, q := range questions {
		ask(h, m, q)
	}
	answered := m.cur.turns
	turns := make([]*turn, 200)
	for i := range turns {
		src := answered[i%len(answered)]
		m.nextTurn++
		t := &turn{id: m.nextTurn, question: fmt.Sprintf("%s (%d)", src.question, i), req: src.req, asked: src.asked}
		t.setAnswer(src.resp)
		t.expanded = i%10 == 0
		turns[i] = t
	}
	m.cur.turns = turns
	m.cur.sel, m.cur.follow = selection{turn: 199, item: -1}, true
	h.Keys("esc")
	return h, m
}

// BenchmarkView is one frame of the transcript's end with 200 turns loaded and the
// visible answers already rendered.
func BenchmarkView(b *testing.B) {
	_, m := longTranscript(b)
	_ = m.View()
	renders := m.md.renders
	uitest.BenchView(b, m)
	if m.md.renders != renders {
		b.Fatal("View rendered markdown")
	}
}

// BenchmarkViewMiddle is one frame scrolled to the middle of the transcript.
func BenchmarkViewMiddle(b *testing.B) {
	h, m := longTranscript(b)
	h.Keys("g")
	for range 100 {
		h.Keys("j")
	}
	uitest.BenchView(b, m)
}

// BenchmarkResize is a width change with 200 turns: the answers in view are rendered
// at the new width and the frame drawn. Each iteration takes a width the cache does
// not hold, so every one is a real re-render.
func BenchmarkResize(b *testing.B) {
	_, m := longTranscript(b)
	_, ht := uitest.PaneSize(120, 40)
	renders := m.md.renders
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		m.SetSize(70+i%16, ht)
		_ = m.View()
		i++
	}
	b.ReportMetric(float64(m.md.renders-renders)/float64(i), "renders/op")
}

// BenchmarkResizeCached is a width change back to a width the cache holds.
func BenchmarkResizeCached(b *testing.B) {
	_, m := longTranscript(b)
	_, ht := uitest.PaneSize(120, 40)
	m.SetSize(80, ht)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		m.SetSize(80+8*(i%2), ht)
		_ = m.View()
		i++
	}
}

// BenchmarkRenderAnswer is one glamour render of a demo answer, the unit a resize
// pays per answer in view.
func BenchmarkRenderAnswer(b *testing.B) {
	_, m := longTranscript(b)
	md := m.cur.turns[0].answer
	r := newRenderer(variant{width: 86, dark: true})
	b.ReportAllocs()
	for b.Loop() {
		_ = renderMarkdown(r, md, 86)
	}
}

// BenchmarkKeypress is one key typed into the composer with 200 turns loaded: Update,
// the layout it leads to, and the frame after it.
func BenchmarkKeypress(b *testing.B) {
	h, m := longTranscript(b)
	h.Keys("i")
	uitest.BenchKeys(b, m, "x", "backspace")
}

// BenchmarkOpenToolCall is enter on a tool call of the newest turn, twice (open, then
// closed), with 200 turns loaded: its input and output are laid out again each time.
func BenchmarkOpenToolCall(b *testing.B) {
	h, m := longTranscript(b)
	t := m.cur.turns[199]
	t.expanded = true
	t.rev++
	m.cur.sel.item = len(t.evidence) - 1 // the last tool call
	h.Keys("k", "j")
	uitest.BenchKeys(b, m, "enter", "enter")
}

// BenchmarkSetAnswer is an answer with evidence and a trace with outputs made ready to
// draw: sanitized, its tool calls' JSON decoded and indented.
func BenchmarkSetAnswer(b *testing.B) {
	_, m := longTranscript(b)
	resp := m.cur.turns[0].resp
	b.ReportAllocs()
	for b.Loop() {
		var t turn
		t.setAnswer(resp)
	}
}

// BenchmarkCompareView is one frame of a comparison's result (A and B side by side),
// and BenchmarkCompareScroll one line of scrolling it: the layout is rebuilt per key
// from the cached markdown, never rendered again.
func BenchmarkCompareView(b *testing.B) {
	m, h := uitest.Demo(b, New)
	ask(h, m, tokyoQuestion)
	h.Keys("esc", "c", "space", "enter")
	uitest.BenchView(b, m)
}

func BenchmarkCompareScroll(b *testing.B) {
	m, h := uitest.Demo(b, New)
	ask(h, m, tokyoQuestion)
	h.Keys("esc", "c", "space", "enter")
	renders := m.md.renders
	b.ResetTimer()
	for i := range b.N {
		if i%2 == 0 {
			h.Keys("j")
		} else {
			h.Keys("k")
		}
	}
	b.StopTimer()
	if m.md.renders != renders {
		b.Fatal("scrolling rendered markdown")
	}
}
