package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/config"
	"hindsight-tui/doctor"
)

type result struct {
	code           int
	stdout, stderr string
}

// runWith runs the command line with the given environment and an empty home directory.
func runWith(t *testing.T, env map[string]string, args ...string) result {
	t.Helper()
	return runHome(t, t.TempDir(), env, args...)
}

func runHome(t *testing.T, home string, env map[string]string, args ...string) result {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(context.Background(), args, func(k string) string { return env[k] }, home, &out, &errOut)
	return result{code, out.String(), errOut.String()}
}

func (r result) want(t *testing.T, code int, stdout ...string) {
	t.Helper()
	if r.code != code {
		t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, code, r.stdout, r.stderr)
	}
	for _, s := range stdout {
		if !strings.Contains(r.stdout, s) {
			t.Errorf("stdout does not contain %q:\n%s", s, r.stdout)
		}
	}
}

func TestVersion(t *testing.T) {
	r := runWith(t, nil, "--version")
	r.want(t, 0, "hindsight-tui ")
	if strings.Count(r.stdout, "\n") != 1 || strings.TrimSpace(r.stdout) == "hindsight-tui" {
		t.Errorf("version output %q", r.stdout)
	}
}

func TestUsageNamesEverything(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"--help"}, {"doctor", "-h"}, {"demo-server", "--help"}} {
		r := runWith(t, nil, args...)
		r.want(t, 0, "doctor", "demo-server", "--addr", "HINDSIGHT_API_URL", "HINDSIGHT_API_KEY", "HINDSIGHT_PROFILE", "-p, --profile")
		fs := flag.NewFlagSet("x", flag.ContinueOnError)
		commonFlags(fs, &options{})
		fs.VisitAll(func(f *flag.Flag) {
			if len(f.Name) > 1 && !strings.Contains(r.stdout, "--"+f.Name+" ") {
				t.Errorf("%v: usage does not mention --%s", args, f.Name)
			}
		})
		for _, f := range []string{"--all-banks ", "--probe-llm ", "--json ", "(repeatable)", "2 when the server did not answer"} {
			if !strings.Contains(r.stdout, f) {
				t.Errorf("%v: usage does not mention %q", args, f)
			}
		}
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"--nope"}, {"doctor", "--nope"}, {"frobnicate"}, {"doctor", "extra"},
		{"--timeout", "0s"}, {"--timeout", "soon"}, {"--demo", "--url", "http://x"}, {"doctor", "--demo", "-p", "prod"},
		{"demo-server", "--url", "http://x"},
		{"doctor", "--all-banks", "--bank", "b"}, {"--bank", "b", "doctor", "--all-banks"}, {"doctor", "--probe-llm"},
		{"--json", "doctor"}, {"--all-banks"}, {"demo-server", "--json"},
	} {
		r := runWith(t, nil, args...)
		if r.code != exitUsage || !strings.Contains(r.stderr, "hindsight-tui -h") || r.stdout != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want a usage error", args, r.code, r.stdout, r.stderr)
		}
	}
}

func TestDoctorDemo(t *testing.T) {
	for _, args := range [][]string{{"doctor", "--demo"}, {"--demo", "doctor"}, {"--demo", "doctor", "--timeout", "5s"}} {
		r := runWith(t, nil, args...)
		r.want(t, 0, "✓ server URL", "(demo server)", "✓ banks")
	}
}

func TestDoctorUnreachable(t *testing.T) {
	for _, args := range [][]string{
		{"doctor", "--url", "http://127.0.0.1:1"},
		{"--url", "http://127.0.0.1:1", "doctor"},
		{"--url", "http://127.0.0.1:1", "doctor", "--timeout", "3s"},
	} {
		r := runWith(t, nil, args...)
		r.want(t, doctor.ExitUnreachable, "✓ server URL      http://127.0.0.1:1 (flag --url)", "cannot reach the server at http://127.0.0.1:1")
	}
	r := runWith(t, map[string]string{config.EnvAPIURL: "http://127.0.0.1:1"}, "doctor")
	r.want(t, doctor.ExitUnreachable, "(env HINDSIGHT_API_URL)", "cannot reach")
}

func TestDoctorConfigError(t *testing.T) {
	home := t.TempDir()
	dir := filepath.Join(home, ".hindsight", "cli-profiles")
	r := runHome(t, home, nil, "doctor", "-p", "missing")
	r.want(t, 1, "✗ configuration", "-p/--profile: profile not found in "+dir)
	r = runHome(t, home, map[string]string{config.EnvProfile: "missing"}, "--bank", "b")
	if r.code != 1 || !strings.Contains(r.stderr, config.EnvProfile+": profile not found in "+dir) {
		t.Errorf("explorer with a missing profile: exit %d, stderr %q", r.code, r.stderr)
	}
	if strings.Contains(r.stdout+r.stderr, "missing") {
		t.Errorf("the profile name is repeated (it may be a key): %s", r.stderr)
	}
}

