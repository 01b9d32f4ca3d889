package keymap

import "testing"

func TestEditorKeyMap(t *testing.T) {
	km := DefaultEditorKeyMap()
	seen := map[string]string{}
	for name, b := range bindings(km) {
		if len(b.Keys()) == 0 || b.Help().Key == "" || b.Help().Desc == "" {
			t.Errorf("%s: keys %v help %+v", name, b.Keys(), b.Help())
		}
		if !b.Enabled() {
			t.Errorf("%s is disabled by default", name)
		}
		// Every binding is live at once while the editor has focus.
		for _, k := range b.Keys() {
			if other, ok := seen[k]; ok {
				t.Errorf("key %q is bound to both %s and %s", k, other, name)
			}
			seen[k] = name
		}
	}
	if len(bindings(km)) != 21 {
		t.Errorf("%d bindings; a new field needs a default here", len(bindings(km)))
	}
	other := DefaultEditorKeyMap()
	other.Undo.SetEnabled(false)
	if !km.Undo.Enabled() {
		t.Error("disabling a binding in one editor keymap changed another")
	}
}
