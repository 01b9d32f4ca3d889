package hindsighttest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"time"
)

// llmRequestItem is LLMRequestEntry; the list keeps nulls, and token counts of 0 are
// null, as the real trace stores them.
type llmRequestItem struct {
	ID           string          `json:"id"`
	BankID       *string         `json:"bank_id"`
	Operation    *string         `json:"operation"`
	Scope        *string         `json:"scope"`
	TraceID      *string         `json:"trace_id"`
	SpanID       *string         `json:"span_id"`
	ParentSpanID *string         `json:"parent_span_id"`
	Provider     *string         `json:"provider"`
	Model        *string         `json:"model"`
	Status       string          `json:"status"`
	StartedAt    *string         `json:"started_at"`
	EndedAt      *string         `json:"ended_at"`
	DurationMS   *int            `json:"duration_ms"`
	InputTokens  *int            `json:"input_tokens"`
	OutputTokens *int            `json:"output_tokens"`
	CachedTokens *int            `json:"cached_tokens"`
	TotalTokens  *int            `json:"total_tokens"`
	Input        json.RawMessage `json:"input"`
	Output       json.RawMessage `json:"output"`
	Error        *string         `json:"error"`
	LLMInfo      map[string]any  `json:"llm_info"`
	Metadata     map[string]any  `json:"metadata"`
}

func intOrNull(n int) *int {
	if n == 0 {
		return nil
	}
	return &n
}

func rawOrNull(raw json.RawMessage) json.RawMessage {
	if raw == nil {
		return json.RawMessage("null")
	}
	return raw
}

func (row *llmRequest) item() llmRequestItem {
	duration := int(row.endedAt.Sub(row.startedAt) / time.Millisecond)
	return llmRequestItem{
		ID: row.id, BankID: strPtr(row.bankID), Operation: strPtr(row.operation), Scope: strPtr(row.scope),
		TraceID: strPtr(row.traceID), SpanID: strPtr(row.spanID), ParentSpanID: strPtr(row.parentSpanID),
		Provider: strPtr(row.provider), Model: strPtr(row.model), Status: row.status,
		StartedAt: isoPtr(&row.startedAt), EndedAt: isoPtr(&row.endedAt), DurationMS: &duration,
		InputTokens: intOrNull(row.inputTokens), OutputTokens: intOrNull(row.outputTokens),
		CachedTokens: intOrNull(row.cachedTokens), TotalTokens: intOrNull(row.inputTokens + row.outputTokens),
		Input: rawOrNull(row.input), Output: rawOrNull(row.output), Error: strPtr(row.errorText),
		LLMInfo: row.llmInfo, Metadata: row.metadata,
	}
}

// llmFilter is the list's filters; empty strings are ignored, as on the real server.
type llmFilter struct {
	status, operation, scope, provider, traceID, documentID, memoryID string
	start, end                                                        *time.Time
}

func (f llmFilter) matches(row *llmRequest) bool {
	switch {
	case f.status != "" && row.status != f.status,
		f.operation != "" && row.operation != f.operation,
		f.scope != "" && row.scope != f.scope,
		f.provider != "" && row.provider != f.provider,
		f.traceID != "" && row.traceID != f.traceID,
		f.start != nil && row.startedAt.Before(*f.start),
		f.end != nil && !row.startedAt.Before(*f.end):
		return false
	}
	if f.documentID != "" {
		if id, _ := row.metadata["document_id"].(string); id != f.documentID {
			return false
		}
	}
	if f.memoryID != "" {
		ids := append(metaStrings(row.metadata["memory_ids"]), metaStrings(row.metadata["source_memory_ids"])...)
		if !slices.Contains(ids, f.memoryID) {
			return false
		}
	}
	return true
}

