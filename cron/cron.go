package cron

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Package cron parses mental-model refresh_cron triggers: five fields (minute,
// hour, day of month, month, day of week) with "*", values, ranges, steps, lists and
// month/weekday names, plus the @hourly-style shorthands, evaluated in UTC like the
// real server (which uses croniter).

// Spec is a parsed expression: the allowed values of each field.
type Spec struct {
	minutes, hours, days, months, weekdays [64]bool
	// anyDay/anyWeekday record an unrestricted field ("*"): when both day fields are
	// restricted, a time matches if either does (classic cron semantics).
	anyDay, anyWeekday bool
}

// cronField describes one field's range and names.
type cronField struct {
	name     string
	min, max int
	names    []string // index = value - nameBase
	nameBase int
}

func cronFields() [5]cronField {
	return [5]cronField{
		{name: "minute", min: 0, max: 59},
		{name: "hour", min: 0, max: 23},
		{name: "day of month", min: 1, max: 31},
		{name: "month", min: 1, max: 12, nameBase: 1,
			names: []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}},
		{name: "day of week", min: 0, max: 7, names: []string{"sun", "mon", "tue", "wed", "thu", "fri", "sat"}},
	}
}

var cronShorthands = map[string]string{
	"@yearly": "0 0 1 1 *", "@annually": "0 0 1 1 *", "@monthly": "0 0 1 * *",
	"@weekly": "0 0 * * 0", "@daily": "0 0 * * *", "@midnight": "0 0 * * *", "@hourly": "0 * * * *",
}

// Parse parses a cron expression, or says what is wrong with it.
func Parse(expr string) (*Spec, error) {
	expr = strings.TrimSpace(expr)
	if full, ok := cronShorthands[strings.ToLower(expr)]; ok {
		expr = full
	}
	parts := strings.Fields(expr)
	if len(parts) != 5 {
		return nil, fmt.Errorf("want 5 fields, got %d", len(parts))
	}
	spec := &Spec{}
	sets := []*[64]bool{&spec.minutes, &spec.hours, &spec.days, &spec.months, &spec.weekdays}
	for i, f := range cronFields() {
		if err := f.parse(parts[i], sets[i]); err != nil {
			return nil, fmt.Errorf("%s %q: %w", f.name, parts[i], err)
		}
	}
	if spec.weekdays[7] {
		spec.weekdays[0] = true // 7 is another Sunday
	}
	spec.anyDay = parts[2] == "*" || parts[2] == "?"
	spec.anyWeekday = parts[4] == "*" || parts[4] == "?"
	return spec, nil
}

// parse fills set from a comma-separated list of items.
func (f cronField) parse(field string, set *[64]bool) error {
	for _, item := range strings.Split(field, ",") {
		if err := f.parseItem(item, set); err != nil {
			return err
		}
	}
	return nil
}

// parseItem handles "*", "?", "v", "a-b", each optionally followed by "/step".
func (f cronField) parseItem(item string, set *[64]bool) error {
	rangePart, stepPart, hasStep := strings.Cut(item, "/")
	step := 1
	if hasStep {
		n, err := strconv.Atoi(stepPart)
		if err != nil || n <= 0 {
			return fmt.Errorf("bad step %q", stepPart)
		}
		step = n
	}
	lo, hi := f.min, f.max
	switch {
	case rangePart == "*" || rangePart == "?":
	case strings.Contains(rangePart, "-"):
		a, b, _ := strings.Cut(rangePart, "-")
		var err error
		if lo, err = f.value(a); err != nil {
			return err
		}
		if hi, err = f.value(b); err != nil {
			return err
		}
		if lo > hi {
			return fmt.Errorf("range %d-%d runs backwards", lo, hi)
		}
	default:
		v, err := f.value(rangePart)
		if err != nil {
			return err
		}
		lo = v
		if !hasStep {
			hi = v
		}
	}
	for v := lo; v <= hi; v += step {
		set[v] = true
	}
	return nil
}

// value parses a number or a name within the field's bounds.
func (f cronField) value(s string) (int, error) {
	low := strings.ToLower(s)
	for i, n := range f.names {
		if low == n {
			return i + f.nameBase, nil
		}
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("%q is not a value", s)
	}
	if v < f.min || v > f.max {
		return 0, fmt.Errorf("%d is out of range %d-%d", v, f.min, f.max)
	}
	return v, nil
}

// Valid reports whether expr is a cron expression the server accepts.
func Valid(expr string) bool {
	_, err := Parse(expr)
	return err == nil
}

// dayMatches applies cron's rule for the two day fields.
func (c *Spec) dayMatches(t time.Time) bool {
	dom, dow := c.days[t.Day()], c.weekdays[int(t.Weekday())]
	switch {
	case c.anyDay && c.anyWeekday:
		return true
	case c.anyDay:
		return dow
	case c.anyWeekday:
		return dom
	}
	return dom || dow
}

// Prev returns the latest firing time at or before t (UTC, whole minutes); false when
// the expression has not fired in the five years before t (e.g. "0 0 30 2 *").
func (c *Spec) Prev(t time.Time) (time.Time, bool) {
	t = t.UTC().Truncate(time.Minute)
	limit := t.AddDate(-5, 0, 0)
	for t.After(limit) {
		switch {
		case !c.months[int(t.Month())]:
			// Last minute of the previous month.
			t = time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC).Add(-time.Minute)
		case !c.dayMatches(t):
			t = time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC).Add(-time.Minute)
		case !c.hours[t.Hour()]:
			t = t.Truncate(time.Hour).Add(-time.Minute)
		case !c.minutes[t.Minute()]:
			t = t.Add(-time.Minute)
		default:
			return t, true
		}
	}
	return time.Time{}, false
}

// Next returns the earliest firing time strictly after t (UTC, whole minutes); false
// when the expression does not fire in the five years after t.
func (c *Spec) Next(t time.Time) (time.Time, bool) {
	t = t.UTC().Truncate(time.Minute).Add(time.Minute)
	limit := t.AddDate(5, 0, 0)
	for t.Before(limit) {
		switch {
		case !c.months[int(t.Month())]:
			// First minute of the next month.
			t = time.Date(t.Year(), t.Month()+1, 1, 0, 0, 0, 0, time.UTC)
		case !c.dayMatches(t):
			t = time.Date(t.Year(), t.Month(), t.Day()+1, 0, 0, 0, 0, time.UTC)
		case !c.hours[t.Hour()]:
			t = t.Truncate(time.Hour).Add(time.Hour)
		case !c.minutes[t.Minute()]:
			t = t.Add(time.Minute)
		default:
			return t, true
		}
	}
	return time.Time{}, false
}
