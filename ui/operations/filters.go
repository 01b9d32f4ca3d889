package operations

import (
	"slices"

	"hindsight-tui/client"
	"hindsight-tui/styles"
)

// filters are the list's server-side filters. The zero value lists everything.
type filters struct {
	status         string // "" = every status
	typ            string // "" = every type
	excludeParents bool   // hide batch_retain parents, keep their sub-batches
}

// statusValues are the status filter's values in cycling order.
func statusValues() []string {
	return []string{"", client.StatusPending, client.StatusProcessing, client.StatusCompleted,
		client.StatusFailed, client.StatusCancelled}
}

// typeValues are the operation types the server knows, in cycling order.
func typeValues() []string {
	return []string{"", "batch_retain", "retain", "file_convert_retain", "consolidation", "refresh_mental_model",
		"graph_maintenance", "webhook_delivery", "export_documents", "import_documents", "vector_index_maintenance"}
}

// next returns the value after cur in values, wrapping around.
func next(values []string, cur string) string {
	i := slices.Index(values, cur)
	return values[(i+1)%len(values)]
}

// params is the list request for f.
func (f filters) params(limit, offset int) client.ListOperationsParams {
	return client.ListOperationsParams{Status: f.status, Type: f.typ, Limit: limit, Offset: offset,
		ExcludeParents: f.excludeParents}
}

// isZero reports whether nothing is filtered.
func (f filters) isZero() bool { return f == filters{} }

// orAll names a filter value for display.
func orAll(v string) string {
	if v == "" {
		return "all"
	}
	return v
}

// summary is the filter line: each filter with its value, set ones stand out.
func (f filters) summary(st *styles.Styles) string {
	val := func(v string, set bool) string {
		if set {
			return st.FilterItem.Render(v)
		}
		return st.FilterDflt.Render(v)
	}
	parents := "shown"
	if f.excludeParents {
		parents = "hidden"
	}
	sep := st.Muted.Render(" · ")
	return st.Muted.Render("status ") + val(orAll(f.status), f.status != "") + sep +
		st.Muted.Render("type ") + val(orAll(f.typ), f.typ != "") + sep +
		st.Muted.Render("parents ") + val(parents, f.excludeParents)
}
