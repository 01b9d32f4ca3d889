package retain

import (
	"fmt"
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// batchPreviewItems is how many items the preview shows.
const batchPreviewItems = 4

// batchDialog retains a file of items as one request. It reads the file as it opens
// (in Init) and shows a preview: the count, the first items and every problem, with
// the async switch. Nothing is sent while an item has a problem; sending hands the
// request to the pane as the dialog closes, and the pane shows its progress. The path
// is asked for first, by a batchPathDialog; a file that cannot be read goes back there
// with the reason, and so does backspace, for another file.
type batchDialog struct {
	c     *common.Common
	bank  string
	path  string
	async bool

	loaded   bool   // the file was read and parsed
	name     string // the file's base name
	items    []client.MemoryItem
	problems []itemProblem

	width, height int
}

// batchLoadedMsg is the batch file, read and parsed.
type batchLoadedMsg struct {
	name     string
	items    []client.MemoryItem
	problems []itemProblem
	async    *bool
	err      error
}

// Messages between the pane and its two batch dialogs, each handed over as a dialog
// closes: the path chosen, a request for the path (again), a checked batch to send.
type (
	readBatchMsg struct {
		bank, path string
		async      bool
	}
	askBatchMsg struct {
		bank, path string
		async      bool
		err        string // why the last file could not be used
	}
	submitBatchMsg struct {
		bank string
		name string
		req  client.RetainRequest
	}
)

func newBatchDialog(c *common.Common, bank, path string, async bool) *batchDialog {
	return &batchDialog{c: c, bank: bank, path: path, async: async}
}

// Init implements common.Dialog: the file is read and checked in a command.
func (d *batchDialog) Init() tea.Cmd {
	path := d.path
	return func() tea.Msg {
		text, err := readText(path)
		if err != nil {
			return batchLoadedMsg{err: err}
		}
		items, problems, async, err := parseBatch([]byte(text))
		return batchLoadedMsg{name: filepath.Base(expandPath(path)), items: items, problems: problems, async: async, err: err}
	}
}

// SetSize implements common.Dialog.
func (d *batchDialog) SetSize(w, h int) { d.width, d.height = w, h }

// Help implements common.Dialog.
func (d *batchDialog) Help() []string {
	if !d.loaded {
		return []string{"esc cancel"}
	}
	h := []string{}
	if len(d.problems) == 0 && len(d.conflicts()) == 0 {
		h = append(h, "enter retain "+common.Plural(len(d.items), "item", "items"))
	}
	return append(h, "space async", "backspace other file", "esc cancel")
}

// Update implements common.Dialog.
func (d *batchDialog) Update(msg tea.Msg) (common.Dialog, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return d, d.key(msg)
	case batchLoadedMsg:
		if msg.err != nil {
			return d, common.CloseDialog(common.Emit(askBatchMsg{bank: d.bank, path: d.path, async: d.async,
				err: sanitize.Line(msg.err.Error())}))
		}
		d.loaded = true
		d.name, d.items, d.problems = msg.name, msg.items, msg.problems
		if msg.async != nil {
			d.async = *msg.async
		}
	}
	return d, nil
}

func (d *batchDialog) key(k tea.KeyPressMsg) tea.Cmd {
	if key.Matches(k, d.c.Keys.Form.Cancel) {
		return common.CloseDialog(nil)
	}
	if !d.loaded {
		return nil
	}
	switch k.String() {
	case "space", "a":
		d.async = !d.async
	case "backspace":
		return common.CloseDialog(common.Emit(askBatchMsg{bank: d.bank, path: d.path, async: d.async}))
	case "enter", "ctrl+s":
		if len(d.problems) > 0 || len(d.conflicts()) > 0 {
			return nil
		}
		req := client.RetainRequest{Items: d.items, Async: d.async}
		return common.CloseDialog(common.Emit(submitBatchMsg{bank: d.bank, name: d.name, req: req}))
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

// batchWidth is the width of the batch dialogs' text on a screen width wide.
func batchWidth(width int) int { return min(max(width-8, 20), 76) }

// View implements common.Dialog.
func (d *batchDialog) View() string {
	st := d.c.Styles
	w := batchWidth(d.width)
	lines := []string{components.Fit(st.OverlayTitle.Render("Retain a batch from a file"), w), ""}
	if !d.loaded {
		lines = append(lines, components.Fit(st.Muted.Render(components.Truncate("reading "+sanitize.Line(d.path)+"…", w)), w))
	} else {
		room := 1 << 20
		if d.height > 0 {
			// The box's frame, the title and the help with their blank lines.
			room = d.height - st.Overlay.GetVerticalFrameSize() - 4
		}
		lines = append(lines, d.preview(st, w, room)...)
	}
	return batchBox(st, w, d.height, lines, d.Help())
}

// batchBox is the batch dialogs' frame around lines, with the help under them, clipped
// to a screen height high.
func batchBox(st *styles.Styles, w, height int, lines, help []string) string {
	lines = append(lines, "", components.Fit(st.Muted.Render(components.Truncate(strings.Join(help, " · "), w)), w))
	body := strings.Join(lines, "\n")
	if height > 0 {
		body = components.Clip(body, max(height-st.Overlay.GetVerticalFrameSize(), 1))
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
	head := fmt.Sprintf("%s · %s", sanitize.Line(d.name), common.Plural(len(d.items), "item", "items"))
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
		lines = append(lines, components.Fit(st.Error.Render("✗ not sent: "+common.Plural(len(probs), "problem", "problems")), w))
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
		items = append(items, components.Fit(st.Muted.Render("… and "+common.Plural(n, "more item", "more items")), w))
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
		parts = append(parts, common.Plural(n, "metadata key", "metadata keys"))
	}
	if n := len(it.Entities); n > 0 {
		parts = append(parts, common.Plural(n, "entity", "entities"))
	}
	return sanitize.Line(strings.Join(parts, " · "))
}

// openBatch asks for the batch file to retain into the current bank.
func (m *Model) openBatch() tea.Cmd {
	st := m.cur
	if st == nil || m.c.ReadOnly {
		return nil
	}
	if st.sub.running() {
		return common.Toast("a retain is still under way in this bank; esc stops following it")
	}
	return common.OpenDialog(newBatchPathDialog(m.c, askBatchMsg{bank: st.bank, async: st.form.async}))
}

// askBatch asks for the batch file again: another file, or one that could not be read.
func (m *Model) askBatch(msg askBatchMsg) tea.Cmd {
	if m.banks[msg.bank] == nil || m.c.ReadOnly {
		return nil
	}
	return common.OpenDialog(newBatchPathDialog(m.c, msg))
}

// readBatch opens the preview of the chosen file, which reads it.
func (m *Model) readBatch(msg readBatchMsg) tea.Cmd {
	if m.banks[msg.bank] == nil || m.c.ReadOnly {
		return nil
	}
	return common.OpenDialog(newBatchDialog(m.c, msg.bank, msg.path, msg.async))
}

// onSubmitBatch sends a batch the preview checked.
func (m *Model) onSubmitBatch(msg submitBatchMsg) tea.Cmd {
	st := m.banks[msg.bank]
	if st == nil || m.c.ReadOnly || st.sub.running() {
		return nil
	}
	docID, phrase := checkTarget(msg.req.Items)
	sub := &submission{source: msg.name, items: len(msg.req.Items), async: msg.req.Async, docID: docID, phrase: phrase}
	return m.send(st, sub, msg.req)
}
