package ui

import (
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// serverModel is a fake-pane model whose client talks to url.
func serverModel(t *testing.T, url, apiKey string) (*harness, *fakes) {
	t.Helper()
	c, err := client.New(url, client.WithAPIKey(apiKey))
	if err != nil {
		t.Fatal(err)
	}
	h, f := fakeModel(t, Options{Client: c, ServerURL: url, URLSource: "flag --url", KeySet: apiKey != "", Timeout: 5 * time.Second}, "Overview")
	h.send(tea.WindowSizeMsg{Width: 120, Height: 40})
	return h, f
}

// closedURL is the address of a port nothing listens on.
func closedURL(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return "http://" + addr
}

func TestLoadingScreenIsTheFirstFrame(t *testing.T) {
	h, _ := fakeModel(t, Options{ServerURL: "http://localhost:8888", URLSource: "default"}, "Overview")
	h.send(tea.WindowSizeMsg{Width: 120, Height: 40})
	mustContain(t, h.screen(), "Connecting to http://localhost:8888", "connecting…", "esc cancel")
}

func TestConnectionFailures(t *testing.T) {
	const key = "wrong-s3cret-key"
	tests := []struct {
		name    string
		url     func(t *testing.T) string
		apiKey  string
		want    []string
		request string
	}{
		{
			name:    "server down",
			url:     closedURL,
			want:    []string{"Cannot reach the server at", "connection refused", "--url, HINDSIGHT_API_URL"},
			request: "GET /version",
		},
		{
			name: "key rejected",
			url: func(t *testing.T) string {
				srv := hindsighttest.NewServer(hindsighttest.WithAPIKey("the-real-key"))
				t.Cleanup(srv.Close)
				return srv.URL()
			},
			apiKey:  key,
			want:    []string{"rejected the API key", "set HINDSIGHT_API_KEY", "set (not shown)"},
			request: "GET /v1/default/banks → HTTP 401",
		},
		{
			name: "server error",
			url: func(t *testing.T) string {
				srv := hindsighttest.NewServer(hindsighttest.WithFault(hindsighttest.Fault{
					Method: "GET", Path: "/version", Status: 500, Body: `{"detail":"database is on fire"}`}))
				t.Cleanup(srv.Close)
				return srv.URL()
			},
			want:    []string{"failed (HTTP 500): database is on fire"},
			request: "GET /version → HTTP 500",
		},
		{
			name: "malformed JSON",
			url: func(t *testing.T) string {
				srv := hindsighttest.NewServer(hindsighttest.WithFault(hindsighttest.Fault{
					Method: "GET", Path: "/v1/default/banks", Status: 200, Body: "<html>proxy login</html>"}))
				t.Cleanup(srv.Close)
				return srv.URL()
			},
			want:    []string{"something that is not a Hindsight", "proxy login"},
			request: "GET /v1/default/banks → HTTP 200",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, f := serverModel(t, tt.url(t), tt.apiKey)
			h.run(h.m.Init(), 0)
			if h.m.conn.phase != phaseFailed {
				t.Fatalf("phase %v, want failed", h.m.conn.phase)
			}
			scr := h.screen()
			mustContain(t, scr, append(tt.want, "Cannot connect to Hindsight", tt.request, "r retry", "not connected")...)
			mustNotContain(t, scr, key)
			if f.sidebar.inits != 0 {
				t.Error("panes were initialised without a connection")
			}
			if h.m.errs.len() != 1 || !strings.Contains(h.m.errs.entries[0].request(), tt.request) {
				t.Errorf("error log: %+v", h.m.errs.entries)
			}
			if h.quit {
				t.Error("a failed connection quit the program")
			}
		})
	}
}

func TestRetryRecoversOnceTheFaultIsGone(t *testing.T) {
	srv := hindsighttest.NewServer(hindsighttest.WithDemoSeed(), hindsighttest.WithFault(hindsighttest.Fault{
		Method: "GET", Path: "/version", Status: 503, Body: `{"detail":"starting up"}`}))
	defer srv.Close()
	h, f := serverModel(t, srv.URL(), "")
	h.run(h.m.Init(), 0)
	mustContain(t, h.screen(), "temporarily unavailable (HTTP 503): starting up")
	h.press("r")
	if h.m.conn.phase != phaseFailed {
		t.Fatal("retry succeeded while the fault was still there")
	}
	srv.ClearFaults()
	h.press("r")
	if h.m.conn.phase != phaseConnected || f.sidebar.inits != 1 {
		t.Fatalf("after the fault cleared: phase %v, sidebar inits %d", h.m.conn.phase, f.sidebar.inits)
	}
	if _, ok := lastOf[common.ConnectedMsg](f.tabs[0]); !ok {
		t.Error("panes did not hear about the connection")
	}
	scr := h.screen()
	mustContain(t, scr, "Hindsight 0.9.1", "overview pane")
	mustNotContain(t, scr, "Cannot connect")
	// The two failures stay in the error log.
	if h.m.errs.len() != 2 {
		t.Errorf("error log has %d entries, want 2", h.m.errs.len())
	}
}

