package keymap

import "charm.land/bubbles/v2/key"

// EditorKeyMap is the multi-line text editor's bindings (components.Editor). The
// defaults are the keys of the bubbles textarea the editor replaces, so nobody's
// fingers have to relearn anything; undo and redo are new.
//
// InsertNewline is the one binding hosts commonly change: the retain content editor
// keeps enter, while the reflect composer sends on enter and rebinds a new line to
// alt+enter and ctrl+j (for terminals that cannot send alt+enter). A key the map does
// not bind and that carries text is typed.
type EditorKeyMap struct {
	CharacterForward  key.Binding
	CharacterBackward key.Binding
	WordForward       key.Binding
	WordBackward      key.Binding
	LineNext          key.Binding // down one wrapped row
	LinePrevious      key.Binding // up one wrapped row
	LineStart         key.Binding // start of the logical line
	LineEnd           key.Binding // end of the logical line
	PageUp            key.Binding
	PageDown          key.Binding
	InputBegin        key.Binding
	InputEnd          key.Binding

	DeleteCharacterBackward key.Binding
	DeleteCharacterForward  key.Binding
	DeleteWordBackward      key.Binding
	DeleteWordForward       key.Binding
	DeleteAfterCursor       key.Binding // to the end of the line; at its end, joins the next
	DeleteBeforeCursor      key.Binding // to the start of the line
	InsertNewline           key.Binding

	Undo key.Binding
	Redo key.Binding
}

// DefaultEditorKeyMap returns the editor's standard bindings, a fresh value each time.
func DefaultEditorKeyMap() EditorKeyMap {
	return EditorKeyMap{
		CharacterForward:  key.NewBinding(key.WithKeys("right", "ctrl+f"), key.WithHelp("→", "character forward")),
		CharacterBackward: key.NewBinding(key.WithKeys("left", "ctrl+b"), key.WithHelp("←", "character backward")),
		WordForward:       key.NewBinding(key.WithKeys("alt+right", "ctrl+right", "alt+f"), key.WithHelp("alt+→", "word forward")),
		WordBackward:      key.NewBinding(key.WithKeys("alt+left", "ctrl+left", "alt+b"), key.WithHelp("alt+←", "word backward")),
		LineNext:          key.NewBinding(key.WithKeys("down", "ctrl+n"), key.WithHelp("↓", "next line")),
		LinePrevious:      key.NewBinding(key.WithKeys("up", "ctrl+p"), key.WithHelp("↑", "previous line")),
		LineStart:         key.NewBinding(key.WithKeys("home", "ctrl+a"), key.WithHelp("home", "line start")),
		LineEnd:           key.NewBinding(key.WithKeys("end", "ctrl+e"), key.WithHelp("end", "line end")),
		PageUp:            key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown:          key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),
		InputBegin:        key.NewBinding(key.WithKeys("alt+<", "ctrl+home"), key.WithHelp("ctrl+home", "start of text")),
		InputEnd:          key.NewBinding(key.WithKeys("alt+>", "ctrl+end"), key.WithHelp("ctrl+end", "end of text")),

		DeleteCharacterBackward: key.NewBinding(key.WithKeys("backspace", "ctrl+h"), key.WithHelp("backspace", "delete character backward")),
		DeleteCharacterForward:  key.NewBinding(key.WithKeys("delete", "ctrl+d"), key.WithHelp("delete", "delete character forward")),
		DeleteWordBackward:      key.NewBinding(key.WithKeys("alt+backspace", "ctrl+w", "ctrl+backspace"), key.WithHelp("ctrl+w", "delete word backward")),
		DeleteWordForward:       key.NewBinding(key.WithKeys("alt+delete", "alt+d", "ctrl+delete"), key.WithHelp("alt+d", "delete word forward")),
		DeleteAfterCursor:       key.NewBinding(key.WithKeys("ctrl+k"), key.WithHelp("ctrl+k", "delete to line end")),
		DeleteBeforeCursor:      key.NewBinding(key.WithKeys("ctrl+u"), key.WithHelp("ctrl+u", "delete to line start")),
		InsertNewline:           key.NewBinding(key.WithKeys("enter", "ctrl+m"), key.WithHelp("enter", "new line")),

		Undo: key.NewBinding(key.WithKeys("ctrl+z"), key.WithHelp("ctrl+z", "undo")),
		Redo: key.NewBinding(key.WithKeys("ctrl+y", "ctrl+shift+z"), key.WithHelp("ctrl+y", "redo")),
	}
}

// FullHelp is the editor's keys for a pane's help while an editor has focus: moving,
// then editing. A binding the host disabled or took every key of is left out.
func (k EditorKeyMap) FullHelp() [][]key.Binding {
	groups := [][]key.Binding{
		{k.CharacterForward, k.CharacterBackward, k.WordForward, k.WordBackward, k.LinePrevious, k.LineNext,
			k.LineStart, k.LineEnd, k.PageUp, k.PageDown, k.InputBegin, k.InputEnd},
		{k.InsertNewline, k.DeleteCharacterBackward, k.DeleteCharacterForward, k.DeleteWordBackward,
			k.DeleteWordForward, k.DeleteAfterCursor, k.DeleteBeforeCursor, k.Undo, k.Redo},
	}
	var out [][]key.Binding
	for _, g := range groups {
		var on []key.Binding
		for _, b := range g {
			if b.Enabled() {
				on = append(on, b)
			}
		}
		if len(on) > 0 {
			out = append(out, on)
		}
	}
	return out
}

// Without returns the map with the keys of taken removed from every binding: a host
// whose own chords come first (retain's ctrl+e opens $EDITOR, so ctrl+e is no longer
// the end of the line there) gives the editor, and its help, only the keys that
// reach it. A binding left with no key is disabled.
func (k EditorKeyMap) Without(taken ...key.Binding) EditorKeyMap {
	gone := map[string]bool{}
	for _, b := range taken {
		for _, s := range b.Keys() {
			gone[s] = true
		}
	}
	for _, b := range k.bindings() {
		var keep []string
		for _, s := range b.Keys() {
			if !gone[s] {
				keep = append(keep, s)
			}
		}
		if len(keep) < len(b.Keys()) {
			b.SetKeys(keep...)
		}
	}
	return k
}

// bindings is every binding of the map, to change in place.
func (k *EditorKeyMap) bindings() []*key.Binding {
	return []*key.Binding{&k.CharacterForward, &k.CharacterBackward, &k.WordForward, &k.WordBackward,
		&k.LineNext, &k.LinePrevious, &k.LineStart, &k.LineEnd, &k.PageUp, &k.PageDown, &k.InputBegin,
		&k.InputEnd, &k.DeleteCharacterBackward, &k.DeleteCharacterForward, &k.DeleteWordBackward,
		&k.DeleteWordForward, &k.DeleteAfterCursor, &k.DeleteBeforeCursor, &k.InsertNewline, &k.Undo, &k.Redo}
}
