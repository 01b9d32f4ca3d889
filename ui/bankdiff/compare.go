package bankdiff

import (
	"encoding/json"
	"slices"
	"sort"

	"hindsight-tui/client"
)

// A side of a comparison is a bank's template: its configuration overrides, its mental
// models and its directives, as GET …/export returns them, or a template file. Ids
// (the bank's, a model's) and timestamps are not compared: two banks are the same when
// they would export the same template but for the ids.

// Sections of a comparison and of a plan, in the order they show.
const (
	secConfig    = "config"
	secModel     = "model"
	secDirective = "directive"
)

// status is how one item of a comparison differs.
type status int

const (
	same status = iota
	onlyA
	onlyB
	differ
)

// fieldDiff is one differing field of an item: its name and each side's value, one
// line each, as JSON (not yet sanitized).
type fieldDiff struct {
	name string
	a, b string
}

// item is one configuration key, mental model (matched by name) or directive (matched
// by name) of a comparison.
type item struct {
	section string
	name    string
	status  status
	fields  []fieldDiff // the differing fields (the whole value for a config key)
	// What each side holds, to copy it to the other side.
	aModel, bModel *client.TemplateMentalModel
	aDir, bDir     *client.TemplateDirective
	aVal, bVal     any
	aSet, bSet     bool
}

// comparison is the result of comparing template a with template b.
type comparison struct {
	items []item // every item, the same ones too, by section then name
	same  int    // how many are the same
}

// differences are the items that differ, in order.
func (c comparison) differences() []item {
	var out []item
	for _, it := range c.items {
		if it.status != same {
			out = append(out, it)
		}
	}
	return out
}

// compare compares two templates item by item.
func compare(a, b *client.BankTemplate) comparison {
	a, b = orEmptyTemplate(a), orEmptyTemplate(b)
	var c comparison
	add := func(it item) {
		if it.status == same {
			c.same++
		}
		c.items = append(c.items, it)
	}
	for _, key := range unionKeys(a.Bank, b.Bank) {
		av, aok := a.Bank[key]
		bv, bok := b.Bank[key]
		it := item{section: secConfig, name: key, aVal: av, bVal: bv, aSet: aok, bSet: bok}
		it.status = presence(aok, bok)
		if it.status == same && canon(av) != canon(bv) {
			it.status = differ
		}
		if it.status != same {
			it.fields = []fieldDiff{{name: key, a: configValue(av, aok), b: configValue(bv, bok)}}
		}
		add(it)
	}
	am, bm := modelsByName(a.MentalModels), modelsByName(b.MentalModels)
	for _, name := range unionKeys(am, bm) {
		it := item{section: secModel, name: name, aModel: am[name], bModel: bm[name]}
		it.status = presence(it.aModel != nil, it.bModel != nil)
		if it.status == same {
			if it.fields = modelFields(*it.aModel, *it.bModel); len(it.fields) > 0 {
				it.status = differ
			}
		}
		add(it)
	}
	ad, bd := directivesByName(a.Directives), directivesByName(b.Directives)
	for _, name := range unionKeys(ad, bd) {
		it := item{section: secDirective, name: name, aDir: ad[name], bDir: bd[name]}
		it.status = presence(it.aDir != nil, it.bDir != nil)
		if it.status == same {
			if it.fields = directiveFields(*it.aDir, *it.bDir); len(it.fields) > 0 {
				it.status = differ
			}
		}
		add(it)
	}
	return c
}

func presence(a, b bool) status {
	switch {
	case a && !b:
		return onlyA
	case b && !a:
		return onlyB
	}
	return same
}

// configValue is a config value for a row; a key the side does not set says so.
func configValue(v any, set bool) string {
	if !set {
		return "(not set)"
	}
	return canon(v)
}

// modelFields are the fields in which two mental models differ, their ids aside.
func modelFields(a, b client.TemplateMentalModel) []fieldDiff {
	na, nb := normalModel(a), normalModel(b)
	var out []fieldDiff
	diff := func(name string, x, y any) {
		if cx, cy := canon(x), canon(y); cx != cy {
			out = append(out, fieldDiff{name: name, a: cx, b: cy})
		}
	}
	diff("source_query", na.SourceQuery, nb.SourceQuery)
	diff("tags", na.Tags, nb.Tags)
	diff("max_tokens", na.MaxTokens, nb.MaxTokens)
	diff("trigger", na.Trigger, nb.Trigger)
	return out
}

