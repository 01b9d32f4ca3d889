package client

import (
	"context"
	"encoding/json"
	"time"
)

// The server records every LLM call it makes for a bank (retain extraction,
// consolidation, reflect, mental-model refreshes) for a day. Reading that log is how a
// curator finds out why consolidation stalls, what an extraction returned, or which
// calls failed while the bank's counters say all is well.

// LLM request statuses.
const (
	LLMStatusSuccess = "success"
	LLMStatusError   = "error"
)

// LLMRequest is one recorded LLM call. Calls of one operation run share TraceID and
// ParentSpanID. Token counts are nil when the server recorded none (it stores 0 as
// null). Input is the messages as sent and Output what came back (null on error); both
// are kept raw, since their shape depends on the call, and either may be the marker
// Truncation recognises.
type LLMRequest struct {
	ID           string             `json:"id"`
	BankID       string             `json:"bank_id"`
	Operation    string             `json:"operation"`
	Scope        string             `json:"scope"`
	TraceID      string             `json:"trace_id"`
	SpanID       string             `json:"span_id"`
	ParentSpanID string             `json:"parent_span_id"`
	Provider     string             `json:"provider"`
	Model        string             `json:"model"`
	Status       string             `json:"status"`
	StartedAt    Time               `json:"started_at"`
	EndedAt      Time               `json:"ended_at"`
	DurationMS   *int               `json:"duration_ms"`
	InputTokens  *int               `json:"input_tokens"`
	OutputTokens *int               `json:"output_tokens"`
	CachedTokens *int               `json:"cached_tokens"`
	TotalTokens  *int               `json:"total_tokens"`
	Input        json.RawMessage    `json:"input"`
	Output       json.RawMessage    `json:"output"`
	Error        string             `json:"error"`
	LLMInfo      LLMInfo            `json:"llm_info"`
	Metadata     LLMRequestMetadata `json:"metadata"`
}

// Failed reports whether the call errored.
func (r *LLMRequest) Failed() bool { return r.Status == LLMStatusError }

// LLMInfo is what the server noted about a call: the parameters the caller set, why
// the model stopped, and the names of the tools it called. Fields of an unexpected
// type are left empty rather than failing the page; Raw keeps everything.
type LLMInfo struct {
	Request      map[string]json.RawMessage
	FinishReason string
	ToolCalls    []string
	Raw          map[string]json.RawMessage
}

// UnmarshalJSON implements json.Unmarshaler.
func (i *LLMInfo) UnmarshalJSON(b []byte) error {
	*i = LLMInfo{}
	if err := json.Unmarshal(b, &i.Raw); err != nil || i.Raw == nil {
		return nil
	}
	_ = json.Unmarshal(i.Raw["request"], &i.Request)
	_ = json.Unmarshal(i.Raw["finish_reason"], &i.FinishReason)
	var tools Strings
	if json.Unmarshal(i.Raw["tool_calls"], &tools) == nil {
		i.ToolCalls = tools
	}
	return nil
}

// MarshalJSON writes llm_info as the server sent it.
func (i LLMInfo) MarshalJSON() ([]byte, error) { return marshalRaw(i.Raw) }

// LLMRequestMetadata is the call's attribution: the document a retain extracted, the
// mental model a refresh rebuilt, the memories the run created (MemoryIDs) and used
// (SourceMemoryIDs). Read leniently like LLMInfo; Raw keeps everything.
type LLMRequestMetadata struct {
	DocumentID      string
	MentalModelID   string
	MemoryIDs       []string
	SourceMemoryIDs []string
	Raw             map[string]json.RawMessage
}

// MarshalJSON writes the metadata as the server sent it.
func (m LLMRequestMetadata) MarshalJSON() ([]byte, error) { return marshalRaw(m.Raw) }

// marshalRaw is a kept JSON object, or null when the server sent none.
func marshalRaw(raw map[string]json.RawMessage) ([]byte, error) {
	if raw == nil {
		return []byte("null"), nil
	}
	return json.Marshal(raw)
}

// UnmarshalJSON implements json.Unmarshaler.
func (m *LLMRequestMetadata) UnmarshalJSON(b []byte) error {
	*m = LLMRequestMetadata{}
	if err := json.Unmarshal(b, &m.Raw); err != nil || m.Raw == nil {
		return nil
	}
	_ = json.Unmarshal(m.Raw["document_id"], &m.DocumentID)
	_ = json.Unmarshal(m.Raw["mental_model_id"], &m.MentalModelID)
	m.MemoryIDs = idList(m.Raw["memory_ids"])
	m.SourceMemoryIDs = idList(m.Raw["source_memory_ids"])
	return nil
}

// idList reads a list of ids leniently, dropping nulls and blanks.
func idList(raw json.RawMessage) []string {
	var ids Strings
	if json.Unmarshal(raw, &ids) != nil {
		return nil
	}
	var out []string
	for _, id := range ids {
		if id != "" {
			out = append(out, id)
		}
	}
	return out
}

// TruncatedValue is what the server stores instead of a value whose JSON was longer
// than its limit (50 000 characters by default): the original length and a preview
// of the JSON text.
type TruncatedValue struct {
	OriginalChars int    `json:"_original_chars"`
	Preview       string `json:"preview"`
}

