package components

import (
	"strings"
	"time"
)

// sparkLevels are the bar glyphs, lowest first; a slot without a value is a dot.
var sparkLevels = []rune("▁▂▃▄▅▆▇█")

// Spark draws values as one glyph each, scaled to top: readable without colour. The
// LLM requests pane draws its tokens per day with it, the audit log its calls.
func Spark(values []int, top int) string {
	var b strings.Builder
	for _, v := range values {
		switch {
		case v <= 0 || top <= 0:
			b.WriteRune('·')
		default:
			i := (v*len(sparkLevels) - 1) / top
			b.WriteRune(sparkLevels[min(max(i, 0), len(sparkLevels)-1)])
		}
	}
	return b.String()
}

// SparkLevel is the block glyph eighths/8 of a cell high (1 to 8, clamped): the top
// cell of a column several rows high, such as the timeline's.
func SparkLevel(eighths int) rune {
	return sparkLevels[min(max(eighths, 1), len(sparkLevels))-1]
}

// SparkDay is t's calendar day in UTC, the slot of a daily chart.
func SparkDay(t time.Time) time.Time { return t.UTC().Truncate(24 * time.Hour) }
