package bankconfig

import (
	"slices"
	"strings"
	"testing"

	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// M lists the bank's rules; n adds one through its form (a detector is required),
// [ moves it first, space turns the policy off, ctrl+s previews the PATCH of
// memory_defense, and enter saves exactly that policy.
func TestDefenseEditor(t *testing.T) {
	rec := &uitest.Recorder{}
	m, h := demo(t, uitest.WithClient(rec.Option()))
	h.Keys("M")
	if m.def == nil || len(m.def.rules) != 1 || !m.def.enabled {
		t.Fatalf("rules view %+v", m.def)
	}
	h.Keys("n")
	f := uitest.Front[*components.Form](h)
	f.Fields()[0].(*components.TextField).SetValue("  ")
	h.Keys("ctrl+s")
	if !strings.Contains(f.Fields()[0].Error(), "name a detector") {
		t.Fatalf("empty detector: %q", f.Fields()[0].Error())
	}
	f.Fields()[0].(*components.TextField).SetValue("credentials")
	h.Keys("tab", "right", "ctrl+s") // redact → block
	if h.Front() != nil || len(m.def.rules) != 2 || m.def.rules[1].On != "credentials" || m.def.rules[1].Action != "block" {
		t.Fatalf("rules %+v, front %T", m.def.rules, h.Front())
	}
	h.Keys("[", "space", "ctrl+s")
	p := uitest.Front[*Preview](h)
	want := `{"updates":{"memory_defense":{"enabled":false,"rules":[{"on":"credentials","action":"block"},{"on":"sensitive_data","action":"redact"}]}}}`
	wantChanges := []string{"memory_defense enabled: on → off", "rule 1: sensitive_data redact → credentials block",
		"rule 2: (none) → sensitive_data redact"}
	if got := p.Changes(); !slices.Equal(got, wantChanges) {
		t.Errorf("changes %q\nwant %q", got, wantChanges)
	}
	if p.Body() != want {
		t.Errorf("body %s\nwant %s", p.Body(), want)
	}
	h.Keys("enter")
	if sent := rec.Bodies("PATCH", "/config"); len(sent) != 1 || sent[0] != want {
		t.Errorf("sent %q", sent)
	}
	pol := serverConfig(t, h, teamBank).MemoryDefense()
	if pol == nil || pol.Enabled || len(pol.Rules) != 2 || pol.Rules[0].On != "credentials" {
		t.Errorf("server policy %+v", pol)
	}
	if m.def == nil || m.def.dirty() {
		t.Errorf("after the save the view is %+v", m.def)
	}
	h.Keys("D", "esc")
	if m.def == nil || !m.def.warned {
		t.Fatal("esc with an unsaved deletion left at once")
	}
	h.Keys("esc")
	if m.def != nil {
		t.Error("a second esc did not leave")
	}
}

// The rule-by-rule lines leave out what does not change, say when there was no policy,
// and give way to the plain values when the new value is not a policy.
func TestRuleChanges(t *testing.T) {
	on := `{"enabled":true,"rules":[{"on":"sensitive_data","action":"redact"},{"on":"x","action":"block"}]}`
	lines := func(cs []change) []string {
		var out []string
		for _, c := range cs {
			out = append(out, c.Line())
		}
		return out
	}
	for _, tc := range []struct {
		before, after string
		want          []string
	}{
		{on, `{"enabled":true,"rules":[{"on":"sensitive_data","action":"redact"}]}`, []string{"rule 2: x block → (none)"}},
		{`null`, `{"enabled":true,"rules":[]}`, []string{"memory_defense enabled: not set (off) → on"}},
		{on, on, nil},
		{on, `"on"`, nil},
	} {
		if got := lines(ruleChanges([]byte(tc.before), []byte(tc.after))); !slices.Equal(got, tc.want) {
			t.Errorf("%s → %s: %q, want %q", tc.before, tc.after, got, tc.want)
		}
	}
}
