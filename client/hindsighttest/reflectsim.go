package hindsighttest

import (
	"strings"
	"time"
)

// Reflect and mental-model refreshes log the agent loop they stand for: one LLM call
// per tool the agent used, one that answers through the done tool, and for a
// response schema the structured-output call.

// traceReflect logs the calls of one reflect answered at now.
func (s *Server) traceReflect(b *bank, req *reflectRequest, ev reflectEvidence, tools []reflectToolCall, resp reflectResponse, now time.Time) {
	run, cited := s.reflectLLMRun(b, req, ev, tools, resp)
	s.recordLLMRun(run, now, nil, cited)
}

// reflectLLMRun builds the calls of a reflect over ev that made tools' calls and
// answered resp, and the memories it cited.
func (s *Server) reflectLLMRun(b *bank, req *reflectRequest, ev reflectEvidence, tools []reflectToolCall, resp reflectResponse) (*llmRun, []string) {
	set := s.bankLLM(b.id, llmReflect)
	var ctx strings.Builder
	if len(ev.directives) > 0 {
		ctx.WriteString("## DIRECTIVES (MANDATORY)\n")
		for _, d := range ev.directives {
			if d.content != "" {
				ctx.WriteString("- **" + d.name + "**: " + d.content + "\n")
			}
		}
	}
	var cited []string
	for _, f := range ev.facts {
		cited = append(cited, f.mem.id)
	}
	run := newLLMRun(b.id, "reflect", nil)
	for _, c := range agentCalls(set, req.query, ctx.String(), tools, resp.Text, cited) {
		run.add(c)
	}
	if resp.StructuredOutput != nil {
		msgs := []map[string]any{
			message("system", "You are a precise data extraction assistant. Extract information from text and return it as valid JSON matching the provided schema."),
			message("user", "ANSWER TO EXTRACT FROM:\n"+resp.Text+"\n\nJSON Schema:\n"+compactJSON(req.responseSchema)),
		}
		c := llmCall{scope: "reflect_structured", set: set, output: resp.StructuredOutput}
		run.add(finishCall(c, msgs, map[string]any{"max_completion_tokens": req.maxTokens, "response_format": "StructuredResponse"}, "stop"))
	}
	return run, cited
}

// traceRefresh logs the calls of a mental-model refresh that completed at done: the
// agent searched observations and recalled facts for the model's source query, then
// wrote the content the model now holds.
func (s *Server) traceRefresh(b *bank, mm *mentalModel, done time.Time) {
	if b == nil || mm == nil {
		return
	}
	evidence, _ := modelEvidence(b, mm)
	var obs, raw []map[string]any
	var cited []string
	for _, m := range evidence {
		cited = append(cited, m.id)
		item := map[string]any{"id": m.id, "text": m.text, "fact_type": m.factType}
		if m.factType == "observation" {
			obs = append(obs, item)
		} else {
			raw = append(raw, item)
		}
	}
	q := mm.sourceQuery
	tools := []reflectToolCall{
		{Tool: "search_observations", Input: map[string]any{"query": q},
			Output: map[string]any{"query": q, "count": len(obs), "observations": orEmpty(obs)}},
		{Tool: "recall", Input: map[string]any{"query": q},
			Output: map[string]any{"query": q, "memories": orEmpty(raw), "chunks": map[string]any{}}},
	}
	ctx := "You are refreshing the mental model \"" + mm.name + "\"; write at most " +
		countNoun(mm.maxTokens, "token", "tokens") + " of markdown."
	run := newLLMRun(b.id, "refresh_mental_model", map[string]any{"mental_model_id": mm.id})
	for _, c := range agentCalls(s.bankLLM(b.id, llmReflect), q, ctx, tools, mm.content, cited) {
		run.add(c)
	}
	s.recordLLMRun(run, done, nil, cited)
}
