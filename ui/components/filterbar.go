package components

import (
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
)

// FilterBar is a row of request options a pane sends with its call (recall's filters,
// reflect's parameters), edited in place: the keys move between items, space toggles or
// cycles, text is typed into the item under the cursor and written back at once, tags
// complete from the bank's tags. It edits a value of the pane's own type T (a bank's
// filters, say) through the accessors of its items, so what the bar shows and what the
// pane sends are the same fields.
//
// The pane's request builder is the one validator: it files a problem under a request
// field ("max_tokens", "window.start"), the pane hands those to SetErrors with the
// server's (a 422's locations), and the bar marks the items whose Fields name them.
type FilterBar[T any] struct {
	c      *common.Common
	keys   FilterBarKeys
	hints  []string // what enter and the pane's own keys do, for the key line
	leave  string   // what the leave key does ("done")
	items  []FilterItem[T]
	val    *T
	cursor int
	active bool
	width  int
	text   textinput.Model // edits the typed item under the cursor
	holds  int             // the item the text input holds; -1 for none
	tags   *TagInput
	own    map[string]string // the values' own problems, from the pane's builder
	server map[string]string // the server's complaints about the last request
}

// FilterKind is how an item is edited and drawn.
type FilterKind int

const (
	// FilterToggle is on or off; space flips it.
	FilterToggle FilterKind = iota
	// FilterChoices is a set of toggles under one label (fact types): each option is an
	// item of its own for the keys, drawn one after the other.
	FilterChoices
	// FilterCycle steps through Values, the server's default first; the default is
	// stored as "" so it is not sent.
	FilterCycle
	// FilterText is typed in place: numbers, dates, JSON, free text. What the text
	// must be is the pane's builder's rule.
	FilterText
	// FilterTags is a list of tags, typed as chips that complete from the bank's tags.
	FilterTags
)

// FilterOption is one toggle of a FilterChoices item.
type FilterOption struct {
	Label string
	Name  string // the palette's name for it, when not the label ("fact type world")
	Help  string
}

// FilterItem describes one item: how it is edited, how it is labelled and explained,
// where its problems are filed, and the field of T it edits (one accessor, by kind).
type FilterItem[T any] struct {
	Kind  FilterKind
	Group string // drawn before the item, which starts a group ("types", "window")
	Alone bool   // a group of its own without a group label ("trace")
	Label string // names the item in its help line, its problem and the palette
	Name  string // a toggle's name in the palette, when not the label
	Help  string // one line on what the item does
	// Fields are the request fields whose problems the item shows, as the pane's
	// builder and its 422 mapping name them.
	Fields []string

	// FilterText: drawn while empty, Default as "4,096 (default)", else Hint; Prefix
	// comes before the value ("→ ").
	Hint, Default, Prefix string

	Bool   func(*T) *bool // FilterToggle
	Invert bool           // FilterToggle: on while the field is false (entities: noEntities)

	Bools       func(*T) []bool // FilterChoices: one per option
	Options     []FilterOption  // FilterChoices
	AllWhenNone bool            // FilterChoices: "(all)" after the last option while none is on

	Text      func(*T) *string    // FilterCycle ("" is the default) and FilterText
	Values    []string            // FilterCycle, the server's default first
	ValueHelp func(string) string // FilterCycle: what a value does

	Tags func(*T) *[]string // FilterTags
}

// FilterBarKeys are the bar's keys, from the pane's key group (their help differs:
// "next filter", "next parameter").
type FilterBarKeys struct {
	Next, Prev, Toggle, Leave key.Binding
}

// FilterEvent is what a key or an action did that the pane acts on.
type FilterEvent int

const (
	// FilterNothing: nothing for the pane to do.
	FilterNothing FilterEvent = iota
	// FilterChanged: a value changed; the pane checks it and searches (or sends) again.
	FilterChanged
	// FilterSubmit: enter on a typed item with nothing left to add: search or send now.
	FilterSubmit
	// FilterLeave: the leave key; the pane moves the keys elsewhere.
	FilterLeave
	// FilterOpen: a palette action chose an item to edit; the pane opens the bar.
	FilterOpen
)

