package hindsighttest

import (
	"strings"
	"time"
)

// Builders of the LLM calls the simulated operations make: the messages as they would
// be sent, the output the fake "model" returns (which is exactly what the operation
// then stores), token counts estimated from sizes, and durations derived from the
// output length, so the log is realistic and repeatable.

const extractionPrompt = "You extract durable facts from conversations and documents for a long-term memory.\n" +
	"Return JSON {\"facts\": [...]}: one self-contained sentence per fact, with fact_type \"world\" for facts " +
	"about the outside world and \"assistant\" for what the assistant itself did or recommended, the named " +
	"entities it mentions, and occurred_start/occurred_end when the text dates the event. Skip greetings, " +
	"filler and anything that will not matter next week."

const consolidationPrompt = "You maintain observations: durable beliefs synthesised from many facts.\n" +
	"For each new fact decide whether it creates a new observation, updates an existing one (merge it, keep " +
	"what is still true, cite it as a source) or adds nothing. Never invent facts. Return JSON " +
	"{\"actions\": [{\"action\": \"create\"|\"update\", \"observation_id\"?, \"text\", \"source_fact_ids\"}]}."

const reflectPrompt = "You answer questions from a memory bank. Consult mental models first, then observations, " +
	"then raw facts; expand a fact to its source chunk when you need the exact wording. Call done with the " +
	"answer and the ids of the memories you relied on."

// message is one chat message as sent to the provider.
func message(role, content string) map[string]any {
	return map[string]any{"role": role, "content": content}
}

func messagesTokens(msgs []map[string]any) int {
	n := 0
	for _, m := range msgs {
		if c, ok := m["content"].(string); ok {
			n += estimateTokens(c) + 4
		}
	}
	return n
}

// finishCall fills tokens, duration and llm_info of a call from its messages and output.
func finishCall(c llmCall, msgs []map[string]any, params map[string]any, finish string) llmCall {
	c.input = msgs
	c.llmInfo = map[string]any{"request": params}
	if c.errorText != "" {
		// The provider answered with an error (or not at all): no usage to record.
		c.output = nil
		c.duration = time.Duration(failedCallMS(c.set.Status)) * time.Millisecond
		return c
	}
	c.inputTokens = messagesTokens(msgs)
	encoded, _ := marshalPlain(c.output)
	c.outputTokens = estimateTokens(string(encoded))
	c.llmInfo["finish_reason"] = finish
	ms := 420 + 9*c.outputTokens + c.inputTokens/40 + stableHash(180, c.scope, string(encoded))
	c.duration = time.Duration(ms) * time.Millisecond
	return c
}

// extractionCalls are retain's calls for a stored document: one per chunk, each
// returning the facts that were stored from that chunk (possibly none). errText makes
// them failed calls (the retain then stores nothing).
func extractionCalls(b *bank, d *document, facts []*memory, set llmSetting, errText string) []llmCall {
	system := extractionPrompt
	if mode := bankOverrideString(b, "retain_extraction_mode", "concise"); mode != "concise" {
		system += "\nExtraction mode: " + mode + "."
	}
	if mission := bankOverrideString(b, "retain_mission", ""); mission != "" {
		system += "\nWhat this bank cares about: " + mission
	}
	var calls []llmCall
	for _, ch := range d.chunks {
		var user strings.Builder
		user.WriteString("Document: " + d.id + "\n")
		if d.context != "" {
			user.WriteString("Context: " + d.context + "\n")
		}
		user.WriteString("\n" + ch.text)
		out := []map[string]any{}
		for _, f := range facts {
			if f.chunkID != ch.id {
				continue
			}
			ft := "world"
			if f.factType == "experience" {
				ft = "assistant"
			}
			fact := map[string]any{"text": f.text, "fact_type": ft, "entities": directEntityNames(b, f)}
			if f.occurredStart != nil {
				fact["occurred_start"] = isoTime(*f.occurredStart)
			}
			out = append(out, fact)
		}
		c := llmCall{scope: "retain_extract_facts", set: set, output: map[string]any{"facts": out}, errorText: errText,
			metadata: map[string]any{"document_id": d.id}, cacheable: estimateTokens(system)}
		calls = append(calls, finishCall(c, []map[string]any{message("system", system), message("user", user.String())},
			map[string]any{"max_completion_tokens": 16384, "temperature": 0.1, "response_format": "FactExtractionResponse"}, "stop"))
	}
	return calls
}

