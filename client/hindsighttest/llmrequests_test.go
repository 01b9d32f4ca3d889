package hindsighttest

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"
)

// llmWorld is a bank whose log holds two retains (09:00), a reflect (10:00) and a
// consolidation run rate-limited once (11:00), all traced.
type llmWorld struct {
	srv      *Server
	clock    *Clock
	reflects int    // calls of the reflect run
	factID   string // a fact of document d1
	consTID  string // trace id of the consolidation run
}

func newLLMWorld(t *testing.T) *llmWorld {
	t.Helper()
	srv, clock := clockedServer(t, WithAsyncDelay(time.Hour))
	w := &llmWorld{srv: srv, clock: clock}
	ana := []any{map[string]any{"text": "Ana", "type": "PERSON"}}
	retainSync(t, srv, "t", map[string]any{"content": "Ana likes tea. Ana visits Kyoto.", "document_id": "d1", "entities": ana})
	retainSync(t, srv, "t", map[string]any{"content": "Ana owns a teapot.", "document_id": "d2", "entities": ana})
	w.factID = getObj(t, srv, "/v1/default/banks/t/memories/list?document_id=d1")["items"].([]any)[0].(map[string]any)["id"].(string)
	clock.Advance(time.Hour)
	ref := mustStatus(t, send(t, srv, "POST", "/v1/default/banks/t/reflect", map[string]any{"query": "What does Ana like?",
		"include": map[string]any{"tool_calls": map[string]any{}}}), 200).obj(t)
	w.reflects = len(ref["trace"].(map[string]any)["llm_calls"].([]any))
	clock.Advance(time.Hour)
	srv.SetBankLLM("t", "consolidation", LLMFlaky)
	mustStatus(t, send(t, srv, "DELETE", "/v1/default/banks/t/observations", nil), 200)
	mustStatus(t, send(t, srv, "POST", "/v1/default/banks/t/consolidate", nil), 200)
	srv.CompleteOperations()
	items := getObj(t, srv, "/v1/default/banks/t/llm-requests?operation=consolidation")["items"].([]any)
	w.consTID = items[0].(map[string]any)["trace_id"].(string)
	return w
}

func (w *llmWorld) list(t *testing.T, query string) map[string]any {
	t.Helper()
	return getObj(t, w.srv, "/v1/default/banks/t/llm-requests"+query)
}

func TestLLMRequestFilters(t *testing.T) {
	w := newLLMWorld(t)
	const retains, consolidation = 2, 4 // the batch of three facts fails, then one call per fact
	all := retains + w.reflects + consolidation
	at := func(h, m int) string {
		return url.QueryEscape(time.Date(2026, 11, 30, h, m, 0, 0, time.UTC).Format(time.RFC3339))
	}
	tests := []struct {
		query string
		total int
	}{
		{"", all},
		{"?operation=retain", retains},
		{"?operation=reflect", w.reflects},
		{"?operation=consolidation", consolidation},
		{"?operation=", all},
		{"?scope=retain_extract_facts", retains},
		{"?scope=reflect_tool_call", w.reflects},
		{"?scope=consolidation", consolidation},
		{"?status=error", 1},
		{"?status=success", all - 1},
		{"?provider=openai", all},
		{"?provider=groq", 0},
		{"?trace_id=" + w.consTID, consolidation},
		{"?document_id=d1", 1},
		{"?document_id=d3", 0},
		{"?start_date=" + at(9, 30), w.reflects + consolidation},
		{"?end_date=" + at(9, 30), retains},
		{"?start_date=" + at(9, 30) + "&end_date=" + at(10, 30), w.reflects},
		{"?operation=consolidation&status=error", 1},
		{"?limit=2&offset=1", all},
	}
	for _, tt := range tests {
		if got := w.list(t, tt.query)["total"]; got != float64(tt.total) {
			t.Errorf("%q: total %v, want %d", tt.query, got, tt.total)
		}
	}

	// memory_id matches the retain that stored the fact and every run that used it.
	ops := map[string]bool{}
	for _, it := range w.list(t, "?memory_id="+w.factID)["items"].([]any) {
		row := it.(map[string]any)
		ops[row["operation"].(string)] = true
		meta := fmt.Sprint(row["metadata"])
		if !strings.Contains(meta, w.factID) {
			t.Errorf("row without the memory: %v", meta)
		}
	}
	if !ops["retain"] || !ops["consolidation"] {
		t.Errorf("memory_id rows come from %v", ops)
	}

	// Newest first; paging keeps the order.
	items := w.list(t, "")["items"].([]any)
	for i := 1; i < len(items); i++ {
		if items[i-1].(map[string]any)["started_at"].(string) < items[i].(map[string]any)["started_at"].(string) {
			t.Fatalf("not newest first at %d", i)
		}
	}
	page := w.list(t, "?limit=2&offset=1")
	if got := page["items"].([]any); len(got) != 2 || got[0].(map[string]any)["id"] != items[1].(map[string]any)["id"] ||
		page["limit"] != 2.0 || page["offset"] != 1.0 {
		t.Errorf("page: %v", page)
	}
}

