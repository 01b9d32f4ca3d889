package keymap

import (
	"reflect"
	"strings"
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

// without returns bs less the bindings with these names.
func without(bs map[string]key.Binding, names ...string) map[string]key.Binding {
	for _, n := range names {
		delete(bs, n)
	}
	return bs
}

// group is a set of bindings by field name, named as errors show it.
type group struct {
	name string
	keys map[string]key.Binding
}

// checkDocumented fails for every binding of g without keys or help, or disabled by
// default.
func checkDocumented(t *testing.T, g group) {
	t.Helper()
	for name, b := range g.keys {
		if len(b.Keys()) == 0 || b.Help().Key == "" || b.Help().Desc == "" {
			t.Errorf("%s.%s: keys %v help %+v", g.name, name, b.Keys(), b.Help())
		}
		if !b.Enabled() {
			t.Errorf("%s.%s is disabled by default", g.name, name)
		}
	}
}

// checkNoCollisions fails for every key bound twice among groups that act at once.
func checkNoCollisions(t *testing.T, groups ...group) {
	t.Helper()
	seen := map[string]string{}
	for _, g := range groups {
		for name, b := range g.keys {
			for _, k := range b.Keys() {
				if other, ok := seen[k]; ok {
					t.Errorf("key %q is bound to both %s and %s.%s", k, other, g.name, name)
				}
				seen[k] = g.name + "." + name
			}
		}
	}
}

func TestEveryBindingIsDocumented(t *testing.T) {
	km := Default()
	for _, g := range []group{
		{"Global", bindings(km.Global)}, {"List", bindings(km.List)}, {"Banks", bindings(km.Banks)},
		{"Form", bindings(km.Form)}, {"Operations", bindings(km.Operations)}, {"Recall", bindings(km.Recall)},
		{"Reflect", bindings(km.Reflect)}, {"Retain", bindings(km.Retain)}, {"Compare", bindings(km.Compare)},
		{"Tail", bindings(km.Tail)}, {"Audit", bindings(km.Audit)}, {"AuditBar", bindings(km.Audit.Bar)},
		{"Transfer", bindings(km.Transfer)}, {"Extract", bindings(km.Extract)},
		{"Neighbourhood", bindings(km.Neighbourhood)},
	} {
		checkDocumented(t, g)
	}
}

// Keys that act in the same place must not collide. Each case is a place and the
// groups live there at once, less the bindings a pane takes over on purpose.
func TestKeysDoNotCollide(t *testing.T) {
	km := Default()
	rc, rf, rt := km.Recall, km.Reflect, km.Retain
	global := group{"Global", bindings(km.Global)}
	// A pane with a search or ask of its own takes the place of the list filter (/),
	// and its esc stops what is in flight before it goes back.
	paneList := group{"List", without(bindings(km.List), "Filter", "Back")}
	for _, tc := range []struct {
		place  string
		groups []group
	}{
		// The globals, list movement and the bank actions are all live while the bank
		// list has focus.
		{"bank list", []group{global, {"List", bindings(km.List)}, {"Banks", bindings(km.Banks)}}},
		// Esc stops a load in flight before it goes back, so List.Back and Stop share it;
		// the list filter is not used there.
		{"operations", []group{global, paneList, {"Operations", without(bindings(km.Operations), "Stop")}}},
		// The pane's search (/) takes the place of the list filter, and esc cancels a
		// search in flight before it goes back.
		{"recall results", []group{global, paneList, {"Recall", map[string]key.Binding{
			"Search": rc.Search, "Filters": rc.Filters, "Reset": rc.Reset, "Trace": rc.Trace, "CopyCode": rc.CopyCode,
			"Prompt": rc.Prompt, "Detail": rc.Detail, "DetailUp": rc.DetailUp, "DetailDn": rc.DetailDn,
			"Explain": rc.Explain, "Unpin": rc.Unpin, "SaveCase": rc.SaveCase, "Compare": rc.Compare, "SaveAB": rc.SaveAB,
		}}, {"Memories", map[string]key.Binding{"Pin": km.Memories.Pin}}}},
		// The memories list: its filters and actions beside the list keys (its r is the
		// global refresh, its / the list filter).
		{"memories list", []group{global, {"List", bindings(km.List)}, {"Memories", bindings(km.Memories)}}},
		// The transcript has nothing to filter; esc cancels a question in flight instead
		// of going back. Retry and copy reuse the global r,
		// y and Y.
		{"reflect transcript", []group{global, paneList, {"Reflect", map[string]key.Binding{
			"Ask": rf.Ask, "Params": rf.Params, "Reset": rf.Reset, "Evidence": rf.Evidence, "Tools": rf.Tools,
			"Export": rf.Export, "Schema": rf.Schema,
		}}, {"Compare", map[string]key.Binding{"Open": km.Compare.Open}}}},
		// The reflect comparison: its own keys beside the globals and the list keys that
		// scroll it; its enter asks B and its esc goes back, in place of the list's.
		{"reflect comparison", []group{global, {"List", without(bindings(km.List), "Filter", "Back", "Open")},
			{"Compare", bindings(km.Compare)}}},
		// Outside the retain form the globals and the pane's keys act at once (Refresh's
		// r is the pane's once connected, so it is left out); in the form only the ctrl
		// chords act, and they must not be keys the root takes first (ctrl+c) or that
		// the palette opens with (ctrl+p).
		{"retain", []group{{"Global", without(bindings(km.Global), "Refresh")}, {"Retain", map[string]key.Binding{
			"Submit": rt.Submit, "Editor": rt.Editor, "LoadFile": rt.LoadFile, "Batch": rt.Batch, "Cancel": rt.Cancel,
			"Edit": rt.Edit, "Check": rt.Check, "Follow": rt.Follow, "Clear": rt.Clear,
		}}, {"Transfer", map[string]key.Binding{"RetainFile": km.Transfer.RetainFile}},
			{"Extract", map[string]key.Binding{"Preview": km.Extract.Preview}}}},
		// The extraction preview, a dialog: the list keys scroll it beside its own.
		{"extraction preview", []group{{"List", bindings(km.List)}, {"Extract", without(bindings(km.Extract), "Preview", "Reextract")}}},
		// The mental models list and its open model: list keys, / filters the loaded
		// models, r lists them again.
		{"mental models", []group{global, {"List", bindings(km.List)}, {"Models", without(bindings(km.Models), "Leave")}}},
		// The knowledge tree and page view: list keys beside the tree's own (the search
		// box and the move keys act where the list's enter and esc do not).
		{"knowledge base", []group{global, {"List", bindings(km.List)}, {"Knowledge", without(bindings(km.Knowledge), "Submit", "Leave", "MoveHere", "Cancel")}}},
		// The health checks and their evidence: list keys beside the fixes and the probe.
		{"health", []group{global, {"List", bindings(km.List)}, {"Health", bindings(km.Health)}}},
		// The live tail: list keys beside pause, the bank scope and the kind toggles.
		{"live tail", []group{global, {"List", bindings(km.List)}, {"Tail", bindings(km.Tail)}}},
		// The webhooks list and a webhook's deliveries: list keys beside the writes and
		// the deliveries' paging (Check acts only in the form).
		{"webhooks", []group{global, {"List", bindings(km.List)}, {"Webhooks", without(bindings(km.Webhooks), "Check")}}},
		// The LLM request log: list keys beside its own (the bar's keys act only in the bar).
		{"llm requests", []group{global, {"List", bindings(km.List)}, {"LLMLog", bindings(km.LLMLog)}}},
		// The audit log: list keys beside its own (the bar's keys act only in the bar).
		{"audit log", []group{global, {"List", bindings(km.List)}, {"Audit", bindings(km.Audit)}}},
		{"audit log filter bar", []group{{"AuditBar", bindings(km.Audit.Bar)}}},
		// The bank comparison, its chooser and its plans: list keys beside its own.
		{"compare banks", []group{global, {"List", bindings(km.List)}, {"BankDiff", bindings(km.BankDiff)}}},
		// The bank configuration: list keys beside its own; the rules view has its
		// own keys beside the list keys (its enter edits a rule, like e).
		{"bank configuration", []group{global, {"List", bindings(km.List)}, {"BankConfig", bindings(km.BankConfig)}}},
		{"bank configuration rules", []group{global, {"List", bindings(km.List)}, {"BankConfig.Defense", bindings(km.BankConfig.Defense)}}},
		// The documents list and an open document: its search (/) takes the place of the
		// list filter, beside the pane's own keys and the transfer keys.
		{"documents", []group{global, {"List", without(bindings(km.List), "Filter")},
			{"Documents", without(bindings(km.Documents), "Leave")},
			{"Transfer", map[string]key.Binding{"Export": km.Transfer.Export, "Import": km.Transfer.Import}},
			{"Extract", map[string]key.Binding{"Reextract": km.Extract.Reextract}}}},
		// The dialog following an export, import or file retain: esc stops following,
		// enter closes it once the operation ended, c cancels it on the server.
		{"transfer operation", []group{{"Form", map[string]key.Binding{"Cancel": km.Form.Cancel, "Confirm": km.Form.Confirm}},
			{"Transfer", map[string]key.Binding{"CancelOperation": km.Transfer.CancelOperation}}}},
		// The timeline's chart and a bucket's memories: list keys beside the bucket
		// cursor, the period and the time field.
		{"timeline", []group{global, {"List", bindings(km.List)}, {"Timeline", bindings(km.Timeline)}}},
		// The neighbourhood: list movement beside its own keys (its enter hops and its
		// esc walks back, in place of the list's open and back; it has no filter).
		{"neighbourhood", []group{global, {"List", without(bindings(km.List), "Open", "Back", "Filter")},
			{"Neighbourhood", bindings(km.Neighbourhood)}}},
		// The entities list and detail: list keys beside the entity keys.
		{"entities", []group{global, {"List", bindings(km.List)}, {"Entities", bindings(km.Entities)}}},
	} {
		t.Run(tc.place, func(t *testing.T) { checkNoCollisions(t, tc.groups...) })
	}
}

// In the reflect composer every printable key is typing: the pane's composer keys must
// not be plain characters.
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

func TestDefaultIsFresh(t *testing.T) {
	a, b := Default(), Default()
	a.Banks.Create.SetEnabled(false)
	if !b.Banks.Create.Enabled() {
		t.Error("disabling a binding in one keymap changed another")
	}
}

// TestSlashAlwaysFilters: / means one thing everywhere, filter what the pane shows.
// Every binding of / in the key map says so in its help, and one that asks the
// server says that too.
func TestSlashAlwaysFilters(t *testing.T) {
	km := Default()
	server := map[string]bool{"Recall.Search": true, "Documents.Search": true}
	for _, g := range []group{
		{"Global", bindings(km.Global)}, {"List", bindings(km.List)}, {"Banks", bindings(km.Banks)},
		{"Form", bindings(km.Form)}, {"Trace", bindings(km.Trace)}, {"Recall", bindings(km.Recall)},
		{"Operations", bindings(km.Operations)}, {"Documents", bindings(km.Documents)},
		{"Memories", bindings(km.Memories)}, {"Retain", bindings(km.Retain)}, {"Reflect", bindings(km.Reflect)},
		{"Entities", bindings(km.Entities)}, {"Models", bindings(km.Models)},
	} {
		for name, b := range g.keys {
			for _, k := range b.Keys() {
				if k != "/" {
					continue
				}
				desc, full := b.Help().Desc, g.name+"."+name
				if b.Help().Key != "/" || !strings.HasPrefix(desc, FilterVerb) {
					t.Errorf("%s binds / as %q %q: / filters what the pane shows", full, b.Help().Key, desc)
				}
				if server[full] != strings.HasSuffix(desc, "(server)") {
					t.Errorf("%s: %q (server-side: %v)", full, desc, server[full])
				}
			}
		}
	}
	if got := FilterDesc("ids", true); got != "filter ids (server)" {
		t.Errorf("FilterDesc = %q", got)
	}
}