// consolidationCall is one consolidation call for facts: it sees the facts and the
// observations they would update, and answers with the actions the run then applies.
// errText makes it a failed call.
func consolidationCall(b *bank, idx observationIndex, set llmSetting, facts []*memory, errText string) llmCall {
	system := consolidationPrompt
	if mission := bankOverrideString(b, "observations_mission", ""); mission != "" {
		system += "\nWhat to observe: " + mission
	}
	var user strings.Builder
	user.WriteString("NEW FACTS:\n")
	for _, f := range facts {
		user.WriteString("- [" + f.id + "] " + f.text)
		if len(f.tags) > 0 {
			user.WriteString(" (tags: " + strings.Join(f.tags, ", ") + ")")
		}
		user.WriteString("\n")
	}
	actions := idx.plan(b, facts)
	var existing strings.Builder
	out := []map[string]any{}
	for _, a := range actions {
		ids := make([]string, len(a.facts))
		for i, f := range a.facts {
			ids[i] = f.id
		}
		if a.obs != nil && b.memories[a.obs.id] == a.obs {
			existing.WriteString("- [" + a.obs.id + "] " + a.obs.text + "\n")
			out = append(out, map[string]any{"action": "update", "observation_id": a.obs.id,
				"text": previewText(b, a.obs, a.facts), "source_fact_ids": ids})
			continue
		}
		out = append(out, map[string]any{"action": "create", "text": previewText(b, nil, a.facts),
			"source_fact_ids": ids, "tags": orEmpty(a.scope)})
	}
	if existing.Len() > 0 {
		user.WriteString("\nEXISTING OBSERVATIONS:\n" + existing.String())
	}
	c := llmCall{scope: "consolidation", set: set, errorText: errText, output: map[string]any{"actions": out},
		cacheable: estimateTokens(system)}
	return finishCall(c, []map[string]any{message("system", system), message("user", user.String())},
		map[string]any{"max_completion_tokens": 4096, "temperature": 0.0, "response_format": "ConsolidationResponse"}, "stop")
}

// previewText is what an observation will read after citing facts.
func previewText(b *bank, obs *memory, facts []*memory) string {
	var srcs []*memory
	seen := map[string]bool{}
	if obs != nil {
		for _, id := range obs.sourceIDs {
			if m := b.memories[id]; m != nil && !seen[id] {
				seen[id] = true
				srcs = append(srcs, m)
			}
		}
	}
	for _, f := range facts {
		if !seen[f.id] {
			seen[f.id] = true
			srcs = append(srcs, f)
		}
	}
	return sourcesText(srcs)
}

// agentCalls are the reflect agent's calls: one per tool call (the model asks for the
// tool; the next call sees its output), then the call that answers through done.
// question is what was asked, context what the agent started from (directives, the
// model's scope), tools the tool calls it made, and answer the final text.
func agentCalls(set llmSetting, question, context string, tools []reflectToolCall, answer string, cited []string) []llmCall {
	system := reflectPrompt
	if context != "" {
		system += "\n\n" + context
	}
	msgs := []map[string]any{message("system", system), message("user", question)}
	params := map[string]any{"max_completion_tokens": 4096, "tool_choice": "auto"}
	var calls []llmCall
	for _, t := range tools {
		call := map[string]any{"name": t.Tool, "arguments": t.Input}
		c := llmCall{scope: "reflect_tool_call", set: set, cacheable: estimateTokens(system),
			output: map[string]any{"content": nil, "tool_calls": []any{call}}}
		c = finishCall(c, append([]map[string]any(nil), msgs...), params, "tool_calls")
		c.llmInfo["tool_calls"] = []string{t.Tool}
		calls = append(calls, c)
		msgs = append(msgs, map[string]any{"role": "assistant", "content": nil, "tool_calls": []any{call}},
			message("tool", compactJSON(t.Output)))
	}
	done := map[string]any{"name": "done", "arguments": map[string]any{"answer": answer, "memory_ids": orEmpty(cited)}}
	c := llmCall{scope: "reflect_tool_call", set: set, cacheable: estimateTokens(system),
		output: map[string]any{"content": nil, "tool_calls": []any{done}}}
	c = finishCall(c, msgs, params, "tool_calls")
	c.llmInfo["tool_calls"] = []string{"done"}
	return append(calls, c)
}
