// Package hindsighttest is an in-process, in-memory HTTP server that behaves like a
// Hindsight API server (version 0.9.1): same routes, status codes, error shapes, null
// handling and quirks. Tests run the real client against it over real HTTP, and the
// app's demo mode serves seeded data from it, so neither needs a database or an LLM.
//
// Work the real server does in the background (async retain, mental-model refreshes)
// is simulated deterministically: an operation's state is advanced from the server's
// injectable clock at the start of each request, never by timers, so a test that steps
// the clock sees exactly the states it expects.
package hindsighttest

import (
	"context"
	"crypto/subtle"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// Server is a fake Hindsight server. All state lives in memory and is guarded by mu;
// every request holds mu for its whole handling, so requests are serialised and
// behaviour is deterministic.
type Server struct {
	mu    sync.Mutex
	store *store

	clock      func() time.Time
	started    time.Time
	apiKey     string
	asyncDelay time.Duration
	// finishSeededAfter, when positive, makes seeded running work finish (WithSeededWorkFinishing).
	finishSeededAfter time.Duration
	version           string
	features          map[string]bool
	// queue holds the operations that still have simulated work to do, in creation
	// order, so that completing them is deterministic.
	queue []*operation
	// maintenance is the state of the periodic mental-model refresh check.
	maintenance maintenanceState
	// listOrder caches each bank's memories in list order, keyed by bank revision.
	listOrder map[*bank]memoryOrderCache
	table     []route
	// health simulates consolidation, the LLM request log and bank LLM settings.
	health *healthSim

	// Set by options, fixed once the server runs (read without mu).
	latency time.Duration

	faultMu sync.Mutex
	faults  []*activeFault

	// Deferred by options until the clock is known.
	seeds     []*Seed
	synthetic []syntheticSpec
	optErr    error

	httpSrv *http.Server
	url     string
}

// Option configures a Server at construction.
type Option func(*Server)

// WithAPIKey turns authentication on: requests must carry the key, bare or as
// "Bearer <key>", in the Authorization header. Empty (the default) disables auth,
// like a stock Hindsight server.
func WithAPIKey(key string) Option { return func(s *Server) { s.apiKey = key } }

// WithDemoSeed loads the embedded demo data set, so the demo mode and UI tests share
// one realistic world.
func WithDemoSeed() Option {
	return func(s *Server) {
		seed, err := DemoSeed()
		if err != nil {
			s.optErr = err
			return
		}
		s.seeds = append(s.seeds, seed)
	}
}

// WithSeed loads a hand-made data set, for tests that need precise contents.
func WithSeed(seed *Seed) Option {
	return func(s *Server) {
		if seed != nil {
			s.seeds = append(s.seeds, seed)
		}
	}
}

// WithSyntheticMemories fills bankID with n generated memories (deterministic for a
// given n), for benchmarks and for trying the UI against a large bank.
func WithSyntheticMemories(bankID string, n int) Option {
	return func(s *Server) { s.synthetic = append(s.synthetic, syntheticSpec{bankID: bankID, n: n}) }
}

// WithClock injects the server's notion of now, so timestamps and async progress are
// reproducible in tests.
func WithClock(now func() time.Time) Option {
	return func(s *Server) {
		if now != nil {
			s.clock = now
		}
	}
}

// WithAsyncDelay sets how long simulated async operations take on the server clock.
// Zero (the default) completes them at the next request; the demo uses a couple of
// seconds so progress is visible.
func WithAsyncDelay(d time.Duration) Option { return func(s *Server) { s.asyncDelay = d } }

// WithLatency delays every request, to exercise spinners, timeouts and cancellation.
// The delay is spent outside the state lock and ends early when the request's
// context is cancelled.
func WithLatency(d time.Duration) Option { return func(s *Server) { s.latency = d } }

// WithVersion overrides the api_version reported by /version, to test version checks.
func WithVersion(v string) Option { return func(s *Server) { s.version = v } }

// WithFeatures overrides feature flags reported by /version; a disabled flag also
// disables the routes it guards (e.g. bank_config_api).
func WithFeatures(flags map[string]bool) Option {
	return func(s *Server) {
		for k, v := range flags {
			s.features[k] = v
		}
	}
}

// WithFault installs a fault from the start (see SetFault).
func WithFault(f Fault) Option { return func(s *Server) { s.addFault(f) } }

func newServer(opts ...Option) (*Server, error) {
	s := &Server{
		store:     newStore(),
		clock:     time.Now,
		version:   "0.9.1",
		features:  defaultFeatures(),
		listOrder: map[*bank]memoryOrderCache{},
	}
	for _, opt := range opts {
		opt(s)
	}
	if s.optErr != nil {
		return nil, s.optErr
	}
	s.started = s.now()
	s.table = s.routes()
	for _, seed := range s.seeds {
		if err := s.loadSeed(seed); err != nil {
			return nil, err
		}
	}
	if err := s.applySeedExtras(); err != nil {
		return nil, err
	}
	for _, spec := range s.synthetic {
		s.generateSynthetic(spec)
	}
	s.seeds, s.synthetic = nil, nil
	s.scheduleSeededWork()
	return s, nil
}

// NewServer starts a server on a random loopback port, like httptest.NewServer. It
// panics if it cannot listen or the seed data is invalid: both are programming errors
// in a test.
func NewServer(opts ...Option) *Server {
	s, err := Listen("127.0.0.1:0", opts...)
	if err != nil {
		panic(fmt.Sprintf("hindsighttest: %v", err))
	}
	return s
}

// Listen starts a server on addr (e.g. "127.0.0.1:8888"), for the standalone demo.
func Listen(addr string, opts ...Option) (*Server, error) {
	s, err := newServer(opts...)
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen on %s: %w", addr, err)
	}
	s.url = "http://" + dialableAddr(ln.Addr())
	s.httpSrv = &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = s.httpSrv.Serve(ln) }()
	return s, nil
}

