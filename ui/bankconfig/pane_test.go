package bankconfig

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/keymap"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// The pane's keys follow the shared rules beside the globals and the list keys.
func TestKeys(t *testing.T) {
	km := keymap.Default()
	for name, p := range map[string][]string{
		"BankConfig":         keymap.Check(km.BankConfig, km.Global, km.List),
		"BankConfig.Defense": keymap.Check(km.BankConfig.Defense, km.Global, km.List),
		"BankConfig.Filter":  keymap.Check(km.BankConfig.Filter),
	} {
		if len(p) > 0 {
			t.Errorf("%s: %v", name, p)
		}
	}
}

// Every key of the reference is listed once, in its group, in the reference's order:
// 46 keys, as the server resolves them.
func TestEveryKeyGrouped(t *testing.T) {
	m, _ := demo(t)
	if len(m.rows) != 46 || len(Specs()) != 46 {
		t.Fatalf("%d rows, %d specs", len(m.rows), len(Specs()))
	}
	var groups []string
	for _, r := range m.rows {
		if r.spec.Group == OtherGroup {
			t.Errorf("%s is not in a group of the reference", r.spec.Key)
		}
		if len(groups) == 0 || groups[len(groups)-1] != r.spec.Group {
			groups = append(groups, r.spec.Group)
		}
	}
	if want := Groups()[:len(Groups())-1]; !slices.Equal(groups, want) {
		t.Errorf("groups %v, want %v", groups, want)
	}
	v := uitest.Plain(uitest.View(t, m))
	for _, want := range []string{"3 overrides · bank team-platform", "46 keys", "Retain · 1 override", "source"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
}

// An override is a key in the bank's overrides, whatever its type; every other key
// is a default, null ones included, and the row says which in its last column.
func TestDefaultAndOverrideOfEveryType(t *testing.T) {
	m, h := demo(t)
	patch(t, h, teamBank, map[string]any{
		"enable_reranking": false, "retain_chunk_size": 1500, "recall_budget_adaptive_low": 0.05,
		"recall_budget_function": "adaptive", "mcp_enabled_tools": []string{"recall", "reflect"},
		"retain_strategies": map[string]any{"short": map[string]any{"retain_chunk_size": 800}},
	})
	h.Keys("r")
	for _, tc := range []struct {
		key, value string
		override   bool
	}{
		{"enable_reranking", "false", true},                           // bool
		{"enable_graph_retrieval", "true", false},                     // bool
		{"retain_chunk_size", "1500", true},                           // int
		{"recall_chunks_max_tokens", "1000", false},                   // int
		{"recall_budget_adaptive_low", "0.05", true},                  // float
		{"recall_budget_adaptive_mid", "0.075", false},                // float
		{"recall_budget_function", "adaptive", true},                  // enum
		{"retain_extraction_mode", "concise", false},                  // enum
		{"retain_mission", "Keep incidents", true},                    // string
		{"observations_mission", "null", false},                       // string, null
		{"mcp_enabled_tools", `["recall", "reflect"]`, true},          // list
		{"observation_scope_limits", "null", false},                   // list, null
		{"retain_strategies", `{"short": {"retain_chunk_size"`, true}, // object
		{"memory_defense", `{"enabled": true`, true},                  // object
		{"retain_structured_chunk_size", "null", false},               // null int
	} {
		r := rowOf(t, m, tc.key)
		if r.override != tc.override {
			t.Errorf("%s: override %v, want %v", tc.key, r.override, tc.override)
		}
		line := strings.TrimRight(drawnRow(t, m, tc.key), " ")
		word := wordDefault
		if tc.override {
			word = wordOverride
		}
		if !strings.HasSuffix(line, word) || !strings.Contains(line, tc.value) {
			t.Errorf("%s is drawn %q, want %q and %q", tc.key, line, tc.value, word)
		}
	}
}

// / filters the keys by name; esc leaves the box, a second esc clears the filter.
func TestFilterByKeyName(t *testing.T) {
	m, h := demo(t)
	h.Keys("/")
	if !m.Capturing() {
		t.Fatal("the filter box does not capture typing")
	}
	h.Type("budget_fixed")
	var keys []string
	for _, i := range m.visible {
		keys = append(keys, m.rows[i].spec.Key)
	}
	if !slices.Equal(keys, []string{"recall_budget_fixed_low", "recall_budget_fixed_mid", "recall_budget_fixed_high"}) {
		t.Errorf("filtered %v", keys)
	}
	v := uitest.Plain(uitest.View(t, m))
	if !strings.Contains(v, "3 of 46 keys") || strings.Contains(v, "Retain") {
		t.Errorf("view:\n%s", v)
	}
	h.Keys("esc")
	if m.Capturing() || len(m.visible) != 3 {
		t.Fatalf("capturing %v, %d rows", m.Capturing(), len(m.visible))
	}
	h.Keys("j", "esc")
	if len(m.visible) != 46 || m.SelectedKey() != "recall_budget_fixed_mid" {
		t.Errorf("cleared: %d rows, cursor on %q", len(m.visible), m.SelectedKey())
	}
}

// The preview shows exactly the body the client sends: for each kind of value, the
// body recorded on the wire is the preview's, and the change it lists is old → new.
func TestPatchPreviewEqualsBodySent(t *testing.T) {
	for _, tc := range []struct {
		key    string
		keys   []string // after e
		text   string   // typed into a cleared field ("" types nothing)
		change string
		stored any
	}{
		{key: "recall_max_tokens", text: "8192", change: "recall_max_tokens: 4096 → 8192", stored: 8192.0},
		{key: "enable_reranking", change: "enable_reranking: true (default) → false", stored: false},
		{key: "recall_budget_function", keys: []string{"right"}, change: "recall_budget_function: fixed (default) → adaptive", stored: "adaptive"},
		{key: "recall_budget_adaptive_high", text: "0.5", change: "recall_budget_adaptive_high: 0.25 (default) → 0.5", stored: 0.5},
		{key: "observations_mission", text: "Track <owners> & \"decisions\"\nper team.", stored: "Track <owners> & \"decisions\"\nper team.",
			change: `observations_mission: null (default) → Track <owners> & "decisions" per team.`},
		{key: "mcp_enabled_tools", text: `["recall", "reflect"]`, change: `mcp_enabled_tools: null (default) → ["recall", "reflect"]`,
			stored: []any{"recall", "reflect"}},
	} {
		t.Run(tc.key, func(t *testing.T) {
			rec := &uitest.Recorder{}
			m, h := demo(t, uitest.WithClient(rec.Option()))
			selectKey(t, m, h, tc.key)
			h.Keys("e")
			if tc.text != "" || tc.keys != nil {
				f := uitest.Front[*components.Form](h)
				setField(t, f, tc.text)
				h.Keys(tc.keys...)
				h.Keys("ctrl+s")
			}
			p := uitest.Front[*Preview](h)
			if got := p.Changes(); len(got) != 1 || got[0] != tc.change {
				t.Errorf("changes %q, want %q", got, tc.change)
			}
			body := p.Body()
			h.Keys("enter")
			sent := rec.Bodies("PATCH", "/config")
			if len(sent) != 1 || sent[0] != body {
				t.Fatalf("sent %q, previewed %q", sent, body)
			}
			var got map[string]map[string]any
			if err := json.Unmarshal([]byte(body), &got); err != nil || len(got["updates"]) != 1 {
				t.Fatalf("body %s: %v", body, err)
			}
			cfg := serverConfig(t, h, teamBank)
			var stored any
			_ = json.Unmarshal(cfg.Overrides[tc.key], &stored)
			if b1, b2 := mustJSON(stored), mustJSON(tc.stored); b1 != b2 {
				t.Errorf("stored %s, want %s", b1, b2)
			}
			if !rowOf(t, m, tc.key).override || m.SelectedKey() != tc.key || h.Front() != nil {
				t.Errorf("after the save: override %v, cursor %q, dialog %T", rowOf(t, m, tc.key).override, m.SelectedKey(), h.Front())
			}
		})
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// setField replaces the text of the form's first field (a text or editor field);
// a choice is left as it is.
func setField(t *testing.T, f *components.Form, text string) {
	t.Helper()
	switch fl := f.Fields()[0].(type) {
	case *components.TextField:
		fl.SetValue(text)
	case *components.EditorField:
		fl.SetValue(text)
	case *choice:
	default:
		t.Fatalf("field %T", fl)
	}
}

// Numbers are checked against the reference's bounds and JSON against its shape
// before any preview: the form says why and stays open, nothing is sent.
func TestLocalValidation(t *testing.T) {
	for _, tc := range []struct{ key, text, want string }{
		{"disposition_empathy", "6", "out of range: from 1 to 5"},
		{"recall_budget_fixed_low", "0", "≥ 1"},
		{"recall_budget_adaptive_low", "0", "> 0"},
		{"retain_chunk_size", "12.5", "a whole number"},
		{"mcp_enabled_tools", `{"recall": true}`, "a JSON list"},
		{"entity_labels", `[1, 2`, "not JSON"},
	} {
		rec := &uitest.Recorder{}
		m, h := demo(t, uitest.WithClient(rec.Option()))
		selectKey(t, m, h, tc.key)
		h.Keys("e")
		f := uitest.Front[*components.Form](h)
		setField(t, f, tc.text)
		h.Keys("ctrl+s")
		if got := f.Fields()[0].Error(); !strings.Contains(got, tc.want) {
			t.Errorf("%s = %q: error %q, want %q", tc.key, tc.text, got, tc.want)
		}
		if h.Front() != f || len(rec.Matching("PATCH", "")) != 0 {
			t.Errorf("%s: front %T, %d PATCHes", tc.key, h.Front(), len(rec.Matching("PATCH", "")))
		}
	}
}

// A refusal (a memory_defense policy the server rejects with a 422, a budget minimum
// above the maximum with a 400) shows in the preview; esc goes back to the edit, with
// what was typed and the refusal under it.
func TestRefusalKeepsTheEdit(t *testing.T) {
	for _, tc := range []struct{ key, text, want, status string }{
		{"memory_defense", `{"enabled": true, "rules": [{"on": "sensitive_data", "action": "nuke"}]}`, "invalid memory_defense policy", "HTTP 422"},
		{"recall_budget_min", "5000", "recall_budget_min (5000) must be <= recall_budget_max (2000)", "HTTP 400"},
	} {
		m, h := demo(t)
		selectKey(t, m, h, tc.key)
		h.Keys("e")
		setField(t, uitest.Front[*components.Form](h), tc.text)
		h.Keys("ctrl+s", "enter")
		p := uitest.Front[*Preview](h)
		if p.Err() == nil || !strings.Contains(h.C.Describe(p.Err()), tc.want) || !strings.Contains(uitest.Plain(p.View()), tc.status) {
			t.Fatalf("%s: preview after the refusal:\n%s", tc.key, uitest.Plain(p.View()))
		}
		if errs := uitest.Messages[common.ErrorMsg](h); len(errs) != 1 {
			t.Errorf("%s: %d errors logged", tc.key, len(errs))
		}
		h.Keys("esc")
		f := uitest.Front[*components.Form](h)
		field := f.Fields()[0]
		var typed string
		switch fl := field.(type) {
		case *components.TextField:
			typed = fl.Value()
		case *components.EditorField:
			typed = fl.Value()
		}
		if typed != tc.text || !strings.Contains(field.Error(), tc.want) {
			t.Errorf("%s: the edit came back as %q with %q", tc.key, typed, field.Error())
		}
	}
}

// u drops one override: the preview shows the PATCH with null, and once sent the key
// is a default again, with the server's value, the cursor still on it.
func TestResetOneShowsDefault(t *testing.T) {
	rec := &uitest.Recorder{}
	m, h := demo(t, uitest.WithClient(rec.Option()))
	selectKey(t, m, h, "recall_max_tokens")
	h.Keys("esc") // clear the filter: the cursor stays on its key
	if m.SelectedKey() != "recall_max_tokens" || !rowOf(t, m, "recall_max_tokens").override {
		t.Fatalf("cursor %q", m.SelectedKey())
	}
	h.Keys("u")
	p := uitest.Front[*Preview](h)
	if p.Body() != `{"updates":{"recall_max_tokens":null}}` {
		t.Errorf("body %s", p.Body())
	}
	h.Keys("enter")
	if sent := rec.Bodies("PATCH", "/config"); len(sent) != 1 || sent[0] != p.Body() {
		t.Errorf("sent %q", sent)
	}
	r := rowOf(t, m, "recall_max_tokens")
	if r.override || string(r.value) != "2048" || m.SelectedKey() != "recall_max_tokens" {
		t.Errorf("after reset: override %v, value %s, cursor %q", r.override, r.value, m.SelectedKey())
	}
	if line := strings.TrimRight(drawnRow(t, m, "recall_max_tokens"), " "); !strings.HasSuffix(line, "2048 default") &&
		!strings.HasSuffix(strings.Join(strings.Fields(line), " "), "2048 default") {
		t.Errorf("row %q", line)
	}
	if cfg := serverConfig(t, h, teamBank); cfg.IsOverride("recall_max_tokens") || len(cfg.Overrides) != 2 {
		t.Errorf("server overrides %v", cfg.Overrides)
	}
	if m.keys.BankConfig.Reset.Enabled() {
		t.Error("u is enabled on a default")
	}
}

// U asks, naming the bank and how many overrides go, then removes them all.
func TestResetAll(t *testing.T) {
	m, h := demo(t)
	h.Keys("j", "j", "U")
	d := uitest.Front[*components.Confirm](h)
	v := uitest.Plain(d.View())
	for _, want := range []string{"3 overrides", "team-platform", "retain_mission"} {
		if !strings.Contains(strings.Join(strings.Fields(v), " "), want) {
			t.Errorf("confirmation lacks %q:\n%s", want, v)
		}
	}
	h.Keys("enter")
	if cfg := serverConfig(t, h, teamBank); len(cfg.Overrides) != 0 {
		t.Errorf("server overrides %v", cfg.Overrides)
	}
	if m.overrides() != 0 || m.SelectedKey() != "retain_custom_instructions" {
		t.Errorf("%d overrides, cursor %q", m.overrides(), m.SelectedKey())
	}
	if m.keys.BankConfig.ResetAll.Enabled() {
		t.Error("U is enabled without overrides")
	}
}

// A reload, or an answer to a write, keeps the cursor on its key by name.
func TestSelectionStaysOnItsKey(t *testing.T) {
	m, h := demo(t)
	h.Keys("G", "k", "k")
	want := m.SelectedKey()
	h.Keys("r")
	if m.SelectedKey() != want {
		t.Errorf("after r: %q, want %q", m.SelectedKey(), want)
	}
	h.SelectBank("user-alex-prefs")
	if m.SelectedKey() != want {
		t.Errorf("after a bank switch: %q, want %q", m.SelectedKey(), want)
	}
}

// Under --read-only there is no write: no key acts, no help line, no palette entry;
// the pane still lists every key and the rules view still shows the policy.
func TestReadOnlyHidesWrites(t *testing.T) {
	rec := &uitest.Recorder{}
	m, h := demo(t, uitest.ReadOnly(), uitest.WithClient(rec.Option()))
	selectKey(t, m, h, "recall_max_tokens")
	h.Keys("e", "enter", "u", "U")
	if h.Front() != nil {
		t.Fatalf("a dialog opened: %T", h.Front())
	}
	for _, b := range []string{"edit", "reset", "rules: new", "rules: delete", "rules: preview"} {
		if hasHelp(m, b) {
			t.Errorf("help shows %q: %v", b, helpKeys(m))
		}
	}
	for _, a := range m.Actions() {
		if strings.Contains(a.Name, "Edit") || strings.Contains(a.Name, "Reset") {
			t.Errorf("palette offers %q", a.Name)
		}
	}
	h.Keys("M", "n", "space", "D", "ctrl+s")
	if m.def == nil || m.def.dirty() || h.Front() != nil {
		t.Fatalf("rules view: %+v, front %T", m.def, h.Front())
	}
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, "sensitive_data") || !strings.Contains(v, "Read-only") {
		t.Errorf("rules view:\n%s", v)
	}
	if n := len(rec.Matching("PATCH", "")) + len(rec.Matching("DELETE", "")); n != 0 {
		t.Errorf("%d writes sent", n)
	}
	if len(m.rows) != 46 {
		t.Errorf("%d rows", len(m.rows))
	}
}

// A value too long for its row shows in full under the list: a long text wrapped, a
// policy as JSON.
func TestLongValueInTheDetail(t *testing.T) {
	m, h := demo(t)
	h.Keys("j")
	mission := "Keep incidents, ownership, decisions and on-call practice; skip small talk and raw log dumps."
	v := uitest.Plain(uitest.View(t, m))
	if row := drawnRow(t, m, "retain_mission"); strings.Contains(row, mission) {
		t.Fatalf("the row holds the whole mission: %q", row)
	}
	if !strings.Contains(strings.Join(strings.Fields(v), " "), mission) || !strings.Contains(v, "override (set on this bank)") {
		t.Errorf("the detail lacks the mission:\n%s", v)
	}
	selectKey(t, m, h, "memory_defense")
	v = uitest.Plain(uitest.View(t, m))
	if !strings.Contains(v, `"action": "redact"`) || !strings.Contains(v, "null = off; M edits its rules") {
		t.Errorf("the detail lacks the policy:\n%s", v)
	}
}

// An answer to a read that was superseded (a reload, another bank) is dropped, and
// esc cancels a read in flight.
func TestStaleAnswersDropped(t *testing.T) {
	m, h := demo(t)
	stale := loadedMsg{seq: m.seq - 1, bank: teamBank, cfg: &client.BankConfig{BankID: teamBank}}
	h.Deliver(stale)
	if len(m.rows) != 46 || m.overrides() != 3 {
		t.Fatalf("a stale answer was shown: %d rows, %d overrides", len(m.rows), m.overrides())
	}
	cmd := m.load()
	if !m.loading || cmd == nil {
		t.Fatal("no read started")
	}
	h.Keys("esc")
	if m.loading {
		t.Error("esc left the read running")
	}
	h.Do(cmd)
	if m.loading || m.err != nil || m.overrides() != 3 {
		t.Errorf("the cancelled read's answer was taken: loading %v, err %v", m.loading, m.err)
	}
}
