package hindsighttest

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Bank templates: a manifest of a bank's config overrides, mental models and
// directives that can be exported from one bank and imported into another. A
// manifest is checked against its schema first ("Template schema validation
// failed: <loc>: <msg>; …") and then for meaning ("Template validation failed: …"),
// both 400s.

// templateModelID is the pattern exported model ids must follow.
var templateModelID = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// extractionModes are the retain_extraction_mode values a template may set.
var extractionModes = []string{"concise", "verbose", "custom", "verbatim", "chunks"}

type manifest struct {
	version    string
	bank       map[string]any // nil when absent or null
	models     []manifestModel
	directives []manifestDirective
}

type manifestModel struct {
	id, name, sourceQuery string
	tags                  []string
	maxTokens             int
	trigger               map[string]any
}

type manifestDirective struct {
	name, content string
	priority      int
	isActive      bool
	tags          []string
}

// parseManifest reads a raw manifest, or returns the 400 detail explaining why not.
func parseManifest(raw []byte) (*manifest, error) {
	var obj map[string]json.RawMessage
	if !json.Valid(raw) {
		return nil, detailf("Invalid JSON in template body")
	}
	if err := json.Unmarshal(raw, &obj); err != nil || obj == nil {
		return nil, detailf("Template schema validation failed: (root): Input should be a valid dictionary")
	}
	q := &request{}
	f := &fields{obj: obj, loc: []any{}, q: q}
	m := &manifest{version: f.reqStr("version")}
	if b := f.object("bank"); b != nil {
		m.bank = parseTemplateConfig(b)
	}
	forEachObject(f, "mental_models", func(mf *fields) {
		mm := manifestModel{id: mf.reqStr("id"), name: mf.reqStr("name"), sourceQuery: mf.reqStr("source_query"),
			tags: mf.strList("tags"), maxTokens: 2048}
		if n := mf.integer("max_tokens", 256, 8192); n != nil {
			mm.maxTokens = *n
		}
		mm.trigger = parseTrigger(q, mf.object("trigger"))
		m.models = append(m.models, mm)
	})
	forEachObject(f, "directives", func(df *fields) {
		d := manifestDirective{name: df.reqStr("name"), content: df.reqStr("content"), isActive: true, tags: df.strList("tags")}
		if n := df.integer("priority", -1<<31, noMax); n != nil {
			d.priority = *n
		}
		if v := df.boolean("is_active"); v != nil {
			d.isActive = *v
		}
		m.directives = append(m.directives, d)
	})
	if len(q.errs) > 0 {
		parts := make([]string, len(q.errs))
		for i, e := range q.errs {
			loc := make([]string, len(e.Loc))
			for j, l := range e.Loc {
				loc[j] = fmt.Sprint(l)
			}
			parts[i] = strings.Join(loc, ".") + ": " + e.Msg
		}
		return nil, detailf("Template schema validation failed: %s", strings.Join(parts, "; "))
	}
	if problems := m.problems(); len(problems) > 0 {
		return nil, detailf("Template validation failed: %s", strings.Join(problems, "; "))
	}
	return m, nil
}

// forEachObject validates key as an optional list of objects and visits each one.
func forEachObject(f *fields, key string, visit func(*fields)) {
	if !f.has(key) || f.null(key) {
		return
	}
	var items []json.RawMessage
	if err := json.Unmarshal(f.obj[key], &items); err != nil {
		f.q.fail(validationError{Type: "list_type", Loc: f.at(key), Msg: "Input should be a valid list"})
		return
	}
	for i, it := range items {
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(it, &obj); err != nil || obj == nil {
			f.q.fail(validationError{Type: "model_type", Loc: append(f.at(key), i), Msg: "Input should be a valid dictionary"})
			continue
		}
		visit(&fields{obj: obj, loc: append(f.at(key), i), q: f.q})
	}
}

