package hindsighttest

import (
	"fmt"
	"net/http"
	"sort"
	"strings"
	"time"
)

// placeholderContent is what a new mental model holds until its first refresh.
const placeholderContent = "Generating content..."

// modelResponse is MentalModelResponse (nulls omitted); fields depend on detail.
type modelResponse struct {
	ID               string         `json:"id"`
	BankID           string         `json:"bank_id"`
	Name             string         `json:"name"`
	SourceQuery      *string        `json:"source_query,omitempty"`
	Content          *string        `json:"content,omitempty"`
	Tags             []string       `json:"tags"`
	MaxTokens        *int           `json:"max_tokens,omitempty"`
	Trigger          map[string]any `json:"trigger,omitempty"`
	LastRefreshedAt  *string        `json:"last_refreshed_at,omitempty"`
	LastMemorySeenAt *string        `json:"last_memory_seen_at,omitempty"`
	CreatedAt        *string        `json:"created_at,omitempty"`
	ReflectResponse  map[string]any `json:"reflect_response,omitempty"`
	IsStale          *bool          `json:"is_stale,omitempty"`
}

// modelOf renders mm at a detail level (metadata | content | full).
func modelOf(b *bank, mm *mentalModel, detail string, withStale bool) modelResponse {
	out := modelResponse{
		ID: mm.id, BankID: mm.bankID, Name: mm.name, Tags: orEmpty(mm.tags),
		LastRefreshedAt: isoPtr(mm.lastRefreshedAt), LastMemorySeenAt: isoPtr(mm.lastMemorySeenAt),
		CreatedAt: isoPtr(&mm.createdAt),
	}
	if detail != "metadata" {
		source, content, maxTokens := mm.sourceQuery, mm.content, mm.maxTokens
		out.SourceQuery, out.Content, out.MaxTokens = &source, &content, &maxTokens
		out.Trigger = withoutNulls(mm.trigger)
	}
	if detail == "full" {
		out.ReflectResponse = mm.reflectResponse
	}
	if withStale {
		stale := modelIsStale(b, mm)
		out.IsStale = &stale
	}
	return out
}

// withoutNulls drops null values, as the typed route serialises the trigger model.
func withoutNulls(m map[string]any) map[string]any {
	if m == nil {
		return nil
	}
	out := make(map[string]any, len(m))
	for k, v := range m {
		if v != nil {
			out[k] = v
		}
	}
	return out
}

func notFoundModel(w http.ResponseWriter, id string) {
	writeDetail(w, http.StatusNotFound, fmt.Sprintf("Mental model '%s' not found", id))
}

// lookupModel checks auth and finds the model (404 when missing).
func (s *Server) lookupModel(w http.ResponseWriter, r *http.Request, p pathParams) (*bank, *mentalModel, bool) {
	if !s.authorized(w, r) {
		return nil, nil, false
	}
	if b := s.store.banks[p["bank_id"]]; b != nil {
		if mm := b.models[p["mental_model_id"]]; mm != nil {
			return b, mm, true
		}
	}
	notFoundModel(w, p["mental_model_id"])
	return nil, nil, false
}

// handleListModels serves GET …/mental-models: last_refreshed_at DESC (never-refreshed
// first, as Postgres orders NULLs), then id DESC.
func (s *Server) handleListModels(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r, "tags", "tags_match", "detail", "limit", "offset")
	tags := q.strs("tags")
	mode := q.literal("tags_match", "any", "any", "all", "exact")
	detail := q.literal("detail", "full", "metadata", "content", "full")
	limit := q.integer("limit", 100, 1, 1000)
	offset := q.integer("offset", 0, 0, noMax)
	if q.invalid() || !s.authorized(w, r) {
		return
	}
	b := s.store.banks[bankID]
	var models []*mentalModel
	if b != nil {
		for _, mm := range b.models {
			if matchModelTags(mm.tags, tags, mode) {
				models = append(models, mm)
			}
		}
	}
	sort.Slice(models, func(i, j int) bool {
		a, c := models[i], models[j]
		switch {
		case (a.lastRefreshedAt == nil) != (c.lastRefreshedAt == nil):
			return a.lastRefreshedAt == nil
		case a.lastRefreshedAt != nil && !a.lastRefreshedAt.Equal(*c.lastRefreshedAt):
			return a.lastRefreshedAt.After(*c.lastRefreshedAt)
		}
		return a.id > c.id
	})
	lo, hi := page(len(models), limit, offset)
	items := make([]modelResponse, 0, hi-lo)
	for _, mm := range models[lo:hi] {
		items = append(items, modelOf(b, mm, detail, true))
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": items, "total": len(models), "limit": limit, "offset": offset})
}

