package ui

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

func TestApplyNoColor(t *testing.T) {
	tests := []struct {
		env  []string
		in   colorprofile.Profile
		want colorprofile.Profile
	}{
		{nil, colorprofile.TrueColor, colorprofile.TrueColor},
		{[]string{"NO_COLOR=1"}, colorprofile.TrueColor, colorprofile.ASCII},
		{[]string{"NO_COLOR=yes"}, colorprofile.ANSI256, colorprofile.ASCII}, // not a boolean, still set
		{[]string{"NO_COLOR="}, colorprofile.TrueColor, colorprofile.TrueColor},
		{[]string{"NO_COLOR=1"}, colorprofile.NoTTY, colorprofile.NoTTY},
	}
	for _, tt := range tests {
		if got := applyNoColor(tt.in, tt.env); got != tt.want {
			t.Errorf("%v %v: got %v, want %v", tt.env, tt.in, got, tt.want)
		}
	}
}

// lockedBuffer is the program's output, read while the program runs.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

var sgr = regexp.MustCompile("\x1b\\[([0-9;:]*)m")

// sgrMatching lists the SGR sequences in out with a parameter that keep accepts.
func sgrMatching(out string, keep func(n int) bool) []string {
	var found []string
	for _, m := range sgr.FindAllStringSubmatch(out, -1) {
		for _, p := range strings.FieldsFunc(m[1], func(r rune) bool { return r == ';' || r == ':' }) {
			if n, err := strconv.Atoi(p); err == nil && keep(n) {
				found = append(found, m[0])
				break
			}
		}
	}
	return found
}

// colourCodes lists the SGR sequences in out that set a foreground, background or
// underline colour.
func colourCodes(out string) []string {
	return sgrMatching(out, func(n int) bool {
		return (n >= 30 && n <= 38) || (n >= 40 && n <= 48) || (n >= 90 && n <= 97) || (n >= 100 && n <= 107) || n == 58
	})
}

// runProgram runs the shell in a real Bubble Tea program (no server: it shows the
// connection error, which uses the error colour) and returns everything it wrote.
func runProgram(t *testing.T, env []string) string {
	t.Helper()
	h, _ := fakeModel(t, Options{ServerURL: "http://127.0.0.1:1"}, "Overview")
	var out lockedBuffer
	p := tea.NewProgram(h.m,
		tea.WithInput(nil),
		tea.WithOutput(&out),
		tea.WithWindowSize(120, 40),
		tea.WithEnvironment(append(env, "TERM=xterm-256color")),
		tea.WithColorProfile(applyNoColor(colorprofile.TrueColor, env)),
	)
	done := make(chan error, 1)
	go func() { _, err := p.Run(); done <- err }()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(out.String(), "Cannot connect") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	p.Quit()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "Cannot connect") {
		t.Fatalf("the program never drew the connection error:\n%q", out.String())
	}
	return out.String()
}

// TestNoColorOutput runs the program twice: with colour the output has colour codes
// (so the check can see them), with NO_COLOR it has none, though it keeps bold.
func TestNoColorOutput(t *testing.T) {
	if codes := colourCodes(runProgram(t, nil)); len(codes) == 0 {
		t.Fatal("the coloured run has no colour codes; the check below would prove nothing")
	}
	out := runProgram(t, []string{"NO_COLOR=yes"})
	if codes := colourCodes(out); len(codes) > 0 {
		t.Errorf("NO_COLOR output has colour codes: %q", codes[:min(len(codes), 5)])
	}
	if len(sgrMatching(out, func(n int) bool { return n == 1 })) == 0 {
		t.Error("NO_COLOR output lost bold too")
	}
}