// parseTemplateConfig type-checks the bank section (BankTemplateConfig); unknown keys
// are ignored, as the model does not forbid extras.
func parseTemplateConfig(f *fields) map[string]any {
	out := map[string]any{}
	all := configFields()
	for _, key := range sortedMapKeys(all) {
		cf := all[key]
		if !f.has(key) {
			continue
		}
		if f.null(key) {
			out[key] = nil
			continue
		}
		v := f.input(key)
		switch {
		case strings.HasPrefix(key, "disposition_"):
			if n := f.integer(key, 1, 5); n != nil {
				out[key] = *n
			}
		case key == "mental_model_min_refresh_interval_seconds":
			if n := f.integer(key, 0, noMax); n != nil {
				out[key] = *n
			}
		case cf.kind == kindInt:
			if n := f.integer(key, -1<<31, noMax); n != nil {
				out[key] = *n
			}
		case cf.kind == kindBool:
			if b := f.boolean(key); b != nil {
				out[key] = *b
			}
		case cf.kind == kindString:
			if s := f.str(key); s != nil {
				out[key] = *s
			}
		case key == "entity_labels" || cf.kind == kindList:
			if _, ok := v.([]any); !ok {
				f.q.fail(validationError{Type: "list_type", Loc: f.at(key), Msg: "Input should be a valid list", Input: v})
				continue
			}
			out[key] = v
		case cf.kind == kindFloat:
			if _, ok := v.(float64); !ok {
				f.q.fail(validationError{Type: "float_type", Loc: f.at(key), Msg: "Input should be a valid number", Input: v})
				continue
			}
			out[key] = v
		default:
			if _, ok := v.(map[string]any); !ok {
				f.q.fail(validationError{Type: "dict_type", Loc: f.at(key), Msg: "Input should be a valid dictionary", Input: v})
				continue
			}
			out[key] = v
		}
	}
	return out
}

// problems are the semantic errors of a well-formed manifest.
func (m *manifest) problems() []string {
	var out []string
	if m.version != "1" {
		out = append(out, fmt.Sprintf("unsupported template version '%s' (supported: '1')", m.version))
	}
	mode, _ := m.bank["retain_extraction_mode"].(string)
	if mode != "" && !slices.Contains(extractionModes, mode) {
		out = append(out, fmt.Sprintf("bank.retain_extraction_mode '%s' must be one of %s", mode, strings.Join(extractionModes, ", ")))
	}
	if ci, _ := m.bank["retain_custom_instructions"].(string); ci != "" && mode != "custom" {
		out = append(out, "bank.retain_custom_instructions requires retain_extraction_mode 'custom'")
	}
	seen := map[string]bool{}
	for i, mm := range m.models {
		switch {
		case !templateModelID.MatchString(mm.id):
			out = append(out, fmt.Sprintf("mental_models[%d].id '%s' must match %s", i, mm.id, templateModelID))
		case seen[mm.id]:
			out = append(out, fmt.Sprintf("mental_models[%d].id '%s' is repeated", i, mm.id))
		}
		seen[mm.id] = true
		if strings.TrimSpace(mm.name) == "" {
			out = append(out, fmt.Sprintf("mental_models[%d].name must not be empty", i))
		}
		if strings.TrimSpace(mm.sourceQuery) == "" {
			out = append(out, fmt.Sprintf("mental_models[%d].source_query must not be empty", i))
		}
	}
	names := map[string]bool{}
	for i, d := range m.directives {
		if strings.TrimSpace(d.name) == "" {
			out = append(out, fmt.Sprintf("directives[%d].name must not be empty", i))
		} else if names[d.name] {
			out = append(out, fmt.Sprintf("directives[%d].name '%s' is repeated", i, d.name))
		}
		names[d.name] = true
		if strings.TrimSpace(d.content) == "" {
			out = append(out, fmt.Sprintf("directives[%d].content must not be empty", i))
		}
	}
	return out
}