// TestSlowServerStaysResponsive starts the connection check against a server that
// takes a while, and uses the UI meanwhile: help opens and closes, esc abandons the
// check, and the late answer of the abandoned check is dropped.
func TestSlowServerStaysResponsive(t *testing.T) {
	srv := hindsighttest.NewServer(hindsighttest.WithLatency(300 * time.Millisecond))
	defer srv.Close()
	h, f := serverModel(t, srv.URL(), "")

	var cmd tea.Cmd
	h.m, cmd = h.m.update(retryMsg{})
	late := make(chan tea.Msg, 1)
	go func() { late <- cmd() }()

	h.press("?")
	if len(h.m.r.Dialogs()) != 1 {
		t.Fatal("help did not open while connecting")
	}
	h.press("esc")
	if len(h.m.r.Dialogs()) != 0 || h.m.conn.phase != phaseConnecting {
		t.Fatal("esc should close the help, not cancel the check")
	}
	h.press("esc")
	if h.m.conn.phase != phaseFailed {
		t.Fatal("esc did not cancel the connection check")
	}
	mustContain(t, h.screen(), "Cannot connect to Hindsight", "cancelled")

	var msg tea.Msg
	select {
	case msg = <-late:
	case <-time.After(10 * time.Second):
		t.Fatal("the cancelled check never returned")
	}
	h.send(msg)
	if h.m.conn.phase != phaseFailed || f.sidebar.inits != 0 {
		t.Fatal("a stale answer changed the state")
	}

	// r starts over; an answer to a superseded attempt is ignored, the current one
	// connects.
	h.m, _ = h.m.update(retryMsg{})
	stale := h.m.conn.seq
	var current tea.Cmd
	h.m, current = h.m.update(retryMsg{})
	h.send(connectResultMsg{seq: stale, err: errTest})
	if h.m.conn.phase != phaseConnecting {
		t.Fatal("a superseded attempt's answer was used")
	}
	h.run(current, 0)
	if h.m.conn.phase != phaseConnected {
		t.Fatalf("phase %v after the current attempt answered", h.m.conn.phase)
	}
	h.press("q")
	if !h.quit {
		t.Error("q did not quit")
	}
}

func TestQuitWhileConnecting(t *testing.T) {
	srv := hindsighttest.NewServer(hindsighttest.WithLatency(5 * time.Second))
	defer srv.Close()
	h, _ := serverModel(t, srv.URL(), "")
	h.m, _ = h.m.update(retryMsg{}) // the check is in flight (never run here)
	h.press("q")
	if !h.quit {
		t.Fatal("q did not quit while connecting")
	}
}

type testError string

func (e testError) Error() string { return string(e) }

const errTest = testError("stale failure")

func TestLoadingScreenSaysHowLongItWaited(t *testing.T) {
	now := uitest.Now
	h, _ := fakeModel(t, Options{Client: mustClient(t, closedURL(t)), ServerURL: "http://x", Now: func() time.Time { return now }}, "Overview")
	h.send(tea.WindowSizeMsg{Width: 120, Height: 40})
	mustNotContain(t, h.screen(), "Still waiting")
	h.m, _ = h.m.update(retryMsg{}) // started, the answer not run
	now = now.Add(7 * time.Second)
	mustContain(t, h.screen(), "Still waiting for an answer to GET /version: 7s so far.")

	// The version answered: the screen now names the bank list and counts from when
	// it was sent, not from the start of the check.
	h.m, _ = h.m.update(versionAnsweredMsg{seq: h.m.conn.seq, version: &client.Version{APIVersion: "0.9.1"}})
	mustNotContain(t, h.screen(), "Still waiting")
	now = now.Add(4 * time.Second)
	mustContain(t, h.screen(), "Still waiting for an answer to GET /v1/default/banks: 4s so far.")
}

// deadlineRecorder notes the deadline each request carried.
type deadlineRecorder struct {
	mu        sync.Mutex
	deadlines map[string]time.Time
}

func (d *deadlineRecorder) RoundTrip(r *http.Request) (*http.Response, error) {
	dl, _ := r.Context().Deadline()
	d.mu.Lock()
	d.deadlines[r.URL.Path] = dl
	d.mu.Unlock()
	time.Sleep(time.Millisecond) // the next request starts measurably later
	return http.DefaultTransport.RoundTrip(r)
}

// TestEachConnectRequestHasItsOwnTimeout is --timeout per request: the bank list gets
// a whole timeout of its own, not what the version check left of a shared one (a
// server answering each request in 15 s failed a 30 s start-up).
func TestEachConnectRequestHasItsOwnTimeout(t *testing.T) {
	srv := hindsighttest.NewServer()
	defer srv.Close()
	rec := &deadlineRecorder{deadlines: map[string]time.Time{}}
	c, err := client.New(srv.URL(), client.WithHTTPClient(&http.Client{Transport: rec}))
	if err != nil {
		t.Fatal(err)
	}
	h, _ := fakeModel(t, Options{Client: c, ServerURL: srv.URL(), Timeout: time.Hour}, "Overview")
	h.send(tea.WindowSizeMsg{Width: 120, Height: 40}, retryMsg{})
	if h.m.conn.phase != phaseConnected {
		t.Fatalf("phase %v, want connected", h.m.conn.phase)
	}
	version, banks := rec.deadlines["/version"], rec.deadlines["/v1/default/banks"]
	if version.IsZero() || banks.IsZero() {
		t.Fatalf("a request went without a timeout: %v", rec.deadlines)
	}
	if !banks.After(version) {
		t.Errorf("the bank list shared the version check's deadline (%v, %v)", banks, version)
	}
}

func mustClient(t *testing.T, url string) *client.Client {
	t.Helper()
	c, err := client.New(url)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