// metaStrings reads a metadata list of ids, stored as []string or decoded []any.
func metaStrings(v any) []string {
	switch x := v.(type) {
	case []string:
		return x
	case []any:
		out := make([]string, 0, len(x))
		for _, e := range x {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// llmDateParam parses start_date/end_date; the real server lets a bad value reach the
// database, so it answers 500 with the parser's message.
func llmDateParam(q *request, name string) (*time.Time, error) {
	raw, _ := q.str(name)
	if raw == "" {
		return nil, nil
	}
	t, err := parseISO(raw)
	if err != nil {
		return nil, detailf("Invalid isoformat string: '%s'", raw)
	}
	return &t, nil
}

// llmBank checks the bank exists (404 otherwise) and returns its rows in the log,
// newest first, after dropping expired ones. Rows of an earlier bank with the same id
// (deleted since) are not shown.
func (s *Server) llmBank(w http.ResponseWriter, bankID string) ([]*llmRequest, bool) {
	b := s.store.banks[bankID]
	if b == nil {
		writeDetail(w, http.StatusNotFound, fmt.Sprintf("Bank '%s' not found", bankID))
		return nil, false
	}
	s.purgeLLMLog(s.now())
	var rows []*llmRequest
	for _, row := range s.sim().llmLog {
		if row.owner == b {
			rows = append(rows, row)
		}
	}
	sort.SliceStable(rows, func(i, j int) bool {
		if !rows[i].startedAt.Equal(rows[j].startedAt) {
			return rows[i].startedAt.After(rows[j].startedAt)
		}
		return rows[i].seq > rows[j].seq
	})
	return rows, true
}

// handleListLLMRequests serves GET …/llm-requests: calls newest first, or with
// group=true whole runs (trace ids) paged as units.
func (s *Server) handleListLLMRequests(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r, "status", "operation", "scope", "provider", "trace_id", "document_id", "memory_id",
		"group", "start_date", "end_date", "limit", "offset")
	var f llmFilter
	f.status, _ = q.str("status")
	f.operation, _ = q.str("operation")
	f.scope, _ = q.str("scope")
	f.provider, _ = q.str("provider")
	f.traceID, _ = q.str("trace_id")
	f.documentID, _ = q.str("document_id")
	f.memoryID, _ = q.str("memory_id")
	group := q.boolean("group", false)
	limit := q.integer("limit", 50, 1, 500)
	offset := q.integer("offset", 0, 0, noMax)
	if q.invalid() || !s.authorized(w, r) {
		return
	}
	rows, ok := s.llmBank(w, bankID)
	if !ok {
		return
	}
	var err error
	if f.start, err = llmDateParam(q, "start_date"); err == nil {
		f.end, err = llmDateParam(q, "end_date")
	}
	if err != nil {
		writeDetail(w, http.StatusInternalServerError, err.Error())
		return
	}
	var matched []*llmRequest
	for _, row := range rows {
		if f.matches(row) {
			matched = append(matched, row)
		}
	}
	total, picked := len(matched), matched
	if group {
		total, picked = pageRuns(matched, limit, offset)
	} else {
		lo, hi := page(len(matched), limit, offset)
		picked = matched[lo:hi]
	}
	items := make([]llmRequestItem, 0, len(picked))
	for _, row := range picked {
		items = append(items, row.item())
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"bank_id": bankID, "total": total, "limit": limit, "offset": offset, "items": items,
	})
}

// pageRuns pages rows (newest first) by run: a run is a trace id, an untraced row is a
// run of its own, and runs are ordered by their newest call. It returns the number of
// runs and every call of the runs on the page, newest first.
func pageRuns(rows []*llmRequest, limit, offset int) (int, []*llmRequest) {
	var order []string
	runOf := map[string]string{}
	seen := map[string]bool{}
	for _, row := range rows {
		key := "trace:" + row.traceID
		if row.traceID == "" {
			key = "row:" + row.id
		}
		runOf[row.id] = key
		if !seen[key] {
			seen[key] = true
			order = append(order, key)
		}
	}
	lo, hi := page(len(order), limit, offset)
	wanted := map[string]bool{}
	for _, key := range order[lo:hi] {
		wanted[key] = true
	}
	var out []*llmRequest
	for _, row := range rows {
		if wanted[runOf[row.id]] {
			out = append(out, row)
		}
	}
	return len(order), out
}

// llmStatsPeriods maps the known periods to days; anything else means 7 days but is
// echoed as given.
var llmStatsPeriods = map[string]int{"1d": 1, "7d": 7, "30d": 30}

type llmTokenSums struct {
	Input  int `json:"input"`
	Output int `json:"output"`
	Cached int `json:"cached"`
	Total  int `json:"total"`
}

type llmStatsBucket struct {
	Time     string         `json:"time"`
	Statuses map[string]int `json:"statuses"`
	Total    int            `json:"total"`
	Tokens   llmTokenSums   `json:"tokens"`
}

// handleLLMRequestStats serves GET …/llm-requests/stats: daily buckets since the start
// of the period, ascending and sparse (days without calls are absent).
func (s *Server) handleLLMRequestStats(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r, "operation", "period")
	operation, _ := q.str("operation")
	period, ok := q.str("period")
	if !ok {
		period = "7d"
	}
	if q.invalid() || !s.authorized(w, r) {
		return
	}
	rows, found := s.llmBank(w, bankID)
	if !found {
		return
	}
	days, known := llmStatsPeriods[period]
	if !known {
		days = 7
	}
	start := s.now().AddDate(0, 0, -days)
	byDay := map[time.Time]*llmStatsBucket{}
	var keys []time.Time
	for _, row := range rows {
		if row.startedAt.Before(start) || (operation != "" && row.operation != operation) {
			continue
		}
		day := row.startedAt.UTC().Truncate(24 * time.Hour)
		bk := byDay[day]
		if bk == nil {
			bk = &llmStatsBucket{Time: isoTime(day), Statuses: map[string]int{}}
			byDay[day] = bk
			keys = append(keys, day)
		}
		bk.Statuses[row.status]++
		bk.Total++
		bk.Tokens.Input += row.inputTokens
		bk.Tokens.Output += row.outputTokens
		bk.Tokens.Cached += row.cachedTokens
		bk.Tokens.Total += row.inputTokens + row.outputTokens
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i].Before(keys[j]) })
	buckets := make([]llmStatsBucket, 0, len(keys))
	for _, k := range keys {
		buckets = append(buckets, *byDay[k])
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"bank_id": bankID, "period": period, "trunc": "day", "start": isoTime(start), "buckets": buckets,
	})
}
