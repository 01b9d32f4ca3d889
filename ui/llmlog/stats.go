package llmlog

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/components"
)

// chartOperations are the operations the token chart draws, one line each.
var chartOperations = []string{"retain", "consolidation", "reflect", "refresh_mental_model"}

// chartDays is how many days the chart spans (the stats' week, today included).
const chartDays = 8

// opTokens is one operation's tokens per day, oldest first, and its calls.
type opTokens struct {
	operation string
	days      []int
	total     int
	calls     int
	errors    int
}

// loadStats asks for each charted operation's week of daily token sums.
func (m *Model) loadStats() tea.Cmd {
	m.statsSeq++
	if m.bank == "" {
		return nil
	}
	ctx, cancel := m.c.Context(context.Background())
	cl, bank, seq := m.c.Client, m.bank, m.statsSeq
	return func() tea.Msg {
		defer cancel()
		var out []opTokens
		for _, op := range chartOperations {
			s, err := cl.LLMRequestStats(ctx, bank, op, client.PeriodWeek)
			if err != nil {
				return statsMsg{seq: seq, bank: bank, err: err}
			}
			out = append(out, daily(op, s))
		}
		return statsMsg{seq: seq, bank: bank, stats: out}
	}
}

// daily lays the sparse buckets out over the chart's days, from the stats' start.
func daily(op string, s *client.LLMRequestStats) opTokens {
	o := opTokens{operation: op, days: make([]int, chartDays)}
	start := components.SparkDay(s.Start.Time)
	for _, b := range s.Buckets {
		i := int(components.SparkDay(b.Time.Time).Sub(start) / (24 * time.Hour))
		if i >= 0 && i < chartDays {
			o.days[i] += b.Tokens.Total
		}
		o.total += b.Tokens.Total
		o.calls += b.Total
		o.errors += b.Statuses[client.LLMStatusError]
	}
	return o
}
