package components

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestEditorView(t *testing.T) {
	texts := []string{
		"",
		"short",
		"the quick brown fox jumps over the lazy dog\n\nand then some more text",
		"漢字の文章も折り返します。とても長い行です。\n👍🏽👨‍👩‍👧 e\u0301 emoji",
		"tabs\tand\x1b[31m escapes \x07 and \r returns\u202e bidi",
		strings.Repeat("word ", 60),
		strings.Repeat("x", 200),
		"a\n\n\n\n\n\n\n\n\n\n\nb",
	}
	sizes := [][2]int{{1, 1}, {1, 3}, {2, 2}, {2, 5}, {3, 4}, {5, 1}, {10, 4}, {40, 10}, {80, 3}, {7, 0}, {0, 3}}
	for ti, text := range texts {
		for _, sz := range sizes {
			for _, numbers := range []bool{false, true} {
				for _, focused := range []bool{true, false} {
					e := newTestEditor(sz[0], sz[1], text)
					e.SetLineNumbers(numbers)
					e.SetPlaceholder("type something long here")
					if !focused {
						e.Blur()
					}
					for _, keys := range [][]string{nil, {"ctrl+home"}, {"down", "end"}, {"pgdown"}, {"alt+right"}} {
						pressKeys(t, e, keys...)
						if t.Failed() {
							return
						}
						name := fmt.Sprintf("text %d at %dx%d numbers %v focused %v after %v", ti, sz[0], sz[1], numbers, focused, keys)
						t.Run(name, func(t *testing.T) { checkView(t, e, sz[0], sz[1]) })
					}
				}
			}
		}
	}
}

func TestEditorViewDetails(t *testing.T) {
	e := newTestEditor(12, 3, "")
	e.SetPlaceholder("type here")
	if got := ansi.Strip(e.View()); got != "type here   \n            \n            " {
		t.Errorf("placeholder %q", got)
	}
	if strings.Count(e.View(), e.st.cursor.open) != 1 {
		t.Error("the focused placeholder has no cursor")
	}
	e.Blur()
	if strings.Contains(e.View(), e.st.cursor.open) {
		t.Error("a blurred editor draws a cursor")
	}

	e = newTestEditor(6, 3, "a\nb c d e f")
	e.SetLineNumbers(true)
	pressKeys(t, e, "ctrl+home")
	if got := ansi.Strip(e.View()); got != "1 a   \n2 b c \n  d e " {
		t.Errorf("line numbers %q", got)
	}
	e.SetValue(strings.Repeat("\n", 11))
	if got := ansi.Strip(e.View()); got != "10    \n11    \n12    " {
		t.Errorf("two-digit line numbers %q", got)
	}
	if strings.Count(e.View(), e.st.cursor.open) != 1 {
		t.Error("no cursor at the end of the text")
	}
	e.SetSize(3, 2) // too narrow for a gutter and two cells of text
	if got := ansi.Strip(e.View()); got != "   \n   " {
		t.Errorf("narrow %q", got)
	}
}

// View reads the model and changes nothing.
func TestEditorViewIsReadOnly(t *testing.T) {
	e := newTestEditor(10, 4, "some text that wraps\nover lines\n漢字")
	pressKeys(t, e, "ctrl+home", "down")
	e.lines[1] = edLine{text: e.lines[1].text} // a stale cache View must not fill in
	snapshot := *e
	snapshot.lines = slices.Clone(e.lines)
	first := e.View()
	if !reflect.DeepEqual(snapshot.lines, e.lines) || !reflect.DeepEqual(snapshot, *e) {
		t.Error("View changed the model")
	}
	if e.View() != first {
		t.Error("two Views differ")
	}
}

// A line whose last row is full takes an extra row only while the focused cursor is
// at its end, so no line shows a blank row that is not in the text.
func TestEditorCursorRowAfterAFullRow(t *testing.T) {
	e := newTestEditor(5, 3, "abcde\nfg")
	e.SetCursor(0, 5)
	if got := ansi.Strip(e.View()); got != "abcde\n     \nfg   " {
		t.Errorf("cursor at the end of a full row: %q", got)
	}
	if l, c := e.CursorPosition(); l != 0 || c != 5 {
		t.Errorf("cursor %d,%d", l, c)
	}
	pressKeys(t, e, "home")
	if got := ansi.Strip(e.View()); got != "abcde\nfg   \n     " {
		t.Errorf("cursor elsewhere: %q", got)
	}
	pressKeys(t, e, "end", "down")
	if l, c := e.CursorPosition(); l != 1 || c != 0 {
		t.Errorf("down from the cursor's own row: %d,%d", l, c)
	}
	pressKeys(t, e, "up", "up")
	if l, c := e.CursorPosition(); l != 0 || c != 0 {
		t.Errorf("up twice: %d,%d", l, c)
	}
	e.SetCursor(0, 5)
	e.Blur()
	if got := ansi.Strip(e.View()); got != "abcde\nfg   \n     " {
		t.Errorf("blurred: %q", got)
	}

	e = newTestEditor(5, 2, "")
	typeInEditor(e, "abcde")
	if got := ansi.Strip(e.View()); got != "abcde\n     " || strings.Count(e.View(), e.st.cursor.open) != 1 {
		t.Errorf("typed to the edge: %q", got)
	}
	typeInEditor(e, "f")
	if got := ansi.Strip(e.View()); got != "abcde\nf    " {
		t.Errorf("typed past the edge: %q", got)
	}
}

func TestEditorVisualRows(t *testing.T) {
	e := newTestEditor(6, 2, "a\nb c d e f")
	e.SetCursor(0, 0)
	for _, tc := range []struct{ limit, want int }{{0, 0}, {1, 1}, {2, 2}, {3, 3}, {100, 3}} {
		if got := e.VisualRows(tc.limit); got != tc.want {
			t.Errorf("VisualRows(%d) = %d, want %d", tc.limit, got, tc.want)
		}
	}
}