func TestKeyNeverPrinted(t *testing.T) {
	const key, serverKey = "wrong-s3cret-key", "server-s3cret-key"
	srv := hindsighttest.NewServer(hindsighttest.WithAPIKey(serverKey))
	defer srv.Close()
	home := t.TempDir()
	dir := filepath.Join(home, ".hindsight", "cli-profiles")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	profile := "api_url = \"" + srv.URL() + "\"\napi_key = \"profile-s3cret-key\"\n"
	if err := os.WriteFile(filepath.Join(dir, "prod.toml"), []byte(profile), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "bad.toml"), []byte("api_url = nope\napi_key = profile-s3cret-key\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	runs := []result{
		runHome(t, home, map[string]string{config.EnvAPIKey: key}, "doctor", "--url", srv.URL()),
		runHome(t, home, map[string]string{config.EnvAPIKey: key, config.EnvAPIURL: srv.URL()}),
		runHome(t, home, nil, "doctor", "-p", "prod"),
		runHome(t, home, nil, "--profile", "bad", "doctor"),
		runHome(t, home, nil, "--profile", "bad"),
		runHome(t, home, nil, "doctor", "-p", "profile-s3cret-key"),
		runHome(t, home, nil, "doctor", "--url", "profile-s3cret-key"),
		runHome(t, home, map[string]string{config.EnvAPIURL: "https://h/?k=profile-s3cret-key"}, "doctor"),
	}
	for i, r := range runs {
		if r.code == 0 {
			t.Errorf("run %d: exit 0 with a wrong key", i)
		}
		for _, k := range []string{key, serverKey, "profile-s3cret-key", "s3cret"} {
			if strings.Contains(r.stdout+r.stderr, k) {
				t.Errorf("run %d shows a key:\n%s%s", i, r.stdout, r.stderr)
			}
		}
	}
	runs[0].want(t, 1, "the server rejected the API key", "set (env HINDSIGHT_API_KEY)")
	runs[2].want(t, 1, "the server rejected the API key", "set (profile prod (")
}

// TestExplorerNeedsATerminal: without a terminal the explorer says what to run
// instead, and does not try to take over whatever the output is.
func TestExplorerNeedsATerminal(t *testing.T) {
	for _, args := range [][]string{{"--demo", "--bank", "x", "--read-only"}, {"--url", "http://127.0.0.1:1"}} {
		r := runWith(t, nil, args...)
		if r.code != exitFailure || r.stdout != "" || !strings.Contains(r.stderr, "needs a terminal") || !strings.Contains(r.stderr, "doctor") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, r.code, r.stdout, r.stderr)
		}
	}
}

func TestDemoServerCommand(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // already "Ctrl+C'd": Serve starts, reports, and stops at once
	var out bytes.Buffer
	code := run(ctx, []string{"demo-server", "--addr", "127.0.0.1:0"}, func(string) string { return "" }, "", &out, io.Discard)
	if code != 0 || !strings.Contains(out.String(), "Loopback only") || !strings.Contains(out.String(), "Stopping") {
		t.Errorf("exit %d, output %q", code, out.String())
	}
	r := runWith(t, nil, "demo-server", "--addr", "nonsense")
	if r.code != exitFailure || !strings.Contains(r.stderr, "host:port") {
		t.Errorf("bad --addr: exit %d, stderr %q", r.code, r.stderr)
	}
}

// TestUsageErrorsNeverShowArguments: a key typed on the command line by mistake (after
// -p with no space, as for mysql's password, or as a stray argument) is not repeated in
// the usage error, which names the argument's position or the flag instead.
func TestUsageErrorsNeverShowArguments(t *testing.T) {
	const key = "hsk_live_S3cr3tMARKER"
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-p" + key}, "argument 1"},
		{[]string{"--url", "http://x", "--" + key + "=1"}, "argument 3"},
		{[]string{"---" + key}, "argument 1"},
		{[]string{"--url", "http://x", key}, "argument 3"},
		{[]string{"doctor", "--url", "http://x", key}, "argument 4"},
		{[]string{"--timeout", key}, "--timeout"},
		{[]string{"--timeout=" + key, "doctor"}, "--timeout"},
		{[]string{"doctor", "--demo=" + key}, "--demo"},
		{[]string{"demo-server", "--addr"}, "--addr"},
	}
	for _, tt := range tests {
		r := runWith(t, nil, tt.args...)
		if r.code != exitUsage || !strings.Contains(r.stderr, "hindsight-tui -h") {
			t.Errorf("%q: exit %d, stderr %q; want a usage error", tt.args, r.code, r.stderr)
		}
		if strings.Contains(r.stdout+r.stderr, "MARKER") {
			t.Errorf("%q: the error shows the argument: %s", tt.args, r.stderr)
		}
		if !strings.Contains(r.stderr, tt.want) {
			t.Errorf("%q: stderr %q does not contain %q", tt.args, r.stderr, tt.want)
		}
	}
}

