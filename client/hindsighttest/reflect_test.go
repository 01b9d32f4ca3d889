package hindsighttest

import (
	"bytes"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
)

const reflectPath = "/v1/default/banks/team/reflect"

type wireReflect struct {
	Text    string `json:"text"`
	BasedOn *struct {
		Memories []struct {
			ID   string `json:"id"`
			Text string `json:"text"`
			Type string `json:"type"`
		} `json:"memories"`
		MentalModels []struct {
			ID   string `json:"id"`
			Text string `json:"text"`
		} `json:"mental_models"`
		Directives []struct {
			ID      string `json:"id"`
			Name    string `json:"name"`
			Content string `json:"content"`
		} `json:"directives"`
	} `json:"based_on"`
	StructuredOutput map[string]any `json:"structured_output"`
	Usage            *struct {
		InputTokens  int `json:"input_tokens"`
		OutputTokens int `json:"output_tokens"`
		TotalTokens  int `json:"total_tokens"`
	} `json:"usage"`
	Trace *struct {
		ToolCalls []struct {
			Tool       string          `json:"tool"`
			Input      map[string]any  `json:"input"`
			Output     json.RawMessage `json:"output"`
			DurationMS int             `json:"duration_ms"`
			Iteration  int             `json:"iteration"`
		} `json:"tool_calls"`
		LLMCalls []struct {
			Scope      string `json:"scope"`
			DurationMS int    `json:"duration_ms"`
		} `json:"llm_calls"`
	} `json:"trace"`
}

func reflectOK(t *testing.T, s *Server, body map[string]any) (wireReflect, []byte) {
	t.Helper()
	res := post(t, s, reflectPath, body)
	if res.status != http.StatusOK {
		t.Fatalf("reflect %v: %d %s", body, res.status, res.body)
	}
	var out wireReflect
	mustUnmarshal(t, res.body, &out)
	return out, res.body
}

func directiveNames(out wireReflect) []string {
	var names []string
	for _, d := range out.BasedOn.Directives {
		names = append(names, d.Name)
	}
	return names
}

func TestReflectAnswersFromMemories(t *testing.T) {
	s := newRecallServer(t)
	out, raw := reflectOK(t, s, map[string]any{"query": "When is the Phoenix launch?"})
	if !strings.Contains(out.Text, "April") || !strings.Contains(out.Text, "Key facts:") {
		t.Errorf("answer does not use the evidence:\n%s", out.Text)
	}
	if out.BasedOn != nil || out.Trace != nil || out.StructuredOutput != nil {
		t.Errorf("optional parts returned without being asked: %s", raw)
	}
	if out.Usage == nil || out.Usage.TotalTokens != out.Usage.InputTokens+out.Usage.OutputTokens || out.Usage.OutputTokens == 0 {
		t.Errorf("usage = %+v", out.Usage)
	}
	_, again := reflectOK(t, s, map[string]any{"query": "When is the Phoenix launch?"})
	if !bytes.Equal(raw, again) {
		t.Error("reflect is not deterministic")
	}
}

func TestReflectWithoutEvidence(t *testing.T) {
	s := newRecallServer(t)
	out, _ := reflectOK(t, s, map[string]any{"query": "What is quantum chromodynamics?", "include": map[string]any{"facts": map[string]any{}}})
	if !strings.HasPrefix(out.Text, "I don't have any memories about") {
		t.Errorf("text = %q", out.Text)
	}
	if len(out.BasedOn.Memories) != 0 || len(out.BasedOn.MentalModels) != 0 {
		t.Errorf("based_on = %+v", out.BasedOn)
	}
}

