package hindsighttest

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// The LLM request log stands in for the real server's llm_requests table: one row per
// LLM call, attributed to a bank and an operation run (trace), kept for one day on the
// server clock. Values are stored serialised and truncated the way the real trace
// writer stores them.

const (
	// llmTraceMaxChars is HINDSIGHT_API_LLM_TRACE_MAX_CHARS: a serialised value longer
	// than this is replaced by a truncation marker with a preview.
	llmTraceMaxChars = 50_000
	// llmTraceRetention is HINDSIGHT_API_LLM_TRACE_RETENTION_DAYS (1).
	llmTraceRetention = 24 * time.Hour
	// llmCallGap is the pause between consecutive calls of one run.
	llmCallGap = 35 * time.Millisecond
)

// llmRequest is one stored row.
type llmRequest struct {
	id, bankID, operation, scope  string
	traceID, spanID, parentSpanID string
	provider, model, status       string
	startedAt, endedAt            time.Time
	inputTokens, outputTokens     int
	cachedTokens                  int
	input, output                 json.RawMessage // serialised; nil is null
	errorText                     string
	llmInfo, metadata             map[string]any
	seq                           uint64
	owner                         *bank // the bank the run belonged to, so a recreated bank starts empty
}

// llmCall is a call about to be recorded; its times are laid out when its run ends.
type llmCall struct {
	scope        string
	set          llmSetting
	input        any // messages as sent
	output       any // nil on error
	errorText    string
	inputTokens  int
	outputTokens int
	cachedTokens int
	cacheable    int // prompt tokens a provider cache serves after the run's first call
	duration     time.Duration
	llmInfo      map[string]any
	metadata     map[string]any
}

// llmRun collects the calls of one operation invocation: they share a trace id and
// point at the operation's span, as the real server's OTel-style rows do.
type llmRun struct {
	bankID, operation string
	traceID, spanID   string
	metadata          map[string]any
	calls             []llmCall
	created           []string // memories the run stored, for runs that record them as they go
}

// newLLMRun starts recording a run of operation (retain, consolidation, reflect, ...).
func newLLMRun(bankID, operation string, metadata map[string]any) *llmRun {
	return &llmRun{bankID: bankID, operation: operation, traceID: newUUID(), spanID: newUUID(), metadata: metadata}
}

// add appends a call; after the run's first call the shared system prompt is served
// from the provider's prompt cache.
func (r *llmRun) add(c llmCall) {
	if len(r.calls) > 0 && c.errorText == "" {
		c.cachedTokens = min(c.cacheable, c.inputTokens)
	}
	r.calls = append(r.calls, c)
}

// recordLLMRun writes the run's calls to the log, the last one ending at end, and
// attaches the memories the run created and consumed to every row (metadata
// memory_ids / source_memory_ids). Nothing is written when LLM tracing is off.
func (s *Server) recordLLMRun(r *llmRun, end time.Time, created, sources []string) {
	if r == nil || len(r.calls) == 0 || !s.features["llm_trace"] {
		return
	}
	h := s.sim()
	owner := s.store.banks[r.bankID]
	rows := make([]*llmRequest, len(r.calls))
	at := end
	for i := len(r.calls) - 1; i >= 0; i-- {
		c := r.calls[i]
		meta := map[string]any{}
		for k, v := range r.metadata {
			meta[k] = v
		}
		for k, v := range c.metadata {
			meta[k] = v
		}
		if len(created) > 0 {
			meta["memory_ids"] = created
		}
		if len(sources) > 0 {
			meta["source_memory_ids"] = sources
		}
		info := c.llmInfo
		if info == nil {
			info = map[string]any{}
		}
		status := "success"
		output := c.output
		if c.errorText != "" {
			status, output = "error", nil
		}
		row := &llmRequest{
			id: newUUID(), bankID: r.bankID, operation: r.operation, scope: c.scope,
			traceID: r.traceID, spanID: newUUID(), parentSpanID: r.spanID,
			provider: c.set.Provider, model: c.set.Model, status: status,
			startedAt: at.Add(-c.duration), endedAt: at,
			inputTokens: c.inputTokens, outputTokens: c.outputTokens, cachedTokens: c.cachedTokens,
			input: traceJSON(c.input), output: traceJSON(output), errorText: c.errorText,
			llmInfo: info, metadata: meta, owner: owner,
		}
		rows[i] = row
		at = row.startedAt.Add(-llmCallGap)
	}
	for _, row := range rows {
		h.llmSeq++
		row.seq = h.llmSeq
		h.llmLog = append(h.llmLog, row)
	}
	s.purgeLLMLog(s.now())
}

// purgeLLMLog drops rows older than the retention period.
func (s *Server) purgeLLMLog(now time.Time) {
	h := s.sim()
	cutoff := now.Add(-llmTraceRetention)
	kept := h.llmLog[:0]
	for _, row := range h.llmLog {
		if !row.startedAt.Before(cutoff) {
			kept = append(kept, row)
		}
	}
	clear(h.llmLog[len(kept):])
	h.llmLog = kept
}

// traceJSON serialises a traced value the way the real trace writer does (Python's
// json.dumps, whose length decides truncation); an oversized value becomes
// {"_truncated": true, "_original_chars": N, "preview": first 50 000 characters}.
func traceJSON(v any) json.RawMessage {
	if v == nil {
		return nil
	}
	raw, err := marshalPlain(v)
	if err != nil {
		raw, _ = marshalPlain(err.Error())
	}
	py := pythonJSON(raw)
	if len(py) <= llmTraceMaxChars {
		return raw
	}
	marker, _ := marshalPlain(map[string]any{"_truncated": true, "_original_chars": len(py), "preview": py[:llmTraceMaxChars]})
	return marker
}

// marshalPlain is json.Marshal without HTML escaping (<, > and & stay as they are,
// as in Python), and without the encoder's trailing newline.
func marshalPlain(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// pythonJSON re-renders compact JSON as Python's json.dumps prints it: ", " and ": "
// between items, and every non-ASCII character escaped as \uXXXX (surrogate pairs
// beyond the BMP). The result is pure ASCII, so its length in bytes is its length in
// characters.
func pythonJSON(compact []byte) string {
	var b strings.Builder
	b.Grow(len(compact) + len(compact)/8)
	inString, escaped := false, false
	for i := 0; i < len(compact); {
		c := compact[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRune(compact[i:])
			if r > 0xFFFF {
				r -= 0x10000
				writeU16(&b, 0xD800+(r>>10))
				writeU16(&b, 0xDC00+(r&0x3FF))
			} else {
				writeU16(&b, r)
			}
			i += size
			continue
		}
		b.WriteByte(c)
		i++
		switch {
		case inString && escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case c == '"':
			inString = !inString
		case !inString && (c == ',' || c == ':'):
			b.WriteByte(' ')
		}
	}
	return b.String()
}

func writeU16(b *strings.Builder, r rune) {
	s := strconv.FormatInt(int64(r), 16)
	b.WriteString(`\u` + strings.Repeat("0", 4-len(s)) + s)
}