// dialableAddr turns a wildcard listen address into one a client can dial.
func dialableAddr(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port)
}

// URL is the base URL of the server, e.g. "http://127.0.0.1:40123".
func (s *Server) URL() string { return s.url }

// Close stops the server and drops open connections.
func (s *Server) Close() {
	if s.httpSrv != nil {
		_ = s.httpSrv.Close()
	}
}

// Handler exposes the server's HTTP handler, to mount it elsewhere (e.g. under a
// base path, or in an httptest server with TLS).
func (s *Server) Handler() http.Handler { return http.HandlerFunc(s.serveHTTP) }

// SetClock replaces the clock while the server runs, for tests that step time.
func (s *Server) SetClock(now func() time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if now != nil {
		s.clock = now
	}
}

// SetAPIKey switches authentication on (non-empty key) or off while the server runs.
func (s *Server) SetAPIKey(key string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.apiKey = key
}

// CompleteOperations finishes every pending or processing async operation now, so a
// test can skip the simulated wait.
func (s *Server) CompleteOperations() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.completeAll(s.now())
}

// now is the server clock in UTC, at the microsecond precision the real server
// renders, so that rendered timestamps round-trip exactly.
func (s *Server) now() time.Time {
	return s.clock().UTC().Truncate(time.Microsecond)
}

func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	if !sleepCtx(r.Context(), s.latency) {
		return
	}
	if f, ok := s.takeFault(r); ok {
		if !sleepCtx(r.Context(), f.Delay) {
			return
		}
		if s.injectFault(w, f) {
			return
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	// The Date header follows the server clock, as a real server's does its own, so a
	// client that reads the server's time sees the clock its timestamps come from.
	w.Header().Set("Date", now.Format(http.TimeFormat))
	s.advanceOperations(now)
	s.runMaintenance(now)
	s.serveRouted(w, r)
}

// sleepCtx waits for d, returning false if ctx ends first.
func sleepCtx(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// authorized checks the API key like the real server's ApiKeyTenantExtension: the
// Authorization header may carry the bare key or "Bearer <key>" (prefix matched
// case-insensitively). Missing and wrong keys get the same 401. Handlers call it
// after request validation, because the real server validates first.
func (s *Server) authorized(w http.ResponseWriter, r *http.Request) bool {
	if s.apiKey == "" {
		return true
	}
	got := strings.TrimSpace(r.Header.Get("Authorization"))
	if len(got) >= len("bearer ") && strings.EqualFold(got[:len("bearer ")], "bearer ") {
		got = strings.TrimSpace(got[len("bearer "):])
	}
	if subtle.ConstantTimeCompare([]byte(got), []byte(s.apiKey)) == 1 {
		return true
	}
	writeDetail(w, http.StatusUnauthorized, "Authentication failed: Invalid API key")
	return false
}

// defaultFeatures are the /version flags of a stock server (config.py defaults).
func defaultFeatures() map[string]bool {
	return map[string]bool{
		"observations":        true,
		"mcp":                 true,
		"worker":              true,
		"bank_config_api":     true,
		"bank_llm_health":     false,
		"file_upload_api":     true,
		"document_export_api": true,
		"document_import_api": true,
		"audit_log":           false,
		"llm_trace":           true,
		"store_document_text": true,
	}
}
