package e2e

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"hindsight-tui/client/hindsighttest"
)

// TestStartupTime measures, in a real terminal (tmux gives the program a pseudo-
// terminal), how long the binary takes from launch to its first frame and to the first
// bank data on screen, against the stand-in server in this process. It runs only when
// HINDSIGHT_STARTUP is set (to the number of launches, 10 by default) and reports the
// minimum, median and maximum; the screen is polled every 2 ms, so that is the
// resolution.
func TestStartupTime(t *testing.T) {
	runs, _ := strconv.Atoi(os.Getenv("HINDSIGHT_STARTUP"))
	if os.Getenv("HINDSIGHT_STARTUP") == "" {
		t.Skip("set HINDSIGHT_STARTUP=N to measure start-up over N launches")
	}
	if runs <= 0 {
		runs = 10
	}
	bin := binary(t)
	srv := hindsighttest.NewServer(hindsighttest.WithDemoSeed())
	defer srv.Close()
	var frame, data []time.Duration
	for range runs {
		launched := time.Now()
		s := start(t, 120, 40, []string{"XDG_STATE_HOME=" + t.TempDir()}, bin, "--url", srv.URL())
		first, banks := time.Duration(0), time.Duration(0)
		for deadline := launched.Add(30 * time.Second); time.Now().Before(deadline) && banks == 0; time.Sleep(2 * time.Millisecond) {
			screen := s.screen()
			if first == 0 && strings.Contains(screen, "hindsight-tui") {
				first = time.Since(launched)
			}
			if strings.Contains(screen, "facts") { // the bank list's counts
				banks = time.Since(launched)
			}
		}
		if banks == 0 {
			t.Fatalf("no bank data after 30 s:\n%s", s.screen())
		}
		frame, data = append(frame, first), append(data, banks)
		s.stop()
	}
	t.Logf("first frame: %s; first bank data: %s (%d launches)", spread(frame), spread(data), runs)
}

// spread is "min / median / max" of ds.
func spread(ds []time.Duration) string {
	slices.Sort(ds)
	r := func(d time.Duration) string { return d.Round(time.Millisecond).String() }
	return r(ds[0]) + " / " + r(ds[len(ds)/2]) + " / " + r(ds[len(ds)-1])
}