func TestLLMRequestRuns(t *testing.T) {
	w := newLLMWorld(t)
	first := w.list(t, "?group=true&limit=1")
	if first["total"] != 4.0 || len(first["items"].([]any)) != 4 {
		t.Fatalf("runs: total %v, %d calls on the first page", first["total"], len(first["items"].([]any)))
	}
	for _, it := range first["items"].([]any) {
		if it.(map[string]any)["trace_id"] != w.consTID {
			t.Errorf("first run mixes traces: %v", it)
		}
	}
	second := w.list(t, "?group=true&limit=1&offset=1")["items"].([]any)
	if len(second) != w.reflects || second[0].(map[string]any)["operation"] != "reflect" {
		t.Errorf("second run: %d calls", len(second))
	}
	// All calls of one run share its trace and point at its span.
	parents := map[any]bool{}
	for _, it := range second {
		parents[it.(map[string]any)["parent_span_id"]] = true
	}
	if len(parents) != 1 {
		t.Errorf("one run, %d parent spans", len(parents))
	}
	if got := w.list(t, "?group=true&operation=retain")["total"]; got != 2.0 {
		t.Errorf("retain runs: %v", got)
	}
}

func TestLLMRequestShape(t *testing.T) {
	w := newLLMWorld(t)
	errRow := w.list(t, "?status=error")["items"].([]any)[0].(map[string]any)
	body := string(mustStatus(t, send(t, w.srv, "GET", "/v1/default/banks/t/llm-requests?status=error", nil), 200).body)
	for _, key := range []string{`"output":null`, `"input_tokens":null`, `"output_tokens":null`, `"cached_tokens":null`, `"total_tokens":null`} {
		if !strings.Contains(body, key) {
			t.Errorf("error row lacks %s: %s", key, body)
		}
	}
	if !strings.HasPrefix(errRow["error"].(string), "RateLimitError: ") || errRow["provider"] != "openai" ||
		errRow["llm_info"].(map[string]any)["request"] == nil {
		t.Errorf("error row: %v", errRow)
	}
	ok := w.list(t, "?scope=retain_extract_facts&limit=1")["items"].([]any)[0].(map[string]any)
	if ok["error"] != nil || ok["input_tokens"].(float64) <= 0 || ok["total_tokens"] != ok["input_tokens"].(float64)+ok["output_tokens"].(float64) ||
		ok["llm_info"].(map[string]any)["finish_reason"] != "stop" || len(ok["input"].([]any)) != 2 {
		t.Errorf("extraction row: %v", ok)
	}
	out := ok["output"].(map[string]any)["facts"].([]any)
	if len(out) != 1 || out[0].(map[string]any)["text"] != "Ana owns a teapot." {
		t.Errorf("extraction output is what was stored: %v", out)
	}
	tool := w.list(t, "?operation=reflect&limit=1")["items"].([]any)[0].(map[string]any)
	if names := fmt.Sprint(tool["llm_info"].(map[string]any)["tool_calls"]); names != "[done]" {
		t.Errorf("the reflect run ends with done: %v", names)
	}
}

func TestLLMRequestTruncationAndRetention(t *testing.T) {
	srv, clock := clockedServer(t)
	mustStatus(t, send(t, srv, "PATCH", "/v1/default/banks/big/config", map[string]any{"updates": map[string]any{"retain_chunk_size": 200000}}), 200)
	retainSync(t, srv, "big", map[string]any{"content": strings.Repeat("Ünïcode words fill the page. ", 2000)})
	in := getObj(t, srv, "/v1/default/banks/big/llm-requests")["items"].([]any)[0].(map[string]any)["input"].(map[string]any)
	if in["_truncated"] != true || in["_original_chars"].(float64) <= llmTraceMaxChars || len(in["preview"].(string)) != llmTraceMaxChars ||
		!strings.HasPrefix(in["preview"].(string), `[{"content": "You extract durable facts`) ||
		!strings.Contains(in["preview"].(string), `\u00dcn\u00efcode words`) {
		t.Errorf("truncated input: %.200v", in)
	}
	clock.Advance(23 * time.Hour)
	retainSync(t, srv, "big", map[string]any{"content": "A later note."})
	if n := getObj(t, srv, "/v1/default/banks/big/llm-requests")["total"]; n != 2.0 {
		t.Errorf("within a day: %v rows", n)
	}
	clock.Advance(2 * time.Hour)
	if n := getObj(t, srv, "/v1/default/banks/big/llm-requests")["total"]; n != 1.0 {
		t.Errorf("after the retention period: %v rows", n)
	}
}

