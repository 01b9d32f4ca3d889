package client

import "context"

// Time-series periods: 1h is 60 minute buckets, 12h and 1d hourly ones, the others
// daily. The server answers any other period as 7d.
const (
	Period1h  = "1h"
	Period12h = "12h"
	Period1d  = "1d"
	Period7d  = "7d"
	Period30d = "30d"
	Period90d = "90d"
)

// Time fields a time series can be bucketed on. The event-time fields fall back to
// created_at for memories without them.
const (
	TimeFieldCreatedAt     = "created_at" // ingest time (default)
	TimeFieldMentionedAt   = "mentioned_at"
	TimeFieldOccurredStart = "occurred_start"
)

// MemoriesTimeseries counts a bank's memories per time bucket and fact type. Every
// bucket of the period is present, oldest first; the last is the current, partial one.
type MemoriesTimeseries struct {
	BankID    string             `json:"bank_id"`
	Period    string             `json:"period"`     // what the server used
	Trunc     string             `json:"trunc"`      // minute, hour or day
	TimeField string             `json:"time_field"` // what the server used
	Buckets   []TimeseriesBucket `json:"buckets"`
}

// TimeseriesBucket is one bucket; Time is its UTC start.
type TimeseriesBucket struct {
	Time        Time `json:"time"`
	World       int  `json:"world"`
	Experience  int  `json:"experience"`
	Observation int  `json:"observation"`
}

// Total is the bucket's memories of every type.
func (b TimeseriesBucket) Total() int { return b.World + b.Experience + b.Observation }

// MemoriesTimeseries returns how many memories a bank gained over a period ("" = 7d),
// bucketed on timeField ("" = created_at).
func (c *Client) MemoriesTimeseries(ctx context.Context, bankID, period, timeField string) (*MemoriesTimeseries, error) {
	q := query{}
	q.str("period", period)
	q.str("time_field", timeField)
	var out MemoriesTimeseries
	if err := c.do(ctx, "GET", bankPath(bankID, "stats", "memories-timeseries"), q, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
