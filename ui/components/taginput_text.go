package components

// SetText puts text in the tag box without adding it as a chip: a restored draft
// brings back a tag that was being typed exactly as it was left.
func (t *TagInput) SetText(s string) {
	t.input.SetValue(s)
	t.input.CursorEnd()
}
