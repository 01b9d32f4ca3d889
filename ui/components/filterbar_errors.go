package components

import (
	"errors"
	"slices"
	"strings"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
)

// SetErrors gives the bar the problems to mark: the values' own (nothing is sent
// while there are any) and the server's complaints about the last request.
func (b *FilterBar[T]) SetErrors(own, server map[string]string) { b.own, b.server = own, server }

// ErrorOf is the problem shown on item i: the values' own first, then the server's.
func (b *FilterBar[T]) ErrorOf(i int) string {
	if i < 0 || i >= len(b.items) {
		return ""
	}
	for _, errs := range []map[string]string{b.own, b.server} {
		for _, f := range b.items[i].Fields {
			if msg := errs[f]; msg != "" {
				return msg
			}
		}
	}
	return ""
}

// Problems lists the problems of errs ("field: problem", joined by "; ") in bar
// order, the maps in turn; a field named twice is listed once. Fields no item shows
// (the query) are left to the pane.
func (b *FilterBar[T]) Problems(errs ...map[string]string) string {
	var parts []string
	seen := map[string]bool{}
	for _, m := range errs {
		for _, it := range b.items {
			for _, f := range it.Fields {
				if msg := m[f]; msg != "" && !seen[f] {
					seen[f] = true
					parts = append(parts, f+": "+msg)
				}
			}
		}
	}
	return strings.Join(parts, "; ")
}

// ServerErrors files a failed request's 422 complaints under the items: key turns a
// location (without "body", as "temporal_window.start") into the field an item shows,
// or "" to drop it; the first complaint per field wins. It returns nil when none
// concerns an item.
func (b *FilterBar[T]) ServerErrors(err error, key func(loc string) string) map[string]string {
	var ae *client.APIError
	if !errors.As(err, &ae) {
		return nil
	}
	out := map[string]string{}
	for _, f := range ae.Fields {
		if k := key(f.Field()); k != "" && b.shows(k) && out[k] == "" {
			out[k] = sanitize.Line(f.Msg)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// shows reports whether some item shows the problems of field f.
func (b *FilterBar[T]) shows(f string) bool {
	for _, it := range b.items {
		if slices.Contains(it.Fields, f) {
			return true
		}
	}
	return false
}
