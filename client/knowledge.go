package client

import "context"

// Knowledge base: mental models arranged as pages in a tree of folders. A page is a
// node ("kp-…") backed by a mental model ("mm-…"); a folder ("kf-…") only groups.

// Knowledge node kinds.
const (
	NodeFolder = "folder"
	NodePage   = "page"
)

// KnowledgeNode is a folder or a page with its children.
type KnowledgeNode struct {
	ID            string              `json:"id"`
	Kind          string              `json:"kind"` // folder | page
	Name          string              `json:"name"`
	ParentID      string              `json:"parent_id"` // "" at the root
	MentalModelID string              `json:"mental_model_id"`
	Managed       bool                `json:"managed"`
	Description   string              `json:"description"` // a page's source query
	Tags          []string            `json:"tags"`
	Timestamp     Time                `json:"timestamp"` // page: last refresh; folder: last update
	IsStale       *bool               `json:"is_stale"`  // pages, in the tree only
	Trigger       *MentalModelTrigger `json:"trigger"`   // pages
	Children      []KnowledgeNode     `json:"children"`
}

// KnowledgeTree is the whole knowledge base of a bank.
type KnowledgeTree struct {
	Roots []KnowledgeNode `json:"roots"`
}

// KnowledgeTree returns a bank's folders and pages (empty for a missing bank).
func (c *Client) KnowledgeTree(ctx context.Context, bankID string) (*KnowledgeTree, error) {
	var out KnowledgeTree
	if err := c.do(ctx, "GET", bankPath(bankID, "knowledge-base", "tree"), nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// CreateKnowledgeFolder creates a folder under parentID ("" = the root). Folder
// names may repeat.
func (c *Client) CreateKnowledgeFolder(ctx context.Context, bankID, name, parentID string) (*KnowledgeNode, error) {
	body := map[string]any{"name": name}
	if parentID != "" {
		body["parent_id"] = parentID
	}
	var out KnowledgeNode
	if err := c.do(ctx, "POST", bankPath(bankID, "knowledge-base", "folders"), nil, body, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// CreateKnowledgePageRequest creates a page. The trigger fields sent are laid over
// the page defaults (delta refreshes over observations after each consolidation).
type CreateKnowledgePageRequest struct {
	Name        string              `json:"name"`
	SourceQuery string              `json:"source_query"`
	ParentID    string              `json:"parent_id,omitempty"`
	Tags        []string            `json:"tags,omitempty"` // a "type:<x>" tag sets the page type
	MaxTokens   int                 `json:"max_tokens,omitempty"`
	Trigger     *MentalModelTrigger `json:"trigger,omitempty"`
}

// CreateKnowledgePageResponse names the page, its model and the first refresh.
type CreateKnowledgePageResponse struct {
	PageID        string `json:"page_id"`
	MentalModelID string `json:"mental_model_id"`
	OperationID   string `json:"operation_id"`
}

// CreateKnowledgePage creates a page; a page name is unique within its folder,
// ignoring case (409 otherwise).
func (c *Client) CreateKnowledgePage(ctx context.Context, bankID string, r CreateKnowledgePageRequest) (*CreateKnowledgePageResponse, error) {
	var out CreateKnowledgePageResponse
	if err := c.do(ctx, "POST", bankPath(bankID, "knowledge-base", "pages"), nil, r, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// KnowledgePage is a page's content, also as a markdown file with front matter.
type KnowledgePage struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Type        string   `json:"type"` // from the first "type:<x>" tag, else "knowledge-page"
	Description string   `json:"description"`
	Tags        []string `json:"tags"` // without the type tags
	Timestamp   Time     `json:"timestamp"`
	Body        string   `json:"body"`
	Markdown    string   `json:"markdown"`
}

// GetKnowledgePage returns one page (404 for folder ids too).
func (c *Client) GetKnowledgePage(ctx context.Context, bankID, pageID string) (*KnowledgePage, error) {
	var out KnowledgePage
	if err := c.do(ctx, "GET", bankPath(bankID, "knowledge-base", "pages", esc(pageID)), nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// UpdateKnowledgeNodeRequest renames or moves a node and, for pages, changes the
// model. Nil fields are not sent; Move with an empty ParentID moves to the root.
// A new SourceQuery queues a refresh; sent trigger fields merge into the current one.
type UpdateKnowledgeNodeRequest struct {
	Name        *string
	Move        bool
	ParentID    string
	SourceQuery *string
	Tags        *[]string
	MaxTokens   *int
	Trigger     *MentalModelTrigger
}

func (r UpdateKnowledgeNodeRequest) body() map[string]any {
	b := map[string]any{}
	if r.Name != nil {
		b["name"] = *r.Name
	}
	if r.Move {
		b["parent_id"] = nil
		if r.ParentID != "" {
			b["parent_id"] = r.ParentID
		}
	}
	if r.SourceQuery != nil {
		b["source_query"] = *r.SourceQuery
	}
	if r.Tags != nil {
		b["tags"] = *r.Tags
	}
	if r.MaxTokens != nil {
		b["max_tokens"] = *r.MaxTokens
	}
	if r.Trigger != nil {
		b["trigger"] = r.Trigger
	}
	return b
}

// UpdateKnowledgeNode applies r to a node and returns it with its subtree.
func (c *Client) UpdateKnowledgeNode(ctx context.Context, bankID, nodeID string, r UpdateKnowledgeNodeRequest) (*KnowledgeNode, error) {
	var out KnowledgeNode
	if err := c.do(ctx, "PATCH", bankPath(bankID, "knowledge-base", "nodes", esc(nodeID)), nil, r.body(), &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// DeleteKnowledgeNode deletes a node with its whole subtree, pages' models included.
func (c *Client) DeleteKnowledgeNode(ctx context.Context, bankID, nodeID string) error {
	return c.do(ctx, "DELETE", bankPath(bankID, "knowledge-base", "nodes", esc(nodeID)), nil, nil, nil)
}

// KnowledgeSearchResult is one page found by a search.
type KnowledgeSearchResult struct {
	ID            string  `json:"id"`
	Name          string  `json:"name"`
	MentalModelID string  `json:"mental_model_id"`
	Snippet       string  `json:"snippet"`
	Score         float64 `json:"score"`
	UpdatedAt     Time    `json:"updated_at"`
}

// KnowledgeSearchResults are the pages found, best first; Total counts them.
type KnowledgeSearchResults struct {
	Results []KnowledgeSearchResult `json:"results"`
	Total   int                     `json:"total"`
}

// SearchKnowledge searches the pages of a bank (q must not be empty; limit 1–50,
// 0 = server default 10).
func (c *Client) SearchKnowledge(ctx context.Context, bankID, q string, limit int) (*KnowledgeSearchResults, error) {
	qs := query{}
	qs.str("q", q)
	qs.num("limit", limit)
	var out KnowledgeSearchResults
	if err := c.do(ctx, "GET", bankPath(bankID, "knowledge-base", "search"), qs, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// KnowledgeFile is one file of an exported knowledge base.
type KnowledgeFile struct {
	Path    string `json:"path"`
	Content string `json:"content"`
}

// ExportKnowledge returns the knowledge base as markdown files: index.md, one
// <page_id>.md per page and <page_id>.log.md with a page's history.
func (c *Client) ExportKnowledge(ctx context.Context, bankID string) ([]KnowledgeFile, error) {
	var out struct {
		Files []KnowledgeFile `json:"files"`
	}
	if err := c.do(ctx, "GET", bankPath(bankID, "knowledge-base", "export"), nil, nil, &out); err != nil {
		return nil, err
	}
	return out.Files, nil
}
