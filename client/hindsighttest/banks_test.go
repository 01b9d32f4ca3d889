package hindsighttest

import (
	"strings"
	"testing"
	"time"
)

func TestLazyBanksAnd404s(t *testing.T) {
	srv := newTestServer(t)
	bankCount := func() float64 {
		return getObj(t, srv, "/v1/default/banks")["total"].(float64)
	}
	// Reads of a missing bank answer empty or zero and create nothing.
	for _, p := range []string{"/stats", "/memories/list", "/documents", "/entities", "/tags", "/operations",
		"/mental-models", "/directives", "/config"} {
		mustStatus(t, send(t, srv, "GET", "/v1/default/banks/ghost"+p, nil), 200)
	}
	if n := bankCount(); n != 0 {
		t.Fatalf("reads created %v banks", n)
	}
	// Only the listed routes answer 404.
	r := mustStatus(t, send(t, srv, "GET", "/v1/default/banks/ghost/profile", nil), 404)
	if detailOf(t, r) != "Bank 'ghost' not found" {
		t.Errorf("detail %s", r.body)
	}
	mustStatus(t, send(t, srv, "PATCH", "/v1/default/banks/ghost", map[string]any{"name": "x"}), 404)
	mustStatus(t, send(t, srv, "DELETE", "/v1/default/banks/ghost", nil), 200)

	// Writes create the bank with defaults.
	tests := []struct {
		bank, method, path string
		body               any
	}{
		{"by-retain", "POST", "/memories", map[string]any{"items": []any{map[string]any{"content": "Alice likes tea."}}}},
		{"by-async-retain", "POST", "/memories", map[string]any{"async": true, "items": []any{map[string]any{"content": "Bob likes coffee."}}}},
		{"by-put", "PUT", "", map[string]any{}},
		{"by-config", "PATCH", "/config", map[string]any{"updates": map[string]any{"enable_reranking": false}}},
		{"by-model", "POST", "/mental-models", map[string]any{"name": "n", "source_query": "q"}},
	}
	for _, tc := range tests {
		t.Run(tc.bank, func(t *testing.T) {
			mustStatus(t, send(t, srv, tc.method, "/v1/default/banks/"+tc.bank+tc.path, tc.body), 200)
			p := getObj(t, srv, "/v1/default/banks/"+tc.bank+"/profile")
			d := p["disposition"].(map[string]any)
			if p["name"] != tc.bank || p["mission"] != "" || d["skepticism"] != 3.0 || d["literalism"] != 3.0 || d["empathy"] != 3.0 {
				t.Errorf("profile %v", p)
			}
		})
	}
}

func TestBankList(t *testing.T) {
	srv, clock := clockedServer(t)
	for _, id := range []string{"alpha", "beta", "Gamma_1"} {
		mustStatus(t, send(t, srv, "PUT", "/v1/default/banks/"+id, map[string]any{"name": strings.ToUpper(id) + " bank"}), 200)
		clock.Advance(time.Minute)
	}
	clock.Advance(time.Minute)
	retainSync(t, srv, "alpha", map[string]any{"content": "Alpha got a write."})

	list := func(query string) []string {
		r := getObj(t, srv, "/v1/default/banks"+query)
		return pluck(r["banks"], "bank_id")
	}
	tests := []struct{ query, want string }{
		{"", "alpha,Gamma_1,beta"}, // last write first, else creation time
		{"?q=BET", "beta"},         // id, case-insensitive
		{"?q=gamma_1%20bank", "Gamma_1"},
		{"?q=a_p", "alpha"}, // "_" is a LIKE wildcard
		{"?limit=1&offset=1", "Gamma_1"},
		{"?limit=0", ""},
	}
	for _, tc := range tests {
		if got := strings.Join(list(tc.query), ","); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.query, got, tc.want)
		}
	}
	item := getObj(t, srv, "/v1/default/banks?q=alpha")["banks"].([]any)[0].(map[string]any)
	if item["fact_count"] != 1.0 || item["last_write_at"] == nil || item["last_document_at"] == nil {
		t.Errorf("alpha item %v", item)
	}
}

