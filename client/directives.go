package client

import "context"

// Directive is a hard rule injected into reflect. Empty Tags make it global.
type Directive struct {
	ID        string   `json:"id"`
	BankID    string   `json:"bank_id"`
	Name      string   `json:"name"`
	Content   string   `json:"content"`
	Priority  int      `json:"priority"`
	IsActive  bool     `json:"is_active"`
	Tags      []string `json:"tags"`
	CreatedAt Time     `json:"created_at"`
	UpdatedAt Time     `json:"updated_at"`
}

// DirectiveList is a page of directives, highest priority first.
type DirectiveList struct {
	Items []Directive `json:"items"`
	Page
}

// ListDirectivesParams filters the directives list. Zero values are not sent.
type ListDirectivesParams struct {
	Tags       []string
	TagsMatch  string // any | all | exact
	ActiveOnly *bool  // server default true: set false to see inactive directives too
	Limit      int
	Offset     int
}

// ListDirectives lists a bank's directives.
func (c *Client) ListDirectives(ctx context.Context, bankID string, p ListDirectivesParams) (*DirectiveList, error) {
	q := query{}
	q.list("tags", p.Tags)
	q.str("tags_match", p.TagsMatch)
	q.optFlag("active_only", p.ActiveOnly)
	q.num("limit", p.Limit)
	q.num("offset", p.Offset)
	var out DirectiveList
	if err := c.do(ctx, "GET", bankPath(bankID, "directives"), q, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// GetDirective returns one directive.
func (c *Client) GetDirective(ctx context.Context, bankID, directiveID string) (*Directive, error) {
	var out Directive
	if err := c.do(ctx, "GET", bankPath(bankID, "directives", esc(directiveID)), nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// CreateDirectiveRequest creates a directive.
type CreateDirectiveRequest struct {
	Name     string   `json:"name"`
	Content  string   `json:"content"`
	Priority int      `json:"priority,omitempty"`
	IsActive *bool    `json:"is_active,omitempty"` // server default true
	Tags     []string `json:"tags,omitempty"`
}

// CreateDirective creates a directive (create the bank first: the server needs it).
func (c *Client) CreateDirective(ctx context.Context, bankID string, r CreateDirectiveRequest) (*Directive, error) {
	var out Directive
	if err := c.do(ctx, "POST", bankPath(bankID, "directives"), nil, r, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// UpdateDirectiveRequest changes a directive; nil fields are unchanged.
type UpdateDirectiveRequest struct {
	Name     *string   `json:"name,omitempty"`
	Content  *string   `json:"content,omitempty"`
	Priority *int      `json:"priority,omitempty"`
	IsActive *bool     `json:"is_active,omitempty"`
	Tags     *[]string `json:"tags,omitempty"`
}

// UpdateDirective changes a directive.
func (c *Client) UpdateDirective(ctx context.Context, bankID, directiveID string, r UpdateDirectiveRequest) (*Directive, error) {
	var out Directive
	if err := c.do(ctx, "PATCH", bankPath(bankID, "directives", esc(directiveID)), nil, r, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// DeleteDirective deletes a directive.
func (c *Client) DeleteDirective(ctx context.Context, bankID, directiveID string) error {
	return c.do(ctx, "DELETE", bankPath(bankID, "directives", esc(directiveID)), nil, nil, nil)
}
