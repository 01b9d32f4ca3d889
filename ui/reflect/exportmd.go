package reflect

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
)

// exportMarkdown writes a bank's transcript as a markdown document: per turn the
// question, every parameter it was asked with, the answer, its structured output, its
// evidence and tool calls, or why there is no answer; then the bank's comparison, when
// one has an answer B. Server text is sanitized (the file may well be printed in a
// terminal); the API key is never part of it.
func exportMarkdown(bank, server string, now time.Time, turns []*turn, cmp *comparison) string {
	var b strings.Builder
	w := func(parts ...string) {
		for _, p := range parts {
			b.WriteString(p)
		}
	}
	w("# Reflect transcript: ", sanitize.Line(bank), "\n\n")
	w("Exported ", now.UTC().Format("2006-01-02 15:04 MST"))
	if server != "" {
		w(" from ", sanitize.Line(server))
	}
	w(" with hindsight-tui; ", common.Plural(len(turns), "turn", "turns"), ".\n")
	for i, t := range turns {
		w("\n---\n\n## ", strconv.Itoa(i+1), ". ", sanitize.Line(headline(t.question)), "\n\n")
		w("**Asked** ", t.asked.UTC().Format("2006-01-02 15:04 MST"), "\n\n")
		for _, l := range strings.Split(sanitize.Text(t.question), "\n") {
			w("> ", l, "\n")
		}
		w("\n")
		writeParams(&b, t.req)
		switch t.state {
		case turnWaiting:
			w("_Still waiting for the answer when the transcript was exported._\n")
		case turnCancelled:
			w("_Cancelled after ", seconds(t.took), "._\n")
		case turnFailed:
			w("### Failed\n\n", t.reason, "\n")
		case turnAnswered:
			writeAnswer(&b, t)
		}
	}
	writeComparison(&b, turns, cmp)
	return b.String()
}

// writeComparison writes a comparison that has an answer B: which answer A is, how B
// was asked, B's answer, and what only one of the two used. A comparison still being
// set up or asked is left out: there is nothing to compare yet.
func writeComparison(b *strings.Builder, turns []*turn, cmp *comparison) {
	if cmp == nil || cmp.b == nil {
		return
	}
	n := slices.Index(turns, cmp.a)
	if n < 0 {
		return
	}
	bt := cmp.b
	b.WriteString("\n---\n\n## Comparison: answer " + strconv.Itoa(n+1) + " (A) asked again (B)\n\n")
	b.WriteString("**B asked** " + bt.asked.UTC().Format("2006-01-02 15:04 MST") + "\n\n")
	writeParams(b, bt.req)
	if ids := bt.req.ExcludeMentalModelIDs; len(ids) > 0 {
		b.WriteString("Mental models left out of B: `" + sanitize.Line(strings.Join(ids, "`, `")) + "`\n\n")
	}
	switch bt.state {
	case turnFailed:
		b.WriteString("### B failed\n\n" + bt.reason + "\n")
		return
	case turnAnswered:
		writeAnswer(b, bt)
	default:
		return
	}
	a, bs := sideOf(cmp.a), sideOf(bt)
	b.WriteString("\n### What only one answer used\n\n")
	lines := 0
	for _, k := range []struct {
		name string
		a, b []string
	}{{"mental model", a.models, bs.models}, {"memory", a.memories, bs.memories}, {"directive", a.directives, bs.directives}} {
		for _, id := range only(k.a, k.b) {
			b.WriteString("- only in A, " + k.name + ": " + usedItem(cmp.a, id) + "\n")
			lines++
		}
		for _, id := range only(k.b, k.a) {
			b.WriteString("- only in B, " + k.name + ": " + usedItem(bt, id) + "\n")
			lines++
		}
	}
	if lines == 0 {
		b.WriteString("_Both answers used the same mental models, memories and directives._\n")
	}
}

// usedItem names an evidence item of t by its key (its id, or its title when it has
// none): the title, then the id.
func usedItem(t *turn, key string) string {
	for _, e := range t.evidence {
		if e.id != key && (e.id != "" || e.title != key) {
			continue
		}
		label := e.title
		if e.name != "" {
			label = e.name
		}
		switch {
		case e.id == "":
			return sanitize.Line(label)
		case label == e.id:
			return "`" + sanitize.Line(e.id) + "`"
		}
		return sanitize.Line(label) + " (`" + sanitize.Line(e.id) + "`)"
	}
	return "`" + sanitize.Line(key) + "`"
}

// headline is the first line of a question, shortened for a heading.
func headline(q string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(q), "\n")
	if r := []rune(line); len(r) > 80 {
		line = string(r[:79]) + "…"
	}
	return line
}

