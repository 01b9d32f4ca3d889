package components

import (
	"math/rand"
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/keymap"
	"hindsight-tui/styles"
)

// prose returns lines of plausible text, about 60 to 120 characters each, until it
// has n lines or (when n is 0) at least size bytes.
func prose(n, size int) string {
	rng := rand.New(rand.NewSource(1))
	words := strings.Fields(`the agent remembered that Alex prefers oat milk in the morning and
		asked whether the meeting in Lisbon moved to Thursday because the team wanted more
		time to review what the memory bank learned from last week's retrospective notes`)
	var out strings.Builder
	for i := 0; n > 0 && i < n || n == 0 && out.Len() < size; i++ {
		if i > 0 {
			out.WriteByte('\n')
		}
		target, start := 60+rng.Intn(61), out.Len()
		for out.Len()-start < target-8 {
			if out.Len() > start {
				out.WriteByte(' ')
			}
			out.WriteString(words[rng.Intn(len(words))])
		}
	}
	return out.String()
}

func benchEditor(text string) *Editor {
	e := NewEditor(styles.New(true), keymap.DefaultEditorKeyMap())
	e.SetSize(80, 24)
	e.SetValue(text)
	e.Focus()
	return e
}

// BenchmarkEditorKeystroke is a character typed and deleted again in the middle of
// the text, each key followed by a frame: what a key costs. It should not grow with
// the number of lines.
func BenchmarkEditorKeystroke(b *testing.B) {
	for _, n := range []int{10, 1000, 100000} {
		b.Run("lines="+strconv.Itoa(n), func(b *testing.B) {
			text := prose(n, 0)
			e := benchEditor(text)
			e.SetCursor(n/2, 30)
			typed := tea.KeyPressMsg{Code: 'x', Text: "x"}
			erase := tea.KeyPressMsg{Code: tea.KeyBackspace}
			b.ReportAllocs()
			for b.Loop() {
				e.Update(typed)
				_ = e.View()
				e.Update(erase)
				_ = e.View()
			}
			if e.Len() != len(text) {
				b.Fatal("the text changed")
			}
		})
	}
}

// BenchmarkEditorPaste is a megabyte of prose (about 12,000 lines) pasted in one step
// into an empty editor, and the frame after it.
func BenchmarkEditorPaste(b *testing.B) {
	text := prose(0, 1<<20)
	e := benchEditor("")
	paste := tea.PasteMsg{Content: text}
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		e.SetValue("")
		e.Update(paste)
		_ = e.View()
	}
	if e.Len() != len(text) {
		b.Fatal("the paste went missing")
	}
}
