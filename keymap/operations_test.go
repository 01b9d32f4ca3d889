package keymap

import (
	"testing"

	"charm.land/bubbles/v2/key"
)

func TestOperationsBindingsAreDocumented(t *testing.T) {
	for name, b := range bindings(Default().Operations) {
		if len(b.Keys()) == 0 || b.Help().Key == "" || b.Help().Desc == "" {
			t.Errorf("Operations.%s: keys %v help %+v", name, b.Keys(), b.Help())
		}
		if !b.Enabled() {
			t.Errorf("Operations.%s is disabled by default", name)
		}
	}
}

// In the operations pane the globals, the list keys and the pane's own keys all act at
// once. Esc stops a load in flight before it goes back, so List.Back and Stop share it;
// the list filter (/) is not used there.
func TestOperationsKeysDoNotCollide(t *testing.T) {
	km := Default()
	list := bindings(km.List)
	delete(list, "Filter")
	delete(list, "Back")
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
	add("Global", bindings(km.Global))
	add("List", list)
	ops := bindings(km.Operations)
	delete(ops, "Stop")
	add("Operations", ops)
}