// writeParams lists the parameters of a request, the defaults it left to the server
// included, so the file says exactly what was asked.
func writeParams(b *strings.Builder, req client.ReflectRequest) {
	budget, maxTokens, match, types := req.Budget, strconv.Itoa(defaultMaxTokens)+" (default)", req.TagsMatch, "all"
	if budget == "" {
		budget = defaultBudget + " (default)"
	}
	if req.MaxTokens != nil {
		maxTokens = strconv.Itoa(*req.MaxTokens)
	}
	if match == "" {
		match = defaultMatch + " (default)"
	}
	if len(req.FactTypes) > 0 {
		types = strings.Join(req.FactTypes, ", ")
	}
	tags := "none"
	if len(req.Tags) > 0 {
		tags = "`" + sanitize.Line(strings.Join(req.Tags, "`, `")) + "`"
	}
	tools := "no"
	if req.Include != nil && req.Include.ToolCalls != nil {
		tools = "yes"
	}
	b.WriteString("Parameters:\n\n")
	for _, p := range [][2]string{{"budget", budget}, {"max_tokens", maxTokens}, {"tags", tags}, {"tags_match", match},
		{"fact types", types}, {"exclude mental models", strconv.FormatBool(req.ExcludeMentalModels)},
		{"tool calls", tools}} {
		b.WriteString("- " + p[0] + ": " + p[1] + "\n")
	}
	if req.Context != "" {
		b.WriteString("- context: " + sanitize.Line(req.Context) + "\n")
	}
	if len(req.ResponseSchema) > 0 {
		b.WriteString("- response schema:\n\n")
		writeJSON(b, req.ResponseSchema, "  ")
	}
	b.WriteString("\n")
}

// writeAnswer writes an answer and everything that came with it.
func writeAnswer(b *strings.Builder, t *turn) {
	b.WriteString("### Answer\n\n" + t.answer + "\n\n")
	meta := []string{seconds(t.took)}
	if u := t.resp.Usage; u != nil {
		meta = append(meta, "tokens "+common.Thousands(u.InputTokens)+" in, "+common.Thousands(u.OutputTokens)+" out, "+common.Thousands(u.TotalTokens)+" total")
	}
	b.WriteString("_" + strings.Join(meta, " · ") + "_\n")
	if len(t.req.ResponseSchema) > 0 {
		b.WriteString("\n### Structured output\n\n")
		if t.structured == "" {
			b.WriteString("_The server returned no structured output._\n")
		} else {
			b.WriteString(fence(t.structured, "json"))
		}
	}
	if len(t.evidence) > len(t.tools) {
		b.WriteString("\n### Evidence\n")
		section := ""
		for _, e := range t.evidence {
			if e.kind == evTool {
				continue // the table below
			}
			if name := kindName(e.kind); name != section {
				section = name
				b.WriteString("\n**" + strings.ToUpper(name[:1]) + name[1:] + "**\n\n")
			}
			b.WriteString(evidenceItem(e))
		}
	} else {
		b.WriteString("\n_No evidence reported._\n")
	}
	if len(t.tools) > 0 {
		b.WriteString("\n### Tool calls\n\n| Iteration | Tool | Duration | Input |\n|---|---|---|---|\n")
		cell := strings.NewReplacer("|", `\|`, "`", "'").Replace
		for _, c := range t.tools {
			b.WriteString("| " + strconv.Itoa(c.iteration) + " | " + cell(c.tool) + " | " + millis(c.ms) + " | " + cell(c.summary) + " |\n")
		}
	}
}

// evidenceItem is one evidence list item: a memory with its type, date and id; a
// mental model with its content; a directive with its rule.
func evidenceItem(e evItem) string {
	id := ""
	if e.id != "" {
		id = " (`" + sanitize.Line(e.id) + "`)"
	}
	switch e.kind {
	case evModel:
		name := ""
		if e.name != "" {
			name = " **" + e.name + "**"
		}
		return "- Mental model" + name + id + ":\n\n" + quote(e.full, "  ") + "\n"
	case evDirective:
		return "- **" + e.name + "**" + id + ": " + sanitize.Line(e.full) + "\n"
	}
	when := ""
	if e.date != "" {
		when = ", " + e.date
	}
	return "- [" + sanitize.Line(e.badge) + when + "] " + sanitize.Line(e.full) + id + "\n"
}

// quote indents text as a block quote inside a list item.
func quote(text, indent string) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimSpace(text), "\n") {
		b.WriteString(indent + "> " + l + "\n")
	}
	return b.String()
}

// writeJSON writes raw JSON indented in a fenced block.
func writeJSON(b *strings.Builder, raw json.RawMessage, indent string) {
	var buf bytes.Buffer
	text := string(raw)
	if json.Indent(&buf, raw, "", "  ") == nil {
		text = buf.String()
	}
	for _, l := range strings.Split(fence(sanitize.Text(text), "json"), "\n") {
		if l != "" {
			b.WriteString(indent + l)
		}
		b.WriteString("\n")
	}
}

// fence puts text in a code block whose fence is longer than any backtick run in it.
func fence(text, lang string) string {
	ticks := "```"
	for strings.Contains(text, ticks) {
		ticks += "`"
	}
	return ticks + lang + "\n" + strings.TrimRight(text, "\n") + "\n" + ticks + "\n"
}