func TestLLMRequestErrors(t *testing.T) {
	w := newLLMWorld(t)
	tests := []struct {
		path   string
		status int
		want   string
	}{
		{"/v1/default/banks/nope/llm-requests", 404, "Bank 'nope' not found"},
		{"/v1/default/banks/nope/llm-requests/stats", 404, "Bank 'nope' not found"},
		{"/v1/default/banks/t/llm-requests?limit=0", 422, "greater_than_equal"},
		{"/v1/default/banks/t/llm-requests?limit=501", 422, "less_than_equal"},
		{"/v1/default/banks/t/llm-requests?offset=-1", 422, "greater_than_equal"},
		{"/v1/default/banks/t/llm-requests?group=maybe", 422, "bool_parsing"},
		{"/v1/default/banks/t/llm-requests?start_date=yesterday", 500, "Invalid isoformat string: 'yesterday'"},
		{"/v1/default/banks/t/llm-requests?end_date=2026-13-01", 500, "Invalid isoformat string"},
	}
	for _, tt := range tests {
		r := send(t, w.srv, "GET", tt.path, nil)
		if r.status != tt.status || !strings.Contains(string(r.body), tt.want) {
			t.Errorf("%s: %d %s", tt.path, r.status, r.body)
		}
	}
	if out := w.list(t, "?limit=500&search=x"); out["limit"] != 500.0 {
		t.Errorf("the largest limit: %v", out["limit"])
	}
}

func TestLLMRequestStats(t *testing.T) {
	w := newLLMWorld(t)
	stats := func(query string) map[string]any {
		t.Helper()
		return getObj(t, w.srv, "/v1/default/banks/t/llm-requests/stats"+query)
	}
	st := stats("")
	buckets := st["buckets"].([]any)
	if st["period"] != "7d" || st["trunc"] != "day" || st["start"] != "2026-11-23T11:00:00+00:00" || len(buckets) != 1 {
		t.Fatalf("stats: %v", st)
	}
	b := buckets[0].(map[string]any)
	var in, out, cached float64
	items := w.list(t, "?limit=500")["items"].([]any)
	for _, it := range items {
		row := it.(map[string]any)
		for k, sum := range map[string]*float64{"input_tokens": &in, "output_tokens": &out, "cached_tokens": &cached} {
			if v, ok := row[k].(float64); ok {
				*sum += v
			}
		}
	}
	tokens := b["tokens"].(map[string]any)
	if b["time"] != "2026-11-30T00:00:00+00:00" || b["total"] != float64(len(items)) ||
		fmt.Sprint(b["statuses"]) != fmt.Sprintf("map[error:1 success:%d]", len(items)-1) ||
		tokens["input"] != in || tokens["output"] != out || tokens["cached"] != cached || tokens["total"] != in+out {
		t.Errorf("bucket %v, want sums of %d rows (%v in, %v out, %v cached)", b, len(items), in, out, cached)
	}
	if got := stats("?operation=retain")["buckets"].([]any)[0].(map[string]any); got["total"] != 2.0 ||
		fmt.Sprint(got["statuses"]) != "map[success:2]" {
		t.Errorf("retain bucket: %v", got)
	}
	for period, start := range map[string]string{"1d": "2026-11-29T11:00:00+00:00", "30d": "2026-10-31T11:00:00+00:00", "2w": "2026-11-23T11:00:00+00:00"} {
		if got := stats("?period=" + period); got["period"] != period || got["start"] != start {
			t.Errorf("period %s: %v %v", period, got["period"], got["start"])
		}
	}
	// Sparse daily buckets, oldest first: a call the next day opens a second bucket.
	w.clock.Advance(20 * time.Hour)
	mustStatus(t, send(t, w.srv, "POST", "/v1/default/banks/t/reflect", map[string]any{"query": "Tea?"}), 200)
	buckets = stats("")["buckets"].([]any)
	if len(buckets) != 2 || buckets[1].(map[string]any)["time"] != "2026-12-01T00:00:00+00:00" {
		t.Errorf("next day: %v", buckets)
	}
	if got := stats("?operation=refresh_mental_model")["buckets"].([]any); len(got) != 0 {
		t.Errorf("no refreshes, no buckets: %v", got)
	}
}
