package keymap

import (
	"reflect"
	"testing"

	"charm.land/bubbles/v2/key"
)

// bindings returns every binding of a group struct by field name.
func bindings(group any) map[string]key.Binding {
	out := map[string]key.Binding{}
	v := reflect.ValueOf(group)
	for i := 0; i < v.NumField(); i++ {
		if b, ok := v.Field(i).Interface().(key.Binding); ok {
			out[v.Type().Field(i).Name] = b
		}
	}
	return out
}

func TestEveryBindingIsDocumented(t *testing.T) {
	km := Default()
	for _, g := range []any{km.Global, km.List, km.Banks, km.Form} {
		for name, b := range bindings(g) {
			if len(b.Keys()) == 0 || b.Help().Key == "" || b.Help().Desc == "" {
				t.Errorf("%s: keys %v help %+v", name, b.Keys(), b.Help())
			}
			if !b.Enabled() {
				t.Errorf("%s is disabled by default", name)
			}
		}
	}
}

// Keys that act in the same place must not collide: globals, list movement and the bank
// actions are all live while the bank list has focus.
func TestNoCollisions(t *testing.T) {
	km := Default()
	seen := map[string]string{}
	for _, g := range []any{km.Global, km.List, km.Banks} {
		for name, b := range bindings(g) {
			for _, k := range b.Keys() {
				if other, ok := seen[k]; ok {
					t.Errorf("key %q is bound to both %s and %s", k, other, name)
				}
				seen[k] = name
			}
		}
	}
}

func TestDefaultIsFresh(t *testing.T) {
	a, b := Default(), Default()
	a.Banks.Create.SetEnabled(false)
	if !b.Banks.Create.Enabled() {
		t.Error("disabling a binding in one keymap changed another")
	}
}
