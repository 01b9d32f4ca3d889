package common

import (
	"fmt"
	"time"
)

// RelTime renders t relative to now the way list columns want it: "just now", "5m ago",
// "3h ago", "2d ago", then a date. The zero time renders as "never".
func RelTime(t, now time.Time) string {
	if t.IsZero() {
		return "never"
	}
	d := now.Sub(t)
	switch {
	case d < -time.Minute:
		return t.In(now.Location()).Format("2006-01-02")
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return fmt.Sprintf("%dm ago", int(d.Minutes()))
	case d < 24*time.Hour:
		return fmt.Sprintf("%dh ago", int(d.Hours()))
	case d < 30*24*time.Hour:
		return fmt.Sprintf("%dd ago", int(d.Hours()/24))
	case t.Year() == now.Year():
		return t.In(now.Location()).Format("Jan 02")
	}
	return t.In(now.Location()).Format("2006-01-02")
}
