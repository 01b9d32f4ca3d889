package doctor

import (
	"encoding/json"
	"strings"
	"testing"

	"hindsight-tui/client/hindsighttest"
)

func TestMissingBank(t *testing.T) {
	out, code := doctor(t, demoServer(t).URL(), Options{Banks: []string{"garden-planner", "no-such-bank"}}, false)
	if code != ExitFailed {
		t.Errorf("exit %d, want %d", code, ExitFailed)
	}
	want := "\nbank no-such-bank\n  fail  bank                      there is no bank with this id on the server — fix: check the id; doctor --all-banks checks every bank there is\n"
	if !strings.Contains(out, want) || !strings.Contains(out, "\nbank garden-planner\n  ok    stranded_facts ") {
		t.Errorf("output:\n%s", out)
	}
}

// TestBanksNeedTheServer: bank checks run only once the authenticated call worked; the
// report says why they did not, and an unreachable server exits 2.
func TestBanksNeedTheServer(t *testing.T) {
	out, code := doctor(t, "http://127.0.0.1:1", Options{AllBanks: true}, false)
	if code != ExitUnreachable || !strings.HasSuffix(out, "- bank checks     skipped: the server cannot be reached\n") {
		t.Errorf("unreachable: exit %d\n%s", code, out)
	}
	out, code = doctor(t, "http://127.0.0.1:1", Options{Banks: []string{"b"}}, true)
	var report jsonReport
	if err := json.Unmarshal([]byte(out), &report); err != nil {
		t.Fatal(err)
	}
	last := report.Server[len(report.Server)-1]
	if code != ExitUnreachable || len(report.Banks) != 0 || last.Name != "bank_checks" || last.Status != "skip" ||
		report.Server[2].Name != "server_version" || report.Server[2].Status != "fail" || !strings.Contains(report.Server[2].Fix, "--url") {
		t.Errorf("unreachable, JSON: exit %d\n%s", code, out)
	}

	srv := hindsighttest.NewServer(hindsighttest.WithBankHealthSeed(), hindsighttest.WithAPIKey("k"))
	defer srv.Close()
	out, code = doctor(t, srv.URL(), Options{Banks: []string{"garden-planner"}}, true)
	if err := json.Unmarshal([]byte(out), &report); err != nil {
		t.Fatal(err)
	}
	auth := report.Server[5]
	if code != ExitFailed || len(report.Banks) != 0 || auth.Name != "authentication" || auth.Status != "fail" ||
		!strings.Contains(auth.Fix, "HINDSIGHT_API_KEY") || !strings.Contains(out, `"summary": "skipped: the authenticated call failed"`) {
		t.Errorf("no key: exit %d\n%s", code, out)
	}
}

// TestWarningsPass: warnings and skips do not fail the report.
func TestWarningsPass(t *testing.T) {
	out, code := doctor(t, demoServer(t).URL(), Options{Banks: []string{"chat-sessions", "family-assistant", "field-office"}}, false)
	if code != ExitOK || strings.Count(out, "\n  warn  ") != 3 || strings.Contains(out, "\n  fail  ") {
		t.Errorf("exit %d\n%s", code, out)
	}
}
