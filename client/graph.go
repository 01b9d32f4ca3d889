package client

import (
	"context"
	"encoding/json"
)

// Link types of graph edges.
const (
	LinkTemporal     = "temporal"
	LinkSemantic     = "semantic"
	LinkEntity       = "entity"
	LinkCausedBy     = "caused_by"
	LinkCooccurrence = "cooccurrence" // entity graph
)

// GraphParams filters the memory graph. Zero values are not sent.
type GraphParams struct {
	Type       string // world | experience | observation; an unknown type gives an empty graph
	Q          string // case-insensitive substring of text or context
	Tags       []string
	TagsMatch  string // server default all_strict here
	DocumentID string // observations match through their source facts
	ChunkID    string
	Limit      int // 0 = server default (1000); no offset, TotalUnits counts all matches
}

// GraphNode is a memory in the graph. Date is its event date (zero when it has none).
type GraphNode struct {
	ID       string  `json:"id"`
	Label    string  `json:"label"` // text cut to 30 characters
	Text     string  `json:"text"`
	Date     Time    `json:"date"`
	Context  string  `json:"context"`
	Entities Strings `json:"entities"` // observations inherit their sources' entities
	Color    string  `json:"color"`
}

// GraphEdge links two memories. EntityName is set on entity edges.
type GraphEdge struct {
	ID         string  `json:"id"`
	Source     string  `json:"source"`
	Target     string  `json:"target"`
	LinkType   string  `json:"linkType"`
	Weight     float64 `json:"weight"`
	EntityName string  `json:"entityName"`
	Color      string  `json:"color"`
	LineStyle  string  `json:"lineStyle"` // solid | dashed
}

// GraphRow is a graph node as a table row. The server writes "N/A" for a missing
// context or date; both are kept as sent (Date's zero value then, Raw "N/A").
type GraphRow struct {
	ID            string   `json:"id"`
	Text          string   `json:"text"`
	Context       string   `json:"context"`
	OccurredStart Time     `json:"occurred_start"`
	OccurredEnd   Time     `json:"occurred_end"`
	MentionedAt   Time     `json:"mentioned_at"`
	Date          Time     `json:"date"` // "YYYY-MM-DD HH:MM"
	Entities      Strings  `json:"entities"`
	DocumentID    string   `json:"document_id"`
	ChunkID       string   `json:"chunk_id"`
	FactType      string   `json:"fact_type"`
	Tags          []string `json:"tags"`
	CreatedAt     Time     `json:"created_at"`
	ProofCount    *int     `json:"proof_count"`
}

// MemoryGraph is a bank's memories (newest first) and the links between them.
type MemoryGraph struct {
	Nodes      []GraphNode
	Edges      []GraphEdge
	TableRows  []GraphRow
	TotalUnits int
	Limit      int
}

// UnmarshalJSON unwraps the {"data": …} envelope of nodes and edges.
func (g *MemoryGraph) UnmarshalJSON(b []byte) error {
	var raw struct {
		Nodes      []struct{ Data GraphNode } `json:"nodes"`
		Edges      []struct{ Data GraphEdge } `json:"edges"`
		TableRows  []GraphRow                 `json:"table_rows"`
		TotalUnits int                        `json:"total_units"`
		Limit      int                        `json:"limit"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	*g = MemoryGraph{TableRows: raw.TableRows, TotalUnits: raw.TotalUnits, Limit: raw.Limit}
	for _, n := range raw.Nodes {
		g.Nodes = append(g.Nodes, n.Data)
	}
	for _, e := range raw.Edges {
		g.Edges = append(g.Edges, e.Data)
	}
	return nil
}

// Graph returns a bank's memory graph: nodes, edges and the same units as table rows.
func (c *Client) Graph(ctx context.Context, bankID string, p GraphParams) (*MemoryGraph, error) {
	q := query{}
	q.str("type", p.Type)
	q.str("q", p.Q)
	q.list("tags", p.Tags)
	q.str("tags_match", p.TagsMatch)
	q.str("document_id", p.DocumentID)
	q.str("chunk_id", p.ChunkID)
	q.num("limit", p.Limit)
	var out MemoryGraph
	if err := c.do(ctx, "GET", bankPath(bankID, "graph"), q, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// EntityGraphNode is an entity that co-occurs with another.
type EntityGraphNode struct {
	ID           string `json:"id"`
	Label        string `json:"label"`
	MentionCount int    `json:"mentionCount"`
	Color        string `json:"color"`
}

// EntityGraphEdge says two entities were mentioned together Weight times.
type EntityGraphEdge struct {
	ID             string `json:"id"`
	Source         string `json:"source"`
	Target         string `json:"target"`
	LinkType       string `json:"linkType"` // cooccurrence
	Weight         int    `json:"weight"`
	Color          string `json:"color"`
	LineStyle      string `json:"lineStyle"`
	LastCooccurred Time   `json:"lastCooccurred"`
}

// EntityGraph is the co-occurrence graph: the strongest edges, and the entities on
// them. The totals count what the response holds.
type EntityGraph struct {
	Nodes         []EntityGraphNode
	Edges         []EntityGraphEdge
	TotalEntities int
	TotalEdges    int
	Limit         int
}

// UnmarshalJSON unwraps the {"data": …} envelope of nodes and edges.
func (g *EntityGraph) UnmarshalJSON(b []byte) error {
	var raw struct {
		Nodes         []struct{ Data EntityGraphNode } `json:"nodes"`
		Edges         []struct{ Data EntityGraphEdge } `json:"edges"`
		TotalEntities int                              `json:"total_entities"`
		TotalEdges    int                              `json:"total_edges"`
		Limit         int                              `json:"limit"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	*g = EntityGraph{TotalEntities: raw.TotalEntities, TotalEdges: raw.TotalEdges, Limit: raw.Limit}
	for _, n := range raw.Nodes {
		g.Nodes = append(g.Nodes, n.Data)
	}
	for _, e := range raw.Edges {
		g.Edges = append(g.Edges, e.Data)
	}
	return nil
}

// EntityGraph returns entity co-occurrences: at most limit edges (0 = server default,
// 1000), each seen at least minCount times (0 = server default, 1), strongest first.
func (c *Client) EntityGraph(ctx context.Context, bankID string, limit, minCount int) (*EntityGraph, error) {
	q := query{}
	q.num("limit", limit)
	q.num("min_count", minCount)
	var out EntityGraph
	if err := c.do(ctx, "GET", bankPath(bankID, "entities", "graph"), q, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
