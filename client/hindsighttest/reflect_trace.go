package hindsighttest

import (
	"encoding/json"
	"strconv"
)

// The reflect trace replays the agent loop reflect pretends to have run: one tool call
// per iteration (search_mental_models, search_observations, recall, then expand for
// the facts that came from a document chunk) and one LLM call per iteration plus the
// final answer. Tool outputs have the shape of the real tools' results, and durations
// and token counts are derived from the sizes involved, so traces are repeatable.

type reflectTrace struct {
	ToolCalls []reflectToolCall `json:"tool_calls"`
	LLMCalls  []reflectLLMCall  `json:"llm_calls"`
}

type reflectToolCall struct {
	Tool       string         `json:"tool"`
	Input      map[string]any `json:"input"`
	Output     map[string]any `json:"output,omitempty"`
	DurationMS int            `json:"duration_ms"`
	Iteration  int            `json:"iteration"`
}

type reflectLLMCall struct {
	Scope      string `json:"scope"`
	DurationMS int    `json:"duration_ms"`
}

// reflectToolCalls lists the calls the agent makes for this request, with outputs.
// chunks is the server's chunk index, for the expand step.
func reflectToolCalls(chunks map[string]*chunk, req *reflectRequest, ev reflectEvidence) []reflectToolCall {
	var calls []reflectToolCall
	add := func(tool string, input, output map[string]any, results int) {
		calls = append(calls, reflectToolCall{Tool: tool, Input: input, Output: output,
			DurationMS: 4 + 3*results, Iteration: len(calls) + 1})
	}
	q := req.query
	if !req.excludeModels {
		models := []map[string]any{}
		for _, m := range ev.models {
			models = append(models, map[string]any{
				"id": m.model.id, "name": m.model.name, "content": m.model.content,
				"tags": append([]string{}, m.model.tags...), "relevance": m.relevance,
				"updated_at": isoPtr(m.model.lastRefreshedAt), "is_stale": false, "staleness_reason": nil,
			})
		}
		add("search_mental_models", map[string]any{"query": q},
			map[string]any{"query": q, "count": len(models), "mental_models": models}, len(models))
	}
	if req.allows("observation") {
		add("search_observations", map[string]any{"query": q}, map[string]any{
			"query": q, "count": len(ev.observations), "observations": toolFacts(ev.observations),
			"source_facts": map[string]any{}, "is_stale": false, "freshness": "fresh",
		}, len(ev.observations))
	}
	if req.allows("world") || req.allows("experience") {
		add("recall", map[string]any{"query": q},
			map[string]any{"query": q, "memories": toolFacts(ev.raw), "chunks": map[string]any{}}, len(ev.raw))
	}
	var ids []string
	var expanded []map[string]any
	for _, f := range ev.facts {
		c := chunks[f.mem.chunkID]
		if f.mem.chunkID == "" || c == nil {
			continue
		}
		ids = append(ids, f.mem.id)
		expanded = append(expanded, map[string]any{
			"memory_id": f.mem.id,
			"memory":    map[string]any{"id": f.mem.id, "text": f.mem.text, "type": f.mem.factType, "context": f.mem.context},
			"chunk":     map[string]any{"id": c.id, "text": c.text, "index": c.index, "document_id": c.documentID},
		})
	}
	if len(ids) > 0 {
		add("expand", map[string]any{"memory_ids": ids, "depth": "chunk"},
			map[string]any{"results": expanded, "count": len(expanded)}, len(expanded))
	}
	return calls
}

// toolFacts renders results the way the reflect tools hand them to the LLM: the
// memory's fields with nulls and empties pruned.
func toolFacts(ranked []rankedMemory) []map[string]any {
	out := []map[string]any{}
	for _, rm := range ranked {
		m := rm.mem
		d := map[string]any{"id": m.id, "text": m.text, "fact_type": m.factType}
		for k, v := range map[string]*string{"occurred_start": isoPtr(m.occurredStart), "occurred_end": isoPtr(m.occurredEnd), "mentioned_at": isoPtr(m.mentionedAt)} {
			if v != nil {
				d[k] = *v
			}
		}
		for k, v := range map[string]string{"context": m.context, "document_id": m.documentID, "chunk_id": m.chunkID} {
			if v != "" {
				d[k] = v
			}
		}
		if len(m.tags) > 0 {
			d["tags"] = append([]string{}, m.tags...)
		}
		out = append(out, d)
	}
	return out
}

// reflectUsage estimates the tokens of the agent loop: every LLM call reads the prompt
// (instructions, directives, question) plus the tool outputs so far, and writes a tool
// call; the last one writes the answer.
func reflectUsage(req *reflectRequest, ev reflectEvidence, calls []reflectToolCall, text string) tokenUsage {
	prompt := 600 + estimateTokens(req.query)
	for _, d := range ev.directives {
		prompt += estimateTokens(d.name) + estimateTokens(d.content)
	}
	var u tokenUsage
	for _, c := range calls {
		u.InputTokens += prompt
		u.OutputTokens += 30 + estimateTokens(compactJSON(c.Input))
		prompt += estimateTokens(compactJSON(c.Output))
	}
	u.InputTokens += prompt
	u.OutputTokens += estimateTokens(text)
	u.TotalTokens = u.InputTokens + u.OutputTokens
	return u
}

func compactJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// reflectTraceOf renders the trace; without outputs, only what each call was asked.
func reflectTraceOf(calls []reflectToolCall, outputs bool) *reflectTrace {
	tr := &reflectTrace{ToolCalls: []reflectToolCall{}, LLMCalls: []reflectLLMCall{}}
	context := 600
	for i, c := range calls {
		if !outputs {
			c.Output = nil
		}
		tr.ToolCalls = append(tr.ToolCalls, c)
		tr.LLMCalls = append(tr.LLMCalls, reflectLLMCall{Scope: "agent_" + strconv.Itoa(i+1), DurationMS: 350 + context/20})
		context += estimateTokens(compactJSON(calls[i].Output))
	}
	tr.LLMCalls = append(tr.LLMCalls, reflectLLMCall{Scope: "agent_" + strconv.Itoa(len(calls)+1), DurationMS: 350 + context/20})
	return tr
}
