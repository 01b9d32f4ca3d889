package retain

import (
	"fmt"
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// batchPreviewItems is how many items the preview shows.
const batchPreviewItems = 4

// batchDialog retains a file of items as one request, in two steps in one box (so no
// second dialog races the first one's closing): the path, then a preview of the count,
// the first items and every problem, with the async switch. Nothing is sent while an
// item has a problem; sending hands the request to the pane, which shows its progress.
type batchDialog struct {
	c      *common.Common
	pane   *Model
	owner  *bankState
	input  textinput.Model
	styled *styles.Styles
	seq    int
	busy   bool
	err    string

	name     string // the file's base name, once loaded
	items    []client.MemoryItem
	problems []itemProblem
	async    bool

	width, height int
	closed        bool
}

// batchLoadedMsg is a read and parsed batch file.
type batchLoadedMsg struct {
	owner    *batchDialog
	seq      int
	name     string
	items    []client.MemoryItem
	problems []itemProblem
	async    *bool
	err      error
}

// submitBatchMsg hands a checked batch to the pane.
type submitBatchMsg struct {
	pane  *Model
	owner *bankState
	name  string
	req   client.RetainRequest
}

func newBatchDialog(c *common.Common, pane *Model, owner *bankState, async bool) *batchDialog {
	d := &batchDialog{c: c, pane: pane, owner: owner, styled: c.Styles, async: async}
	d.input = components.NewInput(c.Styles, "› ", "path to a .json or .jsonl file of items")
	_ = d.input.Focus() // static cursor: no command
	return d
}

// Closed reports whether the dialog asked to close.
func (d *batchDialog) Closed() bool { return d.closed }

// loaded reports whether the preview step is shown.
func (d *batchDialog) loaded() bool { return d.items != nil }

// SetSize implements common.Dialog.
func (d *batchDialog) SetSize(w, h int) { d.width, d.height = w, h }

// Help implements common.Dialog.
func (d *batchDialog) Help() []string {
	if !d.loaded() {
		return []string{"enter read the file", "esc cancel"}
	}
	h := []string{}
	if len(d.problems) == 0 && len(d.conflicts()) == 0 {
		h = append(h, "enter retain "+plural(len(d.items), "item", "items"))
	}
	return append(h, "space async", "backspace other file", "esc cancel")
}

// Update implements common.Dialog.
func (d *batchDialog) Update(msg tea.Msg) (common.Dialog, tea.Cmd) {
	if d.closed {
		return d, nil
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return d, d.key(msg)
	case tea.PasteMsg:
		if !d.loaded() {
			d.input, _ = d.input.Update(msg)
		}
		return d, nil
	}
	return d, d.Relay(msg)
}

// Relay takes the dialog's file answer, whoever delivers it (safe to repeat).
func (d *batchDialog) Relay(msg tea.Msg) tea.Cmd {
	l, ok := msg.(batchLoadedMsg)
	if !ok || l.owner != d || l.seq != d.seq || !d.busy {
		return nil
	}
	d.busy = false
	if l.err != nil {
		d.err = sanitize.Line(l.err.Error())
		return nil
	}
	d.err = ""
	d.name, d.items, d.problems = l.name, l.items, l.problems
	if l.async != nil {
		d.async = *l.async
	}
	return nil
}

func (d *batchDialog) key(k tea.KeyPressMsg) tea.Cmd {
	keys := d.c.Keys
	if key.Matches(k, keys.Form.Cancel) {
		d.closed = true
		d.seq++
		return emit(common.CloseDialogMsg{})
	}
	if !d.loaded() {
		if k.String() == "enter" {
			return d.load()
		}
		before := d.input.Value()
		d.input, _ = d.input.Update(k)
		if d.input.Value() != before {
			d.err = ""
		}
		return nil
	}
	switch k.String() {
	case "space", "a":
		d.async = !d.async
	case "backspace":
		d.items, d.problems, d.name = nil, nil, ""
	case "enter", "ctrl+s":
		if len(d.problems) > 0 || len(d.conflicts()) > 0 {
			return nil
		}
		d.closed = true
		req := client.RetainRequest{Items: d.items, Async: d.async}
		return tea.Batch(emit(common.CloseDialogMsg{}), emit(submitBatchMsg{pane: d.pane, owner: d.owner, name: d.name, req: req}))
	}
	return nil
}

// conflicts are document_ids an async batch may not repeat.
func (d *batchDialog) conflicts() []string {
	if !d.async {
		return nil
	}
	return asyncConflicts(d.items)
}

// load reads and checks the file in a command.
func (d *batchDialog) load() tea.Cmd {
	path := strings.TrimSpace(d.input.Value())
	if path == "" {
		d.err = "type the path of a .json or .jsonl file"
		return nil
	}
	d.seq++
	d.busy = true
	owner, seq := d, d.seq
	return func() tea.Msg {
		text, err := readText(path)
		if err != nil {
			return batchLoadedMsg{owner: owner, seq: seq, err: err}
		}
		items, problems, async, err := parseBatch([]byte(text))
		return batchLoadedMsg{owner: owner, seq: seq, name: filepath.Base(expandPath(path)), items: items,
			problems: problems, async: async, err: err}
	}
}

// View implements common.Dialog.
func (d *batchDialog) View() string {
	if d.styled != d.c.Styles {
		d.styled = d.c.Styles
		d.input.SetStyles(components.InputStyles(d.c.Styles))
	}
	st := d.c.Styles
	w := min(max(d.width-8, 20), 76)
	lines := []string{components.Fit(st.OverlayTitle.Render("Retain a batch from a file"), w), ""}
	if !d.loaded() {
		lines = append(lines, components.Fit(st.Muted.Render("A JSON array of items, {\"items\": [...]}, or JSONL (one item per line);"), w),
			components.Fit(st.Muted.Render("an item has the form's fields: content, context, timestamp, tags, …"), w), "")
		if d.input.Width() != w-3 {
			d.input.SetWidth(w - 3)
		}
		lines = append(lines, components.Fit(d.input.View(), w))
		switch {
		case d.busy:
			lines = append(lines, components.Fit(st.Muted.Render("reading…"), w))
		case d.err != "":
			for _, l := range components.Wrap("✗ "+d.err, w, 3) {
				lines = append(lines, components.Fit(st.Error.Render(l), w))
			}
		}
	} else {
		room := 1 << 20
		if d.height > 0 {
			// The box's frame, the title and the help with their blank lines.
			room = d.height - st.Overlay.GetVerticalFrameSize() - 4
		}
		lines = append(lines, d.preview(st, w, room)...)
	}
	lines = append(lines, "", components.Fit(st.Muted.Render(components.Truncate(strings.Join(d.Help(), " · "), w)), w))
	body := strings.Join(lines, "\n")
	if d.height > 0 {
		body = components.Clip(body, max(d.height-st.Overlay.GetVerticalFrameSize(), 1))
	}
	return st.Overlay.Render(body)
}

// preview is the count, the problems (which must fit: they block sending) and as
// many of the first items as the room left allows; room is the lines it may use.
func (d *batchDialog) preview(st *styles.Styles, w, room int) []string {
	mode := "async: the server answers at once, the pane follows the operation"
	if !d.async {
		mode = "sync: waits while the server extracts"
	}
	head := fmt.Sprintf("%s · %s", sanitize.Line(d.name), plural(len(d.items), "item", "items"))
	lines := []string{components.Fit(st.Bold.Render(components.Truncate(head, w)), w),
		components.Fit(st.Muted.Render(components.Truncate(mode, w)), w)}
	var probs []string
	for _, p := range d.problems {
		probs = append(probs, p.String())
	}
	for _, id := range d.conflicts() {
		probs = append(probs, fmt.Sprintf("document_id %q is on more than one item: an async batch needs one per item (or switch async off)", id))
	}
	if len(probs) > 0 {
		lines = append(lines, components.Fit(st.Error.Render("✗ not sent: "+plural(len(probs), "problem", "problems")), w))
		for _, p := range probs[:min(len(probs), 6)] {
			for _, l := range components.Wrap(sanitize.Line(p), w-2, 2) {
				lines = append(lines, components.Fit("  "+st.FieldError.Render(l), w))
			}
		}
	}
	var items []string
	shown := 0
	for i, it := range d.items[:min(len(d.items), batchPreviewItems)] {
		entry := []string{components.Fit(st.Text.Render(components.Truncate(fmt.Sprintf("%d. %s", i+1, firstLine(it.Content)), w)), w)}
		if det := itemDetails(it); det != "" {
			entry = append(entry, components.Fit(st.Muted.Render(components.Truncate("   "+det, w)), w))
		}
		// One line stays free for the "and n more" note.
		if len(lines)+1+len(items)+len(entry)+1 > room && i > 0 {
			break
		}
		items = append(items, entry...)
		shown++
	}
	if n := len(d.items) - shown; n > 0 {
		items = append(items, components.Fit(st.Muted.Render("… and "+plural(n, "more item", "more items")), w))
	}
	return append(append(lines, ""), items...)
}

// firstLine is an item's content on one line.
func firstLine(s string) string {
	return sanitize.Line(components.Head(s, 400))
}

// itemDetails sums up an item's other fields.
func itemDetails(it client.MemoryItem) string {
	var parts []string
	if it.DocumentID != "" {
		parts = append(parts, "document "+it.DocumentID)
	}
	if it.UpdateMode != "" {
		parts = append(parts, it.UpdateMode)
	}
	if it.Timestamp != "" {
		parts = append(parts, "at "+it.Timestamp)
	}
	if len(it.Tags) > 0 {
		parts = append(parts, "tags "+strings.Join(it.Tags, ", "))
	}
	if n := len(it.Metadata); n > 0 {
		parts = append(parts, plural(n, "metadata key", "metadata keys"))
	}
	if n := len(it.Entities); n > 0 {
		parts = append(parts, plural(n, "entity", "entities"))
	}
	return sanitize.Line(strings.Join(parts, " · "))
}

// openBatch opens the batch dialog for the current bank.
func (m *Model) openBatch() tea.Cmd {
	st := m.cur
	if st == nil || m.c.ReadOnly {
		return nil
	}
	if st.sub.running() {
		return common.Toast("a retain is still under way in this bank; esc stops following it")
	}
	d := newBatchDialog(m.c, m, st, st.form.async)
	m.dialog.d = d
	return emit(common.OpenDialogMsg{Dialog: d})
}

// onSubmitBatch sends a batch the dialog checked.
func (m *Model) onSubmitBatch(msg submitBatchMsg) tea.Cmd {
	if msg.pane != m || !m.owns(msg.owner) || msg.owner.sub.running() {
		return nil
	}
	docID, phrase := checkTarget(msg.req.Items)
	sub := &submission{source: msg.name, items: len(msg.req.Items), async: msg.req.Async, docID: docID, phrase: phrase}
	return m.send(msg.owner, sub, msg.req)
}
