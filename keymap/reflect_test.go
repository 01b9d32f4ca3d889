package keymap

import (
	"testing"

	"charm.land/bubbles/v2/key"
)

func TestReflectBindingsAreDocumented(t *testing.T) {
	for name, b := range bindings(Default().Reflect) {
		if len(b.Keys()) == 0 || b.Help().Key == "" || b.Help().Desc == "" {
			t.Errorf("Reflect.%s: keys %v help %+v", name, b.Keys(), b.Help())
		}
		if !b.Enabled() {
			t.Errorf("Reflect.%s is disabled by default", name)
		}
	}
}

// In the reflect transcript the globals, the list keys and the pane's own keys all
// act at once. The pane's ask (i or /) takes the place of the list filter, and esc
// cancels a question in flight instead of going back, so those two are left out.
// Retry and copy reuse the global r, y and Y.
func TestReflectTranscriptKeysDoNotCollide(t *testing.T) {
	km := Default()
	r := km.Reflect
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
	add("Reflect", map[string]key.Binding{
		"Ask": r.Ask, "Params": r.Params, "Reset": r.Reset, "Evidence": r.Evidence, "Tools": r.Tools,
		"Export": r.Export, "Schema": r.Schema,
	})
}

// In the composer every printable key is typing: the pane's composer keys must not be
// plain characters.
func TestReflectComposerKeysAreNotTyping(t *testing.T) {
	r := Default().Reflect
	for name, b := range map[string]key.Binding{"Send": r.Send, "Newline": r.Newline, "Leave": r.Leave, "Cancel": r.Cancel} {
		for _, k := range b.Keys() {
			if len([]rune(k)) == 1 {
				t.Errorf("Reflect.%s uses the printable key %q", name, k)
			}
		}
	}
}
