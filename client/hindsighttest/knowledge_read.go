package hindsighttest

import (
	"fmt"
	"net/http"
	"sort"
	"strings"
)

// kbNodeResponse is KnowledgeNode (nulls omitted).
type kbNodeResponse struct {
	ID            string           `json:"id"`
	Kind          string           `json:"kind"`
	Name          string           `json:"name"`
	ParentID      *string          `json:"parent_id,omitempty"`
	MentalModelID *string          `json:"mental_model_id,omitempty"`
	Managed       bool             `json:"managed"`
	Description   *string          `json:"description,omitempty"`
	Tags          []string         `json:"tags"`
	Timestamp     *string          `json:"timestamp,omitempty"`
	IsStale       *bool            `json:"is_stale,omitempty"`
	Trigger       map[string]any   `json:"trigger,omitempty"`
	Children      []kbNodeResponse `json:"children"`
}

// sortedChildren are a node's children as the tree orders siblings: sort_order
// (always 0) then name.
func sortedChildren(b *bank, parentID string) []*kbNode {
	list := b.kbChildren(parentID)
	sort.Slice(list, func(i, j int) bool {
		a, c := list[i], list[j]
		if la, lc := strings.ToLower(a.name), strings.ToLower(c.name); la != lc {
			return la < lc
		}
		if a.name != c.name {
			return a.name < c.name
		}
		return a.id < c.id
	})
	return list
}

// nodeOf renders n with its subtree; only the tree carries is_stale on pages.
func (s *Server) nodeOf(b *bank, n *kbNode, withStale bool) kbNodeResponse {
	out := kbNodeResponse{ID: n.id, Kind: n.kind, Name: n.name, ParentID: strPtr(n.parentID), Tags: []string{},
		Children: []kbNodeResponse{}}
	if mm := pageModel(b, n); mm != nil {
		out.MentalModelID = &mm.id
		out.Description = &mm.sourceQuery
		out.Tags = orEmpty(mm.tags)
		out.Timestamp = isoPtr(mm.lastRefreshedAt)
		out.Trigger = withoutNulls(mm.trigger)
		if withStale {
			stale := modelIsStale(b, mm, false)
			out.IsStale = &stale
		}
	} else {
		out.Timestamp = isoPtr(&n.updatedAt)
	}
	for _, c := range sortedChildren(b, n.id) {
		out.Children = append(out.Children, s.nodeOf(b, c, withStale))
	}
	return out
}

// handleKnowledgeTree serves GET …/knowledge-base/tree; a missing bank has no roots.
func (s *Server) handleKnowledgeTree(w http.ResponseWriter, r *http.Request, bankID string) {
	markIgnored(w, ignoredQuery(r))
	if !s.authorized(w, r) {
		return
	}
	roots := []kbNodeResponse{}
	if b := s.store.banks[bankID]; b != nil {
		for _, n := range sortedChildren(b, "") {
			roots = append(roots, s.nodeOf(b, n, true))
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"roots": roots})
}

// pageView is KnowledgePageResponse.
type pageView struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Type        string   `json:"type"`
	Description *string  `json:"description,omitempty"`
	Tags        []string `json:"tags"`
	Timestamp   *string  `json:"timestamp,omitempty"`
	Body        *string  `json:"body,omitempty"`
	Markdown    string   `json:"markdown"`
}

// pageViewOf renders a page: its type comes from the first "type:<x>" tag, which the
// other tags leave out.
func pageViewOf(n *kbNode, mm *mentalModel) pageView {
	v := pageView{ID: n.id, Name: n.name, Type: "knowledge-page", Description: strPtr(mm.sourceQuery),
		Tags: []string{}, Timestamp: isoPtr(mm.lastRefreshedAt), Body: strPtr(mm.content)}
	typed := false
	for _, t := range mm.tags {
		if kind, ok := strings.CutPrefix(t, "type:"); ok {
			if !typed {
				v.Type, typed = kind, true
			}
			continue
		}
		v.Tags = append(v.Tags, t)
	}
	v.Markdown = pageMarkdown(v)
	return v
}

// yamlQuote double-quotes a front-matter scalar.
func yamlQuote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\r", `\r`, "\t", `\t`)
	return `"` + r.Replace(s) + `"`
}

// pageMarkdown is the page as a markdown file with YAML front matter; empty keys are
// left out.
func pageMarkdown(v pageView) string {
	lines := []string{"---", "id: " + yamlQuote(v.ID), "type: " + yamlQuote(v.Type), "title: " + yamlQuote(v.Name)}
	if v.Description != nil {
		lines = append(lines, "description: "+yamlQuote(*v.Description))
	}
	if len(v.Tags) > 0 {
		lines = append(lines, "tags:")
		for _, t := range v.Tags {
			lines = append(lines, "  - "+yamlQuote(t))
		}
	}
	if v.Timestamp != nil {
		lines = append(lines, "timestamp: "+yamlQuote(*v.Timestamp))
	}
	lines = append(lines, "---", "")
	if v.Body != nil {
		lines = append(lines, *v.Body)
	}
	return strings.Join(lines, "\n")
}

// handleGetPage serves GET …/knowledge-base/pages/{id}; folder ids are not pages.
func (s *Server) handleGetPage(w http.ResponseWriter, r *http.Request, p pathParams) {
	markIgnored(w, ignoredQuery(r))
	if !s.authorized(w, r) {
		return
	}
	if b := s.store.banks[p["bank_id"]]; b != nil {
		if n := b.knowledge[p["page_id"]]; n != nil {
			if mm := pageModel(b, n); mm != nil {
				writeJSON(w, http.StatusOK, pageViewOf(n, mm))
				return
			}
		}
	}
	writeDetail(w, http.StatusNotFound, fmt.Sprintf("Knowledge page '%s' not found", p["page_id"]))
}

// handleKnowledgeExport serves GET …/knowledge-base/export: index.md (the tree as
// nested bullets), each page as <page_id>.md and its history as <page_id>.log.md.
func (s *Server) handleKnowledgeExport(w http.ResponseWriter, r *http.Request, bankID string) {
	markIgnored(w, ignoredQuery(r))
	if !s.authorized(w, r) {
		return
	}
	files := []map[string]string{}
	b := s.store.banks[bankID]
	if b == nil || len(b.knowledge) == 0 {
		writeJSON(w, http.StatusOK, map[string]any{"files": files})
		return
	}
	var index []string
	var pages []map[string]string
	var walk func(parent string, depth int)
	walk = func(parent string, depth int) {
		indent := strings.Repeat("  ", depth)
		for _, n := range sortedChildren(b, parent) {
			mm := pageModel(b, n)
			if mm == nil {
				index = append(index, fmt.Sprintf("%s- **%s/**", indent, n.name))
				walk(n.id, depth+1)
				continue
			}
			index = append(index, fmt.Sprintf("%s- [%s](./%s.md) — %s", indent, n.name, n.id, mm.sourceQuery))
			pages = append(pages, map[string]string{"path": n.id + ".md", "content": pageViewOf(n, mm).Markdown})
			if len(mm.history) > 0 {
				var log []string
				for _, h := range mm.history {
					log = append(log, "## "+isoTime(h.changedAt), "", h.previousContent, "")
				}
				pages = append(pages, map[string]string{"path": n.id + ".log.md", "content": strings.Join(log, "\n")})
			}
		}
	}
	walk("", 0)
	files = append(files, map[string]string{"path": "index.md", "content": strings.Join(index, "\n") + "\n"})
	writeJSON(w, http.StatusOK, map[string]any{"files": append(files, pages...)})
}
