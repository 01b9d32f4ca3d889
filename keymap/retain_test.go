package keymap

import (
	"testing"

	"charm.land/bubbles/v2/key"
)

func TestRetainBindingsAreDocumented(t *testing.T) {
	for name, b := range bindings(Default().Retain) {
		if len(b.Keys()) == 0 || b.Help().Key == "" || b.Help().Desc == "" {
			t.Errorf("Retain.%s: keys %v help %+v", name, b.Keys(), b.Help())
		}
		if !b.Enabled() {
			t.Errorf("Retain.%s is disabled by default", name)
		}
	}
}

// Outside the retain form the globals and the pane's keys act at once (Refresh's r is
// the pane's once connected, so it is left out); in the form only the ctrl chords
// act, and they must not be keys the root takes first (ctrl+c) or that the palette
// opens with (ctrl+p).
func TestRetainKeysDoNotCollide(t *testing.T) {
	km := Default()
	r := km.Retain
	global := bindings(km.Global)
	delete(global, "Refresh")
	seen := map[string]string{}
	add := func(group string, bs map[string]key.Binding) {
		for name, b := range bs {
			for _, k := range b.Keys() {
				if other, ok := seen[k]; ok {
					t.Errorf("key %q is bound to both %s and %s.%s", k, other, group, name)
				}
				seen[k] = group + "." + name
			}
		}
	}
	add("Global", global)
	add("Retain", map[string]key.Binding{
		"Submit": r.Submit, "Editor": r.Editor, "LoadFile": r.LoadFile, "Batch": r.Batch, "Cancel": r.Cancel,
		"Edit": r.Edit, "Check": r.Check, "Follow": r.Follow, "Clear": r.Clear,
	})
}
