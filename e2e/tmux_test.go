// Package e2e drives the real hindsight-tui binary in a private tmux server, the way a
// person would: it types keys and reads the screen. It needs tmux; under CI (CI=true) a
// missing tmux fails the run instead of skipping it.
package e2e

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"
)

// binary builds hindsight-tui once per test binary run into a temporary directory.
func binary(t *testing.T) string {
	t.Helper()
	tmux, err := exec.LookPath("tmux")
	if err != nil || tmux == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("tmux is required for the end-to-end tests (apt-get install -y tmux)")
		}
		t.Skip("tmux not installed; skipping end-to-end tests")
	}
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Dir(filepath.Dir(file))
	out := filepath.Join(t.TempDir(), "hindsight-tui")
	cmd := exec.Command("go", "build", "-o", out, ".")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, b)
	}
	return out
}

// session is one program running in its own tmux server (its own socket), so tests never
// touch the user's tmux or each other.
type session struct {
	t    *testing.T
	dir  string
	sock string
}

// start runs argv (the binary and its flags) in a new tmux session of the given size.
// The program's exit status lands in dir/rc, since tmux does not always reap the pane.
func start(t *testing.T, w, h int, env []string, argv ...string) *session {
	t.Helper()
	dir := t.TempDir()
	s := &session{t: t, dir: dir, sock: filepath.Join(dir, "sock")}
	conf := filepath.Join(dir, "tmux.conf")
	if err := os.WriteFile(conf, []byte("set -g default-terminal xterm-256color\nset -g remain-on-exit on\nset -g status off\nset -g escape-time 0\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var quoted []string
	for _, a := range argv {
		quoted = append(quoted, shellQuote(a))
	}
	script := fmt.Sprintf("%s; echo $? > %s", strings.Join(quoted, " "), shellQuote(filepath.Join(dir, "rc")))
	args := []string{"-S", s.sock, "-f", conf, "new-session", "-d", "-x", fmt.Sprint(w), "-y", fmt.Sprint(h)}
	for _, e := range env {
		args = append(args, "-e", e)
	}
	args = append(args, "sh", "-c", script)
	s.tmux(args...)
	t.Cleanup(s.stop)
	return s
}

// stop ends the tmux server (at the test's end, or earlier when a test asks) and waits (a few seconds at most) for the processes it ran
// to exit: the program writes its state and drafts when the terminal goes away, and the
// test's temporary directories must not be removed while it does.
func (s *session) stop() {
	var pids []string
	if out, err := exec.Command("tmux", "-S", s.sock, "display-message", "-p", "#{pane_pid}").Output(); err == nil {
		shell := strings.TrimSpace(string(out))
		pids = append(pids, shell)
		if b, err := os.ReadFile(fmt.Sprintf("/proc/%s/task/%s/children", shell, shell)); err == nil {
			pids = append(pids, strings.Fields(string(b))...)
		}
	}
	_ = exec.Command("tmux", "-S", s.sock, "kill-server").Run()
	deadline := time.Now().Add(5 * time.Second)
	for _, pid := range pids {
		for time.Now().Before(deadline) {
			if _, err := os.Stat("/proc/" + pid); err != nil {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

func (s *session) tmux(args ...string) string {
	s.t.Helper()
	cmd := exec.Command("tmux", append([]string{"-S", s.sock}, args...)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		s.t.Fatalf("tmux %s: %v: %s", strings.Join(args, " "), err, errb.String())
	}
	return out.String()
}

// keys sends tmux key names ("Enter", "Escape", "C-p", "Tab") or literal text.
func (s *session) keys(keys ...string) {
	s.t.Helper()
	s.tmux(append([]string{"send-keys", "-t", "0"}, keys...)...)
}

// typeText sends text literally, character by character as a person types.
func (s *session) typeText(text string) {
	s.t.Helper()
	s.tmux("send-keys", "-t", "0", "-l", text)
}

// screen returns the visible text of the pane.
func (s *session) screen() string {
	s.t.Helper()
	return s.tmux("capture-pane", "-p", "-t", "0")
}

// resize changes the terminal size.
func (s *session) resize(w, h int) {
	s.t.Helper()
	s.tmux("resize-window", "-t", "0", "-x", fmt.Sprint(w), "-y", fmt.Sprint(h))
}

// until reads the screen every 50 ms until check finds nothing missing (it returns
// ""), and returns that screen; after timeout it fails with what check last said was
// missing and the last screen. Polling, not sleeping, keeps the test fast on a quiet
// machine and patient on a loaded one.
func (s *session) until(timeout time.Duration, check func(screen string) (missing string)) string {
	s.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		scr := s.screen()
		missing := check(scr)
		if missing == "" {
			return scr
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("waited %s for %s; screen:\n%s", timeout, missing, scr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitFor waits until every want string is visible.
func (s *session) waitFor(timeout time.Duration, want ...string) string {
	s.t.Helper()
	return s.until(timeout, func(scr string) string {
		for _, w := range want {
			if !strings.Contains(scr, w) {
				return fmt.Sprintf("%q", w)
			}
		}
		return ""
	})
}

// waitGone waits until none of the strings is visible.
func (s *session) waitGone(timeout time.Duration, gone ...string) string {
	s.t.Helper()
	return s.until(timeout, func(scr string) string {
		for _, g := range gone {
			if strings.Contains(scr, g) {
				return fmt.Sprintf("%q to disappear", g)
			}
		}
		return ""
	})
}

// pid is the program's process id: the child of the shell tmux runs it in.
func (s *session) pid() int {
	s.t.Helper()
	shell := strings.TrimSpace(s.tmux("display-message", "-p", "#{pane_pid}"))
	b, err := os.ReadFile(fmt.Sprintf("/proc/%s/task/%s/children", shell, shell))
	if err != nil {
		s.t.Skipf("needs /proc to find the program's process: %v", err)
	}
	var pid int
	if _, err := fmt.Sscan(string(b), &pid); err != nil {
		s.t.Fatalf("no program under the shell %s: %q", shell, b)
	}
	return pid
}

// exitCode waits for the program to exit and returns its status.
func (s *session) exitCode(timeout time.Duration) int {
	s.t.Helper()
	rc := 0
	s.until(timeout, func(string) string {
		b, err := os.ReadFile(filepath.Join(s.dir, "rc"))
		if err != nil || len(bytes.TrimSpace(b)) == 0 {
			return "the program to exit"
		}
		fmt.Sscan(string(b), &rc)
		return ""
	})
	return rc
}

// quit presses keys (q, C-c) and fails unless the program then exits with status 0.
func (s *session) quit(keys ...string) {
	s.t.Helper()
	s.keys(keys...)
	if rc := s.exitCode(wait); rc != 0 {
		s.t.Fatalf("exit status %d", rc)
	}
}

// demo builds the binary and runs it with --demo in a 120x40 terminal, with a state
// directory of its own and the clock in UTC.
func demo(t *testing.T) *session {
	t.Helper()
	return start(t, 120, 40, []string{"XDG_STATE_HOME=" + t.TempDir(), "TZ=UTC"}, binary(t), "--demo")
}

// tab waits until the demo bank is listed and the tab named name is shown, presses
// the tab's number (which number it has depends on which panes the build has), and
// waits for the pane to show every want string; it returns that screen.
func (s *session) tab(name string, want ...string) string {
	s.t.Helper()
	re := regexp.MustCompile(`(\d) ` + regexp.QuoteMeta(name))
	var n string
	s.until(wait, func(scr string) string {
		m := re.FindStringSubmatch(scr)
		if m == nil || !strings.Contains(scr, "Alex's assistant") {
			return "the demo bank and the " + name + " tab"
		}
		n = m[1]
		return ""
	})
	return s.press(n, want...)
}

// press sends one key and waits until every want string is visible.
func (s *session) press(key string, want ...string) string {
	s.t.Helper()
	s.keys(key)
	return s.waitFor(wait, want...)
}
