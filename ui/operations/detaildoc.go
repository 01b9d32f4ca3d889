package operations

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"charm.land/lipgloss/v2"

	"hindsight-tui/client"
	"hindsight-tui/keymap"
	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// operationDoc is everything known about one operation: the list row at once, and the
// full record (GET operation) once it arrived, which adds the completion time, child
// operations, result metadata and, on request, the task payload.
func operationDoc(r *row, e *detailEntry, loading bool, frame int, keys keymap.KeyMap, c *common.Common, now time.Time) *components.Doc {
	op := r.op
	var st *client.OperationStatus
	if e != nil && e.st != nil {
		st = e.st
	}
	status, typ := op.Status, r.typ
	if st != nil {
		status = st.Status
		if st.OperationType != "" {
			typ = sanitize.Line(st.OperationType)
		}
	}
	d := &components.Doc{}
	d.Line(func(s *styles.Styles, w int) string {
		return s.OperationStatus(status).Render(statusBadge(status, frame)) + "  " + s.Bold.Render(components.Truncate(typ, w-14))
	})
	switch {
	case e != nil && e.gone:
		d.MutedText("The server no longer has this operation (it was deleted meanwhile); the list is refreshed.")
	case e != nil && e.err != nil:
		d.StyledField("details", c.Describe(e.err), errStyle)
	case e != nil && e.stopped:
		d.MutedText("details not loaded (stopped) · " + keys.Global.Refresh.Help().Key + " loads them")
	case loading:
		d.MutedText("loading details…")
	}
	errMsg := op.ErrorMessage
	if st != nil {
		errMsg = st.ErrorMessage
	}
	d.StyledField("error", errMsg, errStyle)
	d.Field("id", op.ID)
	d.Field("document", op.DocumentID)
	d.Field("file", op.Filename)
	d.Field("mental model", op.MentalModelID)

	progress := op.Progress
	if st != nil {
		progress = st.Progress
	}
	progressSection(d, progress, now)

	d.Section("Times")
	d.Field("created", when(pick(st, func(s *client.OperationStatus) client.Time { return s.CreatedAt }, op.CreatedAt), now))
	d.Field("updated", when(pick(st, func(s *client.OperationStatus) client.Time { return s.UpdatedAt }, op.UpdatedAt), now))
	if st != nil {
		d.Field("completed", when(st.CompletedAt, now))
	}
	d.Field("next retry", when(pick(st, func(s *client.OperationStatus) client.Time { return s.NextRetryAt }, op.NextRetryAt), now))

	d.Section("Work")
	d.Field("items", strconv.Itoa(op.ItemsCount))
	retries := op.RetryCount
	if st != nil {
		retries = st.RetryCount
	}
	d.Field("retries", strconv.Itoa(retries))

	details := op.Details
	if st != nil && st.Details != nil {
		details = st.Details
	}
	if details != nil {
		d.Section("Outcome")
		d.Field("operation", details.OperationType)
		d.Field("outcome", details.Outcome)
		d.StyledField("failure", details.FailureReason, errStyle)
	}
	if st != nil {
		childSection(d, st.ChildOperations)
		if len(st.ResultMetadata) > 0 {
			d.Section("Result metadata")
			d.Text(compactJSON(st.ResultMetadata))
		}
	}
	d.Section("Task payload")
	switch {
	case st != nil && e.payload && len(st.TaskPayload) > 0:
		d.Text(compactJSON(st.TaskPayload))
	case e != nil && e.payload:
		d.MutedText("the server keeps no payload for this operation")
	default:
		d.MutedText(keys.Operations.Payload.Help().Key + " loads what the operation was asked to do")
	}
	return d
}

func errStyle(s *styles.Styles) lipgloss.Style { return s.FieldError }

// pick returns get(st) when the full record has it, else the list's value.
func pick(st *client.OperationStatus, get func(*client.OperationStatus) client.Time, fallback client.Time) client.Time {
	if st != nil {
		if t := get(st); !t.IsZero() || t.Raw != "" {
			return t
		}
	}
	return fallback
}

