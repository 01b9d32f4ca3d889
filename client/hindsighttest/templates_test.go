package hindsighttest

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestTemplateExport(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	r := mustStatus(t, send(t, srv, "GET", "/v1/default/banks/ghost/export", nil), 404)
	if detailOf(t, r) != "Bank 'ghost' not found" {
		t.Errorf("detail %s", r.body)
	}
	mustStatus(t, send(t, srv, "PUT", "/v1/default/banks/empty", map[string]any{}), 200)
	if body := strings.TrimSpace(string(mustStatus(t, send(t, srv, "GET", "/v1/default/banks/empty/export", nil), 200).body)); body != `{"version":"1"}` {
		t.Errorf("empty sections are left out: %s", body)
	}
	mustStatus(t, send(t, srv, "PATCH", "/v1/default/banks/team/config", map[string]any{"updates": map[string]any{"retain_mission": "Decisions."}}), 200)
	m := getObj(t, srv, "/v1/default/banks/team/export")
	if m["version"] != "1" || m["bank"].(map[string]any)["retain_mission"] != "Decisions." || len(m["bank"].(map[string]any)) != 1 {
		t.Errorf("bank section holds the stored overrides only: %v", m["bank"])
	}
	models := m["mental_models"].([]any)
	mm := models[0].(map[string]any)
	if len(models) != 1 || mm["id"] != "platform-stack" || mm["max_tokens"] != 2048.0 || mm["trigger"].(map[string]any)["mode"] != "full" {
		t.Errorf("models %v", models)
	}
	for _, k := range []string{"content", "created_at", "reflect_response"} {
		if _, ok := mm[k]; ok {
			t.Errorf("a template model has no %q", k)
		}
	}
	if ds := m["directives"].([]any); len(ds) != 3 || ds[0].(map[string]any)["name"] != "Old rule" || ds[0].(map[string]any)["is_active"] != false {
		t.Errorf("all directives, inactive too, by priority: %v", ds)
	}
	// A knowledge page's model may have a token budget a template cannot hold.
	mustStatus(t, send(t, srv, "POST", "/v1/default/banks/team/knowledge-base/pages", map[string]any{"name": "Tiny", "source_query": "q", "max_tokens": 10}), 201)
	mustStatus(t, send(t, srv, "GET", "/v1/default/banks/team/export", nil), 500)
}

func TestTemplateImportValidation(t *testing.T) {
	srv := newTestServer(t, WithAPIKey("k"))
	tests := []struct {
		name, body, want string
	}{
		{"not JSON", `{"version":`, "Invalid JSON"},
		{"not an object", `[1]`, "Template schema validation failed: (root)"},
		{"missing version", `{}`, "Template schema validation failed: version: Field required"},
		{"bad max_tokens", `{"version":"1","mental_models":[{"id":"a","name":"A","source_query":"q","max_tokens":10}]}`,
			"mental_models.0.max_tokens: Input should be greater than or equal to 256"},
		{"bad trigger", `{"version":"1","mental_models":[{"id":"a","name":"A","source_query":"q","trigger":{"mode":"x"}}]}`,
			"mental_models.0.trigger.mode: Input should be 'full' or 'delta'"},
		{"bad directive", `{"version":"1","directives":[{"name":"n"}]}`, "directives.0.content: Field required"},
		{"bad config type", `{"version":"1","bank":{"enable_observations":"maybe","disposition_empathy":7}}`,
			"bank.disposition_empathy: Input should be less than or equal to 5; bank.enable_observations: Input should be a valid boolean"},
		{"version", `{"version":"2"}`, "Template validation failed: unsupported template version '2'"},
		{"extraction mode", `{"version":"1","bank":{"retain_extraction_mode":"poetic"}}`, "bank.retain_extraction_mode 'poetic' must be one of"},
		{"custom instructions", `{"version":"1","bank":{"retain_custom_instructions":"x"}}`, "requires retain_extraction_mode 'custom'"},
		{"empty name", `{"version":"1","mental_models":[{"id":"a","name":" ","source_query":"q"}]}`, "mental_models[0].name must not be empty"},
		{"bad id", `{"version":"1","mental_models":[{"id":"Bad_Id","name":"A","source_query":"q"}]}`, "mental_models[0].id 'Bad_Id' must match"},
		{"empty content", `{"version":"1","directives":[{"name":"n","content":""}]}`, "directives[0].content must not be empty"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			wantReply(t, send(t, srv, "POST", "/v1/default/banks/x/import?dry_run=true", tc.body), 400, tc.want)
		})
	}
}

