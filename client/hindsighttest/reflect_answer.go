package hindsighttest

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// The answer is plain, deterministic markdown: an opening paragraph, the key facts
// with their dates, and a note of the directives that shaped it. It stands in for the
// LLM's prose; tests and the demo care about what it draws on, not its style.

type reflectResponse struct {
	Text             string          `json:"text"`
	BasedOn          *reflectBasedOn `json:"based_on,omitempty"`
	StructuredOutput map[string]any  `json:"structured_output,omitempty"`
	Usage            tokenUsage      `json:"usage"`
	Trace            *reflectTrace   `json:"trace,omitempty"`
}

type reflectBasedOn struct {
	Memories     []reflectFact      `json:"memories"`
	MentalModels []reflectModelRef  `json:"mental_models"`
	Directives   []reflectDirective `json:"directives"`
}

type reflectFact struct {
	ID            string  `json:"id"`
	Text          string  `json:"text"`
	Type          string  `json:"type"`
	Context       string  `json:"context,omitempty"`
	OccurredStart *string `json:"occurred_start,omitempty"`
	OccurredEnd   *string `json:"occurred_end,omitempty"`
}

type reflectModelRef struct {
	ID   string `json:"id"`
	Text string `json:"text"`
}

type reflectDirective struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Content string `json:"content"`
}

// reflect answers a validated request against b.
func (s *Server) reflect(b *bank, req *reflectRequest) reflectResponse {
	ev := s.gatherEvidence(b, req)
	summary := answerSummary(req, ev)
	text := fitTokens(composeAnswer(summary, ev), req.maxTokens)
	calls := reflectToolCalls(s.store.chunkIndex, req, ev)

	resp := reflectResponse{Text: text}
	resp.Usage = reflectUsage(req, ev, calls, text)
	if req.responseSchema != nil {
		src := structuredSource{summary: summary, answer: text}
		for _, f := range ev.facts {
			src.facts = append(src.facts, f.mem.text)
		}
		if out, ok := fillSchema(req.responseSchema, src); ok && len(out) > 0 {
			resp.StructuredOutput = out
			resp.Usage.InputTokens += estimateTokens(text) + 200
			encoded, _ := json.Marshal(out)
			resp.Usage.OutputTokens += estimateTokens(string(encoded))
			resp.Usage.TotalTokens = resp.Usage.InputTokens + resp.Usage.OutputTokens
		}
	}
	if req.includeFacts {
		resp.BasedOn = basedOn(ev)
	}
	if req.includeToolCalls {
		resp.Trace = reflectTraceOf(calls, req.toolOutputs)
	}
	s.traceReflect(b, req, ev, calls, resp, s.now())
	return resp
}

// question is the request's query without the appended deprecated context.
func (r *reflectRequest) question() string {
	q, _, _ := strings.Cut(r.query, "\n\nAdditional context: ")
	return strings.TrimRight(strings.TrimSpace(q), "?!. ")
}

// answerSummary is the opening paragraph: what the best evidence says, or the agent's
// stock reply when it found nothing.
func answerSummary(req *reflectRequest, ev reflectEvidence) string {
	if len(ev.models) == 0 && len(ev.facts) == 0 {
		return fmt.Sprintf("I don't have any memories about \"%s\", so I can't answer that from what I know.", req.question())
	}
	var lead string
	if len(ev.models) > 0 {
		lead = firstSentence(ev.models[0].model.content)
	} else {
		lead = withFinalStop(ev.facts[0].mem.text)
	}
	var sources []string
	if n := len(ev.facts); n > 0 {
		sources = append(sources, countNoun(n, "memory", "memories"))
	}
	for _, m := range ev.models {
		sources = append(sources, fmt.Sprintf("the mental model \"%s\"", m.model.name))
	}
	return lead + " This draws on " + joinWithAnd(sources) + "."
}

func composeAnswer(summary string, ev reflectEvidence) string {
	parts := []string{summary}
	if len(ev.facts) > 0 {
		lines := []string{"Key facts:"}
		for _, f := range ev.facts {
			line := "- " + withFinalStop(f.mem.text)
			if d := factDate(f.mem); d != "" {
				line += " (" + d + ")"
			}
			lines = append(lines, line)
		}
		parts = append(parts, strings.Join(lines, "\n"))
	}
	if len(ev.directives) > 0 {
		names := make([]string, len(ev.directives))
		for i, d := range ev.directives {
			names[i] = d.name
		}
		parts = append(parts, "_Shaped by directives: "+strings.Join(names, ", ")+"._")
	}
	return strings.Join(parts, "\n\n")
}

// factDate is the day a fact happened, else the day it was recorded.
func factDate(m *memory) string {
	switch {
	case m.occurredStart != nil:
		return m.occurredStart.UTC().Format("2006-01-02")
	case m.mentionedAt != nil:
		return m.mentionedAt.UTC().Format("2006-01-02")
	}
	return ""
}

// firstSentence is the first sentence of markdown content, without its markup.
// orderedMarker is the number that starts an ordered list item.
var orderedMarker = regexp.MustCompile(`^\d+[.)]\s+`)

func firstSentence(md string) string {
	for _, line := range strings.Split(md, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		line = strings.TrimLeft(line, "-*+> ")
		line = orderedMarker.ReplaceAllString(line, "") // "1. No meetings…" is a list item, not a sentence "1."
		line = strings.NewReplacer("**", "", "__", "", "`", "").Replace(line)
		if i := strings.Index(line, ". "); i >= 0 {
			line = line[:i+1]
		}
		return withFinalStop(line)
	}
	return ""
}

func withFinalStop(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || strings.ContainsAny(s[len(s)-1:], ".!?") {
		return s
	}
	return s + "."
}

func countNoun(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func joinWithAnd(items []string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// fitTokens keeps text within maxTokens (estimated), cutting at the last sentence or
// line boundary that fits, or at a word boundary when not even a sentence fits. The
// real server has the LLM rewrite an answer that is too long; a clean cut is the
// closest deterministic equivalent.
func fitTokens(text string, maxTokens int) string {
	if estimateTokens(text) <= maxTokens {
		return text
	}
	best := -1
	for i := 0; i < len(text); i++ {
		boundary := text[i] == '\n' || (i > 0 && text[i] == ' ' && strings.ContainsRune(".!?", rune(text[i-1])))
		if boundary && estimateTokens(strings.TrimSpace(text[:i])) <= maxTokens {
			best = i
		}
	}
	if best > 0 {
		return strings.TrimSpace(text[:best])
	}
	cut := cutToBytes(text, max(0, maxTokens*4))
	if i := strings.LastIndexByte(cut, ' '); i > 0 && len(cut) < len(text) {
		cut = cut[:i]
	}
	return strings.TrimSpace(cut)
}

func basedOn(ev reflectEvidence) *reflectBasedOn {
	out := &reflectBasedOn{Memories: []reflectFact{}, MentalModels: []reflectModelRef{}, Directives: []reflectDirective{}}
	for _, f := range ev.facts {
		m := f.mem
		out.Memories = append(out.Memories, reflectFact{ID: m.id, Text: m.text, Type: m.factType, Context: m.context,
			OccurredStart: isoPtr(m.occurredStart), OccurredEnd: isoPtr(m.occurredEnd)})
	}
	for _, m := range ev.models {
		out.MentalModels = append(out.MentalModels, reflectModelRef{ID: m.model.id, Text: m.model.content})
	}
	for _, d := range ev.directives {
		out.Directives = append(out.Directives, reflectDirective{ID: d.id, Name: d.name, Content: d.content})
	}
	return out
}
