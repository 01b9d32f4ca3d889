package banks

import "encoding/json"

// The actions the panes offer, as the Kind of their common.ActionMsg: a key and the
// command palette do the same thing.
const (
	doFilter  = "filter"
	doSort    = "sort"
	doRefresh = "refresh"
	doCreate  = "create"
	doEdit    = "edit"
	doDelete  = "delete"
)

// indentJSON renders v for the clipboard.
func indentJSON(v any) string {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return "{}"
	}
	return string(b)
}
