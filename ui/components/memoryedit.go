package components

import (
	"context"
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
)

// editValues are the curated fields of a memory as the edit form shows them.
type editValues struct {
	text, context, start, end, typ, entities string
}

// editLabels are the form's field labels, in form order.
func editLabels() []string {
	return []string{"Text", "Context", "Occurred start (2024-01-15 10:30 or RFC 3339)", "Occurred end (2024-01-15 10:30 or RFC 3339)",
		"Fact type (world/experience)", "Entities (comma-separated)"}
}

// valuesOf returns a memory's curated fields.
func valuesOf(mem *client.Memory) editValues {
	ts := func(t client.Time) string {
		if t.IsZero() {
			return ""
		}
		return t.UTC().Format(time.RFC3339)
	}
	return editValues{text: mem.Text, context: mem.Context, start: ts(mem.OccurredStart), end: ts(mem.OccurredEnd),
		typ: mem.FactType, entities: strings.Join(mem.Entities, ", ")}
}

func (v editValues) list() [6]string {
	return [6]string{v.text, v.context, v.start, v.end, v.typ, v.entities}
}

// SplitList splits a comma-separated list (entities, tags typed as text), dropping
// blanks.
func SplitList(s string) []string {
	out := []string{}
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// updateFor is the PATCH that turns before into after: only changed fields are sent,
// dates as the shared parser reads them (now is the clock, for "now"). It returns an
// Invalid when a value cannot be sent.
func updateFor(before, after editValues, now time.Time) (client.UpdateMemoryRequest, error) {
	var u client.UpdateMemoryRequest
	bad := Invalid{}
	if after.text != before.text {
		if strings.TrimSpace(after.text) == "" {
			bad["text"] = "text cannot be empty"
		}
		u.Text = client.Ptr(after.text)
	}
	if after.context != before.context {
		u.Context = client.Ptr(after.context)
	}
	for _, d := range []struct {
		name, b, a string
		dst        **string
	}{{"occurred_start", before.start, after.start, &u.OccurredStart}, {"occurred_end", before.end, after.end, &u.OccurredEnd}} {
		if d.a == d.b {
			continue
		}
		sent := strings.TrimSpace(d.a)
		if sent != "" {
			var err error
			if sent, _, err = common.ParseWhen(sent, now); err != nil {
				bad[d.name] = err.Error()
			}
		}
		*d.dst = client.Ptr(sent)
	}
	if after.typ != before.typ {
		if after.typ != client.FactWorld && after.typ != client.FactExperience {
			bad["fact_type"] = "world or experience"
		}
		u.FactType = client.Ptr(after.typ)
	}
	if strings.Join(SplitList(after.entities), ",") != strings.Join(SplitList(before.entities), ",") {
		ents := SplitList(after.entities)
		u.Entities = &ents
	}
	if len(bad) > 0 {
		return u, bad
	}
	if u == (client.UpdateMemoryRequest{}) {
		return u, Invalid{"text": "nothing changed"}
	}
	return u, nil
}

// textRows is the most rows the edit form's text grows to.
const textRows = 8

// diffLines is the before/after preview of the changed fields: "- " and "+ " lines
// per field; the text shows only the words that changed, with a little context. A
// line break shows as ↵, so a change that only adds or removes one is seen.
func diffLines(before, after editValues) []string {
	var out []string
	b, a := before.list(), after.list()
	names := [...]string{"text", "context", "occurred start", "occurred end", "fact type", "entities"}
	for i := range b {
		if b[i] == a[i] {
			continue
		}
		old, nw := wordDiff(oneLine(b[i]), oneLine(a[i]))
		out = append(out, names[i]+":", "- "+old, "+ "+nw)
	}
	return out
}

// oneLine is s for the one-line preview: each line break a word of its own (↵).
func oneLine(s string) string {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
	return sanitize.Line(strings.ReplaceAll(s, "\n", " ↵ "))
}

// wordDiff trims the words before and after share at both ends, keeping one word of
// context on each side, and marks the cut with an ellipsis.
func wordDiff(before, after string) (string, string) {
	bw, aw := strings.Fields(before), strings.Fields(after)
	p := 0
	for p < len(bw) && p < len(aw) && bw[p] == aw[p] {
		p++
	}
	s := 0
	for s < len(bw)-p && s < len(aw)-p && bw[len(bw)-1-s] == aw[len(aw)-1-s] {
		s++
	}
	cut := func(w []string) string {
		from, to := max(p-1, 0), min(len(w)-s+1, len(w))
		out := strings.Join(w[from:to], " ")
		if from > 0 {
			out = Ellipsis + " " + out
		}
		if to < len(w) {
			out += " " + Ellipsis
		}
		if out == "" {
			out = "(empty)"
		}
		return out
	}
	return cut(bw), cut(aw)
}

// EditMemory opens the edit form for mem of bank, the one edit flow of every place a
// memory is shown: submitting shows the before/after preview, and only confirming it
// sends the PATCH. Observations are not edited (consolidation writes them): the caller
// says so instead of calling this. On success the owner of the form hears a
// common.MemoryChangedMsg (a broadcast, so every pane showing the memory hears it too).
func EditMemory(c *common.Common, bank string, mem *client.Memory) tea.Cmd {
	if mem == nil || c.ReadOnly || mem.FactType == client.FactObservation {
		return nil
	}
	before := valuesOf(mem)
	// The text is several lines in an editor, which keeps it exactly as stored (it
	// draws control characters as visible stand-ins), so an untouched text is not
	// sent back changed; the other fields are one line each.
	text := NewEditorField(c, editLabels()[0], "", textRows, "text")
	text.SetValue(before.text)
	fields := []interface {
		Field
		Value() string
	}{text}
	names := [...]string{"text", "context", "occurred_start", "occurred_end", "fact_type", "entities"}
	vals := before.list()
	for i, l := range editLabels()[1:] {
		f := NewTextField(c, l, "", names[i+1])
		f.SetValue(sanitize.Text(vals[i+1]))
		fields = append(fields, f)
	}
	name := common.ItemName(mem.Text, mem.ID)
	submit := func() (Request, error) {
		after := editValues{fields[0].Value(), fields[1].Value(), fields[2].Value(), fields[3].Value(),
			strings.TrimSpace(fields[4].Value()), fields[5].Value()}
		u, err := updateFor(before, after, c.Now())
		if err != nil {
			return nil, err
		}
		confirm := saveConfirm(c, bank, mem.ID, name, u, diffLines(before, after))
		return func(context.Context) (tea.Cmd, error) { return common.OpenDialog(confirm), nil }, nil
	}
	ff := make([]Field, len(fields))
	for i, f := range fields {
		ff[i] = f
	}
	return common.OpenDialog(NewForm(c, "Edit memory", "edit memory", "preview", submit, ff...))
}

// saveConfirm is the preview of an edit: the changed fields before and after, and the
// memory they belong to; confirming sends the PATCH.
func saveConfirm(c *common.Common, bank, id, name string, u client.UpdateMemoryRequest, diff []string) *Confirm {
	cl := c.Client
	req := func(ctx context.Context) (tea.Cmd, error) {
		if _, err := cl.UpdateMemory(ctx, bank, id, u); err != nil {
			return nil, fmt.Errorf("update memory %s: %w", id, err)
		}
		return tea.Batch(written(bank, id, common.MemoryEdited), common.Toast("saved "+name)), nil
	}
	msg := "Save these changes to " + name + "?\n" + strings.Join(diff, "\n")
	return NewConfirm(c, "Save changes?", msg, "", "edit memory", "save", req)
}

// InvalidateReason is the reason sent when the user gives none.
const InvalidateReason = "invalidated in hindsight-tui"

// SetMemoryState asks before invalidating (with an optional reason, stored with the
// memory) or restoring mem, naming it by its first line and id; confirming sends the
// PATCH, and the owner hears a common.MemoryChangedMsg.
func SetMemoryState(c *common.Common, bank string, mem *client.Memory, invalidate bool) tea.Cmd {
	if mem == nil || c.ReadOnly {
		return nil
	}
	id, name, cl := mem.ID, common.ItemName(mem.Text, mem.ID), c.Client
	verb, title, change := "restore", "Restore memory", common.MemoryRestored
	if invalidate {
		verb, title, change = "invalidate", "Invalidate memory", common.MemoryInvalidated
	}
	var d *Confirm
	req := func(ctx context.Context) (tea.Cmd, error) {
		u := client.UpdateMemoryRequest{State: client.Ptr("valid")}
		if invalidate {
			reason := strings.TrimSpace(d.Typed())
			if reason == "" {
				reason = InvalidateReason
			}
			u = client.UpdateMemoryRequest{State: client.Ptr("invalidated"), Reason: client.Ptr(reason)}
		}
		if _, err := cl.UpdateMemory(ctx, bank, id, u); err != nil {
			return nil, fmt.Errorf("%s memory %s: %w", verb, id, err)
		}
		return tea.Batch(written(bank, id, change), common.Toast(verb+"d "+name)), nil
	}
	if invalidate {
		msg := "invalidate " + name + "? Invalidated memories leave recall until restored. The reason is stored with the memory."
		d = NewConfirm(c, title, msg, "", verb+" memory", verb, req).WithNote("reason (optional), e.g. the user corrected this")
	} else {
		d = NewConfirm(c, title, "restore "+name+"? It comes back into recall.", "", verb+" memory", verb, req)
	}
	return common.OpenDialog(d)
}

// memoryWrittenMsg tells the dialog that opened a write (an inspector) that it was
// saved, so it shows the memory as it is now.
type memoryWrittenMsg struct{ id string }

// written announces a saved write: to whoever opened it, and to every pane.
func written(bank, id string, change common.MemoryChange) tea.Cmd {
	return tea.Batch(common.Emit(memoryWrittenMsg{id: id}),
		common.Emit(common.MemoryChangedMsg{BankID: bank, IDs: []string{id}, Change: change}))
}
