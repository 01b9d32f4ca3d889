package hindsighttest

import (
	"fmt"
	"net/http"
	"sort"
)

// directiveResponse is DirectiveResponse.
type directiveResponse struct {
	ID        string   `json:"id"`
	BankID    string   `json:"bank_id"`
	Name      string   `json:"name"`
	Content   string   `json:"content"`
	Priority  int      `json:"priority"`
	IsActive  bool     `json:"is_active"`
	Tags      []string `json:"tags"`
	CreatedAt string   `json:"created_at"`
	UpdatedAt string   `json:"updated_at"`
}

func directiveOf(d *directive) directiveResponse {
	return directiveResponse{ID: d.id, BankID: d.bankID, Name: d.name, Content: d.content, Priority: d.priority,
		IsActive: d.isActive, Tags: orEmpty(d.tags), CreatedAt: isoTime(d.createdAt), UpdatedAt: isoTime(d.updatedAt)}
}

// handleListDirectives serves GET …/directives: priority DESC, created_at DESC, id DESC.
func (s *Server) handleListDirectives(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r, "tags", "tags_match", "active_only", "limit", "offset")
	tags := q.strs("tags")
	mode := q.literal("tags_match", "any", "any", "all", "exact")
	activeOnly := q.boolean("active_only", true)
	limit := q.integer("limit", 100, 1, 1000)
	offset := q.integer("offset", 0, 0, noMax)
	if q.invalid() || !s.authorized(w, r) {
		return
	}
	var list []*directive
	if b := s.store.banks[bankID]; b != nil {
		for _, d := range b.directives {
			if (!activeOnly || d.isActive) && matchDirectiveTags(d.tags, tags, mode) {
				list = append(list, d)
			}
		}
	}
	sort.Slice(list, func(i, j int) bool {
		a, c := list[i], list[j]
		if a.priority != c.priority {
			return a.priority > c.priority
		}
		if !a.createdAt.Equal(c.createdAt) {
			return a.createdAt.After(c.createdAt)
		}
		return a.id > c.id
	})
	lo, hi := page(len(list), limit, offset)
	items := make([]directiveResponse, 0, hi-lo)
	for _, d := range list[lo:hi] {
		items = append(items, directiveOf(d))
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": items, "total": len(list), "limit": limit, "offset": offset})
}

// lookupDirective checks auth and finds the directive (404 when missing). The id is
// not validated first: a malformed one reaches the database, which rejects it (500).
func (s *Server) lookupDirective(w http.ResponseWriter, r *http.Request, p pathParams) (*bank, *directive, bool) {
	if !s.authorized(w, r) {
		return nil, nil, false
	}
	raw := p["directive_id"]
	id, valid := canonicalUUID(raw)
	if !valid {
		writeDetail(w, http.StatusInternalServerError, fmt.Sprintf(
			"invalid input for query argument $2: '%s' (invalid UUID '%s': length must be between 32..36 characters, got %d)",
			raw, raw, len(raw)))
		return nil, nil, false
	}
	if b := s.store.banks[p["bank_id"]]; b != nil {
		if d := b.directives[id]; d != nil {
			return b, d, true
		}
	}
	writeDetail(w, http.StatusNotFound, fmt.Sprintf("Directive '%s' not found", raw))
	return nil, nil, false
}

// handleGetDirective serves GET …/directives/{id}.
func (s *Server) handleGetDirective(w http.ResponseWriter, r *http.Request, p pathParams) {
	markIgnored(w, ignoredQuery(r))
	if _, d, ok := s.lookupDirective(w, r, p); ok {
		writeJSON(w, http.StatusOK, directiveOf(d))
	}
}

// handleCreateDirective serves POST …/directives. Unlike most writes it does not
// create a missing bank: the insert fails on the foreign key (500).
func (s *Server) handleCreateDirective(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r)
	f := q.body(false, "name", "content", "priority", "is_active", "tags")
	d := &directive{isActive: true}
	if f != nil {
		d.name, d.content = f.reqStr("name"), f.reqStr("content")
		if n := f.integer("priority", -1<<31, noMax); n != nil {
			d.priority = *n
		}
		if v := f.boolean("is_active"); v != nil {
			d.isActive = *v
		}
		d.tags = f.strList("tags")
	}
	if q.invalid() || !s.authorized(w, r) {
		return
	}
	b := s.store.banks[bankID]
	if b == nil {
		writeDetail(w, http.StatusInternalServerError, fmt.Sprintf("insert or update on table \"directives\" violates "+
			"foreign key constraint \"directives_bank_id_fkey\"\nDETAIL:  Key (bank_id)=(%s) is not present in table \"banks\".", bankID))
		return
	}
	now := s.now()
	d.id, d.bankID, d.tags, d.createdAt, d.updatedAt = newUUID(), b.id, orEmpty(d.tags), now, now
	b.directives[d.id] = d
	writeJSON(w, http.StatusOK, directiveOf(d))
}

// handleUpdateDirective serves PATCH …/directives/{id}.
func (s *Server) handleUpdateDirective(w http.ResponseWriter, r *http.Request, p pathParams) {
	q := newRequest(w, r)
	f := q.body(false, "name", "content", "priority", "is_active", "tags")
	var name, content *string
	var priority *int
	var active *bool
	var tags []string
	if f != nil {
		name, content = f.str("name"), f.str("content")
		priority = f.integer("priority", -1<<31, noMax)
		active = f.boolean("is_active")
		tags = f.strList("tags")
	}
	if q.invalid() {
		return
	}
	_, d, ok := s.lookupDirective(w, r, p)
	if !ok {
		return
	}
	if name != nil {
		d.name = *name
	}
	if content != nil {
		d.content = *content
	}
	if priority != nil {
		d.priority = *priority
	}
	if active != nil {
		d.isActive = *active
	}
	if tags != nil {
		d.tags = tags
	}
	d.updatedAt = s.now()
	writeJSON(w, http.StatusOK, directiveOf(d))
}

// handleDeleteDirective serves DELETE …/directives/{id}.
func (s *Server) handleDeleteDirective(w http.ResponseWriter, r *http.Request, p pathParams) {
	markIgnored(w, ignoredQuery(r))
	b, d, ok := s.lookupDirective(w, r, p)
	if !ok {
		return
	}
	delete(b.directives, d.id)
	writeJSON(w, http.StatusOK, map[string]any{"status": "deleted"})
}
