package keymap

import (
	"fmt"
	"reflect"
	"sort"

	"charm.land/bubbles/v2/key"
)

// Check lists what is wrong with a group of bindings (a struct of key.Binding fields,
// such as a pane's own keys): a binding without keys or help, one disabled by default,
// and a key bound twice among the group and the groups live beside it (the globals
// and the list keys, say). Panes that keep their keys in their own package call it
// from a test, so every group is held to the rules the shared groups are.
func Check(group any, live ...any) []string {
	var problems []string
	for _, name := range sortedNames(group) {
		b := Bindings(group)[name]
		if len(b.Keys()) == 0 || b.Help().Key == "" || b.Help().Desc == "" {
			problems = append(problems, fmt.Sprintf("%s: keys %v help %+v", name, b.Keys(), b.Help()))
		}
		if !b.Enabled() {
			problems = append(problems, name+" is disabled by default")
		}
	}
	seen := map[string]string{}
	for _, g := range append([]any{group}, live...) {
		bs := Bindings(g)
		for _, name := range sortedNames(g) {
			for _, k := range bs[name].Keys() {
				if other, ok := seen[k]; ok && other != name {
					problems = append(problems, fmt.Sprintf("key %q is bound to both %s and %s", k, other, name))
				}
				seen[k] = name
			}
		}
	}
	return problems
}

// Bindings returns every binding of a group struct by field name.
func Bindings(group any) map[string]key.Binding {
	out := map[string]key.Binding{}
	v := reflect.ValueOf(group)
	for i := 0; i < v.NumField(); i++ {
		if b, ok := v.Field(i).Interface().(key.Binding); ok {
			out[v.Type().Field(i).Name] = b
		}
	}
	return out
}

func sortedNames(group any) []string {
	var names []string
	for n := range Bindings(group) {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
