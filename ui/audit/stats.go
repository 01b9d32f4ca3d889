package audit

import (
	"context"
	"sort"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/ui/components"
)

// chartDays is how many days the chart spans (the stats' week, today included).
const chartDays = 8

// chartActions is how many actions the chart draws, the busiest first.
const chartActions = 4

// actionCounts is one action's calls per day, oldest first.
type actionCounts struct {
	action string
	days   []int
	total  int
}

// loadStats asks for the week's audited calls per day and lays them out per action,
// the busiest first; action narrows them as the list's filter does.
func loadStats(ctx context.Context, cl *client.Client, bank, action string) ([]actionCounts, error) {
	s, err := cl.AuditLogStats(ctx, bank, action, client.PeriodWeek)
	if err != nil {
		return nil, err
	}
	return perAction(s), nil
}

// perAction lays the sparse buckets out over the chart's days, one row per action.
func perAction(s *client.AuditLogStats) []actionCounts {
	by := map[string]*actionCounts{}
	start := components.SparkDay(s.Start.Time)
	for _, b := range s.Buckets {
		i := int(components.SparkDay(b.Time.Time).Sub(start) / (24 * time.Hour))
		for name, n := range b.Actions {
			a := by[name]
			if a == nil {
				a = &actionCounts{action: name, days: make([]int, chartDays)}
				by[name] = a
			}
			if i >= 0 && i < chartDays {
				a.days[i] += n
			}
			a.total += n
		}
	}
	out := make([]actionCounts, 0, len(by))
	for _, a := range by {
		out = append(out, *a)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].total != out[j].total {
			return out[i].total > out[j].total
		}
		return out[i].action < out[j].action
	})
	return out
}
