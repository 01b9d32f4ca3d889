package client

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"hindsight-tui/client/clienttest"
)

// describeCall makes one real request so the error has the exact shape callers see.
func describeCall(t *testing.T, base string, opts ...Option) error {
	t.Helper()
	c, err := New(base, opts...)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_, err = c.ListBanks(ctx, ListBanksParams{Limit: 1})
	if err == nil {
		t.Fatal("call succeeded, want an error")
	}
	return err
}

func describeStatus(t *testing.T, status int, body string, header ...string) (url string, err error) {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for i := 0; i+1 < len(header); i += 2 {
			w.Header().Set(header[i], header[i+1])
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		fmt.Fprint(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL, describeCall(t, srv.URL, WithAPIKey("k3y-never-shown"))
}

func TestDescribeAPIErrors(t *testing.T) {
	tests := []struct {
		name   string
		status int
		body   string
		header []string
		want   []string
	}{
		{"401", 401, `{"detail":"Authentication failed: Invalid API key"}`, nil,
			[]string{"the server rejected the API key", "HINDSIGHT_API_KEY"}},
		{"403", 403, `{"detail":"quota exceeded"}`, nil, []string{"refused", "quota exceeded"}},
		{"unknown route", 404, `{"detail":"Not Found"}`, nil, []string{"no /v1/default/banks endpoint", "path prefix"}},
		{"missing resource", 404, `{"detail":"Bank 'x' not found"}`, nil, []string{"not found: Bank 'x' not found"}},
		{"405", 405, `{"detail":"Method Not Allowed"}`, nil, []string{"does not accept GET /v1/default/banks"}},
		{"500 with detail", 500, `{"detail":"boom:\nline two"}`, nil, []string{"failed (HTTP 500): boom: line two"}},
		{"502 html", 502, "<html>bad gateway</html>", nil, []string{"HTTP 502", "bad gateway"}},
		{"503 retry", 503, `{"detail":"read-only"}`, []string{"Retry-After", "5"}, []string{"temporarily unavailable", "read-only", "retry after 5s"}},
		{"504", 504, `{"detail":"Request timed out while searching memories."}`, nil, []string{"timed out", "HTTP 504"}},
		{"422 fields", 422, `{"detail":[{"type":"x","loc":["query","limit"],"msg":"too big"}]}`, nil, []string{"HTTP 422", "limit: too big"}},
		{"https server", 400, "Client sent an HTTP request to an HTTPS server.", nil, []string{"use an https:// URL"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url, err := describeStatus(t, tt.status, tt.body, tt.header...)
			got := Describe(err, url)
			checkDescription(t, got, tt.want...)
		})
	}
}

func TestDescribeNetworkErrors(t *testing.T) {
	t.Run("unreachable", func(t *testing.T) {
		err := describeCall(t, "http://127.0.0.1:1")
		checkDescription(t, Describe(err, "http://127.0.0.1:1"),
			"cannot reach the server at http://127.0.0.1:1", "connection refused", "--url", "HINDSIGHT_API_URL", "profile")
	})
	t.Run("timeout", func(t *testing.T) {
		url := clienttest.Hanging(t)
		c, _ := New(url)
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		_, err := c.ListBanks(ctx, ListBanksParams{})
		checkDescription(t, Describe(err, url), "did not answer in time", "--timeout")
	})
	t.Run("untrusted certificate", func(t *testing.T) {
		url := clienttest.Untrusted(t)
		err := describeCall(t, url)
		checkDescription(t, Describe(err, url), "secure connection", "not trust")
	})
	t.Run("https to a plain server", func(t *testing.T) {
		srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
		defer srv.Close()
		url := strings.Replace(srv.URL, "http://", "https://", 1)
		err := describeCall(t, url)
		checkDescription(t, Describe(err, url), "does not speak TLS", "http://")
	})
	t.Run("connection closed", func(t *testing.T) {
		url := clienttest.Dropping(t)
		err := describeCall(t, url)
		checkDescription(t, Describe(err, url), "closed the connection")
	})
	t.Run("cancelled", func(t *testing.T) {
		err := &NetworkError{Kind: NetCanceled, Err: context.Canceled}
		checkDescription(t, Describe(err, ""), "cancelled")
	})
}

func TestDescribeOther(t *testing.T) {
	if Describe(nil, "x") != "" {
		t.Error("nil error should describe as empty")
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "<html>not json</html>")
	}))
	defer srv.Close()
	err := describeCall(t, srv.URL)
	checkDescription(t, Describe(err, srv.URL), "not a Hindsight response", "HTTP 200")
	wrapped := fmt.Errorf("list banks: %w", &APIError{StatusCode: 401, Method: "GET", Path: "/v1/default/banks"})
	checkDescription(t, Describe(wrapped, ""), "the server rejected the API key")
	checkDescription(t, Describe(errors.New("plain\nerror"), ""), "plain error")
}

func checkDescription(t *testing.T, got string, want ...string) {
	t.Helper()
	if strings.ContainsAny(got, "\n\r") {
		t.Errorf("description is not one line: %q", got)
	}
	if strings.Contains(got, "k3y-never-shown") {
		t.Errorf("description shows the API key: %q", got)
	}
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("description %q does not contain %q", got, w)
		}
	}
}
