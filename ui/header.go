package ui

import (
	"net/url"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/sanitize"
)

// headerLevels is how many ever shorter forms the header has before the last one,
// which cuts the bank's name to keep the rest.
const headerLevels = 8

// headerView is one line: the app and its badges, the bank, the connection (the
// server's version once connected), the profile and the server. When it does not fit,
// the least needed words go first: where the URL came from, the key note, the URL's
// scheme and path, the word Hindsight, the app's name, the labels; the host and the
// profile stay, and last of all the bank's name is cut.
func (m Model) headerView() string {
	w := m.lay.Width
	for level := range headerLevels {
		if line := m.headerLine(level, 0); ansi.StringWidth(line) <= w {
			return fit(line, w)
		}
	}
	return fit(truncate(m.headerLine(headerLevels, w), w), w)
}

// headerLine is the header at a level of shortening; at the last level the bank's name
// is cut so that the line is at most width cells.
func (m Model) headerLine(level, width int) string {
	s := m.com.Styles
	sep := s.Subtle.Render(" │ ")
	labels := level <= 6
	label := func(l string) string {
		if !labels {
			return ""
		}
		return s.HeaderKey.Render(l + " ")
	}

	var segs []string
	app := ""
	if level <= 5 {
		app = s.Accent.Render("hindsight-tui")
	}
	var badges []string
	if m.opts.Demo {
		badges = append(badges, s.BadgeDemo.Render("DEMO"))
	}
	if m.opts.ReadOnly {
		badges = append(badges, s.BadgeRO.Render("READ-ONLY"))
	}
	if app = strings.TrimSpace(strings.Join(append([]string{app}, badges...), " ")); app != "" {
		segs = append(segs, app)
	}

	var status string
	switch m.conn.phase {
	case phaseConnecting:
		status = s.Muted.Render("connecting…")
	case phaseFailed:
		status = s.Error.Render("not connected")
	default:
		v := "?"
		if m.com.Version != nil {
			v = sanitize.Line(m.com.Version.APIVersion)
		}
		if level <= 4 {
			status = s.HeaderKey.Render("Hindsight ") + s.Header.Render(v)
		} else {
			status = s.Header.Render("v" + v)
		}
	}
	profile := ""
	if p := sanitize.Line(m.opts.Profile); p != "" {
		profile = label("profile") + s.HeaderValue.Render(p)
	}
	tail := []string{status}
	if profile != "" {
		tail = append(tail, profile)
	}
	tail = append(tail, m.headerServer(level))

	bank := s.Muted.Render("none")
	if b := sanitize.Line(m.bank); b != "" {
		if level >= headerLevels {
			rest := ansi.StringWidth(" " + strings.Join(append(segs, append([]string{""}, tail...)...), " │ "))
			b = truncate(b, max(width-rest-ansi.StringWidth(label("bank")), 1))
		}
		bank = s.HeaderValue.Render(b)
	}
	segs = append(segs, label("bank")+bank)
	return " " + strings.Join(append(segs, tail...), sep)
}

// headerServer is the server part of the header at a level of shortening: the URL
// with where it came from and whether a key is set, then the URL alone, then its host.
func (m Model) headerServer(level int) string {
	s := m.com.Styles
	u := sanitize.Line(m.opts.ServerURL)
	switch {
	case u == "":
		u = "unknown" // a profile that could not be read
	case level >= 4:
		u = hostOf(u)
	}
	out := s.Header.Render(u)
	if level <= 2 {
		out = s.HeaderKey.Render("server ") + out
	}
	if level > 1 {
		return out
	}
	source := m.urlSource(level == 0)
	if !m.opts.Demo {
		key := "no API key"
		if m.opts.KeySet {
			key = "API key set"
		}
		source = strings.TrimPrefix(source+", "+key, ", ")
	}
	if source != "" {
		out += s.Muted.Render(" (" + source + ")")
	}
	return out
}

// urlSource is where the URL came from, for the header. The profile has its own place
// there, so a profile's source is its file (full) or nothing (short); a config file's
// short form leaves out the path.
func (m Model) urlSource(full bool) string {
	src := sanitize.Line(m.opts.URLSource)
	if p := sanitize.Line(m.opts.Profile); p != "" {
		if path, ok := strings.CutPrefix(src, "profile "+p+" ("); ok && full {
			return strings.TrimSuffix(path, ")")
		} else if ok {
			return ""
		}
	}
	if !full && strings.HasPrefix(src, "config file ") {
		return "config file"
	}
	return src
}

// hostOf is the host (and port) of a server URL, or the URL when it has none.
func hostOf(raw string) string {
	if u, err := url.Parse(raw); err == nil && u.Host != "" {
		return u.Host
	}
	return raw
}