// handleGetModel serves GET …/mental-models/{id}; is_stale only with detail=full.
func (s *Server) handleGetModel(w http.ResponseWriter, r *http.Request, p pathParams) {
	q := newRequest(w, r, "detail")
	detail := q.literal("detail", "full", "metadata", "content", "full")
	if q.invalid() {
		return
	}
	if b, mm, ok := s.lookupModel(w, r, p); ok {
		writeJSON(w, http.StatusOK, modelOf(b, mm, detail, detail == "full"))
	}
}

// handleModelHistory serves GET …/mental-models/{id}/history, newest first (nulls kept).
func (s *Server) handleModelHistory(w http.ResponseWriter, r *http.Request, p pathParams) {
	markIgnored(w, ignoredQuery(r))
	_, mm, ok := s.lookupModel(w, r, p)
	if !ok {
		return
	}
	out := make([]map[string]any, 0, len(mm.history))
	for _, h := range mm.history {
		var rr any
		if h.previousReflectResponse != nil {
			rr = h.previousReflectResponse
		}
		out = append(out, map[string]any{
			"previous_content": h.previousContent, "previous_reflect_response": rr, "changed_at": isoTime(h.changedAt),
		})
	}
	writeJSON(w, http.StatusOK, out)
}

// handleCreateModel serves POST …/mental-models: stores the model with placeholder
// content and queues its first refresh.
func (s *Server) handleCreateModel(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r)
	f := q.body(false, "id", "name", "source_query", "tags", "max_tokens", "trigger")
	var (
		id, name, source string
		tags             []string
		maxTokens        = 2048
		trigger          = parseTrigger(q, nil)
	)
	if f != nil {
		if v := f.str("id"); v != nil {
			id = *v
		}
		name, source = f.reqStr("name"), f.reqStr("source_query")
		tags = f.strList("tags")
		if n := f.integer("max_tokens", 256, 8192); n != nil {
			maxTokens = *n
		}
		trigger = parseTrigger(q, f.object("trigger"))
	}
	if q.invalid() || !s.authorized(w, r) {
		return
	}
	if id == "" {
		id = "mm-" + strings.ReplaceAll(newUUID(), "-", "")
	}
	b := s.ensureBank(bankID)
	if b.models[id] != nil {
		writeDetail(w, http.StatusConflict, fmt.Sprintf("Mental model '%s' already exists", id))
		return
	}
	now := s.now()
	mm := &mentalModel{id: id, bankID: b.id, name: name, sourceQuery: source, content: placeholderContent,
		tags: orEmpty(tags), maxTokens: maxTokens, trigger: trigger, createdAt: now}
	b.models[id] = mm
	op := s.queueRefresh(b, mm, now)
	writeJSON(w, http.StatusOK, map[string]any{"mental_model_id": id, "operation_id": op.id})
}

