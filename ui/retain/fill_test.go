package retain

import "hindsight-tui/ui/uitest"

// focusField moves the form's focus to f with tab.
func focusField(h *uitest.Host, m *Model, f field) {
	h.T.Helper()
	if m.zone != zoneForm {
		h.Keys("enter")
	}
	for i := 0; m.cur.form.focus != f; i++ {
		if i > int(numFields) {
			h.T.Fatalf("field %d is not reachable with tab", f)
		}
		h.Keys("tab")
	}
}

// fill types v into the form field by field, the way a user would.
func fill(h *uitest.Host, m *Model, v values) {
	h.T.Helper()
	type entry struct {
		f    field
		text string
	}
	for _, e := range []entry{{fContent, v.Content}, {fContext, v.Context}, {fTimestamp, v.Timestamp},
		{fDocumentID, v.DocumentID}, {fMetadata, v.Metadata}, {fEntities, v.Entities}} {
		if e.text != "" {
			focusField(h, m, e.f)
			h.Type(e.text)
		}
	}
	if v.Append {
		focusField(h, m, fUpdateMode)
		h.Keys("space")
	}
	for _, tag := range v.Tags {
		focusField(h, m, fTags)
		h.Type(tag)
		h.Keys("enter")
	}
	if v.Async != m.cur.form.async {
		focusField(h, m, fAsync)
		h.Keys("space")
	}
}
