package common

import (
	"errors"
	"strings"
	"time"
)

// ErrWhen is what every date field says about text it cannot read.
var ErrWhen = errors.New("not a date or time: use now, 2024-01-15, 2024-01-15 10:30 or RFC 3339")

// whenLayouts are the short forms ParseWhen reads besides RFC 3339; values without an
// offset are UTC, which is how the server reads naive times.
var whenLayouts = []string{"2006-01-02", "2006-01-02 15:04", "2006-01-02T15:04", "2006-01-02 15:04:05", "2006-01-02T15:04:05"}

// ParseWhen is the one parser of typed dates and times, used by every date field:
// "now", 2024-01-15, 2024-01-15 10:30 (seconds and a T allowed) and RFC 3339. It
// returns the value to send, always RFC 3339 (as typed when it carries an offset,
// which matters; in UTC otherwise), and the time itself; now is the clock's time.
func ParseWhen(s string, now time.Time) (sent string, t time.Time, err error) {
	s = strings.TrimSpace(s)
	if strings.EqualFold(s, "now") {
		t = now.UTC().Truncate(time.Second)
		return t.Format(time.RFC3339), t, nil
	}
	for _, layout := range []string{time.RFC3339Nano, time.RFC3339} {
		if t, err := time.Parse(layout, s); err == nil {
			return s, t, nil
		}
	}
	for _, layout := range whenLayouts {
		if t, err := time.ParseInLocation(layout, s, time.UTC); err == nil {
			return t.Format(time.RFC3339), t, nil
		}
	}
	return "", time.Time{}, ErrWhen
}
