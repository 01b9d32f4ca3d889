package hindsighttest

import (
	"net/http"
	"time"
)

// timeseriesPeriod is how one period is bucketed.
type timeseriesPeriod struct {
	trunc string
	step  time.Duration
	count int
}

var timeseriesPeriods = map[string]timeseriesPeriod{
	"1h":  {"minute", time.Minute, 60},
	"12h": {"hour", time.Hour, 12},
	"1d":  {"hour", time.Hour, 24},
	"7d":  {"day", 24 * time.Hour, 7},
	"30d": {"day", 24 * time.Hour, 30},
	"90d": {"day", 24 * time.Hour, 90},
}

// handleMemoriesTimeseries serves GET …/stats/memories-timeseries: memories per
// bucket and fact type over the period, every bucket present (zeros included), oldest
// first, aligned on UTC boundaries, the last one being the current, partial bucket.
// An unknown period is 7d and an unknown time_field created_at, echoed as such.
func (s *Server) handleMemoriesTimeseries(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r, "period", "time_field")
	period, ok := q.str("period")
	if !ok {
		period = "7d"
	}
	timeField, _ := q.str("time_field")
	if q.invalid() || !s.authorized(w, r) {
		return
	}
	cfg, known := timeseriesPeriods[period]
	if !known {
		period, cfg = "7d", timeseriesPeriods["7d"]
	}
	if timeField != "mentioned_at" && timeField != "occurred_start" {
		timeField = "created_at"
	}
	now := s.now()
	end := now.Truncate(cfg.step) // UTC-aligned: the clock is UTC and steps divide a day
	since := now.Add(-cfg.step * time.Duration(cfg.count))
	type bucket struct {
		Time        string `json:"time"`
		World       int    `json:"world"`
		Experience  int    `json:"experience"`
		Observation int    `json:"observation"`
	}
	buckets := make([]bucket, cfg.count)
	index := map[time.Time]int{}
	for i := range buckets {
		t := end.Add(-cfg.step * time.Duration(cfg.count-1-i))
		buckets[i].Time = isoTime(t)
		index[t] = i
	}
	if b := s.store.banks[bankID]; b != nil {
		for _, m := range b.memories {
			if m.state == "invalidated" {
				continue
			}
			t := timeseriesTime(m, timeField)
			if t.Before(since) {
				continue
			}
			i, ok := index[t.UTC().Truncate(cfg.step)]
			if !ok {
				continue
			}
			switch m.factType {
			case "world":
				buckets[i].World++
			case "experience":
				buckets[i].Experience++
			case "observation":
				buckets[i].Observation++
			}
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"bank_id": bankID, "period": period, "trunc": cfg.trunc,
		"time_field": timeField, "buckets": buckets})
}

// timeseriesTime is the time a memory counts at: the chosen event field, falling back
// per memory to created_at.
func timeseriesTime(m *memory, field string) time.Time {
	switch {
	case field == "mentioned_at" && m.mentionedAt != nil:
		return *m.mentionedAt
	case field == "occurred_start" && m.occurredStart != nil:
		return *m.occurredStart
	}
	return m.createdAt
}
