package client

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"hindsight-tui/client/clienttest"
)

// recorder is a tiny server that records the last request and answers with a fixed
// status and body; it exercises the transport without the fake Hindsight server.
type recorder struct {
	status int
	body   string
	header http.Header
	last   *http.Request
	data   []byte
}

func (r *recorder) start(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		r.last = req
		r.data, _ = io.ReadAll(req.Body)
		for k, v := range r.header {
			w.Header()[k] = v
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(r.status)
		_, _ = io.WriteString(w, r.body)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestParseBaseURL(t *testing.T) {
	tests := []struct {
		in, want, err string
	}{
		{in: "http://localhost:8888", want: "http://localhost:8888"},
		{in: "https://mem.example.com/hindsight/", want: "https://mem.example.com/hindsight"},
		{in: "  http://h:1/a/b  ", want: "http://h:1/a/b"},
		{in: "ftp://h", err: "http:// or https://"},
		{in: "localhost:8888", err: "http:// or https://"},
		{in: "http://", err: "no host"},
		{in: "http://h/?x=1", err: "query"},
		{in: "http://user:secret@h", err: "credentials"},
	}
	for _, tt := range tests {
		u, err := ParseBaseURL(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseBaseURL(%q) error = %v, want containing %q", tt.in, err, tt.err)
			}
			if err != nil && strings.Contains(err.Error(), "secret") {
				t.Errorf("ParseBaseURL error leaks the password: %v", err)
			}
			continue
		}
		if err != nil || u.String() != tt.want {
			t.Errorf("ParseBaseURL(%q) = %v, %v; want %q", tt.in, u, err, tt.want)
		}
	}
}

func TestRequestHeadersAndPrefix(t *testing.T) {
	rec := &recorder{status: 200, body: `{"banks":[],"total":0,"limit":1,"offset":0}`}
	srv := rec.start(t)
	c, err := New(srv.URL+"/prefix/", WithAPIKey(" k-123 "), WithVersion("1.2.3"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.ListBanks(context.Background(), ListBanksParams{Limit: 1, Q: "a b"}); err != nil {
		t.Fatal(err)
	}
	if got := rec.last.URL.Path; got != "/prefix/v1/default/banks" {
		t.Errorf("path = %q", got)
	}
	if got := rec.last.URL.RawQuery; got != "limit=1&q=a+b" {
		t.Errorf("query = %q (zero values must not be sent)", got)
	}
	if got := rec.last.Header.Get("Authorization"); got != "Bearer k-123" {
		t.Errorf("Authorization = %q", got)
	}
	if got := rec.last.Header.Get("User-Agent"); got != "hindsight-tui/1.2.3" {
		t.Errorf("User-Agent = %q", got)
	}

	c2, _ := New(srv.URL)
	if _, err := c2.ListBanks(context.Background(), ListBanksParams{}); err != nil {
		t.Fatal(err)
	}
	if _, ok := rec.last.Header["Authorization"]; ok {
		t.Error("no key set, but an Authorization header was sent")
	}
	if rec.last.URL.RawQuery != "" {
		t.Errorf("empty params sent a query: %q", rec.last.URL.RawQuery)
	}
}

func TestPathEscaping(t *testing.T) {
	rec := &recorder{status: 200, body: `{"id":"a/b c"}`}
	srv := rec.start(t)
	c, _ := New(srv.URL)
	if _, err := c.GetDocument(context.Background(), "bank one", "notes/2024 q1"); err != nil {
		t.Fatal(err)
	}
	if got := rec.last.URL.EscapedPath(); got != "/v1/default/banks/bank%20one/documents/notes%2F2024%20q1" {
		t.Errorf("escaped path = %q", got)
	}
}

func TestErrorShapes(t *testing.T) {
	tests := []struct {
		name       string
		status     int
		body       string
		wantDetail string
		wantFields []string
		wantViol   int
	}{
		{"string detail", 404, `{"detail":"Bank 'x' not found"}`, "Bank 'x' not found", nil, 0},
		{"validation list", 422, `{"detail":[{"type":"enum","loc":["body","budget"],"msg":"Input should be 'low', 'mid' or 'high'","input":"huge","ctx":{"expected":"'low', 'mid' or 'high'"}},{"type":"missing","loc":["body","items",0,"content"],"msg":"Field required","input":{}}]}`,
			"budget: Input should be 'low', 'mid' or 'high'; items.0.content: Field required", []string{"budget", "items.0.content"}, 0},
		{"memory defense", 422, `{"detail":{"violations":[{"index":0,"detector":"pii","message":"contains a credit card number"}]}}`,
			"blocked by memory defense: item 0: contains a credit card number", nil, 1},
		{"html from a proxy", 502, `<html>Bad Gateway</html>`, "<html>Bad Gateway</html>", nil, 0},
		{"empty body", 500, ``, "Internal Server Error", nil, 0},
		{"unknown detail type", 400, `{"detail":42}`, "42", nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := &recorder{status: tt.status, body: tt.body}
			srv := rec.start(t)
			c, _ := New(srv.URL)
			_, err := c.Recall(context.Background(), "b", RecallRequest{Query: "q"})
			var ae *APIError
			if !errors.As(err, &ae) {
				t.Fatalf("err = %T %v, want *APIError", err, err)
			}
			if ae.StatusCode != tt.status || ae.Detail != tt.wantDetail {
				t.Errorf("got %d %q, want %d %q", ae.StatusCode, ae.Detail, tt.status, tt.wantDetail)
			}
			if ae.Method != "POST" || ae.Path != "/v1/default/banks/b/memories/recall" {
				t.Errorf("request = %s %s", ae.Method, ae.Path)
			}
			var fields []string
			for _, f := range ae.Fields {
				fields = append(fields, f.Field())
			}
			if strings.Join(fields, ",") != strings.Join(tt.wantFields, ",") {
				t.Errorf("fields = %v, want %v", fields, tt.wantFields)
			}
			if len(ae.Violations) != tt.wantViol {
				t.Errorf("violations = %v", ae.Violations)
			}
		})
	}
}

func TestErrorPredicates(t *testing.T) {
	rec := &recorder{status: 401, body: `{"detail":"Authentication failed: Invalid API key"}`}
	srv := rec.start(t)
	c, _ := New(srv.URL, WithAPIKey("wrong"))
	_, err := c.ListBanks(context.Background(), ListBanksParams{Limit: 1})
	if !IsUnauthorized(err) || IsNotFound(err) || StatusCode(err) != 401 {
		t.Fatalf("predicates wrong for %v", err)
	}
	if strings.Contains(err.Error(), "wrong") {
		t.Errorf("error text leaks the key: %v", err)
	}
	rec.status, rec.body = 503, `{"detail":"read-only"}`
	rec.header = http.Header{"Retry-After": {"5"}}
	_, err = c.ListBanks(context.Background(), ListBanksParams{})
	var ae *APIError
	if !errors.As(err, &ae) || ae.RetryAfter != "5" {
		t.Errorf("Retry-After not kept: %#v", err)
	}
}

func TestNetworkErrorKinds(t *testing.T) {
	// A port nothing listens on: unreachable.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	c, _ := New("http://" + addr)
	_, err = c.Version(context.Background())
	if k, ok := NetKind(err); !ok || k != NetUnreachable {
		t.Errorf("closed port: kind = %v (%v)", k, err)
	}

	// A server that hangs: timeout via context deadline, and cancel.
	c, _ = New(clienttest.Hanging(t))
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	_, err = c.Version(ctx)
	if k, _ := NetKind(err); k != NetTimeout {
		t.Errorf("deadline: kind = %v (%v)", k, err)
	}
	ctx2, cancel2 := context.WithCancel(context.Background())
	cancel2()
	_, err = c.Version(ctx2)
	if !IsCanceled(err) {
		t.Errorf("cancelled: %v", err)
	}

	// A server that drops the connection without answering.
	c, _ = New(clienttest.Dropping(t))
	_, err = c.Version(context.Background())
	if k, _ := NetKind(err); k != NetClosed {
		t.Errorf("dropped: kind = %v (%v)", k, err)
	}

	// TLS: a plain HTTP client against a TLS server with an unknown certificate.
	c, _ = New(clienttest.Untrusted(t))
	_, err = c.Version(context.Background())
	if k, _ := NetKind(err); k != NetTLS {
		t.Errorf("bad certificate: kind = %v (%v)", k, err)
	}
}

func TestBodyCapAndMalformed(t *testing.T) {
	rec := &recorder{status: 200, body: `{"api_version":"` + strings.Repeat("x", 2000) + `"}`}
	srv := rec.start(t)
	c, _ := New(srv.URL, WithMaxBodyBytes(1000))
	_, err := c.Version(context.Background())
	var de *DecodeError
	if !errors.As(err, &de) || !errors.Is(err, ErrResponseTooLarge) {
		t.Errorf("oversized body: %v", err)
	}

	rec.body = `{"api_version": 12`
	c, _ = New(srv.URL)
	_, err = c.Version(context.Background())
	if !errors.As(err, &de) || !strings.Contains(err.Error(), "malformed response") {
		t.Errorf("malformed body: %v", err)
	}
}

func TestMemoryDecodingShapes(t *testing.T) {
	list := `{"items":[{"id":"1","text":"t","context":"","date":"","fact_type":"world","document_id":null,
		"mentioned_at":"2024-01-15T10:30:00+00:00","occurred_start":null,"occurred_end":null,
		"entities":"Alice, Bob","chunk_id":null,"proof_count":1,"tags":[],"metadata":{"n":3,"s":"x","z":null},
		"consolidated_at":null,"consolidation_failed_at":null,"state":"valid","invalidation_reason":null,
		"invalidated_at":null,"edited_at":null,"updated_at":"2024-01-15T10:30:00.123456+00:00","source_memory_ids":[],"future_key":{"a":1}}],
		"total":1,"limit":100,"offset":0}`
	var ml MemoryList
	if err := json.Unmarshal([]byte(list), &ml); err != nil {
		t.Fatal(err)
	}
	m := ml.Items[0]
	if m.FactType != "world" || strings.Join(m.Entities, "|") != "Alice|Bob" || !m.Date.IsZero() {
		t.Errorf("list item decoded wrong: %+v", m)
	}
	if m.Metadata["n"] != "3" || m.Metadata["s"] != "x" {
		t.Errorf("metadata = %v", m.Metadata)
	}
	if m.MentionedAt.Year() != 2024 || m.UpdatedAt.Nanosecond() != 123456000 {
		t.Errorf("times = %v %v", m.MentionedAt, m.UpdatedAt)
	}

	single := `{"id":"2","text":"o","type":"observation","entities":["Alice"],"observation_scopes":null,
		"source_memory_ids":["1"],"source_memories":[{"id":"1","text":"t","type":"world","context":"","occurred_start":null,"mentioned_at":"2024-01-15"}]}`
	var one Memory
	if err := json.Unmarshal([]byte(single), &one); err != nil {
		t.Fatal(err)
	}
	if one.FactType != "observation" || len(one.Entities) != 1 || one.ObservationScopes != nil || len(one.SourceMemories) != 1 {
		t.Errorf("single memory decoded wrong: %+v", one)
	}
	var empty Memory
	if err := json.Unmarshal([]byte(`{"id":"3","text":"x","entities":""}`), &empty); err != nil || len(empty.Entities) != 0 {
		t.Errorf("empty entities string: %v %v", empty.Entities, err)
	}
}

func TestTimeLenient(t *testing.T) {
	for in, want := range map[string]string{
		`"2024-01-15T10:30:00+00:00"`:        "2024-01-15T10:30:00Z",
		`"2024-01-15T10:30:00Z"`:             "2024-01-15T10:30:00Z",
		`"2024-01-15T10:30:00.5"`:            "2024-01-15T10:30:00.5Z",
		`"2024-01-15 10:30"`:                 "2024-01-15T10:30:00Z",
		`"2024-01-15"`:                       "2024-01-15T00:00:00Z",
		`""`:                                 "zero",
		`null`:                               "zero",
		`"yesterday"`:                        "zero",
		`"2024-01-15T10:30:00.123456-05:00"`: "2024-01-15T10:30:00.123456-05:00",
	} {
		var tm Time
		if err := json.Unmarshal([]byte(in), &tm); err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		got := "zero"
		if !tm.IsZero() {
			got = tm.Format(time.RFC3339Nano)
		}
		if got != want {
			t.Errorf("%s -> %s, want %s", in, got, want)
		}
	}
}

func TestRecallRequestEncoding(t *testing.T) {
	tests := []struct {
		name string
		req  RecallRequest
		want string
	}{
		{"defaults send only the query", RecallRequest{Query: "coffee"}, `{"query":"coffee"}`},
		{"entities off is an explicit null", RecallRequest{Query: "q", Include: &RecallInclude{NoEntities: true, Chunks: &ChunksInclude{}}},
			`{"query":"q","include":{"chunks":{},"entities":null}}`},
		{"every field", RecallRequest{
			Query: "q", Types: []string{"world"}, PreferObservations: true, Budget: BudgetHigh, MaxTokens: Ptr(0), Trace: true,
			QueryTimestamp: "2024-01-15T00:00:00Z",
			Include:        &RecallInclude{Entities: &EntitiesInclude{MaxTokens: Ptr(100)}, SourceFacts: &SourceFactsInclude{MaxTokensPerObservation: Ptr(-1)}},
			Tags:           []string{"a"}, TagsMatch: TagsExact, MinScores: &MinScores{Final: Ptr(0.5)},
			TemporalWindow: &TemporalWindow{Start: "2024-01-01", End: "2024-02-01"}},
			`{"query":"q","types":["world"],"prefer_observations":true,"budget":"high","max_tokens":0,"trace":true,"query_timestamp":"2024-01-15T00:00:00Z","include":{"entities":{"max_tokens":100},"source_facts":{"max_tokens_per_observation":-1}},"tags":["a"],"tags_match":"exact","min_scores":{"final":0.5},"temporal_window":{"start":"2024-01-01","end":"2024-02-01"}}`},
		{"tag groups", RecallRequest{Query: "q", TagGroups: []TagGroup{{Or: []TagGroup{{Tags: []string{"a"}}, {Not: &TagGroup{Tags: []string{"b"}, Match: TagsAll}}}}}},
			`{"query":"q","tag_groups":[{"or":[{"tags":["a"]},{"not":{"tags":["b"],"match":"all"}}]}]}`},
	}
	for _, tt := range tests {
		b, err := json.Marshal(tt.req)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, b, tt.want)
		}
		// The wire form reads back into the same request.
		var back RecallRequest
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("%s: decode: %v", tt.name, err)
		}
		if again, _ := json.Marshal(back); string(again) != tt.want {
			t.Errorf("%s: round trip\n got %s\nwant %s", tt.name, again, tt.want)
		}
	}
}

