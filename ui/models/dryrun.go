package models

import (
	"context"
	"fmt"
	"sort"
	"strings"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// dryRun is a dry-run refresh: what a refresh of one model would write, shown before
// a real one. It costs the server an LLM call and persists nothing.
type dryRun struct {
	active bool
	id     string
	name   string
	res    *client.MentalModelDryRun
	err    error
	busy   bool
	seq    int
	cancel context.CancelFunc
	scroll int
	lines  []string // settled by settle, drawn by View
}

// dryRunMsg answers a dry-run request.
type dryRunMsg struct {
	bank string
	seq  int
	res  *client.MentalModelDryRun
	err  error
}

// stop cancels the dry run in flight.
func (d *dryRun) stop() {
	if d.cancel != nil {
		d.cancel()
		d.cancel = nil
	}
	d.busy = false
}

// startDryRun asks the server what a refresh of the current model would write; the
// answer shows in its own view, from which F refreshes for real. Read-only mode leaves
// it out: it spends LLM tokens.
func (m *Model) startDryRun() tea.Cmd {
	mm := m.current()
	if mm == nil || m.c.ReadOnly || m.bank == "" {
		return nil
	}
	m.dry.stop()
	seq := m.dry.seq + 1
	m.dry = dryRun{active: true, id: mm.ID, name: common.ItemName(mm.Name, mm.ID), busy: true, seq: seq}
	ctx, cancel := m.c.Context(context.Background())
	m.dry.cancel = cancel
	bank, id, cl := m.bank, mm.ID, m.c.Client
	return tea.Batch(func() tea.Msg {
		defer cancel()
		res, err := cl.DryRunRefreshMentalModel(ctx, bank, id)
		return dryRunMsg{bank: bank, seq: seq, res: res, err: err}
	}, m.spin.Tick)
}

// onDryRun takes the dry run's answer unless another was started since.
func (m *Model) onDryRun(msg dryRunMsg) tea.Cmd {
	if msg.bank != m.bank || msg.seq != m.dry.seq || !m.dry.active {
		return nil
	}
	m.dry.busy, m.dry.cancel = false, nil
	m.dry.res, m.dry.err = msg.res, msg.err
	if msg.err != nil && !client.IsCanceled(msg.err) {
		return common.Emit(common.ErrorMsg{Op: "dry-run refresh " + m.dry.name, Err: msg.err})
	}
	return nil
}

// closeDryRun leaves the dry-run view for where it was opened from.
func (m *Model) closeDryRun() {
	m.dry.stop()
	m.dry.active = false
}

// dryRunLines lays out the dry run at width w: the verdict, mode, facts retrieved
// against used, scope and window, warnings, then the diff of current to preview.
func (m *Model) dryRunLines(w int) []string {
	st := m.c.Styles
	b := components.Lines{Width: w}
	add, wrap := b.Add, b.Wrap
	text := func(l ...string) string { return st.Text.Render(l...) }
	r := m.dry.res
	switch {
	case m.dry.busy:
		add(m.spin.View() + " " + st.Muted.Render("Asking the server what a refresh of "+m.dry.name+" would write (an LLM call; nothing is stored)…"))
		return b.Out
	case r == nil && m.dry.err != nil:
		wrap("The dry run of "+m.dry.name+" failed: "+m.c.Describe(m.dry.err), st.Error.Render)
		return b.Out
	case r == nil:
		return b.Out
	}
	verdict, style := "Would write new content.", st.Success.Render
	if o, ok := outcomeWords(r.Outcome); ok && o.bad {
		verdict, style = "Would fail, keeping the content: "+o.text+".", st.Error.Render
	} else if r.Diff == "" || r.Outcome == "content_unchanged" || r.Outcome == "content_preserved_no_new_facts" {
		verdict = "Would keep the content: " + strings.TrimPrefix(o.text, "content ") + "."
		style = st.Warning.Render
	}
	wrap(verdict+" Nothing was stored; F refreshes for real.", style)
	modeLine := "requested " + orDash(r.RequestedMode) + ", would run " + orDash(r.EffectiveMode)
	if r.ModeFallbackReason != "" {
		modeLine += " (fallback: " + sanitize.Line(r.ModeFallbackReason) + ")"
	}
	wrap("Mode: "+modeLine, text)
	wrap("Facts: retrieved "+factCounts(r.Facts.Retrieved)+" · used "+factCounts(r.Facts.Used), text)
	wrap("Scope: "+scopeSummary(r.Scope), text)
	wrap("Window: "+windowSummary(r.Window), text)
	if u := usageSummary(r.Usage, r.DurationMS); u != "" {
		wrap("Cost: "+u, text)
	}
	if r.DeltaOperations != nil {
		wrap(fmt.Sprintf("Delta operations: %d applied, %d skipped", len(r.DeltaOperations.Applied), len(r.DeltaOperations.Skipped)), text)
	}
	warns := append(append(client.Strings{}, r.Warnings...), r.Trace.Warnings...)
	if len(warns) > 0 {
		add("")
		add(st.Section.Render(fmt.Sprintf("Warnings (%d)", len(warns))))
		for _, wr := range warns {
			wrap("! "+sanitize.Line(wr), st.Warning.Render)
		}
	}
	add("")
	if r.Diff == "" {
		add(st.Section.Render("Diff") + st.Muted.Render(" none: the preview is the current content"))
	} else {
		add(st.Section.Render("Diff current → preview"))
		b.Append(m.unifiedLines(r.Diff, w)...)
	}
	add("")
	add(st.Section.Render("Would cite"))
	b.Append(m.citedDiffLines(m.currentCited(r.MentalModelID), r.BasedOn, w)...)
	return b.Out
}

// currentCited is what the stored version of model id cites, when it is loaded.
func (m *Model) currentCited(id string) client.ModelBasedOn {
	if m.det.model != nil && m.det.model.ID == id {
		if a := m.det.model.Answer(); a != nil {
			return a.BasedOn
		}
	}
	return nil
}

// traceLines draws a refresh trace the server kept (trigger.keep_trace): how the last
// refresh ran, its tool calls and warnings.
func (m *Model) traceLines(tr *client.RefreshTrace, w int) []string {
	st := m.c.Styles
	b := components.Lines{Width: w}
	add, wrap := b.Add, b.Wrap
	text := func(l ...string) string { return st.Text.Render(l...) }
	add(st.Section.Render("Last refresh trace") + st.Muted.Render(" recorded "+tr.RecordedAt.UTC().Format("2006-01-02 15:04 UTC")))
	head := "ran " + orDash(tr.EffectiveMode)
	if tr.ModeFallbackReason != "" {
		head += " (fallback: " + sanitize.Line(tr.ModeFallbackReason) + ")"
	}
	if o, ok := outcomeWords(tr.Outcome); ok {
		head += " · " + o.text
	}
	if u := usageSummary(tr.Usage, tr.DurationMS); u != "" {
		head += " · " + u
	}
	wrap(head, text)
	for i, tc := range tr.ToolCalls {
		n := "?"
		if tc.ResultCount != nil {
			n = fmt.Sprint(*tc.ResultCount)
		}
		line := fmt.Sprintf("%2d. %s → %s results · %.0f ms", i+1, sanitize.Line(tc.Tool), n, tc.DurationMS)
		if tc.Reason != "" {
			line += " · " + sanitize.Line(tc.Reason)
		}
		wrap(line, text)
	}
	if len(tr.LLMCalls) > 0 {
		wrap(common.Plural(len(tr.LLMCalls), "LLM call", "LLM calls"), st.Muted.Render)
	}
	for _, wr := range tr.Warnings {
		wrap("! "+sanitize.Line(wr), st.Warning.Render)
	}
	return b.Out
}

// factCounts says per-type counts ("7: world 3, observation 4").
func factCounts(c map[string]int) string {
	if len(c) == 0 {
		return "0"
	}
	types := make([]string, 0, len(c))
	total := 0
	for t, n := range c {
		types = append(types, t)
		total += n
	}
	sort.Strings(types)
	parts := make([]string, len(types))
	for i, t := range types {
		parts[i] = fmt.Sprintf("%s %d", sanitize.Line(t), c[t])
	}
	return fmt.Sprintf("%d (%s)", total, strings.Join(parts, ", "))
}

// scopeSummary says which memories a refresh reads.
func scopeSummary(s client.RefreshScope) string {
	parts := []string{"the whole bank"}
	if len(s.Tags) > 0 {
		parts = []string{"tags " + sanitize.Line(strings.Join(s.Tags, ", ")) + " (" + orDash(s.TagsMatch) + ")"}
	}
	if g := strings.TrimSpace(string(s.TagGroups)); g != "" && g != "null" {
		parts = append(parts, "tag groups "+sanitize.Line(g))
	}
	if len(s.FactTypes) > 0 {
		parts = append(parts, "fact types "+strings.Join(s.FactTypes, ", "))
	}
	switch {
	case s.ExcludeMentalModels:
		parts = append(parts, "no other models")
	case len(s.ExcludeMentalModelIDs) > 0:
		parts = append(parts, "not models "+sanitize.Line(strings.Join(s.ExcludeMentalModelIDs, ", ")))
	}
	return strings.Join(parts, " · ")
}

// windowSummary says which memories by time a refresh reads.
func windowSummary(w client.RefreshWindow) string {
	f := func(t client.Time) string { return t.UTC().Format("2006-01-02 15:04 UTC") }
	s := "memories up to " + f(w.CreatedBefore)
	if w.CreatedBefore.IsZero() {
		s = "all memories"
	}
	if !w.CreatedAfter.IsZero() {
		s += ", written after " + f(w.CreatedAfter) + " (delta)"
	}
	if !w.Watermark.IsZero() {
		s += "; would see up to " + f(w.Watermark)
	}
	return s
}

// usageSummary says tokens and time ("1,204 in / 310 out tokens · 2.1 s").
func usageSummary(u *client.TokenUsage, ms float64) string {
	var parts []string
	if u != nil && (u.InputTokens > 0 || u.OutputTokens > 0) {
		parts = append(parts, common.Thousands(u.InputTokens)+" in / "+common.Thousands(u.OutputTokens)+" out tokens")
	}
	if ms > 0 {
		parts = append(parts, fmt.Sprintf("%.1f s", ms/1000))
	}
	return strings.Join(parts, " · ")
}

// orDash is s, or "–" when empty.
func orDash(s string) string {
	if s == "" {
		return "–"
	}
	return sanitize.Line(s)
}