// handleUpdateModel serves PATCH …/mental-models/{id}; it does not refresh.
func (s *Server) handleUpdateModel(w http.ResponseWriter, r *http.Request, p pathParams) {
	q := newRequest(w, r)
	f := q.body(false, "name", "source_query", "max_tokens", "tags", "trigger")
	var name, source *string
	var maxTokens *int
	var tags []string
	var trigger map[string]any
	if f != nil {
		name, source = f.str("name"), f.str("source_query")
		maxTokens = f.integer("max_tokens", 256, 8192)
		tags = f.strList("tags")
		if t := f.object("trigger"); t != nil {
			trigger = parseTrigger(q, t)
		}
	}
	if q.invalid() {
		return
	}
	b, mm, ok := s.lookupModel(w, r, p)
	if !ok {
		return
	}
	if name != nil {
		mm.name = *name
	}
	if source != nil {
		mm.sourceQuery = *source
	}
	if maxTokens != nil {
		mm.maxTokens = *maxTokens
	}
	if tags != nil {
		mm.tags = tags
	}
	if trigger != nil {
		mm.trigger = trigger
	}
	writeJSON(w, http.StatusOK, modelOf(b, mm, "full", true))
}

// handleDeleteModel serves DELETE …/mental-models/{id}.
func (s *Server) handleDeleteModel(w http.ResponseWriter, r *http.Request, p pathParams) {
	markIgnored(w, ignoredQuery(r))
	b, mm, ok := s.lookupModel(w, r, p)
	if !ok {
		return
	}
	delete(b.models, mm.id)
	writeJSON(w, http.StatusOK, map[string]any{"status": "deleted"})
}

// handleClearModel serves POST …/mental-models/{id}/clear: empties the content so
// the next refresh rebuilds it.
func (s *Server) handleClearModel(w http.ResponseWriter, r *http.Request, p pathParams) {
	markIgnored(w, ignoredQuery(r))
	b, mm, ok := s.lookupModel(w, r, p)
	if !ok {
		return
	}
	mm.content, mm.reflectResponse = "", nil
	writeJSON(w, http.StatusOK, modelOf(b, mm, "full", true))
}

// handleRefreshModel serves POST …/mental-models/{id}/refresh; a refresh already
// pending for the model is reused.
func (s *Server) handleRefreshModel(w http.ResponseWriter, r *http.Request, p pathParams) {
	markIgnored(w, ignoredQuery(r))
	if !s.authorized(w, r) {
		return
	}
	var mm *mentalModel
	b := s.store.banks[p["bank_id"]]
	if b != nil {
		mm = b.models[p["mental_model_id"]]
	}
	if mm == nil {
		writeDetail(w, http.StatusNotFound, fmt.Sprintf("Mental model %s not found in bank %s", p["mental_model_id"], p["bank_id"]))
		return
	}
	op := s.queueRefresh(b, mm, s.now())
	writeJSON(w, http.StatusOK, map[string]any{"operation_id": op.id, "status": "queued"})
}

// queueRefresh returns the model's pending refresh, or queues a new one that
// regenerates the content when it completes.
func (s *Server) queueRefresh(b *bank, mm *mentalModel, now time.Time) *operation {
	for _, op := range s.queue {
		if op.opType == "refresh_mental_model" && op.status == "pending" && op.bankID == b.id &&
			op.mentalModelID == mm.id && s.store.operations[op.id] == op {
			return op
		}
	}
	op := s.newOperation(b.id, "refresh_mental_model", now, nil)
	op.mentalModelID = mm.id
	op.resultMeta = map[string]any{"mental_model_id": mm.id, "name": mm.name}
	op.payload = map[string]any{"mental_model_id": mm.id}
	op.apply = func(done time.Time) error {
		bk := s.store.banks[b.id]
		if bk == nil || bk.models[mm.id] == nil {
			return detailf("Mental model %s not found in bank %s", mm.id, b.id)
		}
		outcome := s.refreshModel(bk, bk.models[mm.id], done)
		s.traceRefresh(bk, bk.models[mm.id], done)
		op.details = map[string]any{"operation_type": "refresh_mental_model", "outcome": outcome}
		op.resultMeta["outcome"] = outcome
		return nil
	}
	return op
}
