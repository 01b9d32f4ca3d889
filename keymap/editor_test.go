package keymap

import "testing"

// Every editor binding is documented, and every one is live at once while the editor
// has focus.
func TestEditorKeyMap(t *testing.T) {
	km := DefaultEditorKeyMap()
	editor := group{"Editor", bindings(km)}
	checkDocumented(t, editor)
	checkNoCollisions(t, editor)
	if len(editor.keys) != 21 {
		t.Errorf("%d bindings; a new field needs a default here", len(editor.keys))
	}
	other := DefaultEditorKeyMap()
	other.Undo.SetEnabled(false)
	if !km.Undo.Enabled() {
		t.Error("disabling a binding in one editor keymap changed another")
	}
}
