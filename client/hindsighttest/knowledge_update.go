package hindsighttest

import (
	"fmt"
	"net/http"
	"slices"
)

// nodeUpdate is a validated UpdateNodeRequest; nil/false fields were not sent.
type nodeUpdate struct {
	name, source *string
	move         bool
	parentID     string
	tags         []string
	maxTokens    *int
	trigger      *fields
}

func (u nodeUpdate) pageFields() bool {
	return u.source != nil || u.tags != nil || u.maxTokens != nil || u.trigger != nil
}

// handleUpdateNode serves PATCH …/knowledge-base/nodes/{id}. Fields apply only when
// sent, in the real server's order: rename, move, then the page's model fields
// (a folder answers 404 to those after a rename or move already happened).
func (s *Server) handleUpdateNode(w http.ResponseWriter, r *http.Request, p pathParams) {
	q := newRequest(w, r)
	var u nodeUpdate
	if f := q.body(false, "name", "parent_id", "source_query", "tags", "max_tokens", "trigger"); f != nil {
		u.name, u.source = f.str("name"), f.str("source_query")
		if f.has("parent_id") {
			u.move, u.parentID = true, deref(f.str("parent_id"))
		}
		u.tags = f.strList("tags")
		u.maxTokens = f.integer("max_tokens", -1<<31, noMax)
		if t := f.object("trigger"); t != nil {
			u.trigger = t
			parseTrigger(q, t) // validation only: the merge happens below
		}
	}
	if q.invalid() {
		return
	}
	b, n, ok := s.lookupNode(w, r, p)
	if !ok {
		return
	}
	if u.name == nil && !u.move && !u.pageFields() {
		writeDetail(w, http.StatusBadRequest, "Provide name, parent_id, source_query, tags, max_tokens, and/or trigger to update")
		return
	}
	if err := s.renameMoveNode(b, n, u); err != nil {
		status := http.StatusBadRequest
		if _, dup := err.(duplicatePageError); dup {
			status = http.StatusInternalServerError
		}
		writeDetail(w, status, err.Error())
		return
	}
	if u.pageFields() {
		mm := pageModel(b, n)
		if mm == nil {
			writeDetail(w, http.StatusNotFound, fmt.Sprintf("Knowledge page '%s' not found", n.id))
			return
		}
		s.updatePageModel(b, mm, q, u)
	}
	n.updatedAt = s.now()
	writeJSON(w, http.StatusOK, s.nodeOf(b, n, false))
}

// duplicatePageError is the unique-index violation a rename or move onto an existing
// page name hits (the real server does not check first, so it is a 500).
type duplicatePageError string

func (e duplicatePageError) Error() string {
	return fmt.Sprintf("duplicate key value violates unique constraint \"uq_knowledge_pages_folder_name\"\n"+
		"DETAIL:  Key (bank_id, parent_id, lower(name))=(%s) already exists.", string(e))
}

// renameMoveNode applies the rename and the move of u.
func (s *Server) renameMoveNode(b *bank, n *kbNode, u nodeUpdate) error {
	parent := n.parentID
	if u.move {
		switch {
		case u.parentID == n.id:
			return detailf("A node cannot be its own parent")
		case u.parentID != "" && slices.Contains(subtree(b, n.id), u.parentID):
			return detailf("Cannot move a node into its own subtree")
		}
		if err := checkParent(b, u.parentID); err != nil {
			return err
		}
		parent = u.parentID
	}
	name := n.name
	if u.name != nil {
		name = *u.name
	}
	if n.kind == "page" && pageNameTaken(b, parent, name, n.id) {
		return duplicatePageError(fmt.Sprintf("%s, %s, %s", b.id, parent, name))
	}
	n.name, n.parentID = name, parent
	if mm := pageModel(b, n); mm != nil && u.name != nil {
		mm.name = name
	}
	return nil
}

// updatePageModel applies the model fields of u; a new source query queues a
// refresh, whose id the response does not carry.
func (s *Server) updatePageModel(b *bank, mm *mentalModel, q *request, u nodeUpdate) {
	if u.source != nil && *u.source != mm.sourceQuery {
		mm.sourceQuery = *u.source
		defer s.queueRefresh(b, mm, s.now())
	}
	if u.tags != nil {
		mm.tags = u.tags
	}
	if u.maxTokens != nil {
		mm.maxTokens = *u.maxTokens
	}
	if u.trigger != nil {
		mm.trigger = mergeTrigger(mm.trigger, q, u.trigger)
	}
}
