package bankconfig

import (
	"context"
	"encoding/json"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// defenseKey is the memory_defense configuration key.
const defenseKey = "memory_defense"

// defenseActions are what a rule may do, in the order the rule form offers them.
var defenseActions = []string{client.DefenseAllow, client.DefenseRedact, client.DefenseBlock}

// defense is the memory defense rules view: a working copy of the bank's policy that
// the keys change and ctrl+s sends (after its preview) as one PATCH of memory_defense.
type defense struct {
	orig    client.MemoryDefensePolicy // the policy as the server resolved it
	set     bool                       // the server has a policy (not null)
	enabled bool
	rules   []client.MemoryDefenseRule
	cursor  int
	offset  int
	warned  bool // esc was pressed once with unsaved changes
}

// ruleSavedMsg is a rule typed in the rule form: index -1 adds it.
type ruleSavedMsg struct {
	bank  string
	index int
	rule  client.MemoryDefenseRule
}

// newDefense starts the view from the bank's resolved policy.
func newDefense(cfg *client.BankConfig) *defense {
	d := &defense{}
	d.reset(cfg)
	return d
}

// reset takes the policy from cfg (after a load or a save), dropping changes.
func (d *defense) reset(cfg *client.BankConfig) {
	d.orig, d.set = client.MemoryDefensePolicy{}, false
	if p := cfg.MemoryDefense(); p != nil {
		d.orig, d.set = *p, true
	}
	d.enabled = d.orig.Enabled
	d.rules = slices.Clone(d.orig.Rules)
	d.cursor = max(min(d.cursor, len(d.rules)-1), 0)
	d.warned = false
}

// dirty reports changes not sent yet.
func (d *defense) dirty() bool {
	return d.enabled != d.orig.Enabled || !slices.Equal(d.rules, d.orig.Rules)
}

// selected is the rule under the cursor, or nil.
func (d *defense) selected() *client.MemoryDefenseRule {
	if d.cursor < 0 || d.cursor >= len(d.rules) {
		return nil
	}
	return &d.rules[d.cursor]
}

// ensureVisible scrolls the cursor's rule into view.
func (d *defense) ensureVisible(h int) {
	if d.cursor < d.offset {
		d.offset = d.cursor
	}
	if d.cursor >= d.offset+h {
		d.offset = d.cursor - h + 1
	}
	d.offset = max(min(d.offset, len(d.rules)-h), 0)
}

// policy is the working copy as memory_defense's value.
func (d *defense) policy() client.MemoryDefensePolicy {
	rules := slices.Clone(d.rules)
	if rules == nil {
		rules = []client.MemoryDefenseRule{}
	}
	return client.MemoryDefensePolicy{Enabled: d.enabled, Rules: rules}
}

// defenseTop is the lines above the rules: title, explanation, column titles.
const defenseTop = 3

// defRowsHeight is how many rules fit under the top lines and above the status line.
func (m *Model) defRowsHeight() int { return max(m.height-defenseTop-2, 1) }

// openDefense opens the rules view on the bank's policy.
func (m *Model) openDefense() tea.Cmd {
	if m.cfg == nil {
		return nil
	}
	m.def = newDefense(m.cfg)
	return nil
}

// defenseKey handles a key in the rules view.
func (m *Model) defenseKey(k tea.KeyPressMsg) tea.Cmd {
	d, kl, kd := m.def, m.keys.List, m.keys.BankConfig.Defense
	if !key.Matches(k, kl.Back) {
		d.warned = false
	}
	switch {
	case key.Matches(k, kl.Back):
		if d.dirty() && !d.warned {
			d.warned = true
			return nil
		}
		m.def = nil
	case key.Matches(k, m.keys.Global.Refresh):
		return m.load()
	case key.Matches(k, kl.Up):
		d.cursor = max(d.cursor-1, 0)
	case key.Matches(k, kl.Down):
		d.cursor = max(min(d.cursor+1, len(d.rules)-1), 0)
	case key.Matches(k, kl.Top):
		d.cursor = 0
	case key.Matches(k, kl.Bottom):
		d.cursor = max(len(d.rules)-1, 0)
	case m.c.ReadOnly:
		return nil
	case key.Matches(k, kd.Add):
		return m.ruleForm(-1)
	case key.Matches(k, kd.Edit, kl.Open):
		if d.selected() != nil {
			return m.ruleForm(d.cursor)
		}
	case key.Matches(k, kd.Delete):
		if d.selected() != nil {
			d.rules = slices.Delete(slices.Clone(d.rules), d.cursor, d.cursor+1)
			d.cursor = max(min(d.cursor, len(d.rules)-1), 0)
		}
	case key.Matches(k, kd.Toggle):
		d.enabled = !d.enabled
	case key.Matches(k, kd.Earlier):
		if d.cursor > 0 && d.selected() != nil {
			d.rules = slices.Clone(d.rules)
			d.rules[d.cursor-1], d.rules[d.cursor] = d.rules[d.cursor], d.rules[d.cursor-1]
			d.cursor--
		}
	case key.Matches(k, kd.Later):
		if d.cursor < len(d.rules)-1 {
			d.rules = slices.Clone(d.rules)
			d.rules[d.cursor+1], d.rules[d.cursor] = d.rules[d.cursor], d.rules[d.cursor+1]
			d.cursor++
		}
	case key.Matches(k, kd.Save):
		return m.saveDefense()
	}
	d.ensureVisible(m.defRowsHeight())
	return nil
}

// saveDefense previews the working policy as the PATCH of memory_defense.
func (m *Model) saveDefense() tea.Cmd {
	if m.def == nil || !m.def.dirty() || m.c.ReadOnly || m.cfg == nil {
		return nil
	}
	raw := marshal(m.def.policy())
	p := newPatchPreview(m.c, m.bank, m.cfg, map[string]any{defenseKey: raw}, "Saved the memory defense rules", nil)
	p.title = "Save memory defense rules"
	return common.OpenDialog(p)
}

// ruleForm opens the form of rule i (-1: a new rule): its detector and its action.
func (m *Model) ruleForm(i int) tea.Cmd {
	d := m.def
	rule := client.MemoryDefenseRule{On: client.DetectorSensitiveData, Action: client.DefenseRedact}
	title := "New memory defense rule"
	if i >= 0 {
		rule, title = d.rules[i], "Edit memory defense rule "+itoa(i+1)
	}
	on := components.NewTextField(m.c, "Detector (on; the server knows "+client.DetectorSensitiveData+")", client.DetectorSensitiveData, "on")
	on.SetValue(rule.On)
	act := newChoice(m.c, "Action (←/→ choose)", defenseActions, rule.Action)
	bank := m.bank
	submit := func() (components.Request, error) {
		detector := strings.TrimSpace(on.Value())
		if detector == "" {
			return nil, components.Invalid{"on": "name a detector (" + client.DetectorSensitiveData + ")"}
		}
		r := client.MemoryDefenseRule{On: detector, Action: act.Value()}
		return func(context.Context) (tea.Cmd, error) {
			return common.Emit(ruleSavedMsg{bank: bank, index: i, rule: r}), nil
		}, nil
	}
	return common.OpenDialog(components.NewForm(m.c, title, "edit memory defense rule", "keep rule", submit, on, act,
		components.NewHeading(m.c, "allow stores · redact masks · block drops"),
		components.NewHeading(m.c, "kept in the rules; ctrl+s there saves them")))
}

// onRuleSaved puts a rule from the rule form in the working copy.
func (m *Model) onRuleSaved(msg ruleSavedMsg) {
	d := m.def
	if d == nil || msg.bank != m.bank {
		return
	}
	d.rules = slices.Clone(d.rules)
	if msg.index < 0 || msg.index >= len(d.rules) {
		d.rules = append(d.rules, msg.rule)
		d.cursor = len(d.rules) - 1
	} else {
		d.rules[msg.index] = msg.rule
		d.cursor = msg.index
	}
	d.ensureVisible(m.defRowsHeight())
}

// defenseLines draw the rules view.
func (m *Model) defenseLines(w, h int) []string {
	st, d := m.c.Styles, m.def
	state := st.Muted.Render("not set: off")
	switch {
	case d.enabled:
		state = st.Success.Render("● policy on")
	case d.set || d.dirty():
		state = st.Warning.Render("○ policy off")
	}
	if m.cfg != nil && m.cfg.IsOverride(defenseKey) {
		state += st.Muted.Render(" · " + wordOverride)
	} else {
		state += st.Muted.Render(" · " + wordDefault)
	}
	lines := []string{
		components.Spread(st.Section.Render("Memory defense")+st.Muted.Render(" · bank "+sanitize.Line(m.bank)), state, w),
		components.Fit(st.Muted.Render("The first rule that fires decides: allow, redact or block."), w),
		st.Label.Render(components.Fit("  "+components.Fit("#", 3)+components.Fit("detector (on)", max(w-16, 8))+" action", w)),
	}
	if len(d.rules) == 0 {
		hint := "  No rules: nothing is screened."
		if !m.c.ReadOnly {
			hint += " n adds one."
		}
		lines = append(lines, st.Muted.Render(hint))
	}
	end := min(d.offset+m.defRowsHeight(), len(d.rules))
	for i := d.offset; i < end; i++ {
		lines = append(lines, m.ruleLine(i, w))
	}
	for len(lines) < h-1 {
		lines = append(lines, "")
	}
	var status string
	switch {
	case d.warned:
		status = st.Warning.Render("Unsaved changes: esc again discards them, ctrl+s previews and saves.")
	case d.dirty():
		status = st.Warning.Render("Unsaved changes · ctrl+s previews and saves · esc discards")
	case m.c.ReadOnly:
		status = st.Muted.Render("Read-only: the rules are shown, not changed.")
	default:
		status = st.Muted.Render("n new · e edit · D delete · space on/off · [ ] order")
	}
	return append(lines, components.Fit(status, w))
}

// ruleLine draws rule i: its place, detector and action.
func (m *Model) ruleLine(i int, w int) string {
	st, r := m.c.Styles, m.def.rules[i]
	text, glyph := st.Text, "  "
	if i == m.def.cursor {
		glyph, text = st.Accent.Render("▌ "), st.Selected
	}
	act := st.Muted
	switch r.Action {
	case client.DefenseBlock:
		act = st.Error
	case client.DefenseRedact:
		act = st.Warning
	}
	num := components.Fit(itoa(i+1), 3)
	return components.Fit(glyph+text.Render(num+components.Fit(sanitize.Line(r.On), max(w-16, 8)))+" "+act.Render(sanitize.Line(r.Action)), w)
}

// itoa is n in decimal.
func itoa(n int) string { return common.Thousands(n) }

// ruleChanges are a memory defense policy's changes from before to after, the switch
// and rule by rule (in order: the first that fires decides); nil when either is not a
// policy. What is the same before and after is left out.
func ruleChanges(before, after json.RawMessage) []change {
	var a, b client.MemoryDefensePolicy
	if json.Unmarshal(after, &b) != nil {
		return nil
	}
	if !isNull(before) && json.Unmarshal(before, &a) != nil {
		return nil
	}
	onOff := func(on bool) string {
		if on {
			return "on"
		}
		return "off"
	}
	out := []change{{key: defenseKey + " enabled", before: onOff(a.Enabled), after: onOff(b.Enabled)}}
	if isNull(before) {
		out[0].before = "not set (off)"
	}
	rule := func(rs []client.MemoryDefenseRule, i int) string {
		if i >= len(rs) {
			return "(none)"
		}
		return sanitize.Line(rs[i].On) + " " + sanitize.Line(rs[i].Action)
	}
	if out[0].before == out[0].after {
		out = out[:0]
	}
	for i := range max(len(a.Rules), len(b.Rules)) {
		if x, y := rule(a.Rules, i), rule(b.Rules, i); x != y {
			out = append(out, change{key: "rule " + itoa(i+1), before: x, after: y})
		}
	}
	if len(out) == 0 {
		return nil // nothing that reads as a rule change: the values themselves
	}
	return out
}
