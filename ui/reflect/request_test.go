package reflect

import (
	"strings"
	"testing"

	"hindsight-tui/styles"
	"hindsight-tui/ui/uitest"
)

// TestBuildRequest covers every parameter: what is set is sent exactly, what is left
// at its default is not sent at all, and include.facts is always asked for.
func TestBuildRequest(t *testing.T) {
	const facts = `"include":{"facts":{}}`
	tests := []struct {
		name     string
		question string
		p        params
		want     string // the JSON body
		errs     map[string]string
	}{
		{name: "defaults", question: "  What does Alex drink?  ", want: `{"query":"What does Alex drink?",` + facts + `}`},
		{name: "budget mid", question: "q", p: params{budget: "mid"}, want: `{"query":"q","budget":"mid",` + facts + `}`},
		{name: "budget high", question: "q", p: params{budget: "high"}, want: `{"query":"q","budget":"high",` + facts + `}`},
		{name: "max_tokens", question: "q", p: params{maxTokens: " 1,024 "}, want: `{"query":"q","max_tokens":1024,` + facts + `}`},
		{name: "max_tokens not a number", question: "q", p: params{maxTokens: "lots"}, errs: map[string]string{"max_tokens": `not a whole number: "lots"`}},
		{name: "max_tokens zero", question: "q", p: params{maxTokens: "0"}, errs: map[string]string{"max_tokens": "must be 1 or more"}},
		{name: "tags default match", question: "q", p: params{tags: []string{"trip:tokyo-2026", "source:chat"}},
			want: `{"query":"q",` + facts + `,"tags":["trip:tokyo-2026","source:chat"]}`},
		{name: "tags all_strict", question: "q", p: params{tags: []string{"a"}, match: "all_strict"},
			want: `{"query":"q",` + facts + `,"tags":["a"],"tags_match":"all_strict"}`},
		{name: "exact without tags", question: "q", p: params{match: "exact"}, want: `{"query":"q",` + facts + `,"tags_match":"exact"}`},
		{name: "fact types", question: "q", p: params{types: [3]bool{true, false, true}},
			want: `{"query":"q",` + facts + `,"fact_types":["world","observation"]}`},
		{name: "every fact type", question: "q", p: params{types: [3]bool{true, true, true}},
			want: `{"query":"q",` + facts + `,"fact_types":["world","experience","observation"]}`},
		{name: "exclude mental models", question: "q", p: params{noModels: true},
			want: `{"query":"q",` + facts + `,"exclude_mental_models":true}`},
		{name: "tag groups", question: "q", p: params{groups: " (user:alice | all[trip:tokyo-2026, source:chat]) & !archived "},
			want: `{"query":"q",` + facts + `,"tag_groups":[{"or":[{"tags":["user:alice"]},{"tags":["trip:tokyo-2026","source:chat"],"match":"all"}]},` +
				`{"not":{"tags":["archived"]}}]}`},
		{name: "tag groups bad syntax", question: "q", p: params{groups: "a | (b"},
			errs: map[string]string{"tag_groups": "at character 5: this ( is not closed"}},
		{name: "tag groups with tags", question: "q", p: params{tags: []string{"a"}, groups: "b"},
			errs: map[string]string{"tag_groups": "tags and tag_groups cannot both be set (the server refuses both): clear the tags or the groups"}},
		{name: "apply all directives", question: "q", p: params{allDirs: true},
			want: `{"query":"q",` + facts + `,"apply_all_directives":true}`},
		{name: "exclude some mental models", question: "q", p: params{excludeIDs: []string{"m1", "m2"}},
			want: `{"query":"q",` + facts + `,"exclude_mental_model_ids":["m1","m2"]}`},
		{name: "tool calls", question: "q", p: params{tools: true},
			want: `{"query":"q","include":{"facts":{},"tool_calls":{"output":true}}}`},
		{name: "context", question: "q", p: params{context: " planning a dinner "},
			want: `{"query":"q","context":"planning a dinner",` + facts + `}`},
		{name: "schema compacted", question: "q", p: params{schema: "{\n  \"type\": \"object\",\n  \"properties\": {\"a\": {\"type\": \"string\"}}\n}"},
			want: `{"query":"q",` + facts + `,"response_schema":{"type":"object","properties":{"a":{"type":"string"}}}}`},
		{name: "schema not JSON", question: "q", p: params{schema: `{"type": "object",}`},
			errs: map[string]string{"response_schema": "not valid JSON at character 19: invalid character '}' looking for beginning of object key string"}},
		{name: "schema not an object", question: "q", p: params{schema: `["a"]`},
			errs: map[string]string{"response_schema": `not a JSON object: a schema looks like {"type": "object", "properties": {…}}`}},
		{name: "no question", question: " \n ", errs: map[string]string{"query": "type a question"}},
		{name: "everything", question: "Plan dinner", p: params{budget: "high", maxTokens: "512", tags: []string{"source:chat"},
			match: "any_strict", types: [3]bool{false, true, false}, noModels: true, tools: true, context: "Friday",
			schema: `{"type":"object","properties":{"answer":{"type":"string"}}}`},
			want: `{"query":"Plan dinner","budget":"high","context":"Friday","max_tokens":512,` +
				`"include":{"facts":{},"tool_calls":{"output":true}},` +
				`"response_schema":{"type":"object","properties":{"answer":{"type":"string"}}},` +
				`"tags":["source:chat"],"tags_match":"any_strict","fact_types":["experience"],"exclude_mental_models":true}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, errs := buildRequest(tt.question, tt.p)
			if len(tt.errs) > 0 || len(errs) > 0 {
				if len(errs) != len(tt.errs) {
					t.Fatalf("errors %v, want %v", errs, tt.errs)
				}
				for k, v := range tt.errs {
					if errs[k] != v {
						t.Errorf("error %s = %q, want %q", k, errs[k], v)
					}
				}
				return
			}
			uitest.RequireWire(t, req, tt.want)
		})
	}
}

// TestBuildRequestSharesNothing: the request is a snapshot, so editing the tags after
// asking cannot change what a retry sends.
func TestBuildRequestSharesNothing(t *testing.T) {
	p := params{tags: []string{"a", "b"}}
	req, _ := buildRequest("q", p)
	p.tags[0] = "changed"
	if req.Tags[0] != "a" {
		t.Fatal("the request shares the tags slice with the parameters")
	}
}

// TestBarCyclesAndToggles: space steps budget and tags_match through their values
// (the default stored as unset), flips every toggle, and the summary names them.
func TestBarCyclesAndToggles(t *testing.T) {
	var p params
	bar := newBar(uitest.NewCommon(t, nil))
	_ = bar.Bind("", &p)
	w, _ := uitest.PaneSize(120, 40)
	bar.SetWidth(w)
	_ = bar.Focus()
	keys := func(names ...string) {
		for _, k := range names {
			_, _ = bar.Update(uitest.Key(k))
		}
	}
	for _, want := range []string{"mid", "high", ""} {
		keys("space")
		if p.budget != want {
			t.Fatalf("budget %q, want %q", p.budget, want)
		}
	}
	for bar.Cursor() != int(iMatch) {
		keys("tab")
	}
	for _, want := range []string{"all", "any_strict", "all_strict", "exact", ""} {
		keys("space")
		if p.match != want {
			t.Fatalf("tags_match %q, want %q", p.match, want)
		}
	}
	keys("tab")   // tag_groups, typed
	for range 6 { // world, experience, observation, mental models, all directives, tool calls
		keys("tab", "space")
	}
	if p.types != [3]bool{true, true, true} || !p.noModels || !p.allDirs || !p.tools {
		t.Errorf("toggles left %+v", p)
	}
	if got := strings.Join(summaryPlain(&p), " · "); got != "budget low · max_tokens 4,096 · facts world+experience+observation · no mental models · all directives · tool calls" {
		t.Errorf("summary %q", got)
	}
}

// summaryPlain is the parameter summary without its styles.
func summaryPlain(p *params) []string {
	parts := summaryParts(styles.New(true), p)
	for i := range parts {
		parts[i] = uitest.Plain(parts[i])
	}
	return parts
}
