package components

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
)

// TagInput edits a list of tags shown as chips, completing what is typed from the
// bank's tags (GET …/tags, with counts). enter or tab turns the text into a chip (the
// highlighted completion, or the text itself), backspace in an empty box removes the
// last chip, up and down move through the completions. Recall and reflect filter with
// it.
//
// Tags are loaded per bank on first focus and kept for the session. A bank with more
// tags than one page holds is completed on the server instead, with an anchored "*text*"
// pattern per pause in typing, each answer cached.
type TagInput struct {
	c     *common.Common
	input textinput.Model
	width int // the cells View may use
	tags  []string
	bank  string
	banks map[string]*tagSource
	sel   int // highlighted completion
	seq   int // typing pauses, for server-side completion
	// Delay is the pause in typing before a server-side completion request.
	Delay time.Duration
}

// tagSource is what is known of one bank's tags.
type tagSource struct {
	first   []client.TagCount // the first page, most used first
	total   int
	loaded  bool
	loading bool
	err     error
	remote  map[string][]client.TagCount // server-side completions by pattern
	pending map[string]bool
}

// tagPageSize is how many tags the first load asks for; a bank with more completes on
// the server.
const tagPageSize = 1000

// completionMax is how many completions are offered at once.
const completionMax = 8

// tagsLoadedMsg answers a tags request; owner, bank and pattern say where it belongs.
// Answers are cached, never stale: a late one still fills the cache.
type tagsLoadedMsg struct {
	owner   *TagInput
	bank    string
	pattern string // "" for the first page
	items   []client.TagCount
	total   int
	err     error
}

// tagPauseMsg fires when typing pauses, for server-side completion.
type tagPauseMsg struct {
	owner *TagInput
	seq   int
}

// NewTagInput returns an empty tag input.
func NewTagInput(c *common.Common) *TagInput {
	t := &TagInput{c: c, banks: map[string]*tagSource{}, Delay: 200 * time.Millisecond}
	t.input = NewInput(c.Styles, "", "add tag")
	t.SetWidth(40)
	return t
}

// SetBank says whose tags complete; what was loaded for other banks is kept.
func (t *TagInput) SetBank(bankID string) { t.bank = bankID }

// Tags returns the chips, in the order they were added.
func (t *TagInput) Tags() []string { return slices.Clone(t.tags) }

// SetTags replaces the chips (duplicates and empty tags are dropped) and clears the
// text.
func (t *TagInput) SetTags(tags []string) {
	t.tags = nil
	for _, tag := range tags {
		t.add(tag)
	}
	t.input.Reset()
	t.fit()
}

// Value returns the text typed but not yet added.
func (t *TagInput) Value() string { return t.input.Value() }

// Focused reports whether the input takes keys.
func (t *TagInput) Focused() bool { return t.input.Focused() }

// Focus starts editing and loads the bank's tags if they are not known yet.
func (t *TagInput) Focus() tea.Cmd {
	_ = t.input.Focus() // static cursor: no command
	t.input.CursorEnd()
	t.fit()
	return t.load("")
}

// Blur stops editing; text not yet added stays in the box.
func (t *TagInput) Blur() {
	t.input.Blur()
	t.fit()
}

func (t *TagInput) source() *tagSource {
	src := t.banks[t.bank]
	if src == nil {
		src = &tagSource{remote: map[string][]client.TagCount{}, pending: map[string]bool{}}
		t.banks[t.bank] = src
	}
	return src
}

// add appends tag as a chip unless it is empty or already there.
func (t *TagInput) add(tag string) bool {
	tag = strings.TrimSpace(tag)
	if tag == "" || slices.Contains(t.tags, tag) {
		return false
	}
	t.tags = append(t.tags, tag)
	return true
}

// Remove drops a chip.
func (t *TagInput) Remove(tag string) {
	t.tags = slices.DeleteFunc(t.tags, func(s string) bool { return s == tag })
	t.fit()
}

