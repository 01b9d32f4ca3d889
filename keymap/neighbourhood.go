package keymap

import "charm.land/bubbles/v2/key"

// Neighbourhood bindings act in the neighbourhood pane, beside the global keys and the
// list's movement (j/k, g/G, pages): enter hops to the selected neighbour, which
// becomes the centre; backspace or esc walks the breadcrumb trail back one step; i
// opens the neighbour in the memory inspector. Nothing there writes to the server.
type Neighbourhood struct {
	Hop     key.Binding // make the selected neighbour the centre (or open the selected entity)
	Back    key.Binding // back one step of the trail, or stop a load in flight
	Inspect key.Binding // the selected neighbour in the memory inspector
}

func defaultNeighbourhood() Neighbourhood {
	return Neighbourhood{
		Hop:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "hop to neighbour")),
		Back:    key.NewBinding(key.WithKeys("backspace", "esc"), key.WithHelp("⌫/esc", "walk back")),
		Inspect: key.NewBinding(key.WithKeys("i"), key.WithHelp("i", "inspect memory")),
	}
}