// TestDoctorBanks runs the bank checks against the demo: the healthy bank passes, every
// bank together fails (ops-runbook fails three checks or more), and --json says the same.
func TestDoctorBanks(t *testing.T) {
	r := runWith(t, nil, "doctor", "--demo", "--bank", "garden-planner")
	r.want(t, doctor.ExitOK, "✓ banks", "\nbank garden-planner\n", "  ok    stranded_facts ", "  skip  llm_probe                 not run (--probe-llm)")
	if strings.Contains(r.stdout, "  fail  ") || strings.Contains(r.stdout, "  warn  ") {
		t.Errorf("garden-planner is not healthy:\n%s", r.stdout)
	}

	r = runWith(t, nil, "--demo", "doctor", "--bank", "ops-runbook", "--bank", "garden-planner", "--probe-llm")
	r.want(t, doctor.ExitFailed, "\nbank ops-runbook\n", "  fail  llm_probe ", "\nbank garden-planner\n", "2 banks: 1 failing, 0 with warnings, 1 healthy")

	r = runWith(t, nil, "doctor", "--demo", "--all-banks", "--json")
	r.want(t, doctor.ExitFailed)
	var report struct {
		Server []struct{ Name, Status, Summary, Fix string }
		Banks  []struct {
			BankID string `json:"bank_id"`
			Checks []struct{ Name, Status, Summary, Fix string }
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &report); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, r.stdout)
	}
	if len(report.Server) == 0 || report.Server[0].Name != "server_url" || len(report.Banks) != 13 {
		t.Fatalf("report: %d server checks, %d banks", len(report.Server), len(report.Banks))
	}
	healthy := 0
	for _, b := range report.Banks {
		fails, bad := 0, 0
		for _, c := range b.Checks {
			if c.Status == "fail" {
				fails++
			}
			if c.Status == "fail" || c.Status == "warn" {
				bad++
			}
		}
		if b.BankID == "ops-runbook" && fails < 3 {
			t.Errorf("ops-runbook fails %d checks, want 3 or more", fails)
		}
		if bad == 0 {
			healthy++
		}
	}
	if healthy == 0 {
		t.Error("no bank passes every check")
	}

	r = runWith(t, nil, "doctor", "--url", "http://127.0.0.1:1", "--all-banks")
	r.want(t, doctor.ExitUnreachable, "- bank checks     skipped: the server cannot be reached")
}

// why and check run against the demo like doctor does; their output is golden-tested
// in package explaincmd, on a fixed clock.
func TestWhyAndCheckDemo(t *testing.T) {
	const flight, booking = "1e1c250f-d979-5ab5-9881-ea2b45bb2252", "c7b7fd4a-3f36-53df-ade9-36bb6c036de7"
	q := "When does Priya fly to Lisbon next?"
	runWith(t, nil, "why", "--demo", "--bank", "explain-lab", "--query", q, "--expect", flight).want(t, 0, "recalled: "+flight)
	runWith(t, nil, "--demo", "--bank", "explain-lab", "why", "--query", "What did I book for Priya's Lisbon trip?",
		"--types", "world", "--expect", booking).want(t, 1, "\ntype: "+booking, "fix: add type experience")
	runWith(t, nil, "why", "--demo", "--bank", "explain-lab", "--query", q, "--expect", "555fafdc-afbd-5b81-acf0-80e30dca99f2", "--json").
		want(t, 1, `"stage": "missing"`)
	runWith(t, nil, "check", "--demo", "examples/demo-checks.json").want(t, 0, "demo-checks.json: 7 cases: 7 passed")
	runWith(t, nil, "check", "examples/demo-checks.json", "--demo", "--json").want(t, 0, `"passed": true`)
}

func TestWhyAndCheckErrors(t *testing.T) {
	for _, args := range [][]string{
		{"why", "--demo", "--query", "q", "--expect", "x"},
		{"why", "--demo", "--bank", "b", "--expect", "x"},
		{"check", "--demo"},
		{"check", "--demo", "a.json", "b.json"},
		{"check", "--demo", "--url", "http://x", "a.json"},
	} {
		r := runWith(t, nil, args...)
		if r.code != exitUsage || !strings.Contains(r.stderr, "hindsight-tui -h") {
			t.Errorf("%v: exit %d, stderr %q; want a usage error", args, r.code, r.stderr)
		}
	}
	r := runWith(t, nil, "why", "--url", "http://127.0.0.1:1", "--bank", "b", "--query", "q", "--expect", "x")
	if r.code != 2 || !strings.Contains(r.stderr, "cannot reach the server") {
		t.Errorf("unreachable: exit %d, stderr %q", r.code, r.stderr)
	}
	r = runWith(t, nil, "check", "--url", "http://127.0.0.1:1", "examples/demo-checks.json")
	if r.code != 2 || !strings.Contains(r.stderr, "cannot reach the server") {
		t.Errorf("unreachable: exit %d, stderr %q", r.code, r.stderr)
	}
	r = runWith(t, nil, "check", "--demo", "no-such-suite.json")
	if r.code != 2 || strings.Contains(r.stderr, "no-such-suite") {
		t.Errorf("missing file: exit %d, stderr %q", r.code, r.stderr)
	}
	runWith(t, nil, "why", "-h").want(t, 0, "--expect ID", "--min-scores", "check FILE")
}
