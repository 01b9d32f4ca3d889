// Package demo runs the built-in demo server: the in-memory Hindsight-compatible server
// loaded with the seeded demo data set. `hindsight-tui --demo` starts one on a private
// loopback port so the explorer can be tried without installing Hindsight; `hindsight-tui
// demo-server` serves one standalone so scripts and other clients can be tried against it.
package demo

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/url"
	"strings"
	"time"

	"hindsight-tui/client/hindsighttest"
)

// DefaultAddr is where demo-server listens unless --addr says otherwise: Hindsight's own
// default port, so existing scripts work unchanged, on loopback so nothing is exposed.
const DefaultAddr = "127.0.0.1:8888"

// AsyncDelay is how long simulated background work (async retain, refreshes) takes, long
// enough that its progress is visible in the explorer.
const AsyncDelay = 2 * time.Second

// SeededWorkFinishes is how long after start the work the seed left running (pending
// consolidations, a retain being processed) begins to finish, a few seconds apart:
// long enough to see it running, short enough that the demo goes quiet and nothing
// polls forever.
const SeededWorkFinishes = 90 * time.Second

// Options are the server options of demo mode: the demo banks plus the bank-health
// banks (one healthy, the others each showing a problem) and the explainer's bank,
// consolidation running in the background as on a real server, the seeded running
// work finishing after SeededWorkFinishes, and the bank LLM probe switched on.
func Options() []hindsighttest.Option {
	return []hindsighttest.Option{
		hindsighttest.WithDemoSeed(), hindsighttest.WithBankHealthSeed(), hindsighttest.WithExplainLab(), hindsighttest.WithAsyncDelay(AsyncDelay),
		hindsighttest.WithBackgroundConsolidation(), hindsighttest.WithBankLLMHealth(),
		hindsighttest.WithSeededWorkFinishing(SeededWorkFinishes),
	}
}

// Start runs a demo server on a free loopback port, for --demo. The caller closes it.
func Start() (*hindsighttest.Server, error) {
	srv, err := hindsighttest.Listen("127.0.0.1:0", Options()...)
	if err != nil {
		return nil, fmt.Errorf("start the demo server: %w", err)
	}
	return srv, nil
}

// IsLoopback reports whether a listen address (host:port) is reachable only from this
// machine. An empty host or 0.0.0.0 listens on every interface; host names other than
// "localhost" are not trusted to resolve to loopback.
func IsLoopback(addr string) (bool, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return false, fmt.Errorf("invalid address %q: want host:port, e.g. %s", addr, DefaultAddr)
	}
	if port == "" {
		return false, fmt.Errorf("invalid address %q: it has no port", addr)
	}
	if strings.EqualFold(host, "localhost") {
		return true, nil
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback(), nil
}

// listenAddr shows the address as asked (a wildcard stays a wildcard) with the port the
// server actually got, which differs when addr asked for port 0.
func listenAddr(addr, serverURL string) string {
	host, _, _ := net.SplitHostPort(addr)
	u, err := url.Parse(serverURL)
	if err != nil {
		return addr
	}
	return net.JoinHostPort(host, u.Port())
}

// Serve runs the demo server on addr until ctx is done (main cancels it on Ctrl+C).
// It says where it listens on out and warns on errOut when addr is reachable from the
// network, since the demo server has no API key.
func Serve(ctx context.Context, addr string, out, errOut io.Writer) error {
	loopback, err := IsLoopback(addr)
	if err != nil {
		return err
	}
	srv, err := hindsighttest.Listen(addr, Options()...)
	if err != nil {
		return fmt.Errorf("start the demo server: %w (choose another address with --addr)", err)
	}
	defer srv.Close()

	if loopback {
		fmt.Fprintf(out, "Hindsight demo server with seeded demo data, listening on %s\n", srv.URL())
		fmt.Fprintln(out, "Loopback only: reachable from this machine, not from the network. No API key needed.")
	} else {
		fmt.Fprintf(out, "Hindsight demo server with seeded demo data, listening on %s (from this machine: %s)\n",
			listenAddr(addr, srv.URL()), srv.URL())
		fmt.Fprintf(errOut, "warning: %s is not a loopback address: this demo server is reachable from the network "+
			"and has no API key, so anyone who can reach it can read and change its data.\n", addr)
	}
	fmt.Fprintf(out, "Try: HINDSIGHT_API_URL=%s hindsight-tui doctor\n", srv.URL())
	fmt.Fprintln(out, "Press Ctrl+C to stop.")
	<-ctx.Done()
	fmt.Fprintln(out, "Stopping the demo server.")
	return nil
}
