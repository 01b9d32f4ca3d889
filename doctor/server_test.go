package doctor

import (
	"context"
	"strings"
	"testing"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
)

func TestHealthyDemoServer(t *testing.T) {
	srv := hindsighttest.NewServer(hindsighttest.WithDemoSeed())
	defer srv.Close()
	c, _ := client.New(srv.URL())
	banks, err := c.ListBanks(context.Background(), client.ListBanksParams{})
	if err != nil {
		t.Fatal(err)
	}
	out, code := diagnose(t, srv.URL(), "", time.Second)
	if code != 0 {
		t.Fatalf("exit %d, want 0:\n%s", code, out)
	}
	wantLine(t, out, CheckURL, "✓", srv.URL(), "(flag --url)")
	wantLine(t, out, CheckKey, "✓", "not set")
	wantLine(t, out, CheckVersion, "✓", "Hindsight API 0.9.1")
	wantLine(t, out, CheckFeatures, "✓", "observations")
	wantLine(t, out, CheckHealth, "✓", "healthy")
	wantLine(t, out, CheckAuth, "✓", "without a key")
	wantLine(t, out, CheckBanks, "✓", plural(banks.Total, "bank"))
}

func TestKeyedServer(t *testing.T) {
	const right, wrong = "right-k3y-value", "wrong-k3y-value"
	srv := hindsighttest.NewServer(hindsighttest.WithAPIKey(right))
	defer srv.Close()

	t.Run("wrong key", func(t *testing.T) {
		out, code := diagnose(t, srv.URL(), wrong, time.Second)
		if code == 0 {
			t.Fatalf("exit 0 with a wrong key:\n%s", out)
		}
		wantLine(t, out, CheckKey, "✓", "set (env HINDSIGHT_API_KEY)")
		wantLine(t, out, CheckVersion, "✓") // /version needs no key
		wantLine(t, out, CheckAuth, "✗", "the server rejected the API key", "HINDSIGHT_API_KEY")
		wantLine(t, out, CheckBanks, "-", "skipped")
		if strings.Contains(out, wrong) || strings.Contains(out, right) {
			t.Errorf("output shows a key:\n%s", out)
		}
	})
	t.Run("no key", func(t *testing.T) {
		out, code := diagnose(t, srv.URL(), "", time.Second)
		if code == 0 {
			t.Fatalf("exit 0 without a key:\n%s", out)
		}
		wantLine(t, out, CheckAuth, "✗", "needs one", "HINDSIGHT_API_KEY")
	})
	t.Run("right key", func(t *testing.T) {
		out, code := diagnose(t, srv.URL(), right, time.Second)
		if code != 0 {
			t.Fatalf("exit %d with the right key:\n%s", code, out)
		}
		wantLine(t, out, CheckAuth, "✓", "with the API key")
		if strings.Contains(out, right) {
			t.Errorf("output shows the key:\n%s", out)
		}
	})
}

func TestUnreachable(t *testing.T) {
	out, code := diagnose(t, "http://127.0.0.1:1", "", time.Second)
	if code == 0 {
		t.Fatalf("exit 0 for an unreachable server:\n%s", out)
	}
	wantLine(t, out, CheckVersion, "✗", "cannot reach the server at http://127.0.0.1:1", "--url", "HINDSIGHT_API_URL")
	for _, name := range []string{CheckFeatures, CheckHealth, CheckAuth, CheckBanks} {
		wantLine(t, out, name, "-", "skipped")
	}
	if n := strings.Count(out, "✗"); n != 1 {
		t.Errorf("want the reason once, got %d failing lines:\n%s", n, out)
	}
}