// directiveFields are the fields in which two directives differ.
func directiveFields(a, b client.TemplateDirective) []fieldDiff {
	na, nb := normalDirective(a), normalDirective(b)
	var out []fieldDiff
	diff := func(name string, x, y any) {
		if cx, cy := canon(x), canon(y); cx != cy {
			out = append(out, fieldDiff{name: name, a: cx, b: cy})
		}
	}
	diff("content", na.Content, nb.Content)
	diff("priority", na.Priority, nb.Priority)
	diff("is_active", *na.IsActive, *nb.IsActive)
	diff("tags", na.Tags, nb.Tags)
	return out
}

// defaultMaxTokens is the budget the server gives a model that names none.
const defaultMaxTokens = 2048

// normalModel fills in what the server fills in on import (the token budget, the
// trigger's defaults) and sorts nothing: tag order is kept as the server keeps it.
func normalModel(m client.TemplateMentalModel) client.TemplateMentalModel {
	if m.MaxTokens == 0 {
		m.MaxTokens = defaultMaxTokens
	}
	if m.Tags == nil {
		m.Tags = []string{}
	}
	t := client.MentalModelTrigger{}
	if m.Trigger != nil {
		t = *m.Trigger
	}
	if t.Mode == "" {
		t.Mode = "full"
	}
	no := false
	for _, p := range []**bool{&t.RefreshAfterConsolidation, &t.ExcludeMentalModels, &t.KeepTrace} {
		if *p == nil {
			*p = &no
		}
	}
	m.Trigger = &t
	return m
}

// normalDirective fills in the server's defaults: active, no tags.
func normalDirective(d client.TemplateDirective) client.TemplateDirective {
	if d.IsActive == nil {
		d.IsActive = client.Ptr(true)
	}
	if d.Tags == nil {
		d.Tags = []string{}
	}
	return d
}

// canon is a value as compact JSON with sorted object keys, so equal values compare
// equal however they were written.
func canon(v any) string {
	raw, err := json.Marshal(v)
	if err != nil {
		return "?"
	}
	var generic any
	if json.Unmarshal(raw, &generic) != nil {
		return string(raw)
	}
	out, _ := json.Marshal(generic)
	return string(out)
}

func orEmptyTemplate(t *client.BankTemplate) *client.BankTemplate {
	if t == nil {
		return &client.BankTemplate{Version: "1"}
	}
	return t
}

func modelsByName(ms []client.TemplateMentalModel) map[string]*client.TemplateMentalModel {
	out := make(map[string]*client.TemplateMentalModel, len(ms))
	for i := range ms {
		if _, dup := out[ms[i].Name]; !dup {
			out[ms[i].Name] = &ms[i]
		}
	}
	return out
}

func directivesByName(ds []client.TemplateDirective) map[string]*client.TemplateDirective {
	out := make(map[string]*client.TemplateDirective, len(ds))
	for i := range ds {
		// The server's import matches by name and the last one wins.
		out[ds[i].Name] = &ds[i]
	}
	return out
}

