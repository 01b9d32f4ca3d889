package bankdiff

import (
	"encoding/json"
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
