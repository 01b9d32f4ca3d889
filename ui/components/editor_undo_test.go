package components

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

func TestEditorUndo(t *testing.T) {
	// Each step: keys to press (a key name, or "type:text"), then the text expected.
	type step struct {
		do   string
		want string
	}
	for _, tc := range []struct {
		name  string
		start string
		steps []step
	}{
		{"typing is undone a word at a time", "", []step{
			{"type:hello world", "hello world"},
			{"ctrl+z", "hello "},
			{"ctrl+z", ""},
			{"ctrl+z", ""},
			{"ctrl+y", "hello "},
			{"ctrl+y", "hello world"},
			{"ctrl+y", "hello world"},
		}},
		{"a cursor move ends a step", "", []step{
			{"type:ab", "ab"},
			{"left", "ab"},
			{"type:c", "acb"},
			{"type:d", "acdb"},
			{"ctrl+z", "ab"},
			{"ctrl+z", ""},
		}},
		{"a new line is a step of its own", "", []step{
			{"type:ab", "ab"},
			{"enter", "ab\n"},
			{"type:cd", "ab\ncd"},
			{"ctrl+z", "ab\n"},
			{"ctrl+z", "ab"},
			{"ctrl+z", ""},
		}},
		{"each deletion is a step", "abc", []step{
			{"backspace", "ab"},
			{"backspace", "a"},
			{"ctrl+z", "ab"},
			{"ctrl+z", "abc"},
		}},
		{"a deletion ends typing", "", []step{
			{"type:abc", "abc"},
			{"backspace", "ab"},
			{"type:x", "abx"},
			{"ctrl+z", "ab"},
			{"ctrl+z", "abc"},
			{"ctrl+z", ""},
		}},
		{"a new edit clears redo", "", []step{
			{"type:ab", "ab"},
			{"ctrl+z", ""},
			{"type:x", "x"},
			{"ctrl+y", "x"},
			{"ctrl+z", ""},
			{"ctrl+y", "x"},
		}},
		{"redo with ctrl+shift+z", "one", []step{
			{"ctrl+w", ""},
			{"ctrl+z", "one"},
			{"ctrl+shift+z", ""},
		}},
		{"lines joined and split", "ab\ncd", []step{
			{"ctrl+home", "ab\ncd"},
			{"ctrl+k", "\ncd"},
			{"ctrl+k", "cd"},
			{"enter", "\ncd"},
			{"ctrl+z", "cd"},
			{"ctrl+z", "\ncd"},
			{"ctrl+z", "ab\ncd"},
			{"ctrl+y", "\ncd"},
			{"ctrl+y", "cd"},
		}},
		{"a paste is one step", "ab", []step{
			{"paste:x\ny\nz", "abx\ny\nz"},
			{"type:q", "abx\ny\nzq"},
			{"ctrl+z", "abx\ny\nz"},
			{"ctrl+z", "ab"},
			{"ctrl+y", "abx\ny\nz"},
		}},
		{"SetValue starts a new history", "", []step{
			{"type:abc", "abc"},
			{"set:fresh", "fresh"},
			{"ctrl+z", "fresh"},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newTestEditor(20, 4, tc.start)
			for i, s := range tc.steps {
				switch {
				case strings.HasPrefix(s.do, "type:"):
					typeInEditor(e, strings.TrimPrefix(s.do, "type:"))
				case strings.HasPrefix(s.do, "paste:"):
					e.Update(tea.PasteMsg{Content: strings.TrimPrefix(s.do, "paste:")})
				case strings.HasPrefix(s.do, "set:"):
					e.SetValue(strings.TrimPrefix(s.do, "set:"))
				default:
					pressKeys(t, e, s.do)
				}
				if e.Value() != s.want {
					t.Fatalf("step %d (%s): %q, want %q", i, s.do, e.Value(), s.want)
				}
				checkView(t, e, 20, 4)
			}
		})
	}
}

// Undo puts the cursor back where the step started; redo where it ended.
func TestEditorUndoCursor(t *testing.T) {
	e := newTestEditor(20, 4, "hello world\nnext")
	e.SetCursor(0, 5)
	pressKeys(t, e, "ctrl+k", "ctrl+end", "ctrl+z")
	if l, c := e.CursorPosition(); e.Value() != "hello world\nnext" || l != 0 || c != 5 {
		t.Errorf("undo: %q, cursor %d,%d", e.Value(), l, c)
	}
	pressKeys(t, e, "ctrl+home", "ctrl+y")
	if l, c := e.CursorPosition(); l != 0 || c != 5 {
		t.Errorf("redo: cursor %d,%d", l, c)
	}
	e.SetCursor(1, 4)
	typeInEditor(e, "abc")
	pressKeys(t, e, "ctrl+home", "ctrl+z", "ctrl+end", "ctrl+y")
	if l, c := e.CursorPosition(); e.Value() != "hello\nnextabc" || l != 1 || c != 7 {
		t.Errorf("typing redone: %q, cursor %d,%d", e.Value(), l, c)
	}
}

func TestEditorHistoryIsBounded(t *testing.T) {
	e := newTestEditor(20, 4, "")
	for range editorMaxUndo + 100 {
		typeInEditor(e, "w ")
	}
	if len(e.hist.undo) != editorMaxUndo {
		t.Fatalf("%d steps kept", len(e.hist.undo))
	}
	for range editorMaxUndo + 10 {
		pressKeys(t, e, "ctrl+z")
	}
	if e.Value() != strings.Repeat("w ", 100) {
		t.Errorf("after undoing everything kept: %d bytes", len(e.Value()))
	}

	e = newTestEditor(20, 4, "")
	e.hist.maxBytes = 100
	for range 3 {
		e.Update(tea.PasteMsg{Content: strings.Repeat("x", 60)})
	}
	if len(e.hist.undo) != 1 || e.hist.bytes != 60 {
		t.Errorf("byte limit: %d steps, %d bytes", len(e.hist.undo), e.hist.bytes)
	}
	pressKeys(t, e, "ctrl+z", "ctrl+z")
	if e.Len() != 120 {
		t.Errorf("undid past the limit: %d bytes left", e.Len())
	}
	typeInEditor(e, "y")
	if e.hist.bytes != 1 || len(e.hist.redo) != 0 {
		t.Errorf("a new edit left %d bytes in the history", e.hist.bytes)
	}
}