const sampleManifest = `{"version":"1",
 "bank":{"retain_mission":"Keep decisions.","retain_extraction_mode":"custom","retain_custom_instructions":"Only decisions."},
 "mental_models":[{"id":"platform-stack","name":"Stack","source_query":"Which databases?","tags":[]},
   {"id":"new-model","name":"New","source_query":"What does Alice prefer?","tags":["team:platform"],"trigger":{"mode":"delta"}}],
 "directives":[{"name":"Be concise","content":"One sentence.","priority":1},{"name":"Fresh","content":"Say hello.","is_active":false}]}`

func TestTemplateImport(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()), WithAPIKey("k"))
	auth := []string{"Authorization", "Bearer k"}
	// A dry run needs neither auth nor a bank, and reports everything as created.
	dry := mustStatus(t, send(t, srv, "POST", "/v1/default/banks/nobody/import?dry_run=true", sampleManifest), 200).obj(t)
	if dry["dry_run"] != true || dry["config_applied"] != true || len(dry["mental_models_created"].([]any)) != 2 ||
		len(dry["directives_created"].([]any)) != 2 || len(dry["mental_models_updated"].([]any)) != 0 || len(dry["operation_ids"].([]any)) != 0 {
		t.Errorf("dry run %v", dry)
	}
	mustStatus(t, send(t, srv, "GET", "/v1/default/banks/nobody/profile", nil, auth...), 404)
	mustStatus(t, send(t, srv, "POST", "/v1/default/banks/team/import", sampleManifest), 401)

	res := mustStatus(t, send(t, srv, "POST", "/v1/default/banks/team/import", sampleManifest, auth...), 200).obj(t)
	want := map[string]string{"mental_models_created": "new-model", "mental_models_updated": "platform-stack",
		"directives_created": "Fresh", "directives_updated": "Be concise"}
	for k, v := range want {
		if got := strings.Join(asStrings(res[k]), ","); got != v {
			t.Errorf("%s = %q, want %q", k, got, v)
		}
	}
	if len(res["operation_ids"].([]any)) != 2 || res["dry_run"] != false {
		t.Errorf("one refresh per model: %v", res)
	}
	stack := getModelAuth(t, srv, "platform-stack")
	if stack["name"] != "Stack" || stack["source_query"] != "Which databases?" {
		t.Errorf("updated model %v", stack)
	}
	cfg := mustStatus(t, send(t, srv, "GET", "/v1/default/banks/team/config", nil, auth...), 200).obj(t)["overrides"].(map[string]any)
	if cfg["retain_mission"] != "Keep decisions." || cfg["retain_extraction_mode"] != "custom" {
		t.Errorf("config applied %v", cfg)
	}
	// Exporting and importing again round-trips into another bank.
	exported := mustStatus(t, send(t, srv, "GET", "/v1/default/banks/team/export", nil, auth...), 200)
	again := mustStatus(t, send(t, srv, "POST", "/v1/default/banks/copy/import", string(exported.body), auth...), 200).obj(t)
	if len(again["mental_models_created"].([]any)) != 2 || len(again["directives_created"].([]any)) != 4 {
		t.Errorf("round trip %v", again)
	}
}

func getModelAuth(t *testing.T, srv *Server, id string) map[string]any {
	t.Helper()
	return mustStatus(t, send(t, srv, "GET", modelsPath("team")+"/"+id, nil, "Authorization", "k"), 200).obj(t)
}

func TestTemplateSchema(t *testing.T) {
	srv := newTestServer(t, WithAPIKey("k"))
	s := getObj(t, srv, "/v1/bank-template-schema")
	defs := s["$defs"].(map[string]any)
	if s["title"] != "BankTemplateManifest" || s["type"] != "object" || asStrings(s["required"])[0] != "version" {
		t.Errorf("schema %v", s)
	}
	cfg := defs["BankTemplateConfig"].(map[string]any)["properties"].(map[string]any)
	if len(cfg) != 46 {
		t.Errorf("config properties %d", len(cfg))
	}
	mm := defs["BankTemplateMentalModel"].(map[string]any)["properties"].(map[string]any)["max_tokens"].(map[string]any)
	if mm["minimum"] != 256.0 || mm["maximum"] != 8192.0 || mm["default"] != 2048.0 {
		t.Errorf("max_tokens %v", mm)
	}
	if _, err := json.Marshal(s); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"MentalModelTrigger", "BankTemplateDirective", "TagGroupLeaf", "TagGroupNot", "LabelGroup"} {
		if defs[name] == nil {
			t.Errorf("missing $defs/%s", name)
		}
	}
}
