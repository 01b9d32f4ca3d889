package hindsighttest

import (
	"net/http"
	"strings"
)

// dryRunExtractKeys are the DryRunExtractRequest fields.
var dryRunExtractKeys = []string{"content", "context", "timestamp", "agent_name", "retain_mission",
	"retain_extraction_mode", "retain_custom_instructions", "retain_extract_causal_links", "retain_chunk_size",
	"entity_labels", "entities_allow_free_form", "llm_output_language"}

// handleDryRunExtract serves POST …/memories/dry-run-extract: the facts retain would
// extract from content, stored nowhere. It runs the same extractor as retain against
// a scratch copy of the bank's entities, with the bank's retain settings and the
// call's overrides of them (retain_extraction_mode, retain_chunk_size), so a retain
// of the same content right after, under the same settings, stores exactly these
// facts. A missing bank is not created.
func (s *Server) handleDryRunExtract(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r)
	f := q.body(false, dryRunExtractKeys...)
	var it retainItem
	var mode *string
	var chunkSize *int
	if f != nil {
		before := len(q.errs)
		it.content = f.reqStr("content")
		if len(q.errs) == before && strings.TrimSpace(it.content) == "" {
			q.valueError(f.at("content"), it.content, "content cannot be empty")
		}
		it.context = deref(f.str("context"))
		if ts := f.str("timestamp"); ts != nil {
			if t, err := parseISO(*ts); err == nil {
				it.timestamp = &t
			} else {
				q.fail(validationError{Type: "datetime_from_date_parsing", Loc: f.at("timestamp"),
					Msg: "Input should be a valid datetime or date, invalid character in year", Input: *ts})
			}
		}
		for _, key := range []string{"agent_name", "retain_mission", "retain_custom_instructions", "llm_output_language"} {
			f.str(key)
		}
		mode = f.str("retain_extraction_mode")
		f.boolean("retain_extract_causal_links")
		f.boolean("entities_allow_free_form")
		chunkSize = f.integer("retain_chunk_size", -1<<31, noMax)
		forEachObject(f, "entity_labels", func(lf *fields) { lf.reqStr("key") })
	}
	if q.invalid() || !s.authorized(w, r) {
		return
	}
	scratch := newBank(bankID, s.now())
	opts := bankExtractOptions(scratch)
	if b := s.store.banks[bankID]; b != nil {
		opts = bankExtractOptions(b)
		for id, e := range b.entities {
			scratch.entities[id] = e
		}
		for name, id := range b.entityByName {
			scratch.entityByName[name] = id
		}
	}
	if mode != nil {
		opts.mode = *mode
	}
	if chunkSize != nil && *chunkSize > 0 {
		opts.chunkSize = *chunkSize
	}
	facts := []map[string]any{}
	usage := tokenUsage{InputTokens: estimateTokens(it.content)}
	extractItem(scratch, it, opts, func(ef extractedFact) {
		fact := map[string]any{"text": ef.text, "fact_type": ef.factType, "entities": orEmpty(ef.names)}
		if ef.occurredStart != nil {
			fact["occurred_start"], fact["occurred_end"] = isoTime(*ef.occurredStart), isoTime(*ef.occurredEnd)
		}
		facts = append(facts, fact)
		usage.OutputTokens += estimateTokens(ef.text)
	})
	usage.TotalTokens = usage.InputTokens + usage.OutputTokens
	writeJSON(w, http.StatusOK, map[string]any{"facts": facts, "usage": usage})
}