func TestReflectAndRetainEncoding(t *testing.T) {
	r := ReflectRequest{Query: "q", Include: &ReflectInclude{Facts: IncludeFacts(), ToolCalls: &ToolCallsInclude{Output: Ptr(false)}},
		ResponseSchema: json.RawMessage(`{"type":"object"}`), FactTypes: []string{"world"}}
	b, _ := json.Marshal(r)
	if want := `{"query":"q","include":{"facts":{},"tool_calls":{"output":false}},"response_schema":{"type":"object"},"fact_types":["world"]}`; string(b) != want {
		t.Errorf("reflect:\n got %s\nwant %s", b, want)
	}
	item := MemoryItem{Content: "c", Timestamp: TimestampUnset, ObservationScopes: &ObservationScopes{Groups: [][]string{{"a", "b"}}},
		Entities: []EntityHint{{Text: "Alice", Type: "PERSON"}}, ResolveEntities: Ptr(false)}
	b, _ = json.Marshal(RetainRequest{Items: []MemoryItem{item}, Async: true})
	if want := `{"items":[{"content":"c","timestamp":"unset","entities":[{"text":"Alice","type":"PERSON"}],"resolve_entities":false,"observation_scopes":[["a","b"]]}],"async":true}`; string(b) != want {
		t.Errorf("retain:\n got %s\nwant %s", b, want)
	}
	u := UpdateMemoryRequest{Entities: &[]string{}, OccurredStart: Ptr("")}
	b, _ = json.Marshal(u)
	if want := `{"occurred_start":"","entities":[]}`; string(b) != want {
		t.Errorf("update:\n got %s\nwant %s", b, want)
	}
}