// Truncation reports whether raw (an Input or Output) is the truncation marker.
func Truncation(raw json.RawMessage) (*TruncatedValue, bool) {
	var v struct {
		Truncated bool `json:"_truncated"`
		TruncatedValue
	}
	if len(raw) == 0 || raw[0] != '{' || json.Unmarshal(raw, &v) != nil || !v.Truncated {
		return nil, false
	}
	return &v.TruncatedValue, true
}

// LLMRequestList is a page of calls, newest first.
type LLMRequestList struct {
	BankID string       `json:"bank_id"`
	Items  []LLMRequest `json:"items"`
	Page
}

// ListLLMRequestsParams filters the log; zero values are not sent. With Group,
// Limit/Offset and the page's Total count runs (traces; an untraced call is a run of
// its own) and Items holds every call of the runs on the page.
type ListLLMRequestsParams struct {
	Operation  string // retain, reflect, consolidation, refresh_mental_model, ...
	Scope      string // retain_extract_facts, reflect_tool_call, consolidation, ...
	Provider   string
	TraceID    string
	Status     string // LLMStatusSuccess or LLMStatusError
	DocumentID string // calls that processed this document
	MemoryID   string // runs that created or used this memory
	Start, End time.Time
	Group      bool
	Limit      int // 1–500; 0 = server default (50)
	Offset     int
}

// ListLLMRequests reads the bank's LLM call log (404 for a bank that does not exist).
func (c *Client) ListLLMRequests(ctx context.Context, bankID string, p ListLLMRequestsParams) (*LLMRequestList, error) {
	q := query{}
	q.str("operation", p.Operation)
	q.str("scope", p.Scope)
	q.str("provider", p.Provider)
	q.str("trace_id", p.TraceID)
	q.str("status", p.Status)
	q.str("document_id", p.DocumentID)
	q.str("memory_id", p.MemoryID)
	if !p.Start.IsZero() {
		q.str("start_date", FormatTimestamp(p.Start))
	}
	if !p.End.IsZero() {
		q.str("end_date", FormatTimestamp(p.End))
	}
	q.flag("group", p.Group)
	q.num("limit", p.Limit)
	q.num("offset", p.Offset)
	var out LLMRequestList
	if err := c.do(ctx, "GET", bankPath(bankID, "llm-requests"), q, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// LLMRun is the calls of one operation run, oldest first.
type LLMRun struct {
	TraceID   string // "" for an untraced call
	Operation string
	Calls     []LLMRequest
}

// Failures counts the run's calls that errored.
func (r LLMRun) Failures() int {
	n := 0
	for i := range r.Calls {
		if r.Calls[i].Failed() {
			n++
		}
	}
	return n
}

// GroupRuns groups calls (newest first, as listed) into runs: newest run first, each
// run's calls oldest first; a call without a trace is a run of its own.
func GroupRuns(items []LLMRequest) []LLMRun {
	var runs []LLMRun
	index := map[string]int{}
	for _, it := range items {
		i, ok := index[it.TraceID]
		if !ok || it.TraceID == "" {
			i = len(runs)
			runs = append(runs, LLMRun{TraceID: it.TraceID, Operation: it.Operation})
			if it.TraceID != "" {
				index[it.TraceID] = i
			}
		}
		runs[i].Calls = append(runs[i].Calls, it)
	}
	for _, r := range runs {
		for a, b := 0, len(r.Calls)-1; a < b; a, b = a+1, b-1 {
			r.Calls[a], r.Calls[b] = r.Calls[b], r.Calls[a]
		}
	}
	return runs
}

// LLM request stats periods; the server counts any other value as 7 days and echoes it.
const (
	PeriodDay   = "1d"
	PeriodWeek  = "7d"
	PeriodMonth = "30d"
)

// LLMTokenSums are token totals.
type LLMTokenSums struct {
	Input  int `json:"input"`
	Output int `json:"output"`
	Cached int `json:"cached"`
	Total  int `json:"total"`
}

// LLMRequestBucket is one day of calls: counts by status ("success", "error"; absent
// when zero) and token sums.
type LLMRequestBucket struct {
	Time     Time           `json:"time"`
	Statuses map[string]int `json:"statuses"`
	Total    int            `json:"total"`
	Tokens   LLMTokenSums   `json:"tokens"`
}

// LLMRequestStats is calls per day since Start, oldest first; days without calls are
// absent, not zero.
type LLMRequestStats struct {
	BankID  string             `json:"bank_id"`
	Period  string             `json:"period"`
	Trunc   string             `json:"trunc"`
	Start   Time               `json:"start"`
	Buckets []LLMRequestBucket `json:"buckets"`
}

// LLMRequestStats counts the bank's LLM calls per day over period (PeriodDay,
// PeriodWeek, PeriodMonth; "" = the server's default, a week), optionally for one
// operation.
func (c *Client) LLMRequestStats(ctx context.Context, bankID, operation, period string) (*LLMRequestStats, error) {
	q := query{}
	q.str("operation", operation)
	q.str("period", period)
	var out LLMRequestStats
	if err := c.do(ctx, "GET", bankPath(bankID, "llm-requests", "stats"), q, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
