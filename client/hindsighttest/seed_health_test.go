package hindsighttest

import (
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
)

// The bank-health seed is checked through the API only, the way a health check in the
// UI would read it: each problem bank must show its problem, and nothing else, and the
// healthy bank none.

// healthDemo is the demo's server: the demo banks, the health banks and explain-lab.
func healthDemo(t *testing.T) *Server {
	t.Helper()
	return newTestServer(t, WithDemoSeed(), WithBankHealthSeed(), WithExplainLab(), WithBackgroundConsolidation(), WithBankLLMHealth())
}

func TestBankHealthSeedProblems(t *testing.T) {
	srv := healthDemo(t)
	want := map[string][]string{
		"garden-planner":   nil,
		"sales-notes":      {"stranded facts"},
		"ops-runbook":      {"documents without facts", "failed consolidation", "operations failed in the last day", "stranded facts"},
		"travel-concierge": {"consolidation LLM errors the failure counter hides"},
		"chat-sessions":    {"observation scope explosion"},
		"family-assistant": {"near-duplicate observations"},
		"field-office":     {"suspicious entity merge"},
	}
	for bank, problems := range want {
		if got := bankProblems(t, srv, bank); !slices.Equal(got, problems) {
			t.Errorf("%s: problems %q, want %q", bank, got, problems)
		}
	}
}

func TestBankHealthSeedDetails(t *testing.T) {
	srv := healthDemo(t)
	b := "/v1/default/banks/"
	// The health banks and explain-lab join the demo below the main demo banks: the
	// bank list (latest write first) still opens on those, in their order.
	list := getObj(t, srv, "/v1/default/banks")
	order := pluck(list["banks"], "bank_id")
	if len(order) != 13 || strings.Join(order[:4], ",") != "user-alex-prefs,research-agent,writer-agent,team-platform" {
		t.Errorf("bank list: %q", order)
	}
	// Stranded: auto-consolidation was turned off and the last run cancelled.
	if ov := getObj(t, srv, b+"sales-notes/config")["overrides"].(map[string]any); ov["enable_auto_consolidation"] != false {
		t.Errorf("sales-notes overrides: %v", ov)
	}
	// Failing consolidation: the probe and the log agree on why.
	probe := mustStatus(t, send(t, srv, "POST", b+"ops-runbook/health/llm", nil), 200).obj(t)["operations"].([]any)
	if c := probe[1].(map[string]any); c["status"] != "unreachable" || c["ok"] != false {
		t.Errorf("ops-runbook probe: %v", probe)
	}
	errs := getObj(t, srv, b+"ops-runbook/llm-requests?operation=consolidation&status=error")
	if errs["total"] != 6.0 || errs["items"].([]any)[0].(map[string]any)["error"] != "APIConnectionError: Connection error." {
		t.Errorf("ops-runbook consolidation errors: %v", errs["total"])
	}
	timedOut := getObj(t, srv, b+"ops-runbook/llm-requests?operation=retain")["items"].([]any)
	if len(timedOut) != 1 || timedOut[0].(map[string]any)["error"] != "APITimeoutError: Request timed out." ||
		timedOut[0].(map[string]any)["metadata"].(map[string]any)["document_id"] != "incident-2026-11-30-dns" {
		t.Errorf("the night's failed retain: %v", timedOut)
	}
	// The flaky provider connects for the probe, yet the night's runs hit rate limits.
	probe = mustStatus(t, send(t, srv, "POST", b+"travel-concierge/health/llm", nil), 200).obj(t)["operations"].([]any)
	if c := probe[1].(map[string]any); c["status"] != "connected" {
		t.Errorf("travel-concierge probe: %v", probe)
	}
	// The scope explosion: 38 scopes hold the same rule.
	copies := 0
	for _, o := range observations(t, srv, "chat-sessions") {
		if o["text"] == metricRule {
			copies++
		}
	}
	if copies != metricRuleCopies {
		t.Errorf("copies of the metric rule: %d", copies)
	}
	// The healthy bank was used in the last day (a refresh, a reflect), all of it
	// successful.
	st := getObj(t, srv, b+"garden-planner/llm-requests/stats?period=1d")
	ops := map[string]bool{}
	for _, it := range getObj(t, srv, b+"garden-planner/llm-requests?limit=500")["items"].([]any) {
		ops[it.(map[string]any)["operation"].(string)] = true
	}
	if len(st["buckets"].([]any)) != 1 || st["buckets"].([]any)[0].(map[string]any)["statuses"].(map[string]any)["error"] != nil ||
		!ops["refresh_mental_model"] || !ops["reflect"] {
		t.Errorf("garden-planner activity: %v, operations %v", st, ops)
	}
}

