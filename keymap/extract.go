package keymap

import "charm.land/bubbles/v2/key"

// Extract bindings open and drive the extraction preview: what a retain would store
// from a text, asked with a dry run that stores nothing. Preview acts anywhere in the
// retain editor (a chord, since its fields take the letters); Reextract in an open
// document, on the chunk at the top of the text. In the preview, Overrides opens the
// candidate settings, Switch turns between the candidate comparison and the plain
// preview, and Run asks again.
type Extract struct {
	Preview   key.Binding // retain editor: preview what the form would store
	Reextract key.Binding // documents: re-extract the chunk in view and compare with what it stored
	Overrides key.Binding // in the preview: edit candidate retain settings and compare
	Switch    key.Binding // in the preview: the comparison or the plain preview
	Run       key.Binding // in the preview: ask again
}

func defaultExtract() Extract {
	return Extract{
		Preview:   key.NewBinding(key.WithKeys("ctrl+x"), key.WithHelp("ctrl+x", "extraction preview")),
		Reextract: key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "re-extract chunk in view")),
		Overrides: key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "candidate settings")),
		Switch:    key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "comparison/preview")),
		Run:       key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "extract again")),
	}
}
