package hindsighttest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
)

// testEpoch is the fixed time tests start at; seeds written for seedEpoch then load
// unshifted.
var testEpoch = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

// clockedServer starts a server on a step clock the test advances, and closes it with
// the test.
func clockedServer(t testing.TB, opts ...Option) (*Server, *Clock) {
	t.Helper()
	clock := NewClock(testEpoch)
	srv := NewServer(append([]Option{WithClock(clock.Now)}, opts...)...)
	t.Cleanup(srv.Close)
	return srv, clock
}

// newTestServer starts a server on the fixed test clock and closes it with the test.
func newTestServer(t testing.TB, opts ...Option) *Server {
	t.Helper()
	srv, _ := clockedServer(t, opts...)
	return srv
}

// reply is what a test request got back.
type reply struct {
	status int
	header http.Header
	body   []byte
}

// json decodes the body into a generic value.
func (r reply) json(t testing.TB) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(r.body, &v); err != nil {
		t.Fatalf("decode %q: %v", r.body, err)
	}
	return v
}

// obj decodes the body as an object.
func (r reply) obj(t testing.TB) map[string]any {
	t.Helper()
	m, ok := r.json(t).(map[string]any)
	if !ok {
		t.Fatalf("body is not an object: %s", r.body)
	}
	return m
}

// pluck returns the string field of every object in list, a decoded JSON array.
func pluck(list any, field string) []string {
	var out []string
	for _, it := range list.([]any) {
		out = append(out, it.(map[string]any)[field].(string))
	}
	return out
}

// checkSameStrings fails unless got and want hold the same strings, in any order.
func checkSameStrings(t testing.TB, got, want []string) {
	t.Helper()
	got, want = slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want))
	if !slices.Equal(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// send sends a request; body may be nil, a string (sent raw) or a value to encode.
func send(t testing.TB, srv *Server, method, path string, body any, header ...string) reply {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, srv.URL()+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return reply{status: resp.StatusCode, header: resp.Header, body: raw}
}

// post sends a POST with body (see send).
func post(t testing.TB, srv *Server, path string, body any, header ...string) reply {
	t.Helper()
	return send(t, srv, http.MethodPost, path, body, header...)
}

// mustStatus fails unless the reply has the wanted status.
func mustStatus(t testing.TB, r reply, status int) reply {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d; body %s", r.status, status, r.body)
	}
	return r
}

// wantReply fails t unless r has the status and, when detail is not empty, an
// error detail that contains it: the error tables of the endpoint tests.
func wantReply(t testing.TB, r reply, status int, detail string) {
	t.Helper()
	mustStatus(t, r, status)
	if detail == "" {
		return
	}
	if got := detailOf(t, r); !strings.Contains(got, detail) {
		t.Errorf("detail %q, want it to contain %q", got, detail)
	}
}

// getObj GETs path, which must answer 200 with an object.
func getObj(t testing.TB, srv *Server, path string) map[string]any {
	t.Helper()
	return mustStatus(t, send(t, srv, "GET", path, nil), 200).obj(t)
}

// detailOf returns the string detail of an error body.
func detailOf(t testing.TB, r reply) string {
	t.Helper()
	d, list := detail(t, r.body)
	if list != nil {
		t.Fatalf("detail is not a string: %s", r.body)
	}
	return d
}

// retainSync stores items synchronously in bankID.
func retainSync(t *testing.T, srv *Server, bankID string, items ...map[string]any) {
	t.Helper()
	mustStatus(t, send(t, srv, "POST", "/v1/default/banks/"+bankID+"/memories", map[string]any{"items": items}), 200)
}