func TestReflectBasedOn(t *testing.T) {
	s := newRecallServer(t)
	out, _ := reflectOK(t, s, map[string]any{"query": "What is the status of Phoenix?", "tags": []string{"work"},
		"include": map[string]any{"facts": map[string]any{}}})
	if out.BasedOn == nil || len(out.BasedOn.Memories) == 0 {
		t.Fatalf("based_on missing: %+v", out.BasedOn)
	}
	if len(out.BasedOn.MentalModels) != 1 || out.BasedOn.MentalModels[0].ID != "phoenix-status" {
		t.Errorf("mental models = %+v", out.BasedOn.MentalModels)
	}
	// Observations are consulted before raw facts.
	if out.BasedOn.Memories[0].Type != "observation" {
		t.Errorf("first memory is a %s", out.BasedOn.Memories[0].Type)
	}
	for _, m := range out.BasedOn.Memories {
		if m.Text == tAlice || m.Text == tLaunch {
			t.Errorf("%q is superseded by the observation built from it", m.Text)
		}
	}
	out, _ = reflectOK(t, s, map[string]any{"query": "What is the status of Phoenix?", "exclude_mental_model_ids": []string{"phoenix-status"},
		"fact_types": []string{"world"}, "include": map[string]any{"facts": map[string]any{}}})
	if len(out.BasedOn.MentalModels) != 0 {
		t.Error("excluded mental model was used")
	}
	for _, m := range out.BasedOn.Memories {
		if m.Type != "world" {
			t.Errorf("fact_types [world] used a %s", m.Type)
		}
	}
	res := post(t, s, reflectPath, map[string]any{"query": "x", "fact_types": []string{}})
	e := must422(t, res, "value_error", "body", "fact_types")
	if e.Msg != "Value error, fact_types must not be empty. Use null to include all fact types." {
		t.Errorf("msg = %q", e.Msg)
	}
	must422(t, post(t, s, reflectPath, map[string]any{"query": "x", "tags": []string{"a"}, "tag_groups": []any{}}), "value_error", "body")
	must422(t, post(t, s, reflectPath, map[string]any{"query": "x", "budget": "max"}), "enum", "body", "budget")
}

func TestReflectDirectives(t *testing.T) {
	s := newRecallServer(t)
	ask := func(extra map[string]any) wireReflect {
		body := map[string]any{"query": "What is Alice working on?", "include": map[string]any{"facts": map[string]any{}}}
		for k, v := range extra {
			body[k] = v
		}
		out, _ := reflectOK(t, s, body)
		return out
	}
	out := ask(nil)
	if got := directiveNames(out); !slices.Equal(got, []string{"Be concise"}) {
		t.Errorf("untagged request: directives %q", got)
	}
	if !strings.Contains(out.Text, "Shaped by directives: Be concise.") {
		t.Errorf("text does not name the directive:\n%s", out.Text)
	}
	if got := directiveNames(ask(map[string]any{"tags": []string{"work"}})); !slices.Equal(got, []string{"Be concise", "Cite dates"}) {
		t.Errorf("work scope: directives %q", got)
	}
	if got := directiveNames(ask(map[string]any{"apply_all_directives": true})); !slices.Equal(got, []string{"Be concise", "Cite dates", "Personal tone"}) {
		t.Errorf("apply_all_directives: directives %q", got)
	}
}

func TestReflectToolCallsTrace(t *testing.T) {
	s := newRecallServer(t)
	out, _ := reflectOK(t, s, map[string]any{"query": "What is the status of Phoenix?", "include": map[string]any{"tool_calls": map[string]any{}}})
	if out.Trace == nil {
		t.Fatal("no trace")
	}
	var tools []string
	for i, c := range out.Trace.ToolCalls {
		tools = append(tools, c.Tool)
		if c.Iteration != i+1 || len(c.Output) == 0 || c.Input["query"] == nil && c.Tool != "expand" {
			t.Errorf("call %d = %+v", i, c)
		}
	}
	if want := []string{"search_mental_models", "search_observations", "recall"}; !slices.Equal(tools, want) {
		t.Errorf("tools = %q, want %q", tools, want)
	}
	if len(out.Trace.LLMCalls) != len(tools)+1 || out.Trace.LLMCalls[0].Scope != "agent_1" {
		t.Errorf("llm calls = %+v", out.Trace.LLMCalls)
	}
	// Raw facts extracted from a document chunk are expanded to read the chunk.
	out, _ = reflectOK(t, s, map[string]any{"query": "What is the status of Phoenix?", "fact_types": []string{"world"},
		"include": map[string]any{"tool_calls": map[string]any{}}})
	tools = tools[:0]
	for _, c := range out.Trace.ToolCalls {
		tools = append(tools, c.Tool)
	}
	if want := []string{"search_mental_models", "recall", "expand"}; !slices.Equal(tools, want) {
		t.Errorf("world facts: tools = %q, want %q", tools, want)
	}
	_, raw := reflectOK(t, s, map[string]any{"query": "What is the status of Phoenix?", "exclude_mental_models": true,
		"include": map[string]any{"tool_calls": map[string]any{"output": false}}})
	if bytes.Contains(raw, []byte(`"output"`)) || bytes.Contains(raw, []byte("search_mental_models")) {
		t.Errorf("outputs or excluded tool present: %s", raw)
	}
}

