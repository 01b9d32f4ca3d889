package hindsighttest

import (
	"strconv"
	"time"
)

// timeWindow is the constraint of the temporal arm, inclusive at both ends.
type timeWindow struct {
	Start, End time.Time
}

var monthNames = map[string]time.Month{
	"january": time.January, "february": time.February, "march": time.March,
	"april": time.April, "may": time.May, "june": time.June, "july": time.July,
	"august": time.August, "september": time.September, "october": time.October,
	"november": time.November, "december": time.December,
	"jan": time.January, "feb": time.February, "mar": time.March, "apr": time.April,
	"jun": time.June, "jul": time.July, "aug": time.August, "sep": time.September,
	"sept": time.September, "oct": time.October, "nov": time.November, "dec": time.December,
}

var unitDays = map[string]int{
	"day": 1, "days": 1, "week": 7, "weeks": 7, "month": 30, "months": 30, "year": 365, "years": 365,
}

var numberWords = map[string]int{
	"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
	"seven": 7, "eight": 8, "nine": 9, "ten": 10, "few": 3, "couple": 2, "several": 3,
}

// extractTimeWindow plays the part of the real server's date extraction: it finds the
// period a query talks about ("yesterday", "last week", "in March", "3 days ago",
// "in 2023") relative to anchor. It reports false when the query names no period, in
// which case the temporal arm does not run.
func extractTimeWindow(query string, anchor time.Time) (timeWindow, bool) {
	words := splitWords(query)
	day := startOfDay(anchor)
	endOfDay := func(t time.Time) time.Time { return t.Add(24*time.Hour - time.Microsecond) }
	for i, w := range words {
		next := ""
		if i+1 < len(words) {
			next = words[i+1]
		}
		switch w {
		case "today", "tonight":
			return timeWindow{day, endOfDay(day)}, true
		case "yesterday":
			y := day.AddDate(0, 0, -1)
			return timeWindow{y, endOfDay(y)}, true
		case "recently", "recent", "lately":
			return timeWindow{day.AddDate(0, 0, -14), anchor}, true
		case "last", "past", "previous":
			if n, ok := unitDays[next]; ok {
				return timeWindow{day.AddDate(0, 0, -n), anchor}, true
			}
			if i+2 < len(words) {
				if k, ok := countWord(next); ok {
					if n, ok := unitDays[words[i+2]]; ok {
						return timeWindow{day.AddDate(0, 0, -k*n), anchor}, true
					}
				}
			}
		case "this", "current":
			switch next {
			case "week":
				sinceMonday := (int(day.Weekday()) + 6) % 7
				return timeWindow{day.AddDate(0, 0, -sinceMonday), anchor}, true
			case "month":
				return timeWindow{time.Date(day.Year(), day.Month(), 1, 0, 0, 0, 0, time.UTC), anchor}, true
			case "year":
				return timeWindow{time.Date(day.Year(), 1, 1, 0, 0, 0, 0, time.UTC), anchor}, true
			}
		case "ago":
			if i >= 2 {
				if k, ok := countWord(words[i-2]); ok {
					if n, ok := unitDays[words[i-1]]; ok {
						at := day.AddDate(0, 0, -k*n)
						return timeWindow{at.AddDate(0, 0, -n/2), endOfDay(at.AddDate(0, 0, n/2))}, true
					}
				}
			}
		}
		if m, ok := monthNames[w]; ok && (len(w) > 3 || i > 0 && (words[i-1] == "in" || words[i-1] == "during")) {
			year := anchor.Year()
			if y, ok := yearWord(next); ok {
				year = y
			} else if m > anchor.Month() {
				year-- // "in December" asked in March means the last one
			}
			start := time.Date(year, m, 1, 0, 0, 0, 0, time.UTC)
			return timeWindow{start, start.AddDate(0, 1, 0).Add(-time.Microsecond)}, true
		}
		if y, ok := yearWord(w); ok {
			start := time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC)
			return timeWindow{start, start.AddDate(1, 0, 0).Add(-time.Microsecond)}, true
		}
	}
	return timeWindow{}, false
}

func startOfDay(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

func countWord(w string) (int, bool) {
	if n, ok := numberWords[w]; ok {
		return n, true
	}
	n, err := strconv.Atoi(w)
	return n, err == nil && n > 0 && n < 10000
}

// yearWord accepts plausible calendar years only, so "500 tokens" is not a date.
func yearWord(w string) (int, bool) {
	if len(w) != 4 {
		return 0, false
	}
	y, err := strconv.Atoi(w)
	return y, err == nil && y >= 1900 && y <= 2100
}

// temporalProximity is the real arm's score: 1 at the window's midpoint, falling
// linearly to 0 at its edges, from the memory's best date (the middle of its occurred
// range, else either end, else mentioned_at); 0.5 when it has no date at all.
func temporalProximity(m *memory, w timeWindow) float64 {
	best := bestDate(m)
	if best == nil {
		return 0.5
	}
	total := w.End.Sub(w.Start).Hours() / 24
	if total <= 0 {
		return 1
	}
	mid := w.Start.Add(w.End.Sub(w.Start) / 2)
	fromMid := best.Sub(mid).Hours() / 24
	if fromMid < 0 {
		fromMid = -fromMid
	}
	return 1 - min(fromMid/(total/2), 1)
}

// bestDate is the date the temporal arm measures a memory by.
func bestDate(m *memory) *time.Time {
	switch {
	case m.occurredStart != nil && m.occurredEnd != nil:
		mid := m.occurredStart.Add(m.occurredEnd.Sub(*m.occurredStart) / 2)
		return &mid
	case m.occurredStart != nil:
		return m.occurredStart
	case m.occurredEnd != nil:
		return m.occurredEnd
	}
	return m.mentionedAt
}

// recencyDecay is the real server's default (linear) freshness curve: 1 today, falling
// to a floor of 0.1 after a year; future dates count as fresh.
func recencyDecay(m *memory, now time.Time) float64 {
	var eff *time.Time
	switch {
	case m.occurredStart != nil:
		eff = m.occurredStart
	case m.mentionedAt != nil:
		eff = m.mentionedAt
	case m.occurredEnd != nil:
		eff = m.occurredEnd
	}
	if eff == nil {
		return 0.5
	}
	daysAgo := now.Sub(*eff).Hours() / 24
	return max(0.1, min(1, 1-daysAgo/365))
}

// temporalLane ranks the docs of the window by proximity, best first, ties broken by
// doc order; it is the temporal arm for one fact type.
func temporalLane(ix *searchIndex, docs []int32, w timeWindow, keep func(int32) bool, limit int) []laneHit {
	var hits []laneHit
	for _, doc := range docs {
		if keep(doc) {
			hits = append(hits, laneHit{doc: doc, score: temporalProximity(ix.docs[doc], w)})
		}
	}
	return topHits(hits, limit)
}