// HandleKey takes a key while focused. handled is false for keys the input leaves to
// its owner: enter and tab with nothing typed, and everything while blurred. changed
// reports that the chips changed.
func (t *TagInput) HandleKey(k tea.KeyPressMsg) (handled, changed bool, cmd tea.Cmd) {
	if !t.input.Focused() {
		return false, false, nil
	}
	defer t.fit()
	text := t.input.Value()
	switch k.String() {
	case "shift+tab", "esc":
		return false, false, nil
	case "enter", "tab":
		if strings.TrimSpace(text) == "" {
			return false, false, nil
		}
		changed = t.add(t.pick())
		t.input.Reset()
		t.sel = 0
		return true, changed, nil
	case "backspace":
		if text == "" {
			if n := len(t.tags); n > 0 {
				t.tags = t.tags[:n-1]
				return true, true, nil
			}
			return true, false, nil
		}
	case "up", "ctrl+p":
		t.sel = max(t.sel-1, 0)
		return true, false, nil
	case "down", "ctrl+n":
		t.sel = min(t.sel+1, max(len(t.Completions())-1, 0))
		return true, false, nil
	}
	t.input, cmd = t.input.Update(k)
	if t.input.Value() != text {
		t.sel = 0
		cmd = tea.Batch(cmd, t.typed())
	}
	return true, false, cmd
}

// Paste inserts pasted text into the box.
func (t *TagInput) Paste(msg tea.PasteMsg) tea.Cmd {
	if !t.input.Focused() {
		return nil
	}
	var cmd tea.Cmd
	t.input, cmd = t.input.Update(msg)
	t.fit()
	return tea.Batch(cmd, t.typed())
}

// pick is what enter adds: the text when it names a known tag exactly (tags are
// case-sensitive), else the highlighted completion, else the text as typed.
func (t *TagInput) pick() string {
	text := strings.TrimSpace(t.input.Value())
	comps := t.Completions()
	for _, c := range comps {
		if c.Tag == text {
			return text
		}
	}
	if t.sel < len(comps) {
		return comps[t.sel].Tag
	}
	return text
}

// Update takes the input's own messages (loaded tags, typing pauses); keys go through
// HandleKey. The owner check tells two inputs of one pane apart.
func (t *TagInput) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tagsLoadedMsg:
		if msg.owner == t && t.loaded(msg) && msg.err != nil && !client.IsCanceled(msg.err) {
			return logError("load tags", msg.err)
		}
	case tagPauseMsg:
		if msg.owner == t && msg.seq == t.seq {
			return t.load(t.pattern())
		}
	}
	return nil
}

// Selected returns the index of the highlighted completion.
func (t *TagInput) Selected() int { return t.sel }

// Loading reports whether the bank's tags are being fetched.
func (t *TagInput) Loading() bool {
	src := t.banks[t.bank]
	return src != nil && (src.loading || len(src.pending) > 0)
}

// Err is the last failure to load the bank's tags (nil when none).
func (t *TagInput) Err() error {
	if src := t.banks[t.bank]; src != nil {
		return src.err
	}
	return nil
}

// Known returns the bank's tags loaded so far, most used first.
func (t *TagInput) Known() []client.TagCount {
	if src := t.banks[t.bank]; src != nil {
		return src.first
	}
	return nil
}

// Completions are the tags that match the typed text (case-insensitively, those that
// start with it first, then by use), without the chips already added. With nothing
// typed they are the most used tags.
func (t *TagInput) Completions() []client.TagCount {
	src := t.banks[t.bank]
	if src == nil {
		return nil
	}
	text := strings.ToLower(strings.TrimSpace(t.input.Value()))
	pool := src.first
	if r, ok := src.remote[t.pattern()]; ok && src.total > len(src.first) && text != "" {
		pool = r
	}
	var starts, contains []client.TagCount
	for _, tc := range pool {
		if slices.Contains(t.tags, tc.Tag) {
			continue
		}
		low := strings.ToLower(tc.Tag)
		switch {
		case strings.HasPrefix(low, text):
			starts = append(starts, tc)
		case strings.Contains(low, text):
			contains = append(contains, tc)
		}
		if len(starts) >= completionMax {
			break
		}
	}
	out := append(starts, contains...)
	return out[:min(len(out), completionMax)]
}

