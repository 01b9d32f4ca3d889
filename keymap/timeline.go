package keymap

import "charm.land/bubbles/v2/key"

// Timeline bindings act in the timeline pane, beside the global and list keys (enter
// lists the selected bucket's memories, and opens one of them in the inspector; esc
// goes back to the chart; g and G jump to the first and last bucket; r reloads).
type Timeline struct {
	Left       key.Binding // the bucket before
	Right      key.Binding // the bucket after
	NextPeriod key.Binding // 1h → 12h → 1d → 7d → 30d → 90d
	PrevPeriod key.Binding
	Field      key.Binding // the time field the memories are counted at
}

func defaultTimeline() Timeline {
	return Timeline{
		Left:       key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/h", "earlier")),
		Right:      key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→/l", "later")),
		NextPeriod: key.NewBinding(key.WithKeys("]", "p"), key.WithHelp("]/p", "period")),
		PrevPeriod: key.NewBinding(key.WithKeys("["), key.WithHelp("[", "period back")),
		Field:      key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "time field")),
	}
}
