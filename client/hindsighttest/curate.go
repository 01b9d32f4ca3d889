package hindsighttest

import (
	"fmt"
	"net/http"
	"strings"
	"time"
)

// memoryEdit is a validated UpdateMemoryRequest. For the date fields, set means the
// key was present; a nil value with set clears the date.
type memoryEdit struct {
	text, context, factType, state, reason *string
	entities                               []string
	entitiesSet                            bool
	occurredStart, occurredEnd             *string
	startSet, endSet                       bool
}

func (e memoryEdit) editsFields() bool {
	return e.text != nil || e.context != nil || e.factType != nil || e.entitiesSet || e.startSet || e.endSet
}

// parseMemoryEdit validates the body like UpdateMemoryRequest, including its model
// validator (at least one change; state and fact_type values).
func parseMemoryEdit(q *request) memoryEdit {
	var e memoryEdit
	f := q.body(false, "text", "context", "occurred_start", "occurred_end", "fact_type", "entities",
		"resolve_entities", "state", "reason")
	if f == nil {
		return e
	}
	before := len(q.errs)
	e.text, e.context, e.factType = f.str("text"), f.str("context"), f.str("fact_type")
	e.state, e.reason = f.str("state"), f.str("reason")
	e.occurredStart, e.startSet = f.str("occurred_start"), f.has("occurred_start")
	e.occurredEnd, e.endSet = f.str("occurred_end"), f.has("occurred_end")
	if f.has("entities") && !f.null("entities") {
		e.entities, e.entitiesSet = f.strList("entities"), true
	}
	f.boolean("resolve_entities")
	if len(q.errs) > before {
		return e
	}
	body := map[string]any{}
	for k := range f.obj {
		body[k] = f.input(k)
	}
	switch {
	case !e.editsFields() && e.state == nil:
		q.valueError([]any{"body"}, body, "Provide at least one field to update.")
	case e.state != nil && *e.state != "valid" && *e.state != "invalidated":
		q.valueError([]any{"body"}, body, "state must be 'valid' or 'invalidated'.")
	case e.factType != nil && *e.factType != "world" && *e.factType != "experience":
		q.valueError([]any{"body"}, body, "fact_type must be 'world' or 'experience'.")
	}
	return e
}

// parseEditDate reads an edited date: "" (or null) clears it.
func parseEditDate(v *string) (*time.Time, error) {
	if v == nil || *v == "" {
		return nil, nil
	}
	t, err := parseISO(*v)
	if err != nil {
		return nil, detailf("Invalid isoformat string: '%s'", *v)
	}
	return &t, nil
}

// handleCurateMemory serves PATCH …/memories/{id}: edit, invalidate or revert a
// world/experience fact; the answer is the updated memory in the detail shape.
func (s *Server) handleCurateMemory(w http.ResponseWriter, r *http.Request, p pathParams) {
	q := newRequest(w, r)
	e := parseMemoryEdit(q)
	if q.invalid() {
		return
	}
	if _, ok := canonicalUUID(p["memory_id"]); ok && e.text != nil && strings.TrimSpace(*e.text) == "" {
		writeDetail(w, http.StatusBadRequest, "text must not be empty.")
		return
	}
	b, m, ok := s.lookupMemory(w, r, p)
	if !ok {
		return
	}
	if m.factType != "world" && m.factType != "experience" {
		writeDetail(w, http.StatusBadRequest, fmt.Sprintf("Memory '%s' is a %s; only world/experience facts can be "+
			"curated. Observations are derived and regenerate from their sources.", p["memory_id"], m.factType))
		return
	}
	start, errStart := parseEditDate(e.occurredStart)
	end, errEnd := parseEditDate(e.occurredEnd)
	if err := firstErr(errStart, errEnd); err != nil {
		writeDetail(w, http.StatusBadRequest, err.Error())
		return
	}
	now := s.now()
	if e.editsFields() {
		if m.state == "invalidated" {
			writeDetail(w, http.StatusBadRequest, "Cannot edit an invalidated memory; revert it to 'valid' first.")
			return
		}
		applyEdit(b, m, e, start, end)
		m.editedAt, m.updatedAt = timePtr(now), now
	}
	switch {
	case e.state == nil:
	case *e.state == "invalidated" && m.state != "invalidated":
		b.countMentions(m, -1)
		m.state, m.invalidatedAt, m.updatedAt = "invalidated", timePtr(now), now
		m.invalidationReason = deref(e.reason)
	case *e.state == "invalidated" && e.reason != nil:
		m.invalidationReason = *e.reason
	case *e.state == "valid" && m.state == "invalidated":
		m.state, m.invalidatedAt, m.invalidationReason, m.updatedAt = "valid", nil, "", now
		b.countMentions(m, 1)
	}
	b.rev++
	writeJSON(w, http.StatusOK, memoryDetail(b, m))
}

func applyEdit(b *bank, m *memory, e memoryEdit, start, end *time.Time) {
	if e.text != nil {
		m.text = *e.text
	}
	if e.context != nil {
		m.context = *e.context
	}
	if e.factType != nil {
		m.factType = *e.factType
	}
	if e.startSet {
		m.occurredStart = start
	}
	if e.endSet {
		m.occurredEnd = end
	}
	if e.entitiesSet {
		b.countMentions(m, -1)
		var names []string
		var hints []entityHint
		for _, n := range e.entities {
			if n = strings.TrimSpace(n); n != "" && !containsFold(names, n) {
				names = append(names, n)
				hints = append(hints, entityHint{text: n, entityType: "CONCEPT"})
			}
		}
		m.entityIDs = linkEntities(b, hints, nil)
		b.countMentions(m, 1)
	}
}

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