// TestBankHealthSeedLive checks that the problem banks keep behaving: a retain into
// the healthy bank is consolidated on the demo clock, one into the failing bank fails.
func TestBankHealthSeedLive(t *testing.T) {
	srv := healthDemo(t)
	retainSync(t, srv, "garden-planner", map[string]any{"content": "Sam harvested the first leeks in December.",
		"tags": []string{"plot:allotment-14"}, "entities": []any{map[string]any{"text": "Sam", "type": "PERSON"}}})
	srv.CompleteOperations()
	if p := bankProblems(t, srv, "garden-planner"); len(p) != 0 {
		t.Errorf("garden-planner after a retain: %q", p)
	}
	if st := statsOf(t, srv, "garden-planner"); st["pending_consolidation"] != 0.0 || st["last_consolidated_at"] != "2026-11-30T09:00:00+00:00" {
		t.Errorf("garden-planner stats: %v", st)
	}
	retainSync(t, srv, "ops-runbook", map[string]any{"content": "Aisha rotated the TLS certificates.", "tags": []string{"team:sre"}})
	srv.CompleteOperations()
	if st := statsOf(t, srv, "ops-runbook"); st["failed_consolidation"] != 10.0 || st["pending_consolidation"] != 0.0 {
		t.Errorf("ops-runbook after a retain: %v", st)
	}
}

// bankProblems is a small health check over the API.
func bankProblems(t *testing.T, srv *Server, bank string) []string {
	t.Helper()
	b := "/v1/default/banks/" + bank
	st := statsOf(t, srv, bank)
	var out []string
	running := 0.0
	for _, status := range []string{"pending", "processing"} {
		running += getObj(t, srv, b+"/operations?type=consolidation&status="+status)["total"].(float64)
	}
	if st["pending_consolidation"].(float64) > 0 && running == 0 {
		out = append(out, "stranded facts")
	}
	if st["failed_consolidation"].(float64) > 0 {
		out = append(out, "failed consolidation")
	}
	if getObj(t, srv, b+"/llm-requests?operation=consolidation&status=error")["total"].(float64) > 0 && st["failed_consolidation"] == 0.0 {
		out = append(out, "consolidation LLM errors the failure counter hides")
	}
	since := isoTime(testEpoch.Add(-24 * time.Hour))
	for _, it := range getObj(t, srv, b+"/operations?status=failed&limit=100")["operations"].([]any) {
		if it.(map[string]any)["updated_at"].(string) >= since {
			out = append(out, "operations failed in the last day")
			break
		}
	}
	scopes := getObj(t, srv, b+"/observations/scopes")["scopes"].([]any)
	once := 0
	for _, sc := range scopes {
		if sc.(map[string]any)["count"] == 1.0 {
			once++
		}
	}
	if len(scopes) >= 10 && once*2 > len(scopes) {
		out = append(out, "observation scope explosion")
	}
	if hasNearDuplicates(t, srv, bank) {
		out = append(out, "near-duplicate observations")
	}
	for _, d := range getObj(t, srv, b+"/documents?limit=500")["items"].([]any) {
		if d.(map[string]any)["memory_unit_count"] == 0.0 {
			out = append(out, "documents without facts")
			break
		}
	}
	if len(suspiciousEntities(t, srv, bank)) > 0 {
		out = append(out, "suspicious entity merge")
	}
	sort.Strings(out)
	return out
}

var wordRE = regexp.MustCompile(`[\p{L}\p{N}]+`)

var healthStopWords = map[string]bool{"a": true, "an": true, "the": true, "is": true, "to": true, "and": true, "at": true,
	"on": true, "of": true, "so": true, "has": true, "be": true, "must": true, "every": true, "in": true, "it": true}

// contentWords are a text's words without stop words, a plural "s" dropped.
func contentWords(text string) map[string]bool {
	out := map[string]bool{}
	for _, w := range wordRE.FindAllString(strings.ToLower(text), -1) {
		if !healthStopWords[w] {
			out[strings.TrimSuffix(w, "s")] = true
		}
	}
	return out
}

func jaccard(a, b map[string]bool) float64 {
	inter := 0
	for w := range a {
		if b[w] {
			inter++
		}
	}
	return float64(inter) / float64(len(a)+len(b)-inter)
}

