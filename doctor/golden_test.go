package doctor

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/config"
	"hindsight-tui/demo"
)

// The golden reports come from the demo server (what `doctor --demo` starts) with its
// clock pinned where the demo data is written, so its data and "the last 24 hours"
// stay put. Run with -update to rewrite them.

var demoEpoch = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

func demoServer(t *testing.T, opts ...hindsighttest.Option) *hindsighttest.Server {
	t.Helper()
	all := append(demo.Options(), hindsighttest.WithClock(func() time.Time { return demoEpoch }))
	srv := hindsighttest.NewServer(append(all, opts...)...)
	t.Cleanup(srv.Close)
	return srv
}

// doctor runs the doctor as `hindsight-tui doctor --demo` does, and returns its text
// (or JSON) report, with the server's random port replaced, and its exit status.
func doctor(t *testing.T, url string, opts Options, asJSON bool) (string, int) {
	t.Helper()
	c, err := client.New(url, client.WithVersion("test"))
	if err != nil {
		t.Fatal(err)
	}
	r := Run(context.Background(), config.Config{URL: url, URLSource: config.SourceDemo, Timeout: 10 * time.Second}, c, opts)
	var out bytes.Buffer
	if asJSON {
		err = r.WriteJSON(&out)
	} else {
		_, err = r.WriteTo(&out)
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.ReplaceAll(out.String(), url, "http://127.0.0.1:PORT"), r.ExitCode()
}

func TestGoldenAllBanks(t *testing.T) {
	out, code := doctor(t, demoServer(t).URL(), Options{AllBanks: true}, false)
	if code != ExitFailed {
		t.Errorf("exit %d, want %d", code, ExitFailed)
	}
	golden.RequireEqual(t, out)
}

func TestGoldenAllBanksJSON(t *testing.T) {
	out, code := doctor(t, demoServer(t).URL(), Options{AllBanks: true}, true)
	if code != ExitFailed {
		t.Errorf("exit %d, want %d", code, ExitFailed)
	}
	golden.RequireEqual(t, out)

	var report struct {
		Server []jsonCheck `json:"server"`
		Banks  []jsonBank  `json:"banks"`
	}
	if err := json.Unmarshal([]byte(out), &report); err != nil {
		t.Fatal(err)
	}
	if len(report.Server) != 7 || report.Server[0].Name != "server_url" || len(report.Banks) != 13 {
		t.Errorf("%d server checks (first %q), %d banks", len(report.Server), report.Server[0].Name, len(report.Banks))
	}
	healthy := 0
	for _, b := range report.Banks {
		var failed, other []string
		for _, c := range b.Checks {
			switch {
			case c.Status == "fail":
				failed = append(failed, c.Name)
			case c.Status != "ok" && !(c.Name == "llm_probe" && c.Status == "skip"):
				other = append(other, c.Name)
			}
		}
		if b.BankID == "ops-runbook" && len(failed) < 3 {
			t.Errorf("ops-runbook fails %q, want three or more checks", failed)
		}
		if len(failed)+len(other) == 0 {
			healthy++
		}
	}
	if healthy == 0 {
		t.Error("no bank passes every check")
	}
}

func TestGoldenHealthyBank(t *testing.T) {
	out, code := doctor(t, demoServer(t).URL(), Options{Banks: []string{"garden-planner"}, ProbeLLM: true}, false)
	if code != ExitOK {
		t.Errorf("exit %d, want %d", code, ExitOK)
	}
	golden.RequireEqual(t, out)
}

// TestGoldenProbe: with the probe, the failing bank fails one more check.
func TestGoldenProbe(t *testing.T) {
	out, code := doctor(t, demoServer(t).URL(), Options{Banks: []string{"ops-runbook", "travel-concierge", "ops-runbook"}, ProbeLLM: true}, false)
	if code != ExitFailed {
		t.Errorf("exit %d, want %d", code, ExitFailed)
	}
	golden.RequireEqual(t, out)
}