// NewFilterBar returns a bar over items (a FilterChoices item becomes one item per
// option, so indices count options). hints are the key line's middle parts ("enter
// search"). Bind gives it the values to edit.
func NewFilterBar[T any](c *common.Common, keys FilterBarKeys, hints []string, items ...FilterItem[T]) *FilterBar[T] {
	b := &FilterBar[T]{c: c, keys: keys, hints: hints, leave: "done", holds: -1, tags: NewTagInput(c),
		text: NewInput(c.Styles, "", "")}
	for _, it := range items {
		if it.Kind != FilterChoices {
			b.items = append(b.items, it)
			continue
		}
		for i, o := range it.Options {
			opt := it
			opt.Kind, opt.Label, opt.Name, opt.Help, opt.Options = FilterToggle, o.Label, o.Name, o.Help, nil
			opt.AllWhenNone = it.AllWhenNone && i == len(it.Options)-1
			if i > 0 {
				opt.Group = ""
			}
			bools := it.Bools
			opt.Bool = func(v *T) *bool { return &bools(v)[i] }
			opt.Bools = bools
			b.items = append(b.items, opt)
		}
	}
	return b
}

// SetKeyLine changes what the key line says enter (hints) and the leave key do, for
// a bar that edits something else for a while (the recall pane's B filters).
func (b *FilterBar[T]) SetKeyLine(hints []string, leave string) {
	b.hints, b.leave = hints, leave
}

// Len is the number of items, options counted one by one.
func (b *FilterBar[T]) Len() int { return len(b.items) }

// Cursor is the index of the item under the cursor.
func (b *FilterBar[T]) Cursor() int { return b.cursor }

// TagInput is the tags item's editor (its completions and loaded tags).
func (b *FilterBar[T]) TagInput() *TagInput { return b.tags }

// Bind points the bar at the values of another bank: the tags complete from bank, the
// chips and the typed item show v's values. It returns the tags' load when the bar is
// open on the tags item.
func (b *FilterBar[T]) Bind(bank string, v *T) tea.Cmd {
	b.val = v
	b.tags.SetBank(bank)
	return b.Sync()
}

// Sync reloads the editors from the values, after the pane changed them itself (a
// reset, a palette action, a scope from another pane).
func (b *FilterBar[T]) Sync() tea.Cmd {
	if b.val == nil {
		return nil
	}
	for _, it := range b.items {
		if it.Kind == FilterTags {
			b.tags.SetTags(*it.Tags(b.val))
		}
	}
	if !b.active {
		return nil
	}
	return b.enter()
}

// Focus gives the bar the keys, on the item under the cursor.
func (b *FilterBar[T]) Focus() tea.Cmd {
	b.active = true
	return b.enter()
}

// Blur takes the keys away; text being typed stays in the values.
func (b *FilterBar[T]) Blur() {
	b.active = false
	b.text.Blur()
	b.holds = -1
	b.tags.Blur()
}

// SetWidth gives the bar the width it draws in.
func (b *FilterBar[T]) SetWidth(w int) {
	b.width = max(w, 0)
	for _, it := range b.items {
		if it.Kind == FilterTags {
			b.tags.SetWidth(min(max(b.width-len(it.Group)-2, 12), 48))
		}
	}
	b.fit()
}

// SetStyles restyles the editors for a new theme.
func (b *FilterBar[T]) SetStyles(st *styles.Styles) {
	b.text.SetStyles(InputStyles(st))
	b.tags.SetStyles(st)
}

// Open puts the cursor on item i and, when the bar has the keys, its editor.
func (b *FilterBar[T]) Open(i int) tea.Cmd {
	b.cursor = min(max(i, 0), len(b.items)-1)
	if !b.active {
		return nil
	}
	return b.enter()
}

// enter prepares the editor of the item under the cursor.
func (b *FilterBar[T]) enter() tea.Cmd {
	b.text.Blur()
	b.holds = -1
	b.tags.Blur()
	if b.val == nil || len(b.items) == 0 {
		return nil
	}
	it := b.items[b.cursor]
	switch it.Kind {
	case FilterText:
		b.holds = b.cursor
		b.text.Placeholder = it.Hint
		b.text.SetValue(*it.Text(b.val))
		_ = b.text.Focus()
		b.text.CursorEnd()
		b.fit()
	case FilterTags:
		return b.tags.Focus()
	}
	return nil
}

// fit sizes the text input for what is typed: room for it and the cursor, within a
// third of the bar.
func (b *FilterBar[T]) fit() {
	if b.holds < 0 {
		return
	}
	tw := min(max(ansi.StringWidth(b.text.Value())+2, 8), max(b.width/3, 8))
	if tw != b.text.Width() {
		b.text.SetWidth(tw)
		b.text.SetCursor(b.text.Position())
	}
}

// move steps the cursor by d items, wrapping.
func (b *FilterBar[T]) move(d int) tea.Cmd {
	n := len(b.items)
	b.cursor = ((b.cursor+d)%n + n) % n
	return b.enter()
}
