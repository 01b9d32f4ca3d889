package ui

import (
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/layout"
)

// connectionView fills the body while there is no working connection: a spinner while
// the check runs, then, if it failed, what went wrong in words, the request, and how
// to retry. Its first lines are stable text that scripts wait for: "Connecting to
// <url>" and "Cannot connect to Hindsight".
func (m Model) connectionView(r layout.Rect) string {
	s := m.com.Styles
	iw := max(min(r.W-6, 90), 10) // inside the border and a margin; long lines read badly
	url := sanitize.Line(m.opts.ServerURL)
	var lines []string
	add := func(ls ...string) { lines = append(lines, ls...) }
	title := "Connecting"
	switch m.conn.phase {
	case phaseConnecting:
		frames := loading().Frames
		add(s.Accent.Render(strings.TrimSpace(frames[m.spinFrame%len(frames)])) + s.Bold.Render(" Connecting to "+url+" …"))
		add("")
		for _, l := range wrap("Checking the server version and the API key"+timeoutNote(m.com.Timeout)+".", iw) {
			add(s.Muted.Render(l))
		}
		if waited := m.com.Now().Sub(m.conn.started); !m.conn.started.IsZero() && waited >= 2*time.Second {
			for _, l := range wrap(fmt.Sprintf("Still waiting for an answer to %s: %s so far.", m.conn.waiting, waited.Truncate(time.Second)), iw) {
				add(s.Muted.Render(l))
			}
		}
	case phaseFailed:
		title = "Not connected"
		add(s.Error.Render("✗ Cannot connect to Hindsight"))
		add("")
		why := describe(m.conn.err, m.opts.ServerURL)
		if !isRequestError(m.conn.err) {
			why += "; press r to try again."
		}
		for _, l := range wrap(upperFirst(why), iw) {
			add(s.Text.Render(l))
		}
		add("")
		e := entryFor(m.com.Now(), m.conn.op, m.conn.err, m.opts.ServerURL)
		label := func(k, v string) {
			for i, l := range wrap(v, max(iw-10, 10)) {
				if i > 0 {
					k = ""
				}
				add(s.Label.Render(fmt.Sprintf("%-10s", k)) + s.Text.Render(l))
			}
		}
		if req := e.request(); req != "" {
			label("Request", req)
		}
		if req := e.request(); req != "" && e.Detail != "" && e.Detail != e.Summary {
			label("Detail", e.Detail)
		}
		server := url
		if server == "" {
			server = "unknown: the settings could not be read"
		}
		if m.opts.URLSource != "" {
			server += " (" + m.opts.URLSource + ")"
		}
		label("Server", server)
		if !m.opts.Demo {
			label("API key", keyNote(m.opts.KeySet))
		}
	}
	top := max((r.H-2-len(lines))/3, 0)
	var sb strings.Builder
	for range top {
		sb.WriteByte('\n')
	}
	for i, l := range lines {
		if i > 0 {
			sb.WriteByte('\n')
		}
		sb.WriteString("  " + l)
	}
	return box(s.PaneFocused, s.PaneTitleOn, title, sb.String(), r.W, r.H)
}

func timeoutNote(d time.Duration) string {
	if d <= 0 {
		return ""
	}
	return " (timeout " + d.String() + ")"
}

func keyNote(set bool) string {
	if set {
		return "set (not shown)"
	}
	return "not set"
}

// describe is the one-sentence explanation of err: client.Describe's words for a
// request that failed, the error's own text for anything else.
func describe(err error, baseURL string) string {
	if err == nil {
		return ""
	}
	if isRequestError(err) {
		return sanitize.Line(client.Describe(err, baseURL))
	}
	return sanitize.Line(err.Error())
}

// isRequestError reports an error from a request to the server (as opposed to, say,
// the user cancelling).
func isRequestError(err error) bool {
	var ae *client.APIError
	var ne *client.NetworkError
	var de *client.DecodeError
	return errors.As(err, &ae) || errors.As(err, &ne) || errors.As(err, &de)
}

// upperFirst starts a sentence with a capital letter.
func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
