package bankdiff

import (
	"slices"
	"sort"

	"hindsight-tui/client"
)

// What an import would do, worked out before it runs, and the template a copy sends.

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
