package sanitize

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"
)

// TestFramesInAnEmulator draws every hostile text, sanitized and framed, into a
// terminal emulator and checks that each row's right border sits in the column our
// width count put it in, and that the emulator holds exactly the text we wrote: nothing
// was taken as a control, nothing moved the cursor, nothing was swallowed.
func TestFramesInAnEmulator(t *testing.T) {
	for _, h := range hostile {
		t.Run(h.Name, func(t *testing.T) {
			for _, row := range framedRows(h.Text) {
				if got, col := emulate(row); got != row || col != frameWidth {
					t.Errorf("row %q\nemulator holds %q, cursor at column %d, want %d", row, got, col, frameWidth)
				}
				// The emulator counts clusters, like ansi.StringWidth; a terminal that
				// counts code points must put the border in the same column.
				if w := ansi.StringWidthWc(row); w != frameWidth {
					t.Errorf("row %q is %d cells by code point, want %d", row, w, frameWidth)
				}
			}
		})
	}
}

// emulate writes row at the top left of an emulated screen one column wider than
// the frame, and returns what the screen holds in its first frameWidth columns and
// the column the cursor ended in.
func emulate(row string) (string, int) {
	e := vt.NewEmulator(frameWidth+1, 1)
	_, _ = e.WriteString(row)
	col := e.CursorPosition().X
	var b strings.Builder
	for x := 0; x < frameWidth; {
		c := e.CellAt(x, 0)
		if c == nil {
			break
		}
		b.WriteString(c.Content)
		x += max(c.Width, 1)
	}
	if c := e.CellAt(frameWidth, 0); c != nil && strings.TrimSpace(c.Content) != "" {
		b.WriteString(c.Content) // something spilled past the border
	}
	return b.String(), col
}

// TestFramesInTmux does the same in a real terminal multiplexer, which counts cells
// per code point with the C library's wcwidth, the way most terminals do. Each row is
// followed by a # written at the column after the border: the captured row must end
// in "│#", or the text took more or fewer cells than we counted.
func TestFramesInTmux(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("tmux is required for this test (apt-get install -y tmux)")
		}
		t.Skip("tmux not installed; skipping the tmux frame test")
	}
	const height = 40
	tm := newTmux(t, frameWidth+10, height+1)
	var rows []string
	for _, h := range hostile {
		rows = append(rows, framedRows(h.Text)...)
	}
	for start := 0; start < len(rows); start += height {
		batch := rows[start:min(start+height, len(rows))]
		screen := tm.draw(batch)
		for i, row := range batch {
			if got, want := screen[i], row+"#"; got != want {
				t.Errorf("tmux drew\n%q\nwant\n%q", got, want)
			}
		}
	}
}

// tmuxServer is a private tmux server (its own socket) whose one pane runs nothing but
// sleep; the test writes straight to the pane's terminal.
type tmuxServer struct {
	t          *testing.T
	sock, tty  string
	seq, width int
}

func newTmux(t *testing.T, w, h int) *tmuxServer {
	t.Helper()
	s := &tmuxServer{t: t, sock: filepath.Join(t.TempDir(), "sock"), width: w}
	s.run("-f", "/dev/null", "new-session", "-d", "-x", fmt.Sprint(w), "-y", fmt.Sprint(h), "sleep 86400")
	t.Cleanup(func() { _ = exec.Command("tmux", "-S", s.sock, "kill-server").Run() })
	s.tty = strings.TrimSpace(s.run("display-message", "-p", "#{pane_tty}"))
	return s
}

func (s *tmuxServer) run(args ...string) string {
	s.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-S", s.sock}, args...)...).CombinedOutput()
	if err != nil {
		s.t.Fatalf("tmux %s: %v: %s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// draw clears the pane, writes each row on its own line followed by a # one column
// after the frame, and returns the captured lines once tmux has taken all of it in.
func (s *tmuxServer) draw(rows []string) []string {
	s.t.Helper()
	s.seq++
	var b strings.Builder
	b.WriteString("\x1b[H\x1b[2J")
	for i, row := range rows {
		fmt.Fprintf(&b, "\x1b[%d;1H%s\x1b[%d;%dH#", i+1, row, i+1, frameWidth+1)
	}
	done := fmt.Sprintf("done %d", s.seq)
	fmt.Fprintf(&b, "\x1b[%d;1H%s", len(rows)+1, done)
	f, err := os.OpenFile(s.tty, os.O_WRONLY, 0)
	if err != nil {
		s.t.Fatal(err)
	}
	_, err = f.WriteString(b.String())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		s.t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		screen := strings.Split(s.run("capture-pane", "-p"), "\n")
		if len(screen) > len(rows) && strings.TrimSpace(screen[len(rows)]) == done {
			return screen
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("tmux never drew %q; screen:\n%s", done, strings.Join(screen, "\n"))
		}
		time.Sleep(10 * time.Millisecond)
	}
}
