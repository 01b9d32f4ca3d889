package reflect

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/styles"
	"hindsight-tui/ui/uitest"
)

// askAll asks each question and checks it was answered.
func askAll(t *testing.T, h *uitest.Host, m *Model, questions ...string) {
	t.Helper()
	for _, q := range questions {
		ask(h, m, q)
		if tn := m.cur.turns[len(m.cur.turns)-1]; tn.state != turnAnswered {
			t.Fatalf("%q: %v %s", q, tn.state, tn.reason)
		}
	}
}

// TestRenderCache: an answer is rendered once per width and theme; drawing again,
// moving the selection or expanding the evidence reads the cache.
func TestRenderCache(t *testing.T) {
	// A pane tall enough that every answer is in view, so every answer is rendered.
	m, h := uitest.Demo(t, New, uitest.Size(100, 400))
	askAll(t, h, m, "How does Alex take coffee?", tokyoQuestion, "When is Alex's half marathon?")
	if m.md.renders != 3 {
		t.Fatalf("%d renders for 3 answers", m.md.renders)
	}
	hits := m.md.hits
	for range 5 {
		_ = uitest.View(t, m)
	}
	h.Keys("esc", "k", "k", "space", "j", "G")
	m.SetSize(100, 400) // same size: nothing to do
	if m.md.renders != 3 {
		t.Fatalf("%d renders after redraws and moves", m.md.renders)
	}
	if m.md.hits <= hits {
		t.Fatal("selection changes rebuilt the turns without reading the render cache")
	}
}

// TestResizeRendersOncePerWidth: a new width re-renders each answer in view exactly
// once; going back to a width seen before costs nothing; a theme switch re-renders
// once more.
func TestResizeRendersOncePerWidth(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.Size(100, 400))
	askAll(t, h, m, "How does Alex take coffee?", tokyoQuestion, "When is Alex's half marathon?")
	base := m.md.renders
	// 80 and 60 are new widths; 100 was the first; the cache keeps all three.
	for _, step := range []struct{ width, more int }{{80, 3}, {80, 3}, {60, 6}, {100, 6}, {80, 6}, {60, 6}} {
		w := step.width
		m.SetSize(w, 400)
		_ = uitest.View(t, m)
		if want := base + step.more; m.md.renders != want {
			t.Fatalf("after width %d: %d renders, want %d", w, m.md.renders, want)
		}
	}
	base = m.md.renders
	m.c.Styles = styles.New(false)
	m.SetStyles(m.c.Styles)
	if m.md.renders != base+3 {
		t.Fatalf("theme switch: %d renders, want %d", m.md.renders, base+3)
	}
	m.SetSize(60, 400)
	if m.md.renders != base+3 {
		t.Fatal("the light theme was rendered twice")
	}
}

// TestOnlyVisibleAnswersRender: a resize re-renders the answers in view, not the whole
// transcript; moving up renders the rest as they come into view, each once.
func TestOnlyVisibleAnswersRender(t *testing.T) {
	m, h := uitest.Demo(t, New)
	questions := []string{"How does Alex take coffee?", tokyoQuestion, "When is Alex's half marathon?",
		"Who is Jordan?", "What does Alex avoid eating?", "Where does Alex go bouldering?"}
	askAll(t, h, m, questions...)
	base := m.md.renders
	m.SetSize(uitest.PaneSize(100, 40)) // the terminal narrows
	visible := m.md.renders - base
	if visible == 0 || visible >= len(questions) {
		t.Fatalf("a resize rendered %d of %d answers", visible, len(questions))
	}
	h.Keys("esc")
	for i := 0; m.cur.sel.turn > 0 && i < 100; i++ {
		h.Keys("k")
	}
	if got := m.md.renders - base; got != len(questions) {
		t.Fatalf("after scrolling to the top %d answers are rendered at the new width, want %d", got, len(questions))
	}
	if m.cur.sel.turn != 0 || !strings.Contains(uitest.Plain(uitest.View(t, m)), "How does Alex take coffee?") {
		t.Fatal("k did not reach the first turn")
	}
}

func TestRenderMarkdownIsExactWidth(t *testing.T) {
	md := "# Heading\n\nSome **bold** text with 好きな店: 鮨 さいとう 🍣 and a [link](https://example.com).\n\n- one\n- two\n\n```go\nfmt.Println(\"x\")\n```"
	for _, dark := range []bool{true, false} {
		v := variant{width: 40, dark: dark}
		lines := renderMarkdown(newRenderer(v), md, v.width)
		if len(lines) < 5 {
			t.Fatalf("%d lines", len(lines))
		}
		for i, l := range lines {
			if w := ansi.StringWidth(l); w != 40 {
				t.Errorf("line %d is %d wide: %q", i, w, uitest.Plain(l))
			}
			if strings.Contains(l, "\x1b]8;") {
				t.Errorf("line %d keeps a hyperlink", i)
			}
		}
		if !strings.Contains(uitest.Plain(strings.Join(lines, "\n")), "https://example.com") {
			t.Error("the link's URL is not shown")
		}
	}
}

func TestStripHyperlinks(t *testing.T) {
	for in, want := range map[string]string{
		"plain": "plain",
		"a \x1b]8;id=1;https://x\x1b\\link\x1b]8;;\x1b\\ b": "a link b",
		"a \x1b]8;;https://x\alink\x1b]8;;\a b":             "a link b",
		"cut \x1b]8;;https://x":                             "cut ",
	} {
		if got := stripHyperlinks(in); got != want {
			t.Errorf("stripHyperlinks(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestRenderMarkdownKeepsEveryWord: glamour's wrapping can run a cell past its width;
// such a line is wrapped again, never cut.
func TestRenderMarkdownKeepsEveryWord(t *testing.T) {
	item := "Nadia expects summaries as tables with every claim tied to an arXiv ID or experiment, and a paper about judge trustworthiness rather than a new metric. (2026-10-27)"
	md := "Key facts:\n- " + item + "\n- short"
	for _, w := range []int{86, 56, 40, 30} {
		lines := renderMarkdown(newRenderer(variant{width: w, dark: true}), md, w)
		text := uitest.Plain(strings.Join(lines, " "))
		if strings.Contains(text, "…") {
			t.Errorf("width %d: a line was cut:\n%s", w, uitest.Plain(strings.Join(lines, "\n")))
		}
		// glamour may break a word at a hyphen: compare without the spaces.
		squeezed := strings.Join(strings.Fields(text), "")
		for _, word := range strings.Fields(item) {
			if !strings.Contains(squeezed, word) {
				t.Errorf("width %d: %q is missing", w, word)
			}
		}
	}
}