// hasNearDuplicates finds two observations of one scope that say nearly the same and
// were built from facts of different documents (so from different retains).
func hasNearDuplicates(t *testing.T, srv *Server, bank string) bool {
	t.Helper()
	obs := observations(t, srv, bank)
	docOf := map[string]string{}
	for _, it := range getObj(t, srv, "/v1/default/banks/"+bank+"/memories/list?limit=1000")["items"].([]any) {
		m := it.(map[string]any)
		if d, ok := m["document_id"].(string); ok {
			docOf[m["id"].(string)] = d
		}
	}
	docs := func(o map[string]any) map[string]bool {
		out := map[string]bool{}
		for _, s := range o["source_memory_ids"].([]any) {
			out[docOf[s.(string)]] = true
		}
		return out
	}
	for i, a := range obs {
		for _, b := range obs[i+1:] {
			if joinAny(a["tags"]) != joinAny(b["tags"]) || jaccard(contentWords(a["text"].(string)), contentWords(b["text"].(string))) < 0.5 {
				continue
			}
			shared := false
			for d := range docs(a) {
				shared = shared || docs(b)[d]
			}
			if !shared {
				return true
			}
		}
	}
	return false
}

// suspiciousEntities are entities that look like two things merged: facts linked to
// them that never name them, and co-occurring entities that fall into separate
// clusters once the entity itself is taken out of the co-occurrence graph.
func suspiciousEntities(t *testing.T, srv *Server, bank string) []string {
	t.Helper()
	g := getObj(t, srv, "/v1/default/banks/"+bank+"/entities/graph")
	label := map[string]string{}
	for _, n := range g["nodes"].([]any) {
		d := n.(map[string]any)["data"].(map[string]any)
		label[d["id"].(string)] = d["label"].(string)
	}
	adj := map[string]map[string]bool{}
	for _, e := range g["edges"].([]any) {
		d := e.(map[string]any)["data"].(map[string]any)
		s, tg := d["source"].(string), d["target"].(string)
		for _, p := range [][2]string{{s, tg}, {tg, s}} {
			if adj[p[0]] == nil {
				adj[p[0]] = map[string]bool{}
			}
			adj[p[0]][p[1]] = true
		}
	}
	var out []string
	for id, name := range label {
		if clusters(adj, id) < 2 {
			continue
		}
		unnamed := 0
		for _, it := range getObj(t, srv, "/v1/default/banks/"+bank+"/memories/list?entity_id="+url.QueryEscape(id))["items"].([]any) {
			m := it.(map[string]any)
			if m["fact_type"] != "observation" && !namesEntity(m["text"].(string), name) {
				unnamed++
			}
		}
		if unnamed >= 2 {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// namesEntity reports whether text names the entity: one of its words, and every
// number in it ("Alex" names Alex Moreno; "Room 102" does not name Room 101).
func namesEntity(text, name string) bool {
	words := map[string]bool{}
	for _, w := range wordRE.FindAllString(strings.ToLower(text), -1) {
		words[w] = true
	}
	named := false
	for _, w := range wordRE.FindAllString(strings.ToLower(name), -1) {
		if strings.ContainsAny(w, "0123456789") {
			if !words[w] {
				return false
			}
			continue
		}
		named = named || words[w]
	}
	return named
}

// clusters counts the groups of at least two of id's neighbours that are connected to
// each other without going through id.
func clusters(adj map[string]map[string]bool, id string) int {
	seen := map[string]bool{id: true}
	n := 0
	for start := range adj[id] {
		if seen[start] {
			continue
		}
		size, stack := 0, []string{start}
		seen[start] = true
		for len(stack) > 0 {
			cur := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			size++
			for next := range adj[cur] {
				if adj[id][next] && !seen[next] {
					seen[next] = true
					stack = append(stack, next)
				}
			}
		}
		if size >= 2 {
			n++
		}
	}
	return n
}

func TestBankHealthSeedEntityClusters(t *testing.T) {
	srv := healthDemo(t)
	if got := suspiciousEntities(t, srv, "field-office"); strings.Join(got, ",") != "Iran,Room 101" {
		t.Errorf("suspicious entities %q, want Iran (Tigran filed under it) and Room 101 (Room 102 merged in)", got)
	}
	for _, bank := range []string{"garden-planner", "travel-concierge", "chat-sessions", "user-alex-prefs"} {
		if got := suspiciousEntities(t, srv, bank); len(got) != 0 {
			t.Errorf("%s: suspicious entities %q", bank, got)
		}
	}
}
