package e2e

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	neturl "net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"hindsight-tui/client/hindsighttest"
)

// TestIdleCPU measures how much CPU the real binary uses while nothing happens: the
// memories view open on a bank, no key pressed, for HINDSIGHT_IDLE_SECONDS (30 by
// default). It runs only when HINDSIGHT_IDLE_CPU is set, since it takes minutes; it
// reports the CPU seconds (user + system, from /proc) and the requests the app made
// meanwhile, for a demo bank and for a 100,000-memory bank served from this process.
// An idle app sleeps: it wakes only when something changes.
func TestIdleCPU(t *testing.T) {
	if os.Getenv("HINDSIGHT_IDLE_CPU") == "" {
		t.Skip("set HINDSIGHT_IDLE_CPU=1 to measure idle CPU (takes minutes)")
	}
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("needs /proc to read a process's CPU time")
	}
	seconds := 30
	if s, err := strconv.Atoi(os.Getenv("HINDSIGHT_IDLE_SECONDS")); err == nil && s > 0 {
		seconds = s
	}
	bin := binary(t)
	t.Run("framework floor", func(t *testing.T) {
		floor := filepath.Join(t.TempDir(), "idlefloor")
		if out, err := exec.Command("go", "build", "-o", floor, "./testdata/idlefloor").CombinedOutput(); err != nil {
			t.Fatalf("build: %v\n%s", err, out)
		}
		s := start(t, 120, 40, nil, floor)
		time.Sleep(2 * time.Second)
		pid := s.pid()
		before := cpuSeconds(t, pid)
		time.Sleep(time.Duration(seconds) * time.Second)
		t.Logf("a minimal Bubble Tea program: %.2f s of CPU over %d s idle (its frame timer)", cpuSeconds(t, pid)-before, seconds)
	})
	for _, bank := range []struct {
		name string
		opts []hindsighttest.Option
		id   string
	}{
		{"demo bank", []hindsighttest.Option{hindsighttest.WithDemoSeed()}, "user-alex-prefs"},
		{"100,000-memory bank", []hindsighttest.Option{hindsighttest.WithSyntheticMemories("big", 100_000)}, "big"},
	} {
		t.Run(bank.name, func(t *testing.T) {
			srv := hindsighttest.NewServer(bank.opts...)
			defer srv.Close()
			// A counting proxy in front of the server tells whether the app asked
			// for anything while it was idle.
			target, err := neturl.Parse(srv.URL())
			if err != nil {
				t.Fatal(err)
			}
			var requests atomic.Int64
			var mu sync.Mutex
			var paths []string
			forward := httputil.NewSingleHostReverseProxy(target)
			proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				requests.Add(1)
				mu.Lock()
				paths = append(paths, time.Now().Format("15:04:05.000 ")+r.Method+" "+r.URL.RequestURI())
				mu.Unlock()
				forward.ServeHTTP(w, r)
			}))
			defer proxy.Close()
			url := proxy.URL
			s := start(t, 120, 40, []string{"XDG_STATE_HOME=" + t.TempDir()}, bin, "--url", url, "--bank", bank.id)
			s.waitFor(60*time.Second, "Hindsight 0.9.1", "facts") // connected, banks listed
			s.keys("2")
			s.waitFor(60*time.Second, "TYPE")
			time.Sleep(2 * time.Second) // let the first pages settle
			pid := s.pid()
			before, n0 := cpuSeconds(t, pid), requests.Load()
			time.Sleep(time.Duration(seconds) * time.Second)
			used, n := cpuSeconds(t, pid)-before, requests.Load()-n0
			t.Logf("%s: %.2f s of CPU over %d s idle, %d requests", bank.name, used, seconds, n)
			mu.Lock()
			if n > 0 {
				t.Logf("requests while idle: %v", paths[len(paths)-int(n):])
			}
			mu.Unlock()
		})
	}
}

// cpuSeconds is the user and system CPU time pid has used.
func cpuSeconds(t *testing.T, pid int) float64 {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatal(err)
	}
	// The command name (field 2) may hold spaces; the fields after its ")" are fixed.
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+2:]))
	utime, _ := strconv.ParseFloat(f[11], 64)
	stime, _ := strconv.ParseFloat(f[12], 64)
	return (utime + stime) / 100 // clock ticks; Linux's USER_HZ is 100
}