// progressSection shows where a running operation is.
func progressSection(d *components.Doc, p *client.OperationProgress, now time.Time) {
	if p == nil {
		return
	}
	d.Section("Progress")
	d.Field("stage", p.Stage)
	if p.Processed != nil && p.Total != nil && *p.Total > 0 {
		done, total := *p.Processed, *p.Total
		d.Field("processed", fmt.Sprintf("%d of %d · %d%%", done, total, done*100/total))
	} else if p.Processed != nil {
		d.Field("processed", strconv.Itoa(*p.Processed))
	}
	d.Field("at", when(p.At, now))
	if len(p.Detail) > 0 {
		parts := make([]string, 0, len(p.Detail))
		for _, k := range slices.Sorted(maps.Keys(p.Detail)) {
			parts = append(parts, k+"="+strconv.Itoa(p.Detail[k]))
		}
		d.Field("detail", strings.Join(parts, ", "))
	}
}

// childSection is the sub-batches of an async retain, one line each, with the error
// of a failed one under it.
func childSection(d *components.Doc, children []client.ChildOperation) {
	if len(children) == 0 {
		return
	}
	d.Section(fmt.Sprintf("Child operations (%d)", len(children)))
	for _, ch := range children {
		d.Line(func(s *styles.Styles, w int) string {
			head := fmt.Sprintf("#%d ", ch.SubBatchIndex)
			tail := "  " + common.Plural(ch.ItemsCount, "item", "items") + "  " + common.ShortID(ch.OperationID)
			return s.Muted.Render(head) + s.OperationStatus(ch.Status).Render(statusBadge(ch.Status, 0)) +
				s.Text.Render(components.Truncate(tail, max(w-len(head)-12, 0)))
		})
		if ch.ErrorMessage != "" {
			msg := sanitize.Line(components.Head(ch.ErrorMessage, errTextMax))
			d.Line(func(s *styles.Styles, w int) string {
				return "   " + s.FieldError.Render(components.Truncate(msg, w-3))
			})
		}
	}
}

// compactJSON renders free-form JSON on one line with keys in order and a space after
// every comma and colon, so that a narrow panel wraps it between values, not inside
// a date.
func compactJSON(m map[string]json.RawMessage) string {
	var b strings.Builder
	b.WriteString("{")
	for i, k := range slices.Sorted(maps.Keys(m)) {
		if i > 0 {
			b.WriteString(", ")
		}
		key, _ := json.Marshal(k)
		b.Write(key)
		b.WriteString(": ")
		dec := json.NewDecoder(bytes.NewReader(m[k]))
		dec.UseNumber()
		var v any
		if err := dec.Decode(&v); err != nil {
			b.Write(m[k])
			continue
		}
		writeJSON(&b, v)
	}
	b.WriteString("}")
	return b.String()
}

// writeJSON writes a decoded JSON value in compactJSON's spacing.
func writeJSON(b *strings.Builder, v any) {
	switch v := v.(type) {
	case map[string]any:
		b.WriteString("{")
		for i, k := range slices.Sorted(maps.Keys(v)) {
			if i > 0 {
				b.WriteString(", ")
			}
			key, _ := json.Marshal(k)
			b.Write(key)
			b.WriteString(": ")
			writeJSON(b, v[k])
		}
		b.WriteString("}")
	case []any:
		b.WriteString("[")
		for i, x := range v {
			if i > 0 {
				b.WriteString(", ")
			}
			writeJSON(b, x)
		}
		b.WriteString("]")
	default:
		out, _ := json.Marshal(v)
		b.Write(out)
	}
}

// when is a timestamp short enough for the narrow panel: the date (without the year
// when it is this year's) and time in the local zone, and how long ago. A value the
// client could not parse is shown as the server sent it.
func when(t client.Time, now time.Time) string {
	if t.IsZero() {
		return sanitize.Line(t.Raw)
	}
	local := t.In(now.Location())
	layout := "2006-01-02 15:04"
	if local.Year() == now.Year() {
		layout = "Jan 02 15:04"
	}
	return local.Format(layout) + " · " + common.RelTime(t.Time, now)
}
