package recall

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/codegen"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/trace"
)

// resultSet is one search's answer with everything the view needs precomputed, so a
// frame never walks all the results: per-row text and token estimates, their sum, and
// each row's last rendering.
type resultSet struct {
	req       client.RecallRequest
	resp      *client.RecallResponse
	took      time.Duration
	rows      []row
	tokens    int // estimated tokens of all result texts
	maxTokens int // the limit the request ran with
	rankW     int // digits of the largest rank
	// scores are the final scores' breakdowns from the trace, read once per answer.
	scores  map[string]client.ScoreBreakdown
	visited int // the memory nodes the search visited, from the trace; -1 when not said
	// changed counts the results written since the answer (an edit or invalidation
	// from the inspector, say): what the list shows of them is what recall returned.
	changed map[string]common.MemoryChange
}

// memoryChanged notes results of this bank that were written since they came back,
// for the status line; the results stay as the server answered until a new search.
func (m *Model) memoryChanged(msg common.MemoryChangedMsg) {
	rs := m.res
	if rs == nil || msg.BankID != m.bank {
		return
	}
	for _, r := range rs.rows {
		if slices.Contains(msg.IDs, r.res.ID) {
			if rs.changed == nil {
				rs.changed = map[string]common.MemoryChange{}
			}
			rs.changed[r.res.ID] = msg.Change
		}
	}
}

// row is one result as the list draws it.
type row struct {
	res    *client.RecallResult
	text   string // one line, sanitized, bounded
	tags   string // sanitized; the tags the filter asked for first; "" = untagged
	tokens int

	drawn    [2]string
	drawnFor rowKey
}

// rowKey is everything a row's rendering depends on besides the row itself.
type rowKey struct {
	width    int
	selected bool
	active   bool
	scores   bool // the score columns in place of the tags
	minute   int64
	styles   *styles.Styles
}

// rowTextMax bounds the bytes of a row's one-line text; the line shows far less, and
// a 1,500-character memory must not cost its full length per frame.
const rowTextMax = 600

func newResultSet(c *common.Common, req client.RecallRequest, resp *client.RecallResponse, took time.Duration) *resultSet {
	rs := &resultSet{req: req, resp: resp, took: took, maxTokens: defaultMaxTokens, scores: client.ScoreBreakdowns(resp.Trace), visited: -1}
	if n, ok := trace.Visited(resp.Trace); ok {
		rs.visited = n
	}
	if req.MaxTokens != nil {
		rs.maxTokens = *req.MaxTokens
	}
	rs.rows = make([]row, len(resp.Results))
	for i := range resp.Results {
		r := &resp.Results[i]
		n := codegen.EstimateTokens(r.Text)
		rs.tokens += n
		rs.rows[i] = row{res: r, tokens: n, text: sanitize.Line(components.Head(r.Text, rowTextMax)),
			tags: tagLine(r.Tags, req.Tags)}
	}
	rs.rankW = len(strconv.Itoa(len(rs.rows)))
	return rs
}

// tagLine lists a result's tags with the ones the filter asked for first, so the tag
// that let a result through is the one a narrow row still shows.
func tagLine(tags, wanted []string) string {
	if len(tags) == 0 {
		return ""
	}
	ordered := make([]string, 0, len(tags))
	for _, t := range tags {
		if slices.Contains(wanted, t) {
			ordered = append(ordered, t)
		}
	}
	for _, t := range tags {
		if !slices.Contains(wanted, t) {
			ordered = append(ordered, t)
		}
	}
	return sanitize.Line(strings.Join(ordered, " "))
}

func (rs *resultSet) indexOf(id string) int {
	if rs == nil || id == "" {
		return -1
	}
	for i := range rs.rows {
		if rs.rows[i].res.ID == id {
			return i
		}
	}
	return -1
}

// results returns the results in rank order.
func (rs *resultSet) results() []client.RecallResult {
	if rs == nil || rs.resp == nil {
		return nil
	}
	return rs.resp.Results
}

// likelyCut reports whether max_tokens probably stopped the results: the server takes
// results in rank order until the next would overflow, so when what is left of the
// limit is less than an average result, the next one most likely did not fit. It
// cannot be known for sure (the next result is never sent).
func (rs *resultSet) likelyCut() bool {
	n := len(rs.rows)
	if n == 0 {
		return rs.maxTokens == 0
	}
	avg := (rs.tokens + n - 1) / n
	return rs.maxTokens-rs.tokens < avg
}

// budgetCap is the most results the budget allows (twice its candidate count), and
// whether the results reached it: then the budget, not max_tokens, stopped them.
func (rs *resultSet) budgetCap() (int, bool) {
	limit := 600
	switch rs.req.Budget {
	case client.BudgetLow:
		limit = 200
	case client.BudgetHigh:
		limit = 2000
	}
	return limit, len(rs.rows) >= limit
}

// selectedID is the id of the selected result ("" when none).
func (m *Model) selectedID() string {
	if r := m.selected(); r != nil {
		return r.ID
	}
	return ""
}

// selected is the selected result, or nil.
func (m *Model) selected() *client.RecallResult {
	if m.res == nil || m.cursor < 0 || m.cursor >= len(m.res.rows) {
		return nil
	}
	return m.res.rows[m.cursor].res
}

// rowHeight is the lines per result: rank, type, score, tags and date, then the text.
const rowHeight = 2

// visibleRows is how many results fit under the filter bar and the status lines, as
// settle last measured them.
func (m *Model) visibleRows() int { return max(m.bodyH/rowHeight, 1) }

// moveTo selects result i (clamped) and scrolls it into view.
func (m *Model) moveTo(i int) {
	if m.res == nil || len(m.res.rows) == 0 {
		return
	}
	i = min(max(i, 0), len(m.res.rows)-1)
	if i != m.cursor {
		m.detail = detailState{}
	}
	m.cursor = i
	m.ensureVisible()
}

func (m *Model) ensureVisible() {
	if m.res == nil {
		m.offset = 0
		return
	}
	n := m.visibleRows()
	switch {
	case m.cursor < m.offset:
		m.offset = m.cursor
	case m.cursor >= m.offset+n:
		m.offset = m.cursor - n + 1
	}
	m.offset = min(max(m.offset, 0), max(len(m.res.rows)-n, 0))
}