// SetWidth gives the chips and the box the cells they may use.
func (t *TagInput) SetWidth(width int) {
	t.width = max(width, 1)
	t.fit()
}

// SetStyles restyles the box for a new theme.
func (t *TagInput) SetStyles(st *styles.Styles) { t.input.SetStyles(InputStyles(st)) }

// boxWidth is the width of the text box: none while blurred and empty, else room for
// the text and the cursor, at most half the width.
func (t *TagInput) boxWidth() int {
	if !t.input.Focused() && t.input.Value() == "" {
		return 0
	}
	return max(min(ansi.StringWidth(t.input.Value())+2, t.width/2), min(10, t.width))
}

// fit sizes the text box for what is typed, after every change.
func (t *TagInput) fit() {
	if w := t.boxWidth(); w > 0 {
		if iw := max(w-1, 1); iw != t.input.Width() {
			t.input.SetWidth(iw)
			t.input.SetCursor(t.input.Position())
		}
	}
}

// View draws the chips and the box on one line of at most the width (not padded, so
// it can sit inside a line of other things). When they do not fit, the oldest chips
// give way to a "+n" count: the newest chip and the text being typed matter most.
func (t *TagInput) View() string {
	st, width := t.c.Styles, t.width
	chipStyle := st.Chip
	if t.input.Focused() {
		chipStyle = st.ChipActive
	}
	inputW := t.boxWidth()
	room := width - inputW
	var chips []string
	used, hidden := 0, 0
	for i := len(t.tags) - 1; i >= 0; i-- {
		c := chipStyle.Render(" " + sanitize.Line(t.tags[i]) + " ")
		cw := ansi.StringWidth(c) + 1
		if used+cw > room-4 && len(chips) > 0 {
			hidden = i + 1
			break
		}
		chips = append([]string{c}, chips...)
		used += cw
	}
	line := strings.Join(chips, " ")
	if hidden > 0 {
		line = st.Muted.Render("+"+strconv.Itoa(hidden)) + " " + line
	}
	if inputW > 0 {
		if line != "" {
			line += " "
		}
		line += t.input.View()
	}
	if line == "" {
		line = st.Muted.Render("none")
	}
	return Truncate(line, width)
}

// CompletionLines draws up to maxLines lines under the input: the completions with
// their counts (the highlighted one marked), or why there are none.
func (t *TagInput) CompletionLines(width, maxLines int) []string {
	st := t.c.Styles
	if maxLines <= 0 || width <= 0 {
		return nil
	}
	comps := t.Completions()
	var out []string
	for i, c := range comps {
		if len(out) == maxLines {
			break
		}
		count := st.Muted.Render(strconv.Itoa(c.Count))
		name := sanitize.Line(c.Tag)
		mark, style := "  ", st.Text
		if i == t.sel {
			mark, style = "› ", st.Accent
		}
		out = append(out, Spread(mark+style.Render(name), count, width))
	}
	if len(out) > 0 {
		return out
	}
	switch {
	case t.Loading():
		return []string{Fit(st.Muted.Render("loading tags…"), width)}
	case t.Err() != nil:
		return []string{Fit(st.Error.Render(Truncate("✗ tags: "+t.c.Describe(t.Err()), width)), width)}
	case t.input.Value() != "":
		return []string{Fit(st.Muted.Render("no tag like this; enter adds it as typed"), width)}
	case len(t.Known()) == 0 && t.banks[t.bank] != nil && t.banks[t.bank].loaded:
		return []string{Fit(st.Muted.Render("this bank has no tags"), width)}
	}
	return nil
}