func TestBankUpdates(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	t.Run("mission and traits become config overrides", func(t *testing.T) {
		p := mustStatus(t, send(t, srv, "PUT", "/v1/default/banks/team", map[string]any{
			"mission": "old alias", "reflect_mission": "Be helpful.", "disposition": map[string]any{"skepticism": 1, "literalism": 1, "empathy": 1},
			"disposition_empathy": 5,
		}), 200).obj(t)
		d := p["disposition"].(map[string]any)
		if p["mission"] != "Be helpful." || p["background"] != "Be helpful." || d["skepticism"] != 1.0 || d["empathy"] != 5.0 {
			t.Errorf("profile %v", p)
		}
		c := getObj(t, srv, "/v1/default/banks/team/config")
		if c["overrides"].(map[string]any)["reflect_mission"] != "Be helpful." {
			t.Errorf("overrides %v", c["overrides"])
		}
		mustStatus(t, send(t, srv, "DELETE", "/v1/default/banks/team/config", nil), 200)
		p = getObj(t, srv, "/v1/default/banks/team/profile")
		if p["mission"] != "Remember how the team works." {
			t.Errorf("mission after reset %v", p["mission"])
		}
	})
	t.Run("validation", func(t *testing.T) {
		r := mustStatus(t, send(t, srv, "PUT", "/v1/default/banks/team", map[string]any{"disposition_skepticism": 9}), 422)
		if !strings.Contains(string(r.body), `"less_than_equal"`) {
			t.Errorf("body %s", r.body)
		}
		// Enum-like strings are only type-checked; numbers have bounds.
		mustStatus(t, send(t, srv, "PUT", "/v1/default/banks/team", map[string]any{"retain_extraction_mode": "poetic"}), 200)
		mustStatus(t, send(t, srv, "PUT", "/v1/default/banks/team", map[string]any{"retain_chunk_size": 0}), 400)
		mustStatus(t, send(t, srv, "PUT", "/v1/default/banks/team/profile", map[string]any{"disposition": map[string]any{"skepticism": 2}}), 422)
	})
	t.Run("delete", func(t *testing.T) {
		r := mustStatus(t, send(t, srv, "DELETE", "/v1/default/banks/team", nil), 200).obj(t)
		if r["deleted_count"].(float64) < 10 || !strings.Contains(r["message"].(string), "'team'") {
			t.Errorf("delete %v", r)
		}
		mustStatus(t, send(t, srv, "GET", "/v1/default/banks/team/profile", nil), 404)
		mustStatus(t, send(t, srv, "GET", "/v1/default/chunks/team_notes-1_0", nil), 404)
	})
}

func TestBankConfig(t *testing.T) {
	srv := newTestServer(t)
	path := "/v1/default/banks/cfg/config"
	c := getObj(t, srv, path)
	cfg := c["config"].(map[string]any)
	if cfg["retain_chunk_size"] != 3000.0 || cfg["recall_budget_fixed_mid"] != 300.0 || cfg["retain_mission"] != nil {
		t.Errorf("defaults %v", cfg)
	}
	if _, ok := cfg["retain_mission"]; !ok {
		t.Error("config is a dict: null values must stay")
	}
	c = mustStatus(t, send(t, srv, "PATCH", path, map[string]any{"updates": map[string]any{
		"HINDSIGHT_API_RETAIN_CHUNK_SIZE": 800, "enable_observations": false,
	}}), 200).obj(t)
	if ov := c["overrides"].(map[string]any); ov["retain_chunk_size"] != 800.0 || ov["enable_observations"] != false {
		t.Errorf("overrides %v", ov)
	}
	tests := []struct {
		name    string
		updates map[string]any
		want    string
	}{
		{"unknown key", map[string]any{"nonsense": 1}, "Unknown configuration fields: ['nonsense']"},
		{"credential", map[string]any{"llm_api_key": "x"}, "Cannot set credential fields"},
		{"wrong type", map[string]any{"retain_chunk_size": "big"}, "retain_chunk_size must be an integer, got str"},
	}
	for _, tc := range tests {
		r := mustStatus(t, send(t, srv, "PATCH", path, map[string]any{"updates": tc.updates}), 400)
		if !strings.Contains(detailOf(t, r), tc.want) {
			t.Errorf("%s: %s", tc.name, r.body)
		}
	}
	mustStatus(t, send(t, srv, "PATCH", path, map[string]any{}), 422)

	off := newTestServer(t, WithFeatures(map[string]bool{"bank_config_api": false}))
	r := mustStatus(t, send(t, off, "GET", path, nil), 404)
	if !strings.Contains(detailOf(t, r), "HINDSIGHT_API_ENABLE_BANK_CONFIG_API=true") {
		t.Errorf("detail %s", r.body)
	}
	v := getObj(t, off, "/version")["features"].(map[string]any)
	if v["bank_config_api"] != false || v["llm_trace"] != true || v["bank_llm_health"] != false {
		t.Errorf("features %v", v)
	}
}

func TestBankStats(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	st := getObj(t, srv, "/v1/default/banks/team/stats?refresh=true")
	nodes := st["nodes_by_fact_type"].(map[string]any)
	if nodes["world"] != 3.0 || nodes["experience"] != 1.0 || nodes["observation"] != 1.0 || st["total_nodes"] != 5.0 {
		t.Errorf("nodes %v", st)
	}
	links := st["links_by_link_type"].(map[string]any)
	if links["temporal"] != 1.0 || links["semantic"] != 2.0 || links["entity"] != 1.0 || st["total_links"] != 4.0 {
		t.Errorf("links %v", links)
	}
	want := map[string]float64{"total_documents": 2, "pending_operations": 1, "failed_operations": 1,
		"pending_consolidation": 1, "failed_consolidation": 1, "total_observations": 1}
	for k, v := range want {
		if st[k] != v {
			t.Errorf("%s = %v, want %v", k, st[k], v)
		}
	}
	if st["last_memory_write_at"] != "2026-11-26T08:00:00+00:00" {
		t.Errorf("last_memory_write_at %v", st["last_memory_write_at"])
	}
	if len(st["links_breakdown"].(map[string]any)) != 0 || len(st["links_by_fact_type"].(map[string]any)) != 0 {
		t.Errorf("always-empty maps %v", st)
	}
	mustStatus(t, send(t, srv, "GET", "/v1/default/banks/team/stats?refresh=maybe", nil), 422)
}
