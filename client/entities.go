package client

import (
	"context"
	"encoding/json"
)

// Entity is a person, place, organisation or concept that memories mention.
type Entity struct {
	ID            string                     `json:"id"`
	CanonicalName string                     `json:"canonical_name"`
	MentionCount  int                        `json:"mention_count"`
	FirstSeen     Time                       `json:"first_seen"`
	LastSeen      Time                       `json:"last_seen"`
	Metadata      map[string]json.RawMessage `json:"metadata"`
}

// EntityList is a page of entities, most mentioned first.
type EntityList struct {
	Items []Entity `json:"items"`
	Page
}

// ListEntities pages through a bank's entities (the server offers no search).
func (c *Client) ListEntities(ctx context.Context, bankID string, limit, offset int) (*EntityList, error) {
	q := query{}
	q.num("limit", limit)
	q.num("offset", offset)
	var out EntityList
	if err := c.do(ctx, "GET", bankPath(bankID, "entities"), q, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// GetEntity returns one entity. Its memories come from ListMemories with EntityID.
func (c *Client) GetEntity(ctx context.Context, bankID, entityID string) (*Entity, error) {
	var out Entity
	if err := c.do(ctx, "GET", bankPath(bankID, "entities", esc(entityID)), nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// TagCount is a tag and how many memories carry it.
type TagCount struct {
	Tag   string `json:"tag"`
	Count int    `json:"count"`
}

// TagList is a page of tags, most used first.
type TagList struct {
	Items []TagCount `json:"items"`
	Page
}

// ListTagsParams filters the tags list. Zero values are not sent.
type ListTagsParams struct {
	Q      string // anchored, case-insensitive pattern: "user:*" matches tags starting "user:"
	Source string // memories (default) | mental_models
	Limit  int
	Offset int
}

// ListTags lists a bank's tags with counts (for filters and completion).
func (c *Client) ListTags(ctx context.Context, bankID string, p ListTagsParams) (*TagList, error) {
	q := query{}
	q.str("q", p.Q)
	q.str("source", p.Source)
	q.num("limit", p.Limit)
	q.num("offset", p.Offset)
	var out TagList
	if err := c.do(ctx, "GET", bankPath(bankID, "tags"), q, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
