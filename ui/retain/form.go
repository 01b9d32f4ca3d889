package retain

import (
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/keymap"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// metadataMaxRows is how far the metadata field grows with its lines; the content
// editor takes the room the other fields leave.
const metadataMaxRows = 4

// form is the editor's inputs. Its values are what the user typed, kept exactly
// (values reads them back); the request is built from them by buildRequest.
type form struct {
	content  *components.Editor
	context  textinput.Model
	stamp    textinput.Model
	docID    textinput.Model
	appendOn bool
	tags     *components.TagInput
	metadata *components.Editor
	entities textinput.Model
	async    bool

	focus field
	errs  fieldErrors
}

func newForm(c *common.Common) *form {
	st := c.Styles
	f := &form{tags: components.NewTagInput(c)}
	keys := editorKeys(c.Keys)
	f.content = newArea(st, keys, "what should the agent remember? enter starts a new line")
	f.metadata = newArea(st, keys, "key=value, one per line")
	f.context = components.NewInput(st, "› ", "where it came from, e.g. team meeting")
	f.stamp = components.NewInput(st, "› ", "now, unset, 2024-01-15 10:30 or RFC 3339")
	f.docID = components.NewInput(st, "› ", "empty: a UUID is generated")
	f.entities = components.NewInput(st, "› ", "Alex, Lisbon:PLACE (name or name:TYPE, commas between)")
	return f
}

// newArea is a multi-line input: the editor, whose cost per key follows the screen,
// so a pasted transcript is edited in place like a note. Its left edge (drawn by the
// pane) shows focus.
func newArea(st *styles.Styles, keys keymap.EditorKeyMap, placeholder string) *components.Editor {
	e := components.NewEditor(st, keys)
	e.SetPlaceholder(placeholder)
	return e
}

// editorKeys is the editor's keys less those the pane's chords take first anywhere in
// it (ctrl+e is $EDITOR here, not the end of the line; ctrl+b a batch), so its help
// offers only keys that reach it.
func editorKeys(km keymap.KeyMap) keymap.EditorKeyMap {
	r := km.Retain
	return km.Editor.Without(r.Submit, r.Editor, r.LoadFile, r.Batch)
}

// setStyles restyles every input for a new theme.
func (f *form) setStyles(st *styles.Styles) {
	f.content.SetStyles(st)
	f.metadata.SetStyles(st)
	for _, in := range []*textinput.Model{&f.context, &f.stamp, &f.docID, &f.entities} {
		in.SetStyles(components.InputStyles(st))
	}
	f.tags.SetStyles(st)
}

// values reads the form back.
func (f *form) values() values {
	return values{
		Content:    f.content.Value(),
		Context:    f.context.Value(),
		Timestamp:  f.stamp.Value(),
		DocumentID: f.docID.Value(),
		Append:     f.appendOn,
		Tags:       f.tags.Tags(),
		TagText:    f.tags.Value(),
		Metadata:   f.metadata.Value(),
		Entities:   f.entities.Value(),
		Async:      f.async,
	}
}

// setValues fills the form (a restored draft, or an empty form after a retain).
func (f *form) setValues(v values) {
	f.setContent(v.Content)
	f.context.SetValue(v.Context)
	f.stamp.SetValue(v.Timestamp)
	f.docID.SetValue(v.DocumentID)
	f.appendOn = v.Append
	f.tags.SetTags(v.Tags)
	f.tags.SetText(v.TagText)
	f.metadata.SetValue(v.Metadata)
	f.entities.SetValue(v.Entities)
	f.async = v.Async
	f.errs = nil
	if !f.visible(f.focus) {
		f.focus = fContent
	}
}

// visible reports whether a field is shown: the update mode only means something
// with a document_id.
func (f *form) visible(fl field) bool {
	return fl != fUpdateMode || strings.TrimSpace(f.docID.Value()) != ""
}

// focusField gives the keys to fl (the form must be active).
func (f *form) focusField(fl field) tea.Cmd {
	f.blurAll()
	f.focus = fl
	return f.activate()
}

// activate focuses the current field's widget.
func (f *form) activate() tea.Cmd {
	switch f.focus {
	case fContent:
		f.content.Focus()
	case fContext:
		return f.context.Focus()
	case fTimestamp:
		return f.stamp.Focus()
	case fDocumentID:
		return f.docID.Focus()
	case fTags:
		return f.tags.Focus()
	case fMetadata:
		f.metadata.Focus()
	case fEntities:
		return f.entities.Focus()
	}
	return nil
}

// blurAll takes the keys from every widget.
func (f *form) blurAll() {
	f.content.Blur()
	f.metadata.Blur()
	f.context.Blur()
	f.stamp.Blur()
	f.docID.Blur()
	f.entities.Blur()
	f.tags.Blur()
}

// move focuses the next (d=1) or previous (d=-1) visible field, wrapping around.
func (f *form) move(d int) tea.Cmd {
	n := int(numFields)
	next := f.focus
	for i := 0; i < n; i++ {
		next = field((int(next) + d + n) % n)
		if f.visible(next) {
			break
		}
	}
	return f.focusField(next)
}

// input is the one-line input of a field, or nil for the others.
func (f *form) input(fl field) *textinput.Model {
	switch fl {
	case fContext:
		return &f.context
	case fTimestamp:
		return &f.stamp
	case fDocumentID:
		return &f.docID
	case fEntities:
		return &f.entities
	}
	return nil
}

// area is the multi-line input of a field, or nil.
func (f *form) area(fl field) *components.Editor {
	switch fl {
	case fContent:
		return f.content
	case fMetadata:
		return f.metadata
	}
	return nil
}

// edit gives an editing message (a key or a paste) to the focused field and clears
// that field's error when its text changed. It reports whether anything may have
// changed.
func (f *form) edit(msg tea.Msg) (bool, tea.Cmd) {
	var cmd tea.Cmd
	switch f.focus {
	case fContent, fMetadata:
		if p, ok := msg.(tea.PasteMsg); ok {
			msg = components.CleanPaste(p) // what is sent is what shows
		}
		if _, changed := f.area(f.focus).Update(msg); !changed {
			return false, nil
		}
	case fTags:
		return f.editTags(msg)
	case fUpdateMode:
		if isToggle(msg) {
			f.appendOn = !f.appendOn
			delete(f.errs, fUpdateMode)
			return true, nil
		}
		return false, nil
	case fAsync:
		if isToggle(msg) {
			f.async = !f.async
			delete(f.errs, fAsync)
			return true, nil
		}
		return false, nil
	default:
		in := f.input(f.focus)
		before := in.Value()
		*in, cmd = in.Update(msg)
		if in.Value() == before {
			return false, cmd
		}
	}
	delete(f.errs, f.focus)
	return true, cmd
}

// editTags sends a key or paste to the tag input.
func (f *form) editTags(msg tea.Msg) (bool, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.PasteMsg:
		delete(f.errs, fTags)
		return true, f.tags.Paste(msg)
	case tea.KeyPressMsg:
		before := f.tags.Value()
		handled, changed, cmd := f.tags.HandleKey(msg)
		if !handled {
			return false, nil
		}
		if changed || f.tags.Value() != before {
			delete(f.errs, fTags)
			return true, cmd
		}
		return false, cmd
	}
	return false, nil
}

// isToggle reports a key that flips a switch field.
func isToggle(msg tea.Msg) bool {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return false
	}
	switch k.String() {
	case "space", "left", "right":
		return true
	}
	return false
}