func TestServerTimeWithoutDate(t *testing.T) {
	for name, date := range map[string][]string{"absent": nil, "garbled": {"yesterday-ish"}} {
		rec := &recorder{status: 200, body: `{"api_version":"0.9.1","features":{}}`, header: http.Header{"Date": date}}
		c, _ := New(rec.start(t).URL)
		if _, err := c.ServerTime(context.Background()); !errors.Is(err, ErrNoServerTime) {
			t.Errorf("%s Date header: err = %v, want ErrNoServerTime", name, err)
		}
	}
}

// TestRequestTimeoutIsPerRequest: under WithRequestTimeout each request gets the
// whole timeout from when it starts, and an answer later than that is a timeout.
func TestRequestTimeoutIsPerRequest(t *testing.T) {
	var deadlines []time.Time
	slow := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow" {
			<-slow
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{}`)
	}))
	defer srv.Close()
	defer close(slow)
	hc := &http.Client{Transport: roundTrip(func(r *http.Request) (*http.Response, error) {
		dl, _ := r.Context().Deadline()
		deadlines = append(deadlines, dl)
		time.Sleep(time.Millisecond) // the next request starts measurably later
		return http.DefaultTransport.RoundTrip(r)
	})}
	c, err := New(srv.URL, WithHTTPClient(hc))
	if err != nil {
		t.Fatal(err)
	}
	ctx := WithRequestTimeout(context.Background(), time.Hour)
	for range 2 {
		if err := c.do(ctx, "GET", "/fast", nil, nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	if len(deadlines) != 2 || deadlines[0].IsZero() || !deadlines[1].After(deadlines[0]) {
		t.Fatalf("deadlines %v: want one per request, each later than the one before", deadlines)
	}
	err = c.do(WithRequestTimeout(context.Background(), 20*time.Millisecond), "GET", "/slow", nil, nil, nil)
	if kind, ok := NetKind(err); !ok || kind != NetTimeout {
		t.Fatalf("a request past its timeout: %v, want a timeout", err)
	}
	if RequestTimeout(context.Background()) != 0 {
		t.Error("a plain context carries a timeout")
	}
}

type roundTrip func(*http.Request) (*http.Response, error)

func (f roundTrip) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
