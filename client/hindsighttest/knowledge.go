package hindsighttest

import (
	"fmt"
	"net/http"
	"strings"
	"time"
)

// The knowledge base arranges mental models as pages in a tree of folders. A page is
// a node (kp-…) plus the mental model (mm-…) that holds its content; a folder (kf-…)
// is a node only. Deleting a page's model deletes the page, and deleting a node
// deletes its whole subtree with the models of its pages.

// kbNode is a knowledge-base folder or page.
type kbNode struct {
	id, kind, name string
	parentID       string // "" at the root
	modelID        string // pages only
	createdAt      time.Time
	updatedAt      time.Time
}

// kbID is a node id: the prefix and 32 hex digits.
func kbID(prefix string) string { return prefix + strings.ReplaceAll(newUUID(), "-", "") }

// kb returns the bank's knowledge nodes, creating the map on first use.
func (b *bank) kb() map[string]*kbNode {
	if b.knowledge == nil {
		b.knowledge = map[string]*kbNode{}
	}
	return b.knowledge
}

// children lists a node's direct children ("" = the roots), unsorted.
func (b *bank) kbChildren(parentID string) []*kbNode {
	var out []*kbNode
	for _, n := range b.knowledge {
		if n.parentID == parentID {
			out = append(out, n)
		}
	}
	return out
}

// pageDefaultTrigger is the trigger a page starts from: delta refreshes over
// observations after every consolidation, without consulting other models.
func pageDefaultTrigger() map[string]any {
	t := defaultTrigger()
	t["mode"], t["fact_types"], t["exclude_mental_models"], t["refresh_after_consolidation"] = "delta", []string{"observation"}, true, true
	return t
}

// mergeTrigger lays the fields actually sent (f) over base: the page routes merge
// rather than replace. Setting a cron drops an unsent refresh_after_consolidation and
// the reverse, as the two exclude each other.
func mergeTrigger(base map[string]any, q *request, f *fields) map[string]any {
	parsed := parseTrigger(q, f)
	out := make(map[string]any, len(base))
	for k, v := range base {
		out[k] = v
	}
	for k := range f.obj {
		if _, known := parsed[k]; known {
			out[k] = parsed[k]
		}
	}
	switch {
	case parsed["refresh_cron"] != nil && !f.has("refresh_after_consolidation"):
		out["refresh_after_consolidation"] = false
	case parsed["refresh_after_consolidation"] == true && !f.has("refresh_cron"):
		out["refresh_cron"] = nil
	}
	return out
}

// checkParent validates a parent folder id ("" = root) for a create or a move.
func checkParent(b *bank, parentID string) error {
	if parentID == "" {
		return nil
	}
	p := b.knowledge[parentID]
	if p == nil {
		return detailf("Parent folder '%s' not found", parentID)
	}
	if p.kind != "folder" {
		return detailf("Parent '%s' is not a folder", parentID)
	}
	return nil
}

// pageNameTaken reports whether another page in folder parentID has name, ignoring case.
func pageNameTaken(b *bank, parentID, name, except string) bool {
	for _, n := range b.kbChildren(parentID) {
		if n.kind == "page" && n.id != except && strings.EqualFold(n.name, name) {
			return true
		}
	}
	return false
}

// handleCreateFolder serves POST …/knowledge-base/folders (201); names may repeat.
func (s *Server) handleCreateFolder(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r)
	var name, parent string
	if f := q.body(false, "name", "parent_id"); f != nil {
		name = f.reqStr("name")
		parent = deref(f.str("parent_id"))
	}
	if q.invalid() || !s.authorized(w, r) {
		return
	}
	b := s.ensureBank(bankID)
	if err := checkParent(b, parent); err != nil {
		writeDetail(w, http.StatusBadRequest, err.Error())
		return
	}
	now := s.now()
	n := &kbNode{id: kbID("kf-"), kind: "folder", name: name, parentID: parent, createdAt: now, updatedAt: now}
	b.kb()[n.id] = n
	writeJSON(w, http.StatusCreated, s.nodeOf(b, n, false))
}

