package ui

import (
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/config"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
)

// profileDialog is the profile switcher (C, or "Switch profile…" in the palette): the
// default entry and every Hindsight CLI profile, each with its server URL, where its
// key would come from (never the key) or why it cannot be used, and the active one
// marked. Enter hands the chosen entry to the root, which reconnects.
type profileDialog struct {
	com     *common.Common
	list    func() []config.Profile
	start   *config.Profile // stands for the default entry: what the app started with
	current config.Profile  // the entry in use (matched by name)
	entries []config.Profile
	loaded  bool
	cursor  int
	top     int
	w, h    int
}

// profilesListedMsg is the list, read off the UI goroutine.
type profilesListedMsg struct{ entries []config.Profile }

// switchProfileMsg is the entry the user chose; the root switches to it.
type switchProfileMsg struct{ to config.Profile }

func newProfileDialog(c *common.Common, list func() []config.Profile, start *config.Profile, current config.Profile) *profileDialog {
	return &profileDialog{com: c, list: list, start: start, current: current}
}

// Init reads the profile directory, which is I/O, in a command.
func (d *profileDialog) Init() tea.Cmd {
	list := d.list
	return func() tea.Msg { return profilesListedMsg{entries: list()} }
}

func (d *profileDialog) SetSize(w, h int) {
	d.w, d.h = w, h
	d.follow()
}

func (d *profileDialog) Help() []string {
	if !d.loaded || len(d.entries) == 0 {
		return []string{"esc close"}
	}
	return []string{"↑/↓ choose", "enter connect", "esc close"}
}

func (d *profileDialog) Update(msg tea.Msg) (common.Dialog, tea.Cmd) {
	switch msg := msg.(type) {
	case profilesListedMsg:
		d.entries, d.loaded = msg.entries, true
		if d.start != nil && len(d.entries) > 0 && d.entries[0].IsDefault() {
			d.entries[0] = *d.start
		}
		for i, e := range d.entries {
			if e.Name == d.current.Name {
				d.cursor = i
			}
		}
		d.follow()
	case tea.MouseWheelMsg:
		if msg.Button == tea.MouseWheelUp {
			d.move(-1)
		} else {
			d.move(1)
		}
	case tea.KeyPressMsg:
		kl, g := d.com.Keys.List, d.com.Keys.Global
		switch {
		case key.Matches(msg, kl.Back, g.Profiles, g.Quit):
			return d, common.CloseDialog(nil)
		case key.Matches(msg, kl.Open):
			if d.cursor < len(d.entries) {
				return d, common.CloseDialog(common.Emit(switchProfileMsg{to: d.entries[d.cursor]}))
			}
		case key.Matches(msg, kl.Up):
			d.move(-1)
		case key.Matches(msg, kl.Down):
			d.move(1)
		case key.Matches(msg, kl.Top):
			d.move(-len(d.entries))
		case key.Matches(msg, kl.Bottom):
			d.move(len(d.entries))
		case key.Matches(msg, kl.PageUp):
			d.move(-d.rows())
		case key.Matches(msg, kl.PageDown):
			d.move(d.rows())
		}
	}
	return d, nil
}

// rows is how many entries fit: two lines each, inside the border, below the note.
func (d *profileDialog) rows() int { return max(min(len(d.entries), (d.h-8)/2), 1) }

func (d *profileDialog) move(n int) {
	if len(d.entries) == 0 {
		return
	}
	d.cursor = min(max(d.cursor+n, 0), len(d.entries)-1)
	d.follow()
}

// follow scrolls so the cursor is in view.
func (d *profileDialog) follow() {
	d.top = max(min(d.top, d.cursor), d.cursor-d.rows()+1, 0)
}

func (d *profileDialog) View() string {
	s := d.com.Styles
	w := min(d.w-4, 96)
	iw := w - s.Overlay.GetHorizontalFrameSize()
	if iw < 20 {
		return ""
	}
	var lines []string
	switch {
	case !d.loaded:
		lines = append(lines, s.Muted.Render("Reading the profiles…"))
	case len(d.entries) == 0:
		lines = append(lines, s.Muted.Render("No profiles."))
	default:
		nameW := 7 // "default"
		for _, e := range d.entries {
			nameW = max(nameW, ansi.StringWidth(sanitize.Line(e.Name)))
		}
		nameW = min(nameW, iw/3)
		for i := d.top; i < len(d.entries) && i < d.top+d.rows(); i++ {
			lines = append(lines, d.entryLines(d.entries[i], i == d.cursor, nameW, iw)...)
		}
	}
	lines = append(lines, "", s.Muted.Render(truncate("● in use · profiles are ~/.hindsight/cli-profiles/*.toml", iw)))
	fh := s.Overlay.GetVerticalFrameSize()
	return box(s.Overlay, s.OverlayTitle, "Switch profile", strings.Join(lines, "\n"), w, len(lines)+fh)
}

// entryLines is one entry: the name and server URL, then, muted, where the URL and
// the key come from, or, in red, why the entry cannot be used.
func (d *profileDialog) entryLines(e config.Profile, selected bool, nameW, iw int) []string {
	s := d.com.Styles
	name := sanitize.Line(e.Name)
	if e.IsDefault() {
		name = "default"
	}
	mark := "  "
	if selected {
		mark = "▸ "
	}
	if e.Name == d.current.Name {
		mark += "● "
	} else {
		mark += "  "
	}
	url := sanitize.Line(e.URL)
	if e.Err != nil {
		url = "cannot be used"
	}
	first := mark + fit(truncate(name, nameW), nameW) + "  " + url
	text := s.Text
	if selected {
		text = s.Selected
	}
	indent := strings.Repeat(" ", 4+nameW+2)
	var second string
	if e.Err != nil {
		second = s.Error.Render(truncate(profileError(e), iw-len(indent)))
	} else {
		second = s.Muted.Render(truncate(profileNote(e), iw-len(indent)))
	}
	return []string{text.Render(fit(truncate(first, iw), iw)), indent + second}
}

// profileNote says where an entry's URL and key come from, never the key.
func profileNote(e config.Profile) string {
	src := sanitize.Line(e.URLSource)
	if e.Path != "" {
		src = sanitize.Line(filepath.Base(e.Path))
	}
	switch {
	case e.KeySource == "":
		return src + " · no API key"
	case e.KeySource == e.URLSource:
		return src + " · API key set"
	}
	return src + " · API key from " + sanitize.Line(e.KeySource)
}

// profileError is why an entry cannot be used, short enough for its line: the
// profile's name and directory are on screen already, so its file is named by base name.
func profileError(e config.Profile) string {
	msg := strings.TrimPrefix(e.Err.Error(), "profile "+e.Name+": ")
	if e.Path != "" {
		msg = strings.ReplaceAll(msg, e.Path, filepath.Base(e.Path))
	}
	return sanitize.Line(msg)
}

// keySourceOf says where the start-up key came from, in the words of a KeySource.
func keySourceOf(o Options) string {
	switch {
	case !o.KeySet:
		return ""
	case o.KeyOrigin.Kind == config.KeyEnv:
		return config.SourceEnvKey
	case o.KeyOrigin.Kind == config.KeyFile || o.KeyOrigin.Kind == config.KeyProfile:
		return o.URLSource
	}
	return "the start-up settings"
}
