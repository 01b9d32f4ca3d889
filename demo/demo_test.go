package demo

import (
	"context"
	"net"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestIsLoopback(t *testing.T) {
	tests := []struct {
		addr    string
		want    bool
		wantErr bool
	}{
		{addr: "127.0.0.1:8888", want: true},
		{addr: "127.1.2.3:80", want: true},
		{addr: "localhost:8888", want: true},
		{addr: "LocalHost:8888", want: true},
		{addr: "[::1]:8888", want: true},
		{addr: "0.0.0.0:8888"},
		{addr: ":8888"},
		{addr: "[::]:8888"},
		{addr: "192.168.1.5:8888"},
		{addr: "10.0.0.1:0"},
		{addr: "example.com:8888"},
		{addr: "localhost.example.com:8888"},
		{addr: "8888", wantErr: true},
		{addr: "127.0.0.1", wantErr: true},
		{addr: "127.0.0.1:", wantErr: true},
		{addr: "", wantErr: true},
	}
	for _, tt := range tests {
		got, err := IsLoopback(tt.addr)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("IsLoopback(%q) = %v, %v; want %v, error %v", tt.addr, got, err, tt.want, tt.wantErr)
		}
	}
}

// syncBuffer lets the test read what Serve writes from another goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// serve runs Serve on addr until the test's check is done, and returns its output.
func serve(t *testing.T, addr string, check func(url string)) (stdout, stderr string) {
	t.Helper()
	var out, errOut syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, addr, &out, &errOut) }()
	urlRE := regexp.MustCompile(`(http://[0-9a-z.:\[\]]+)`)
	deadline := time.Now().Add(60 * time.Second) // generous: a loaded machine under -race is slow
	for !strings.Contains(out.String(), "Ctrl+C") {
		select {
		case err := <-done:
			cancel()
			t.Fatalf("Serve returned early: %v\n%s%s", err, out.String(), errOut.String())
		case <-time.After(5 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			cancel()
			t.Fatalf("Serve never said it was ready:\n%s", out.String())
		}
	}
	m := urlRE.FindStringSubmatch(out.String())
	if m == nil {
		cancel()
		t.Fatalf("no URL in %q", out.String())
	}
	check(m[1])
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Serve: %v", err)
	}
	return out.String(), errOut.String()
}

func getOK(t *testing.T, url string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s", url, resp.Status)
	}
}

func TestServeLoopback(t *testing.T) {
	out, errOut := serve(t, "127.0.0.1:0", func(url string) {
		if !strings.HasPrefix(url, "http://127.0.0.1:") {
			t.Errorf("URL %q is not loopback", url)
		}
		getOK(t, url+"/v1/default/banks")
	})
	for _, want := range []string{"Loopback only", "Stopping"} {
		if !strings.Contains(out, want) {
			t.Errorf("output %q does not contain %q", out, want)
		}
	}
	if errOut != "" {
		t.Errorf("unexpected warning: %q", errOut)
	}
}

func TestServeWarnsWhenReachableFromNetwork(t *testing.T) {
	out, errOut := serve(t, "0.0.0.0:0", func(url string) { getOK(t, url+"/version") })
	if !strings.Contains(errOut, "warning: 0.0.0.0:0 is not a loopback address") ||
		!strings.Contains(errOut, "reachable from the network") || !strings.Contains(errOut, "no API key") {
		t.Errorf("warning = %q", errOut)
	}
	if !regexp.MustCompile(`listening on 0\.0\.0\.0:[1-9][0-9]* \(from this machine: http://127\.0\.0\.1:[0-9]+\)`).MatchString(out) {
		t.Errorf("output does not show the wildcard address and a usable URL: %q", out)
	}
	if strings.Contains(out, "Loopback only") {
		t.Errorf("output claims loopback: %q", out)
	}
}

func TestServeErrors(t *testing.T) {
	if err := Serve(context.Background(), "8888", &syncBuffer{}, &syncBuffer{}); err == nil || !strings.Contains(err.Error(), "host:port") {
		t.Errorf("bad address: err = %v", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	err = Serve(context.Background(), ln.Addr().String(), &syncBuffer{}, &syncBuffer{})
	if err == nil || !strings.Contains(err.Error(), "--addr") {
		t.Errorf("busy port: err = %v", err)
	}
}

func TestStart(t *testing.T) {
	srv, err := Start()
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	if ok, _ := IsLoopback(strings.TrimPrefix(srv.URL(), "http://")); !ok {
		t.Errorf("demo server at %s is not on loopback", srv.URL())
	}
	getOK(t, srv.URL()+"/v1/default/banks")
}

// TestStartHealthBanks checks the demo serves the bank-health banks and the LLM probe.
func TestStartHealthBanks(t *testing.T) {
	srv, err := Start()
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	getOK(t, srv.URL()+"/v1/default/banks/ops-runbook/llm-requests")
	resp, err := http.Post(srv.URL()+"/v1/default/banks/garden-planner/health/llm", "application/json", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("LLM probe: %s", resp.Status)
	}
}