// unionKeys is the sorted union of two maps' keys.
func unionKeys[V any](a, b map[string]V) []string {
	seen := make(map[string]bool, len(a)+len(b))
	for k := range a {
		seen[k] = true
	}
	for k := range b {
		seen[k] = true
	}
	out := make([]string, 0, len(seen))
	for k := range seen {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// copyManifest is the template that copies the chosen items of a comparison from
// one side to the other (toB: from A to B). A config key the source does not set is
// sent as null, which clears it on the target. A model takes the id of the target's
// model of the same name, so the import updates that one instead of adding a second.
// Items the source does not hold are left out; skipped counts them.
func copyManifest(c comparison, chosen map[string]bool, toB bool) (m *client.BankTemplate, skipped int) {
	m = &client.BankTemplate{Version: "1"}
	for _, it := range c.items {
		if !chosen[itemKey(it)] {
			continue
		}
		srcSet, dstSet := it.aSet, it.bSet
		srcVal := it.aVal
		srcModel, dstModel := it.aModel, it.bModel
		srcDir := it.aDir
		if !toB {
			srcSet, dstSet, srcVal = it.bSet, it.aSet, it.bVal
			srcModel, dstModel, srcDir = it.bModel, it.aModel, it.bDir
		}
		switch it.section {
		case secConfig:
			if !srcSet && !dstSet {
				skipped++
				continue
			}
			if m.Bank == nil {
				m.Bank = map[string]any{}
			}
			m.Bank[it.name] = srcVal // nil when the source does not set it: clears it
		case secModel:
			if srcModel == nil {
				skipped++
				continue
			}
			mm := *srcModel
			if dstModel != nil {
				mm.ID = dstModel.ID
			}
			m.MentalModels = append(m.MentalModels, mm)
		case secDirective:
			if srcDir == nil {
				skipped++
				continue
			}
			m.Directives = append(m.Directives, *srcDir)
		}
	}
	return m, skipped
}

// itemKey names an item across reloads: its section and name.
func itemKey(it item) string { return it.section + "\x00" + it.name }

// Plan actions.
const (
	actCreate    = "create"
	actUpdate    = "update"
	actUnchanged = "unchanged"
	actClear     = "clear"
)

// planItem is one thing an import would do.
type planItem struct {
	section string
	name    string // config key, model id, directive name
	label   string // what a row shows: a model's name with its id
	action  string
	fields  []fieldDiff // what an update changes (current → incoming)
}

// plan is what importing manifest into a bank that holds current (nil: a new bank)
// would do, item by item, with the server's matching: config keys merge, models match
// by id (an update keeps the tags when the template gives none), directives by name.
// The server's own dry run cannot say this: it reports every item as created.
func plan(manifest, current *client.BankTemplate) []planItem {
	manifest, current = orEmptyTemplate(manifest), orEmptyTemplate(current)
	var out []planItem
	keys := make([]string, 0, len(manifest.Bank))
	for k := range manifest.Bank {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := manifest.Bank[k]
		cur, set := current.Bank[k]
		p := planItem{section: secConfig, name: k, label: k}
		switch {
		case v == nil && !set:
			p.action = actUnchanged
		case v == nil:
			p.action, p.fields = actClear, []fieldDiff{{name: k, a: canon(cur), b: "(not set)"}}
		case !set:
			p.action, p.fields = actCreate, []fieldDiff{{name: k, a: "(not set)", b: canon(v)}}
		case canon(cur) == canon(v):
			p.action = actUnchanged
		default:
			p.action, p.fields = actUpdate, []fieldDiff{{name: k, a: canon(cur), b: canon(v)}}
		}
		out = append(out, p)
	}
	byID := map[string]client.TemplateMentalModel{}
	for _, mm := range current.MentalModels {
		byID[mm.ID] = mm
	}
	for _, mm := range manifest.MentalModels {
		p := planItem{section: secModel, name: mm.ID, label: mm.Name, action: actCreate}
		if cur, ok := byID[mm.ID]; ok {
			next := mm
			if len(next.Tags) == 0 {
				next.Tags = cur.Tags // an import replaces tags only when it gives some
			}
			p.fields = modelFields(cur, next)
			if normalModel(cur).Name != next.Name {
				p.fields = slices.Insert(p.fields, 0, fieldDiff{name: "name", a: canon(cur.Name), b: canon(next.Name)})
			}
			p.action = actUnchanged
			if len(p.fields) > 0 {
				p.action = actUpdate
			}
		}
		byID[mm.ID] = mm
		out = append(out, p)
	}
	byName := directivesByName(current.Directives)
	for _, d := range manifest.Directives {
		p := planItem{section: secDirective, name: d.Name, label: d.Name, action: actCreate}
		if cur := byName[d.Name]; cur != nil {
			p.fields = directiveFields(*cur, d)
			p.action = actUnchanged
			if len(p.fields) > 0 {
				p.action = actUpdate
			}
		}
		dd := d
		byName[d.Name] = &dd
		out = append(out, p)
	}
	return out
}

// counts tallies a plan by action.
func counts(p []planItem) map[string]int {
	out := map[string]int{}
	for _, it := range p {
		out[it.action]++
	}
	return out
}
