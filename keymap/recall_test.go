package keymap

import (
	"testing"

	"charm.land/bubbles/v2/key"
)

func TestRecallBindingsAreDocumented(t *testing.T) {
	for name, b := range bindings(Default().Recall) {
		if len(b.Keys()) == 0 || b.Help().Key == "" || b.Help().Desc == "" {
			t.Errorf("Recall.%s: keys %v help %+v", name, b.Keys(), b.Help())
		}
		if !b.Enabled() {
			t.Errorf("Recall.%s is disabled by default", name)
		}
	}
}

// In the recall results the globals, the list keys and the recall pane's own keys all
// act at once. The pane's search (/) takes the place of the list filter, and esc
// cancels a search in flight before it goes back, so those two are left out.
func TestRecallResultKeysDoNotCollide(t *testing.T) {
	km := Default()
	r := km.Recall
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
	add("Recall", map[string]key.Binding{
		"Search": r.Search, "Filters": r.Filters, "Reset": r.Reset, "Trace": r.Trace, "CopyCode": r.CopyCode,
		"Prompt": r.Prompt, "Detail": r.Detail, "DetailUp": r.DetailUp, "DetailDn": r.DetailDn,
	})
}
