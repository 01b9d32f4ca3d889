package components

import (
	"fmt"
	"strings"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
)

// sideBySideMin is the narrowest text width at which the comparison puts the two
// extractions in columns; below it they are stacked.
const sideBySideMin = 90

// onlyMark marks a fact that only one side of a comparison found.
const onlyMark = "◆"

// notStoredReason says why a re-extracted fact has no stored memory: retain found it,
// but it was deduplicated or merged into another by entity resolution.
const notStoredReason = "not stored: deduplicated or merged by entity resolution"

// boxWidth is the text width: wide, so that two extractions fit side by side.
func (d *ExtractDialog) boxWidth() int {
	w := d.width
	if w <= 0 {
		w = 80
	}
	return max(min(w-6, 116), 20)
}

// header is the lines above the scrolled body.
func (d *ExtractDialog) header() []string {
	st, w := d.c.Styles, d.boxWidth()
	title := "Extraction preview"
	if d.chunkMode() {
		title = "Chunk re-extraction"
	}
	lines := []string{Fit(st.OverlayTitle.Render(title)+st.Muted.Render(" · "+Truncate(sanitize.Line(d.src.What), w-len(title)-3)), w)}
	lines = append(lines, Fit(st.Muted.Render(Truncate("bank "+sanitize.Line(d.src.BankID)+" · a dry run: nothing is stored", w)), w))
	for _, n := range d.src.Notes {
		for _, l := range Wrap(n, w, 2) {
			lines = append(lines, Fit(st.Subtle.Render(l), w))
		}
	}
	return append(lines, "")
}

// bodyHeight is the body lines that fit: the screen less the box's frame, the header,
// the status line, a blank line and the help.
func (d *ExtractDialog) bodyHeight() int {
	h := d.height
	if h <= 0 {
		h = 24
	}
	return max(h-2-d.c.Styles.Overlay.GetVerticalFrameSize()-len(d.header())-2-len(HelpLines(d.Help(), d.boxWidth())), 3)
}

// relayout lays the body out for the box's width and keeps the scroll in range.
func (d *ExtractDialog) relayout() {
	b := &Lines{Width: d.boxWidth()}
	switch {
	case d.current == nil:
	case d.chunkMode():
		d.chunkBody(b)
	case d.compare && d.candidate != nil:
		d.compareBody(b)
	default:
		d.previewBody(b)
	}
	d.lines = b.Out
	d.scrollBy(0)
}

// View implements common.Dialog.
func (d *ExtractDialog) View() string {
	st, w := d.c.Styles, d.boxWidth()
	lines := d.header()
	body := d.bodyHeight()
	end := min(d.scroll+body, len(d.lines))
	lines = append(lines, d.lines[d.scroll:end]...)
	status := ""
	switch {
	case d.busy != "":
		spin := d.spin
		spin.Style = st.Accent
		status = spin.View() + " " + st.Muted.Render(Truncate(d.busy+"…", w-2))
	case d.err != nil:
		status = st.Error.Render(Truncate("✗ "+d.errWhat+": "+d.c.Describe(d.err), w))
	case len(d.lines) > body:
		status = st.Subtle.Render(fmt.Sprintf("%d–%d of %d lines", d.scroll+1, end, len(d.lines)))
	}
	lines = append(lines, Fit(status, w), "")
	for _, l := range HelpLines(d.Help(), w) {
		lines = append(lines, Fit(st.Muted.Render(l), w))
	}
	return renderBox(st.Overlay, strings.Join(lines, "\n"), d.height)
}

// usageLine is a result's fact count and tokens.
func usageLine(label string, r *client.DryRunExtractResult) string {
	s := label + common.Plural(len(r.Facts), "fact", "facts")
	if u := r.Usage; u != nil {
		s += fmt.Sprintf(" · tokens %d in · %d out · %d total", u.InputTokens, u.OutputTokens, u.TotalTokens)
	}
	return s
}

// previewBody is the facts retain would store under the bank's settings.
func (d *ExtractDialog) previewBody(b *Lines) {
	st := d.c.Styles
	b.Wrap(usageLine("Retain would store ", d.current), st.Section.Render)
	if d.settings != nil {
		b.Add(st.Subtle.Render(Truncate(d.keys.Switch.Help().Key+": back to the comparison with the candidate settings", b.Width)))
	}
	b.Add("")
	if len(d.current.Facts) == 0 {
		b.Add(st.Muted.Render("No facts: retain would store nothing from this text."))
	}
	for _, f := range d.current.Facts {
		b.Append(d.factLines(f, b.Width, "")...)
	}
}

