package doctor

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/client/clienttest"
	"hindsight-tui/config"
)

// diagnose runs the doctor against url with key and returns its output and exit code.
func diagnose(t *testing.T, url, key string, timeout time.Duration) (string, int) {
	t.Helper()
	cfg := config.Config{URL: url, URLSource: config.SourceFlagURL, Timeout: timeout}
	var opts []client.Option
	if key != "" {
		cfg.APIKey, cfg.KeySource = config.NewSecret(key), config.SourceEnvKey
		opts = append(opts, client.WithAPIKey(key))
	}
	c, err := client.New(url, opts...)
	if err != nil {
		t.Fatal(err)
	}
	r := Diagnose(context.Background(), cfg, c)
	var out bytes.Buffer
	if _, err := r.WriteTo(&out); err != nil {
		t.Fatal(err)
	}
	if len(r.Checks) != strings.Count(out.String(), "\n") {
		t.Errorf("want one line per check:\n%s", out.String())
	}
	return out.String(), r.ExitCode()
}

// line returns the report line of the named check.
func line(t *testing.T, out, name string) string {
	t.Helper()
	for _, l := range strings.Split(out, "\n") {
		if len(l) > 2 && strings.HasPrefix(strings.TrimSpace(l[strings.Index(l, " ")+1:]), name+" ") {
			return l
		}
	}
	t.Fatalf("no %q line in:\n%s", name, out)
	return ""
}

func wantLine(t *testing.T, out, name, glyph string, contains ...string) {
	t.Helper()
	l := line(t, out, name)
	if !strings.HasPrefix(l, glyph+" ") {
		t.Errorf("%s line = %q, want it to start with %q", name, l, glyph)
	}
	for _, c := range contains {
		if !strings.Contains(l, c) {
			t.Errorf("%s line = %q, want it to contain %q", name, l, c)
		}
	}
}

// fake answers /version, /health and the banks list with fixed bodies.
func fake(t *testing.T, health, banks func(w http.ResponseWriter)) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/hs/version":
			fmt.Fprint(w, `{"api_version":"0.9.1","features":{"observations":true,"audit_log":false,"mcp":true}}`)
		case "/hs/health":
			health(w)
		case "/hs/v1/default/banks":
			banks(w)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/hs"
}

func ok(body string) func(http.ResponseWriter) {
	return func(w http.ResponseWriter) { fmt.Fprint(w, body) }
}

func status(code int, body string) func(http.ResponseWriter) {
	return func(w http.ResponseWriter) { w.WriteHeader(code); fmt.Fprint(w, body) }
}

func TestExactOutput(t *testing.T) {
	url := fake(t, ok(`{"status":"healthy","database":"connected"}`), ok(`{"banks":[],"total":1,"limit":1,"offset":0}`))
	out, code := diagnose(t, url, "", time.Second)
	want := strings.ReplaceAll(`✓ server URL      <url> (flag --url)
✓ API key         not set (fine for a server without authentication)
✓ server version  Hindsight API 0.9.1
✓ features        on: mcp, observations; off: audit_log
✓ health          healthy (database connected)
✓ authentication  GET /v1/default/banks?limit=1 works without a key
✓ banks           1 bank
`, "<url>", url)
	if out != want || code != 0 {
		t.Errorf("exit %d, output:\n%s\nwant exit 0 and:\n%s", code, out, want)
	}
}

func TestServerErrors(t *testing.T) {
	url := fake(t,
		status(503, `{"status":"unhealthy","database":"disconnected","error":"pool exhausted"}`),
		status(500, `{"detail":"database is on fire"}`))
	out, code := diagnose(t, url, "", time.Second)
	if code == 0 {
		t.Fatalf("exit 0:\n%s", out)
	}
	wantLine(t, out, CheckHealth, "✗", "HTTP 503")
	wantLine(t, out, CheckAuth, "✗", "HTTP 500", "database is on fire")
	wantLine(t, out, CheckBanks, "-", "skipped")
}

func TestUnhealthyBody(t *testing.T) {
	url := fake(t, ok(`{"status":"unhealthy","reason":"not_initialized"}`), ok(`{"banks":[],"total":0}`))
	out, _ := diagnose(t, url, "", time.Second)
	wantLine(t, out, CheckHealth, "✗", "unhealthy not_initialized")
	wantLine(t, out, CheckBanks, "✓", "0 banks")
}

func TestTimeout(t *testing.T) {
	out, code := diagnose(t, clienttest.Hanging(t), "", 50*time.Millisecond)
	if code == 0 {
		t.Fatalf("exit 0:\n%s", out)
	}
	wantLine(t, out, CheckVersion, "✗", "did not answer in time", "--timeout", "(limit 50ms)")
	wantLine(t, out, CheckBanks, "-", "skipped")
}

func TestConfigFailure(t *testing.T) {
	r := ConfigFailure(errors.New(`profile "x" not found:` + "\n/home/u/.hindsight/cli-profiles/x.toml does not exist"))
	var out bytes.Buffer
	_, _ = r.WriteTo(&out)
	if r.ExitCode() == 0 || !strings.HasPrefix(out.String(), "✗ configuration  profile \"x\" not found: /home/u/") ||
		strings.Count(out.String(), "\n") != 1 {
		t.Errorf("exit %d, output %q", r.ExitCode(), out.String())
	}
	if (Report{}).OK() {
		t.Error("an empty report must not pass")
	}
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c, _ := client.New("http://127.0.0.1:1")
	r := Diagnose(ctx, config.Config{URL: "http://127.0.0.1:1", URLSource: config.SourceDefault}, c)
	var out bytes.Buffer
	_, _ = r.WriteTo(&out)
	if r.ExitCode() == 0 || !strings.Contains(out.String(), "✗ server version  the request was cancelled.") ||
		!strings.Contains(out.String(), "- banks           skipped: cancelled") {
		t.Errorf("exit %d:\n%s", r.ExitCode(), out.String())
	}
}