func TestAuth(t *testing.T) {
	srv := newTestServer(t, WithAPIKey("s3cret"))
	tests := []struct {
		name   string
		header string
		want   int
	}{
		{"missing", "", 401},
		{"wrong", "Bearer nope", 401},
		{"bare key", "s3cret", 200},
		{"bearer", "Bearer s3cret", 200},
		{"bearer lower case", "bearer s3cret", 200},
		{"bearer mixed case, padded", "  BeArEr   s3cret  ", 200},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var hdr []string
			if tc.header != "" {
				hdr = []string{"Authorization", tc.header}
			}
			r := send(t, srv, "GET", "/v1/default/banks?limit=1", nil, hdr...)
			mustStatus(t, r, tc.want)
			if tc.want == 401 {
				if got := detailOf(t, r); got != "Authentication failed: Invalid API key" {
					t.Errorf("detail %q", got)
				}
				if r.header.Get("WWW-Authenticate") != "" {
					t.Error("WWW-Authenticate must not be set")
				}
			}
		})
	}
	t.Run("open routes", func(t *testing.T) {
		for _, p := range []string{"/health", "/health/live", "/version"} {
			mustStatus(t, send(t, srv, "GET", p, nil), 200)
		}
	})
	t.Run("validation before auth", func(t *testing.T) {
		r := send(t, srv, "GET", "/v1/default/banks?limit=-1", nil, "Authorization", "wrong")
		mustStatus(t, r, 422)
		r = send(t, srv, "POST", "/v1/default/banks/b/memories", map[string]any{"items": []any{map[string]any{"content": " "}}})
		mustStatus(t, r, 422)
	})
	t.Run("id checks before auth", func(t *testing.T) {
		mustStatus(t, send(t, srv, "GET", "/v1/default/banks/b/memories/not-a-uuid", nil), 400)
		mustStatus(t, send(t, srv, "GET", "/v1/default/banks/b/operations/nope", nil), 400)
	})
	t.Run("switch off at runtime", func(t *testing.T) {
		srv.SetAPIKey("")
		defer srv.SetAPIKey("s3cret")
		mustStatus(t, send(t, srv, "GET", "/v1/default/banks", nil), 200)
	})
}

func TestErrorShapes(t *testing.T) {
	srv := newTestServer(t)
	tests := []struct {
		name, method, path string
		body               any
		status             int
		shape              string // "string" or "list"
	}{
		{"unknown route", "GET", "/nope", nil, 404, "string"},
		{"wrong method", "PUT", "/v1/default/banks", nil, 405, "string"},
		{"missing bank profile", "GET", "/v1/default/banks/ghost/profile", nil, 404, "string"},
		{"bad uuid", "GET", "/v1/default/banks/b/memories/xyz", nil, 400, "string"},
		{"query ge", "GET", "/v1/default/banks?limit=-1", nil, 422, "list"},
		{"query le", "GET", "/v1/default/banks/b/operations?limit=101", nil, 422, "list"},
		{"query int parsing", "GET", "/v1/default/banks/b/memories/list?offset=x", nil, 422, "list"},
		{"query literal", "GET", "/v1/default/banks/b/memories/list?tags_match=some", nil, 422, "list"},
		{"bad json", "POST", "/v1/default/banks/b/memories", "{", 422, "list"},
		{"missing field", "POST", "/v1/default/banks/b/memories", map[string]any{}, 422, "list"},
		{"document patch without tags", "PATCH", "/v1/default/banks/b/documents/d", map[string]any{}, 422, "string"},
		{"bad state filter", "GET", "/v1/default/banks/b/memories/list?state=gone", nil, 400, "string"},
		{"regenerate entity", "POST", "/v1/default/banks/b/entities/x/regenerate", nil, 410, "string"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := mustStatus(t, send(t, srv, tc.method, tc.path, tc.body), tc.status)
			d := r.obj(t)["detail"]
			switch tc.shape {
			case "string":
				if _, ok := d.(string); !ok {
					t.Fatalf("detail not a string: %s", r.body)
				}
			case "list":
				list, ok := d.([]any)
				if !ok || len(list) == 0 {
					t.Fatalf("detail not a non-empty list: %s", r.body)
				}
				item := list[0].(map[string]any)
				for _, k := range []string{"type", "loc", "msg", "input"} {
					if _, ok := item[k]; !ok {
						t.Errorf("validation item lacks %q: %s", k, r.body)
					}
				}
			}
		})
	}
	t.Run("ge error wording", func(t *testing.T) {
		r := send(t, srv, "GET", "/v1/default/banks?limit=-1", nil)
		want := `{"detail":[{"type":"greater_than_equal","loc":["query","limit"],"msg":"Input should be greater than or equal to 0","input":"-1","ctx":{"ge":0}}]}`
		if got := strings.TrimSpace(string(r.body)); got != want {
			t.Errorf("got  %s\nwant %s", got, want)
		}
	})
}

