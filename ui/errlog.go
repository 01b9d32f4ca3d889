package ui

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
)

// maxErrors bounds the error log; a server that fails every poll must not grow it
// without limit. The oldest entries go first.
const maxErrors = 500

// errorEntry is one failure, kept until the user clears the log.
type errorEntry struct {
	At      time.Time
	Op      string // what the user was doing: "load banks"
	Summary string // the human sentence (client.Describe)
	Method  string
	Path    string
	Status  int
	Detail  string // the server's detail, or the underlying cause
}

// request is "GET /v1/default/banks → HTTP 500", or "" when the error had no request.
func (e errorEntry) request() string {
	if e.Method == "" && e.Path == "" {
		return ""
	}
	r := strings.TrimSpace(e.Method + " " + e.Path)
	if e.Status != 0 {
		r += fmt.Sprintf(" → HTTP %d", e.Status)
	}
	return r
}

// entryFor turns an error into a log entry. Everything in it is sanitized: details
// come from the server. The client's errors never carry the API key.
func entryFor(at time.Time, op string, err error, baseURL string) errorEntry {
	e := errorEntry{At: at, Op: sanitize.Line(op)}
	if err == nil {
		return e
	}
	e.Summary = describe(err, baseURL)
	var ae *client.APIError
	var ne *client.NetworkError
	var de *client.DecodeError
	switch {
	case errors.As(err, &ae):
		e.Method, e.Path, e.Status, e.Detail = ae.Method, ae.Path, ae.StatusCode, ae.Detail
	case errors.As(err, &ne):
		e.Method, e.Path, e.Detail = ne.Method, ne.Path, ne.Kind.String()+": "+errText(ne.Err)
	case errors.As(err, &de):
		e.Method, e.Path, e.Status, e.Detail = de.Method, de.Path, de.Status, errText(de.Err)
		if de.Body != "" {
			e.Detail += "; the answer began: " + de.Body
		}
	default:
		e.Detail = err.Error()
	}
	e.Method = sanitize.Line(e.Method)
	e.Path = sanitize.Line(e.Path)
	e.Detail = sanitize.Line(e.Detail)
	return e
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// errorLog is shared by the root and the log dialog, so an error that arrives while
// the log is open shows up in it.
type errorLog struct{ entries []errorEntry }

func (l *errorLog) add(e errorEntry) {
	l.entries = append(l.entries, e)
	if n := len(l.entries); n > maxErrors {
		l.entries = append([]errorEntry(nil), l.entries[n-maxErrors:]...)
	}
}

func (l *errorLog) clear() { l.entries = nil }

func (l *errorLog) len() int { return len(l.entries) }

// errorLogDialog lists every error, newest first, with its time, what the user was
// doing, the request and the server's detail. c clears the log.
type errorLogDialog struct {
	com    *common.Common
	log    *errorLog
	w, h   int
	offset int // first visible line
}

func newErrorLogDialog(c *common.Common, log *errorLog) *errorLogDialog {
	return &errorLogDialog{com: c, log: log}
}

func (d *errorLogDialog) Init() tea.Cmd { return nil }

func (d *errorLogDialog) SetSize(w, h int) { d.w, d.h = w, h }

func (d *errorLogDialog) Help() []string {
	if d.log.len() == 0 {
		return []string{"esc close"}
	}
	return []string{"↑/↓ scroll", "c clear the log", "esc close"}
}

func (d *errorLogDialog) Update(msg tea.Msg) (common.Dialog, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		if w, ok := msg.(tea.MouseWheelMsg); ok {
			if w.Button == tea.MouseWheelUp {
				d.scroll(-3)
			} else {
				d.scroll(3)
			}
		}
		return d, nil
	}
	keys := d.com.Keys
	switch {
	case key.Matches(k, keys.List.Back, keys.Global.ErrorLog, keys.Global.Quit):
		return d, common.CloseDialog(nil)
	case k.String() == "c":
		d.offset = 0
		d.log.clear()
		return d, common.Toast("error log cleared")
	case key.Matches(k, keys.List.Down):
		d.scroll(1)
	case key.Matches(k, keys.List.Up):
		d.scroll(-1)
	case key.Matches(k, keys.List.PageDown):
		d.scroll(d.visible())
	case key.Matches(k, keys.List.PageUp):
		d.scroll(-d.visible())
	case key.Matches(k, keys.List.Top):
		d.offset = 0
	case key.Matches(k, keys.List.Bottom):
		d.scroll(1 << 30)
	}
	return d, nil
}

// boxSize is the dialog's outer size for the current screen.
func (d *errorLogDialog) boxSize() (int, int) {
	return min(d.w-4, 100), max(d.h-4, 5)
}

func (d *errorLogDialog) visible() int {
	_, h := d.boxSize()
	return max(h-2, 1)
}

func (d *errorLogDialog) scroll(n int) {
	w, _ := d.boxSize()
	total := len(d.lines(w - 4))
	d.offset = min(max(d.offset+n, 0), max(total-d.visible(), 0))
}

// lines renders every entry at inner width iw.
func (d *errorLogDialog) lines(iw int) []string {
	s := d.com.Styles
	if d.log.len() == 0 {
		return []string{"", s.Muted.Render("No errors so far.")}
	}
	var out []string
	for i := d.log.len() - 1; i >= 0; i-- {
		e := d.log.entries[i]
		head := s.Muted.Render(e.At.Format("15:04:05")) + "  " + s.Bold.Render(orDash(e.Op))
		out = append(out, head)
		if r := e.request(); r != "" {
			out = append(out, "  "+s.Info.Render(truncate(r, iw-2)))
		}
		for _, l := range wrap(upperFirst(e.Summary), iw-2) {
			out = append(out, "  "+s.Error.Render(l))
		}
		if e.Detail != "" && e.Detail != e.Summary {
			for j, l := range wrap("detail: "+e.Detail, iw-2) {
				if j == 0 {
					l = s.Label.Render("detail:") + s.Text.Render(strings.TrimPrefix(l, "detail:"))
				} else {
					l = s.Text.Render(l)
				}
				out = append(out, "  "+l)
			}
		}
		out = append(out, "")
	}
	return out[:len(out)-1] // no blank line after the last entry
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

func (d *errorLogDialog) View() string {
	s := d.com.Styles
	w, h := d.boxSize()
	if w < 10 {
		return ""
	}
	iw := w - s.Overlay.GetHorizontalFrameSize()
	lines := d.lines(iw)
	// The log may have shrunk (cleared) since the last scroll.
	off := min(d.offset, max(len(lines)-d.visible(), 0))
	end := min(off+d.visible(), len(lines))
	title := fmt.Sprintf("Error log (%d)", d.log.len())
	if off > 0 || end < len(lines) {
		title += fmt.Sprintf(" — lines %d-%d of %d", off+1, end, len(lines))
	}
	return box(s.Overlay, s.OverlayTitle, title, strings.Join(lines[off:end], "\n"), w, min(h, len(lines)+2))
}