// handleCreatePage serves POST …/knowledge-base/pages (201): a node plus its model,
// whose first refresh is queued.
func (s *Server) handleCreatePage(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r)
	var name, source, parent string
	var tags []string
	maxTokens := 4096
	trigger := pageDefaultTrigger()
	if f := q.body(false, "name", "source_query", "parent_id", "tags", "max_tokens", "trigger"); f != nil {
		name, source = f.reqStr("name"), f.reqStr("source_query")
		parent = deref(f.str("parent_id"))
		tags = f.strList("tags")
		if n := f.integer("max_tokens", -1<<31, noMax); n != nil {
			maxTokens = *n
		}
		if t := f.object("trigger"); t != nil {
			trigger = mergeTrigger(trigger, q, t)
		}
	}
	if q.invalid() || !s.authorized(w, r) {
		return
	}
	b := s.ensureBank(bankID)
	if err := checkParent(b, parent); err != nil {
		writeDetail(w, http.StatusBadRequest, err.Error())
		return
	}
	if pageNameTaken(b, parent, name, "") {
		writeDetail(w, http.StatusConflict, fmt.Sprintf("A page named '%s' already exists in this folder", name))
		return
	}
	mm := s.addModel(b, "", name, source, tags, maxTokens, trigger)
	n := &kbNode{id: kbID("kp-"), kind: "page", name: name, parentID: parent, modelID: mm.id,
		createdAt: mm.createdAt, updatedAt: mm.createdAt}
	b.kb()[n.id] = n
	op := s.queueRefresh(b, mm, mm.createdAt)
	writeJSON(w, http.StatusCreated, map[string]any{"page_id": n.id, "mental_model_id": mm.id, "operation_id": op.id})
}

// lookupNode checks auth and finds a node (404 when missing).
func (s *Server) lookupNode(w http.ResponseWriter, r *http.Request, p pathParams) (*bank, *kbNode, bool) {
	if !s.authorized(w, r) {
		return nil, nil, false
	}
	if b := s.store.banks[p["bank_id"]]; b != nil {
		if n := b.knowledge[p["node_id"]]; n != nil {
			return b, n, true
		}
	}
	writeDetail(w, http.StatusNotFound, fmt.Sprintf("Knowledge node '%s' not found", p["node_id"]))
	return nil, nil, false
}

// handleDeleteNode serves DELETE …/knowledge-base/nodes/{id}: the whole subtree,
// with the models of its pages.
func (s *Server) handleDeleteNode(w http.ResponseWriter, r *http.Request, p pathParams) {
	markIgnored(w, ignoredQuery(r))
	b, n, ok := s.lookupNode(w, r, p)
	if !ok {
		return
	}
	for _, id := range subtree(b, n.id) {
		if node := b.knowledge[id]; node.kind == "page" {
			delete(b.models, node.modelID)
		}
		delete(b.knowledge, id)
	}
	writeJSON(w, http.StatusOK, map[string]any{"status": "deleted"})
}

// subtree lists id and every node below it.
func subtree(b *bank, id string) []string {
	out := []string{id}
	for i := 0; i < len(out); i++ {
		for _, c := range b.kbChildren(out[i]) {
			out = append(out, c.id)
		}
	}
	return out
}

// deleteModel removes a mental model and the knowledge page it backs, if any.
func (s *Server) deleteModel(b *bank, mm *mentalModel) {
	delete(b.models, mm.id)
	for id, n := range b.knowledge {
		if n.kind == "page" && n.modelID == mm.id {
			delete(b.knowledge, id)
		}
	}
}

// pageModel is the model behind a page node (nil for folders).
func pageModel(b *bank, n *kbNode) *mentalModel {
	if n.kind != "page" {
		return nil
	}
	return b.models[n.modelID]
}