// compareBody is the bank's facts and the candidate's, side by side when they fit.
func (d *ExtractDialog) compareBody(b *Lines) {
	st := d.c.Styles
	onlyCur, onlyCand := sideBySide(d.current.Facts, d.candidate.Facts)
	what := "the bank's settings again"
	if ch := d.settings.changes(d.bank); len(ch) > 0 {
		what = strings.Join(ch, ", ")
	}
	column := func(title string, r *client.DryRunExtractResult, only []bool, w int) []string {
		c := &Lines{Width: w}
		c.Wrap(title, st.Section.Render)
		c.Wrap(usageLine("", r), st.Muted.Render)
		c.Add("")
		if len(r.Facts) == 0 {
			c.Add(st.Muted.Render("No facts."))
		}
		for i, f := range r.Facts {
			mark := " "
			if only[i] {
				mark = onlyMark
			}
			c.Append(d.factLines(f, w, mark)...)
		}
		return c.Out
	}
	n := 0
	for _, o := range append(append([]bool{}, onlyCur...), onlyCand...) {
		if o {
			n++
		}
	}
	summary := "Both find the same facts."
	if n > 0 {
		summary = onlyMark + " " + common.Plural(n, "fact", "facts") + " found by one side only"
	}
	b.Add(st.Warning.Render(Truncate(summary, b.Width)))
	b.Add("")
	left := "Bank's settings"
	right := "Candidate: " + sanitize.Line(what)
	if b.Width >= sideBySideMin {
		cw := (b.Width - 3) / 2
		l := column(left, d.current, onlyCur, cw)
		r := column(right, d.candidate, onlyCand, cw)
		for i := 0; i < max(len(l), len(r)); i++ {
			a, c := strings.Repeat(" ", cw), ""
			if i < len(l) {
				a = l[i]
			}
			if i < len(r) {
				c = r[i]
			}
			b.Add(a + st.Subtle.Render(" │ ") + c)
		}
		return
	}
	b.Append(column(left, d.current, onlyCur, b.Width)...)
	b.Add("")
	b.Append(column(right, d.candidate, onlyCand, b.Width)...)
}

// chunkBody is the chunk's facts extracted again beside the memories it stored.
func (d *ExtractDialog) chunkBody(b *Lines) {
	st := d.c.Styles
	cmp := compareChunk(d.current.Facts, d.stored)
	b.Wrap(usageLine("Re-extracted ", d.current)+" · stored "+common.Plural(len(d.stored), "memory", "memories"), st.Section.Render)
	section := func(title string, n int) {
		b.Add("")
		b.Add(st.Bold.Render(Truncate(fmt.Sprintf("%s (%d)", title, n), b.Width)))
	}
	section("Extracted and stored", len(cmp.both))
	for _, p := range cmp.both {
		b.Append(d.factLines(p.fact, b.Width, "")...)
	}
	section("Extracted but not stored", len(cmp.notStored))
	if len(cmp.notStored) > 0 {
		b.Wrap(notStoredReason, st.Warning.Render)
	}
	for _, f := range cmp.notStored {
		b.Append(d.factLines(f, b.Width, "")...)
	}
	section("Stored but not re-extracted", len(cmp.notExtract))
	for _, m := range cmp.notExtract {
		b.Append(d.factLines(client.ExtractedFact{Text: m.Text, FactType: m.FactType, OccurredStart: m.OccurredStart,
			OccurredEnd: m.OccurredEnd, Entities: m.Entities}, b.Width, "")...)
	}
}

// factLines draws one fact: a mark column, its type, its text wrapped, and a line with
// when it happened and the entities found.
func (d *ExtractDialog) factLines(f client.ExtractedFact, w int, mark string) []string {
	st := d.c.Styles
	indent := 6
	if mark != "" {
		indent += 2
		mark = st.Warning.Render(mark) + " "
	}
	pad := strings.Repeat(" ", indent)
	tw := max(w-indent, 8)
	var out []string
	first := true
	for _, para := range strings.Split(sanitize.Text(f.Text), "\n") {
		for _, l := range Wrap(para, tw, 0) {
			if first {
				out = append(out, Fit(mark+st.FactType(f.FactType).Render(TypeBadge(f.FactType))+" "+st.Text.Render(l), w))
				first = false
				continue
			}
			out = append(out, Fit(pad+st.Text.Render(l), w))
		}
	}
	if first {
		out = append(out, Fit(mark+st.FactType(f.FactType).Render(TypeBadge(f.FactType)), w))
	}
	var meta []string
	if when := occurred(f.OccurredStart, f.OccurredEnd); when != "" {
		meta = append(meta, "occurred "+when)
	}
	if len(f.Entities) > 0 {
		meta = append(meta, "entities "+sanitize.Line(strings.Join(f.Entities, ", ")))
	}
	if len(meta) > 0 {
		for _, l := range Wrap(strings.Join(meta, " · "), tw, 3) {
			out = append(out, Fit(pad+st.Muted.Render(l), w))
		}
	}
	return out
}

// occurred is when a fact's event happened: a day, a range of days, or times when the
// range is not whole days; "" when the extractor dated nothing.
func occurred(start, end client.Time) string {
	day := func(t client.Time, endOfDay bool) string {
		if t.IsZero() {
			return sanitize.Line(t.Raw)
		}
		u := t.UTC()
		h, m, _ := u.Clock()
		if (!endOfDay && h == 0 && m == 0) || (endOfDay && h == 23 && m == 59) {
			return u.Format(time.DateOnly)
		}
		return u.Format("2006-01-02 15:04") + " UTC"
	}
	s, e := day(start, false), day(end, true)
	switch {
	case s == "" && e == "":
		return ""
	case e == "" || e == s:
		return s
	case s == "":
		return "until " + e
	}
	return s + " → " + e
}
