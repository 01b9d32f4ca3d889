package knowledge

// demoBank is the demo bank with a knowledge base: a stale page at the top level and
// a folder of two fresh runbooks.
const demoBank = "team-platform"

// names lists the rows shown, in order.
func names(m *Model) []string {
	out := make([]string, len(m.tree.rows))
	for i, r := range m.tree.rows {
		out[i] = r.node.Name
	}
	return out
}