func TestReflectResponseSchema(t *testing.T) {
	s := newRecallServer(t)
	schema := map[string]any{
		"type": "object",
		"properties": map[string]any{
			"summary":    map[string]any{"type": "string"},
			"key_points": map[string]any{"type": "array", "items": map[string]any{"type": "string"}},
			"count":      map[string]any{"type": "integer"},
			"known":      map[string]any{"type": "boolean"},
		},
		"required": []string{"summary", "key_points"},
	}
	out, _ := reflectOK(t, s, map[string]any{"query": "When is the Phoenix launch?", "response_schema": schema})
	so := out.StructuredOutput
	points, _ := so["key_points"].([]any)
	if so == nil || so["summary"] == "" || len(points) == 0 || so["count"] != float64(len(points)) || so["known"] != true {
		t.Errorf("structured_output = %v", so)
	}

	// An enum nothing in the answer supports cannot be filled honestly: the real
	// server then answers without structured_output.
	unfillable := map[string]any{"properties": map[string]any{
		"mood": map[string]any{"type": "string", "enum": []string{"ecstatic", "furious"}}}, "required": []string{"mood"}}
	out, raw := reflectOK(t, s, map[string]any{"query": "When is the Phoenix launch?", "response_schema": unfillable})
	if out.StructuredOutput != nil || out.Text == "" {
		t.Errorf("unfillable schema: %s", raw)
	}

	res := post(t, s, reflectPath, map[string]any{"query": "x", "response_schema": map[string]any{"type": "array"}})
	e := must422(t, res, "value_error", "body", "response_schema")
	if !strings.Contains(e.Msg, "object schema") {
		t.Errorf("msg = %q", e.Msg)
	}
	must422(t, post(t, s, reflectPath, map[string]any{"query": "x", "response_schema": map[string]any{"properties": map[string]any{}}}),
		"value_error", "body", "response_schema")
	must422(t, post(t, s, reflectPath, map[string]any{"query": "x", "response_schema": "schema"}), "dict_type", "body", "response_schema")
}

func TestReflectMaxTokens(t *testing.T) {
	s := newRecallServer(t)
	full, _ := reflectOK(t, s, map[string]any{"query": "Tell me about Alice and Phoenix", "budget": "high"})
	if estimateTokens(full.Text) <= 30 {
		t.Fatalf("answer too short to test: %q", full.Text)
	}
	out, _ := reflectOK(t, s, map[string]any{"query": "Tell me about Alice and Phoenix", "budget": "high", "max_tokens": 30})
	if estimateTokens(out.Text) > 30 || out.Text == "" || !strings.HasPrefix(full.Text, out.Text) {
		t.Errorf("max_tokens 30 gave %d tokens: %q", estimateTokens(out.Text), out.Text)
	}
}

func TestReflectCreatesBankAfterAuth(t *testing.T) {
	s := newRecallServer(t, WithAPIKey("k"))
	path := "/v1/default/banks/fresh/reflect"
	if res := post(t, s, path, map[string]any{"budget": "low"}); res.status != http.StatusUnprocessableEntity {
		t.Errorf("missing query without key: %d, want 422", res.status)
	}
	if res := post(t, s, path, map[string]any{"query": "hello"}); res.status != http.StatusUnauthorized {
		t.Errorf("without key: %d, want 401", res.status)
	}
	s.mu.Lock()
	created := s.store.banks["fresh"] != nil
	s.mu.Unlock()
	if created {
		t.Error("an unauthorized reflect created the bank")
	}
	if res := post(t, s, path, map[string]any{"query": "hello", "context": "greeting"}, "Authorization", "k"); res.status != http.StatusOK {
		t.Fatalf("with key: %d %s", res.status, res.body)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.store.banks["fresh"] == nil {
		t.Error("reflect did not create the bank")
	}
}

// TestFirstSentenceOfAList: a model's content that opens with an ordered list leads the
// answer with the first item's sentence, not with its number.
func TestFirstSentenceOfAList(t *testing.T) {
	for md, want := range map[string]string{
		"## Rules\n\n1. No work meetings before **10:00**; counter-propose 10:30. Then more.": "No work meetings before 10:00; counter-propose 10:30.",
		"- Ownership is split. Payments owns the rest.":                                       "Ownership is split.",
		"2) Second rule": "Second rule.",
	} {
		if got := firstSentence(md); got != want {
			t.Errorf("firstSentence(%q) = %q, want %q", md, got, want)
		}
	}
}