func TestIgnoredParams(t *testing.T) {
	srv := newTestServer(t)
	r := mustStatus(t, send(t, srv, "GET", "/v1/default/banks/b/memories/list?search=x&limit=5", nil), 200)
	if got := r.header.Get("X-Ignored-Params"); got != "search" {
		t.Errorf("X-Ignored-Params %q", got)
	}
	r = mustStatus(t, send(t, srv, "POST", "/v1/default/banks/b/memories?x=1",
		map[string]any{"items": []any{map[string]any{"content": "Alice likes tea."}}, "asynch": true}), 200)
	if got := r.header.Get("X-Ignored-Params"); got != "asynch, x" {
		t.Errorf("X-Ignored-Params %q", got)
	}
	r = mustStatus(t, send(t, srv, "GET", "/v1/default/banks", nil), 200)
	if got := r.header.Get("X-Ignored-Params"); got != "" {
		t.Errorf("unexpected X-Ignored-Params %q", got)
	}
}

func TestFaults(t *testing.T) {
	srv := newTestServer(t, WithFault(Fault{Method: "GET", Path: "/version", Status: 503, Body: `{"detail":"down"}`, Times: 2}))
	for range 2 {
		r := mustStatus(t, send(t, srv, "GET", "/version", nil), 503)
		if detailOf(t, r) != "down" {
			t.Errorf("body %s", r.body)
		}
	}
	mustStatus(t, send(t, srv, "GET", "/version", nil), 200)

	srv.SetFault(Fault{Path: "/v1/default/banks/*", Status: 500, Body: "boom"})
	r := mustStatus(t, send(t, srv, "GET", "/v1/default/banks/x/stats", nil), 500)
	if string(r.body) != "boom" || !strings.HasPrefix(r.header.Get("Content-Type"), "text/plain") {
		t.Errorf("got %q %q", r.body, r.header.Get("Content-Type"))
	}
	mustStatus(t, send(t, srv, "GET", "/v1/default/banks", nil), 200) // prefix needs the slash
	srv.ClearFaults()
	mustStatus(t, send(t, srv, "GET", "/v1/default/banks/x/stats", nil), 200)

	srv.SetFault(Fault{Method: "GET", Path: "/health", Drop: true, Times: 1})
	req, _ := http.NewRequest("GET", srv.URL()+"/health", nil)
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	if resp, err := client.Do(req); err == nil {
		resp.Body.Close()
		t.Fatalf("dropped request got a reply: %d", resp.StatusCode)
	}
	mustStatus(t, send(t, srv, "GET", "/health", nil), 200)
}

func TestLatencyHonoursCancellation(t *testing.T) {
	srv := newTestServer(t, WithLatency(time.Hour))
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL()+"/health", nil)
	done := make(chan error, 1)
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		done <- err
	}()
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func TestHandlerMountsElsewhere(t *testing.T) {
	srv := newTestServer(t)
	if srv.Handler() == nil || !strings.HasPrefix(srv.URL(), "http://127.0.0.1:") {
		t.Fatalf("URL %q", srv.URL())
	}
	s2, err := Listen("127.0.0.1:0", WithVersion("9.9.9"))
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	r := mustStatus(t, send(t, s2, "GET", "/version", nil), 200)
	if r.obj(t)["api_version"] != "9.9.9" {
		t.Errorf("version %s", r.body)
	}
}
