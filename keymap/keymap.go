// Package keymap defines every key binding of hindsight-tui in one place, grouped by
// where it applies. Panes read their group; help, the footer and the command palette are
// generated from the same bindings, so what a key does is written down exactly once.
package keymap

import "charm.land/bubbles/v2/key"

// KeyMap is every binding, grouped. Default returns a fresh value each time, so a pane
// may disable bindings on its copy without affecting others.
type KeyMap struct {
	Global     Global
	List       List
	Banks      Banks
	Form       Form
	Trace      Trace
	Recall     Recall
	Operations Operations
	Documents  Documents
	Memories   Memories
	Retain     Retain
	Reflect    Reflect
	Entities   Entities
	Models     Models
	Directives Directives
	Knowledge  Knowledge
	Editor     EditorKeyMap // the multi-line text editor (components.Editor)
	Compare    ReflectCompare
	Health     Health
	Tail       Tail
	Webhooks   Webhooks
	LLMLog     LLMLog
	Audit      Audit
	BankDiff   BankDiff
	BankConfig BankConfig
	Transfer   Transfer // documents in and out: export, import, file retain
	Extract    Extract
	Timeline   Timeline
	// Neighbourhood is the memory neighbourhood pane's keys.
	Neighbourhood Neighbourhood
}

// Global bindings work everywhere except while a text field captures input (then only
// Quit's ctrl+c and the form keys apply).
type Global struct {
	Quit      key.Binding
	ForceQuit key.Binding
	Help      key.Binding
	Palette   key.Binding
	NextPane  key.Binding
	PrevPane  key.Binding
	JumpPane  key.Binding // 1-9
	ErrorLog  key.Binding
	Refresh   key.Binding
	CopyID    key.Binding
	CopyJSON  key.Binding
	SaveJSON  key.Binding // write the selected item's JSON to a file
	Theme     key.Binding
	Sidebar   key.Binding // hide or show the bank list beside the panes
	Profiles  key.Binding // switch to another Hindsight CLI profile (server)
}

// FilterVerb starts the help of every pane's / key: in every pane / filters what the
// pane shows, and nothing else.
const FilterVerb = "filter"

// FilterDesc is the help of a pane's / key: "filter", then what it filters by, and
// "(server)" when the filter is a request to the server (it reloads the list, and
// finds what is not loaded yet) rather than a pass over the rows already loaded.
func FilterDesc(what string, server bool) string {
	s := FilterVerb
	if what != "" {
		s += " " + what
	}
	if server {
		s += " (server)"
	}
	return s
}

// List bindings move through any list or table. Filter (/) filters what the pane
// shows; a pane whose filter asks the server says so with FilterDesc.
type List struct {
	Up       key.Binding
	Down     key.Binding
	Top      key.Binding
	Bottom   key.Binding
	PageUp   key.Binding
	PageDown key.Binding
	Open     key.Binding
	Back     key.Binding
	Filter   key.Binding
}

// Banks bindings act on the bank sidebar and overview.
type Banks struct {
	Sort   key.Binding
	Create key.Binding
	Edit   key.Binding
	Delete key.Binding
}

// Trace bindings switch between the sections of the recall trace viewer (the retrieval
// lanes, the fused and reranked lists, the phase timings); rows move with List.
type Trace struct {
	NextSection key.Binding
	PrevSection key.Binding
}

// Form bindings apply in dialogs and forms.
type Form struct {
	Submit    key.Binding
	Confirm   key.Binding
	Cancel    key.Binding
	NextField key.Binding
	PrevField key.Binding
	Increase  key.Binding
	Decrease  key.Binding
}

// Recall bindings act in the recall pane. The pane has three places that take keys:
// the search box and the filter bar (both capture typing, so the globals are off
// there) and the results (or the trace), where these live beside the list keys.
type Recall struct {
	// In the results.
	Search    key.Binding // focus the search box: the pane's / (the query filters what it shows)
	Filters   key.Binding // focus the filter bar
	Reset     key.Binding // reset every filter to the server's defaults
	Trace     key.Binding // switch between the results and the trace
	CopyCode  key.Binding // copy the request as code
	Prompt    key.Binding // preview the results as a prompt block
	Explain   key.Binding // switch between the results and the explainer of the pinned memories
	Unpin     key.Binding // in the explainer: forget the selected pin
	SaveCase  key.Binding // add the recall in view, with its pins as expectations, to a check file
	Compare   key.Binding // keep the results as A and edit a copy of the filters as B; in the comparison, edit B again
	SaveAB    key.Binding // in the comparison: write it to a markdown file
	Detail    key.Binding // show or hide the detail panel
	Scores    key.Binding // every score of each result on its row, in place of its tags
	DetailUp  key.Binding
	DetailDn  key.Binding
	Searching key.Binding // esc while a search runs: cancel it
	// In the search box.
	Submit      key.Binding
	HistoryPrev key.Binding
	HistoryNext key.Binding
	// In the filter bar.
	NextItem key.Binding
	PrevItem key.Binding
	Toggle   key.Binding
	Leave    key.Binding
}

// Default returns the standard bindings.
func Default() KeyMap {
	return KeyMap{
		Global: Global{
			Quit:      key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "quit")),
			ForceQuit: key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit now")),
			Help:      key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
			Palette:   key.NewBinding(key.WithKeys(":", "ctrl+p"), key.WithHelp(":", "commands")),
			NextPane:  key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next pane")),
			PrevPane:  key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous pane")),
			JumpPane:  key.NewBinding(key.WithKeys("1", "2", "3", "4", "5", "6", "7", "8", "9"), key.WithHelp("1-9", "jump to pane")),
			ErrorLog:  key.NewBinding(key.WithKeys("!"), key.WithHelp("!", "error log")),
			Refresh:   key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "refresh")),
			CopyID:    key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "copy id")),
			CopyJSON:  key.NewBinding(key.WithKeys("Y"), key.WithHelp("Y", "copy JSON")),
			SaveJSON:  key.NewBinding(key.WithKeys("W"), key.WithHelp("W", "write JSON to a file")),
			Theme:     key.NewBinding(key.WithKeys("T"), key.WithHelp("T", "light/dark theme")),
			Sidebar:   key.NewBinding(key.WithKeys("B"), key.WithHelp("B", "bank list on/off")),
			Profiles:  key.NewBinding(key.WithKeys("C"), key.WithHelp("C", "switch profile")),
		},
		List: List{
			Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
			Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
			Top:      key.NewBinding(key.WithKeys("g", "home"), key.WithHelp("g", "top")),
			Bottom:   key.NewBinding(key.WithKeys("G", "end"), key.WithHelp("G", "bottom")),
			PageUp:   key.NewBinding(key.WithKeys("pgup", "ctrl+u"), key.WithHelp("pgup", "page up")),
			PageDown: key.NewBinding(key.WithKeys("pgdown", "ctrl+d"), key.WithHelp("pgdn", "page down")),
			Open:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open")),
			Back:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
			Filter:   key.NewBinding(key.WithKeys("/"), key.WithHelp("/", FilterDesc("", false))),
		},
		Banks: Banks{
			Sort:   key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "sort: last write/name/size")),
			Create: key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "new bank")),
			Edit:   key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "edit bank")),
			Delete: key.NewBinding(key.WithKeys("D"), key.WithHelp("D", "delete bank")),
		},
		Trace: Trace{
			NextSection: key.NewBinding(key.WithKeys("right", "l", "]"), key.WithHelp("→/l", "next section")),
			PrevSection: key.NewBinding(key.WithKeys("left", "h", "["), key.WithHelp("←/h", "previous section")),
		},
		Form: Form{
			Submit:    key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "save")),
			Confirm:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "confirm")),
			Cancel:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
			NextField: key.NewBinding(key.WithKeys("tab", "down"), key.WithHelp("tab", "next field")),
			PrevField: key.NewBinding(key.WithKeys("shift+tab", "up"), key.WithHelp("shift+tab", "previous field")),
			Increase:  key.NewBinding(key.WithKeys("right", "+"), key.WithHelp("→/+", "increase")),
			Decrease:  key.NewBinding(key.WithKeys("left", "-"), key.WithHelp("←/-", "decrease")),
		},
		Recall: Recall{
			Search:      key.NewBinding(key.WithKeys("/"), key.WithHelp("/", FilterDesc("by query", true))),
			Filters:     key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "filters")),
			Reset:       key.NewBinding(key.WithKeys("R"), key.WithHelp("R", "reset filters")),
			Trace:       key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "results/trace")),
			CopyCode:    key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "copy as code")),
			Prompt:      key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "prompt preview")),
			Explain:     key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "explain pins")),
			Unpin:       key.NewBinding(key.WithKeys("U"), key.WithHelp("U", "unpin")),
			SaveCase:    key.NewBinding(key.WithKeys("S"), key.WithHelp("S", "save as check case")),
			Compare:     key.NewBinding(key.WithKeys("b"), key.WithHelp("b", "compare A/B")),
			SaveAB:      key.NewBinding(key.WithKeys("w"), key.WithHelp("w", "write comparison (markdown)")),
			Detail:      key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "detail")),
			Scores:      key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "score columns/tags")),
			DetailUp:    key.NewBinding(key.WithKeys("K"), key.WithHelp("K", "scroll detail up")),
			DetailDn:    key.NewBinding(key.WithKeys("J"), key.WithHelp("J", "scroll detail down")),
			Searching:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel search")),
			Submit:      key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "search now")),
			HistoryPrev: key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "older query")),
			HistoryNext: key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "newer query")),
			NextItem:    key.NewBinding(key.WithKeys("tab", "right"), key.WithHelp("tab/→", "next filter")),
			PrevItem:    key.NewBinding(key.WithKeys("shift+tab", "left"), key.WithHelp("shift+tab/←", "previous filter")),
			Toggle:      key.NewBinding(key.WithKeys("space", "enter"), key.WithHelp("space", "toggle/cycle")),
			Leave:       key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "done")),
		},
		Operations: Operations{
			Status:   key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "status filter")),
			Type:     key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "type filter")),
			Parents:  key.NewBinding(key.WithKeys("b"), key.WithHelp("b", "show/hide batch parents")),
			Pause:    key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "pause refresh")),
			Cancel:   key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "cancel")),
			Retry:    key.NewBinding(key.WithKeys("R"), key.WithHelp("R", "retry")),
			Delete:   key.NewBinding(key.WithKeys("D"), key.WithHelp("D", "delete")),
			Payload:  key.NewBinding(key.WithKeys("i"), key.WithHelp("i", "load task payload")),
			Detail:   key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "detail")),
			DetailUp: key.NewBinding(key.WithKeys("K"), key.WithHelp("K", "scroll detail up")),
			DetailDn: key.NewBinding(key.WithKeys("J"), key.WithHelp("J", "scroll detail down")),
			Stop:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "stop loading")),
		},
		Memories: Memories{
			Type:          key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "type filter")),
			State:         key.NewBinding(key.WithKeys("v"), key.WithHelp("v", "valid/invalidated")),
			Consolidation: key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "consolidation filter")),
			Search:        key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "text filter (server)")),
			Tags:          key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "tag filter")),
			TagsMatch:     key.NewBinding(key.WithKeys("m"), key.WithHelp("m", "tag match mode")),
			Reset:         key.NewBinding(key.WithKeys("R"), key.WithHelp("R", "reset filters")),
			Select:        key.NewBinding(key.WithKeys("space"), key.WithHelp("space", "select")),
			SelectAll:     key.NewBinding(key.WithKeys("A"), key.WithHelp("A", "select all matching")),
			Edit:          key.NewBinding(key.WithKeys("E"), key.WithHelp("E", "edit")),
			Invalidate:    key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "invalidate")),
			Restore:       key.NewBinding(key.WithKeys("u"), key.WithHelp("u", "restore")),
			Document:      key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "open document")),
			Sources:       key.NewBinding(key.WithKeys("S"), key.WithHelp("S", "source memories")),
			Entity:        key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "open entity")),
			Pin:           key.NewBinding(key.WithKeys("P"), key.WithHelp("P", "pin as expected")),
			Provenance:    key.NewBinding(key.WithKeys("L"), key.WithHelp("L", "provenance")),
			Neighbourhood: key.NewBinding(key.WithKeys("N"), key.WithHelp("N", "neighbourhood")),
			Expand:        key.NewBinding(key.WithKeys("w"), key.WithHelp("w", "expand/collapse the row")),
		},
		Entities: Entities{
			Memories:    key.NewBinding(key.WithKeys("m"), key.WithHelp("m", "its memories")),
			Recall:      key.NewBinding(key.WithKeys("R"), key.WithHelp("R", "recall scoped to tag")),
			Detail:      key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "list/detail")),
			Tags:        key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "entities/tags")),
			Cooccurring: key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "co-occurring")),
		},
		Models: Models{
			Leave:        key.NewBinding(key.WithKeys("esc", "enter"), key.WithHelp("esc", "done")),
			TextUp:       key.NewBinding(key.WithKeys("K"), key.WithHelp("K", "scroll content up")),
			TextDown:     key.NewBinding(key.WithKeys("J"), key.WithHelp("J", "scroll content down")),
			OlderVersion: key.NewBinding(key.WithKeys("["), key.WithHelp("[", "older version")),
			NewerVersion: key.NewBinding(key.WithKeys("]"), key.WithHelp("]", "newer version")),
			Diff:         key.NewBinding(key.WithKeys("="), key.WithHelp("=", "diff versions")),
			Mark:         key.NewBinding(key.WithKeys("m"), key.WithHelp("m", "mark version to diff")),
			Create:       key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "new model")),
			Edit:         key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "edit model")),
			Delete:       key.NewBinding(key.WithKeys("D"), key.WithHelp("D", "delete model")),
			Refresh:      key.NewBinding(key.WithKeys("F"), key.WithHelp("F", "refresh content")),
			DryRun:       key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "dry-run refresh")),
			Clear:        key.NewBinding(key.WithKeys("X"), key.WithHelp("X", "clear content")),
			NextGone:     key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "next gone memory")),
		},
		Directives: Directives{
			Toggle:  key.NewBinding(key.WithKeys("space", "a"), key.WithHelp("space", "active on/off")),
			Delete:  key.NewBinding(key.WithKeys("D"), key.WithHelp("D", "delete directive")),
			Create:  key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "new directive")),
			Edit:    key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "edit directive")),
			Preview: key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "applies to…")),
			Tags:    key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "reflect tags")),
			Match:   key.NewBinding(key.WithKeys("M"), key.WithHelp("M", "tags match mode")),
			All:     key.NewBinding(key.WithKeys("A"), key.WithHelp("A", "apply all on/off")),
			Leave:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close preview")),
		},
		Knowledge: Knowledge{
			Expand:    key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→/l", "unfold folder, open page")),
			Collapse:  key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/h", "fold folder, go to parent")),
			Fold:      key.NewBinding(key.WithKeys("space"), key.WithHelp("space", "fold/unfold folder")),
			NewPage:   key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "new page")),
			NewFolder: key.NewBinding(key.WithKeys("N"), key.WithHelp("N", "new folder")),
			Rename:    key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "rename")),
			Move:      key.NewBinding(key.WithKeys("m"), key.WithHelp("m", "move to a folder")),
			Delete:    key.NewBinding(key.WithKeys("D"), key.WithHelp("D", "delete")),
			Export:    key.NewBinding(key.WithKeys("E"), key.WithHelp("E", "export to markdown files")),
			Submit:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "run search")),
			Leave:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "leave search box")),
			MoveHere:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "move here")),
			Cancel:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel move")),
		},
		Documents: Documents{
			Search:    key.NewBinding(key.WithKeys("/"), key.WithHelp("/", FilterDesc("ids", true))),
			Tags:      key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "tags filter")),
			Match:     key.NewBinding(key.WithKeys("M"), key.WithHelp("M", "tags match mode")),
			EditTags:  key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "edit tags")),
			Reprocess: key.NewBinding(key.WithKeys("P"), key.WithHelp("P", "reprocess")),
			Delete:    key.NewBinding(key.WithKeys("D"), key.WithHelp("D", "delete")),
			Memories:  key.NewBinding(key.WithKeys("m"), key.WithHelp("m", "its memories")),
			NextChunk: key.NewBinding(key.WithKeys("]"), key.WithHelp("]", "next chunk")),
			PrevChunk: key.NewBinding(key.WithKeys("["), key.WithHelp("[", "previous chunk")),
			TextUp:    key.NewBinding(key.WithKeys("K"), key.WithHelp("K", "scroll text up")),
			TextDown:  key.NewBinding(key.WithKeys("J"), key.WithHelp("J", "scroll text down")),
			Leave:     key.NewBinding(key.WithKeys("esc", "enter"), key.WithHelp("esc", "done")),
		},
		BankConfig: defaultBankConfig(),
		Retain: Retain{
			Submit:   key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "retain")),
			Editor:   key.NewBinding(key.WithKeys("ctrl+e"), key.WithHelp("ctrl+e", "edit in $EDITOR")),
			LoadFile: key.NewBinding(key.WithKeys("ctrl+o"), key.WithHelp("ctrl+o", "content from file")),
			Batch:    key.NewBinding(key.WithKeys("ctrl+b"), key.WithHelp("ctrl+b", "batch from file")),
			Cancel:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
			Toggle:   key.NewBinding(key.WithKeys("space", "left", "right"), key.WithHelp("space", "switch")),
			Leave:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "leave the form")),
			Edit:     key.NewBinding(key.WithKeys("enter", "i"), key.WithHelp("enter", "edit form")),
			Check:    key.NewBinding(key.WithKeys("ctrl+r", "v"), key.WithHelp("ctrl+r", "recallable?")),
			Follow:   key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "follow operation")),
			Clear:    key.NewBinding(key.WithKeys("X"), key.WithHelp("X", "clear form")),
		},
		Compare:       defaultReflectCompare(),
		Health:        defaultHealth(),
		Tail:          defaultTail(),
		Webhooks:      defaultWebhooks(),
		LLMLog:        defaultLLMLog(),
		Audit:         defaultAudit(),
		BankDiff:      defaultBankDiff(),
		Transfer:      defaultTransfer(),
		Extract:       defaultExtract(),
		Timeline:      defaultTimeline(),
		Neighbourhood: defaultNeighbourhood(),
		Reflect: Reflect{
			Ask:       key.NewBinding(key.WithKeys("i"), key.WithHelp("i", "ask")),
			Params:    key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "parameters")),
			Reset:     key.NewBinding(key.WithKeys("R"), key.WithHelp("R", "reset parameters")),
			Evidence:  key.NewBinding(key.WithKeys("space"), key.WithHelp("space", "evidence")),
			Tools:     key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "tool calls on/off")),
			Export:    key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "export")),
			Cancel:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel question")),
			Schema:    key.NewBinding(key.WithKeys("ctrl+e"), key.WithHelp("ctrl+e", "schema in $EDITOR")),
			Directive: key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "new directive from it")),
			Send:      key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "send question")),
			Newline:   key.NewBinding(key.WithKeys("alt+enter", "ctrl+j"), key.WithHelp("alt+enter", "new line")),
			Leave:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "done")),
			NextItem:  key.NewBinding(key.WithKeys("tab", "right"), key.WithHelp("tab/→", "next parameter")),
			PrevItem:  key.NewBinding(key.WithKeys("shift+tab", "left"), key.WithHelp("shift+tab/←", "previous parameter")),
			Toggle:    key.NewBinding(key.WithKeys("space", "enter"), key.WithHelp("space", "toggle/cycle")),
		},
		Editor: DefaultEditorKeyMap(),
	}
}

// Operations bindings act in the operations pane, beside the list keys. Cancel, retry
// and delete follow the server's rules: the pane enables each only for the statuses
// the server accepts it in.
type Operations struct {
	Status   key.Binding // cycle the status filter
	Type     key.Binding // cycle the type filter
	Parents  key.Binding // show or hide batch_retain parents (exclude_parents)
	Pause    key.Binding // pause or resume the auto-refresh
	Cancel   key.Binding // cancel a pending operation
	Retry    key.Binding // retry a failed or cancelled operation
	Delete   key.Binding // delete a finished operation's record
	Payload  key.Binding // load the selected operation's task payload
	Detail   key.Binding // show or hide the detail panel
	DetailUp key.Binding
	DetailDn key.Binding
	Stop     key.Binding // esc while loading: cancel the request
}

// Models bindings act in the mental models pane, beside the list keys (/ filters the
// loaded models by name, id or tag; r lists them again).
type Models struct {
	Leave        key.Binding // leave the filter box
	TextUp       key.Binding // scroll the open model
	TextDown     key.Binding
	OlderVersion key.Binding // show an older version of the content, from the history
	NewerVersion key.Binding // back towards the current content
	Diff         key.Binding // the version in view against the one before it, or the marked one
	Mark         key.Binding // mark the version in view as the diff's other side
	Create       key.Binding
	Edit         key.Binding
	Delete       key.Binding
	Refresh      key.Binding // refresh the model's content (a reflect on the server)
	DryRun       key.Binding // what a refresh would write, persisting nothing
	Clear        key.Binding // empty the content so the next refresh rebuilds it
	NextGone     key.Binding // mark the next cited memory that is gone, in the open model
}

// Documents bindings act in the documents pane, beside the list keys. The writes
// (edit tags, reprocess, delete) are disabled in read-only mode.
type Documents struct {
	Search    key.Binding // type a document id substring (searched on the server)
	Tags      key.Binding // edit the tags filter
	Match     key.Binding // cycle the tags match mode
	EditTags  key.Binding
	Reprocess key.Binding
	Delete    key.Binding
	Memories  key.Binding // the open document's memories, in the memories pane
	NextChunk key.Binding
	PrevChunk key.Binding
	TextUp    key.Binding
	TextDown  key.Binding
	Leave     key.Binding // leave the search box or the tags filter
}

// Retain bindings act in the retain editor. While one of its fields has focus, only
// the ctrl chords act (every other key is typing, and tab moves between fields); the
// single letters act once esc has left the fields.
type Retain struct {
	// Anywhere in the pane.
	Submit   key.Binding // retain what the form holds
	Editor   key.Binding // edit the content in $EDITOR
	LoadFile key.Binding // replace the content with a file's text
	Batch    key.Binding // retain a JSON or JSONL file of items as one request
	Cancel   key.Binding // esc while a request runs or an operation is followed
	// In the fields.
	Toggle key.Binding // switch async, or cycle the update mode
	Leave  key.Binding // esc: leave the fields
	// Outside the fields.
	Edit   key.Binding // back into the form
	Check  key.Binding // run the recallable check: ctrl+r anywhere in the pane, v outside the fields
	Follow key.Binding // follow the operation again after esc stopped it
	Clear  key.Binding // empty the form (asks first)
}

// Reflect bindings act in the reflect pane. It has three places that take keys: the
// transcript (these live beside the list keys there), the composer and the parameter
// bar (both capture typing, so the globals are off there).
type Reflect struct {
	// In the transcript.
	Ask      key.Binding // focus the composer
	Params   key.Binding // focus the parameter bar
	Reset    key.Binding // every parameter back to the server's default
	Evidence key.Binding // show or hide the selected answer's evidence
	Tools    key.Binding // ask for the tool-call trace, or stop asking
	Export   key.Binding // write the transcript to a markdown file
	// Directive opens the directives pane's form, filled with the selected answer
	// (or evidence item) and the question's tags; absent under --read-only.
	Directive key.Binding
	Cancel    key.Binding // esc while a question is out: cancel it
	// In the transcript and the parameter bar.
	Schema key.Binding // edit the response schema in $EDITOR
	// In the composer.
	Send    key.Binding
	Newline key.Binding
	Leave   key.Binding // esc: leave the composer or the bar
	// In the parameter bar.
	NextItem key.Binding
	PrevItem key.Binding
	Toggle   key.Binding
}

// Memories bindings act in the memories pane, beside the list keys. Invalidate and
// restore are disabled in read-only mode.
type Memories struct {
	Type          key.Binding // cycle the type filter
	State         key.Binding // valid or invalidated memories
	Consolidation key.Binding // cycle the consolidation-state filter
	Search        key.Binding // edit the server-side text filter (q)
	Tags          key.Binding // edit the tag filter
	TagsMatch     key.Binding // cycle the tag match mode
	Reset         key.Binding // clear every filter
	Select        key.Binding // toggle the row's selection
	SelectAll     key.Binding // select every memory matching the filters
	Edit          key.Binding // edit the memory (diff preview before saving)
	Invalidate    key.Binding // invalidate the selection (or the row)
	Restore       key.Binding // restore the selection (or the row)
	Document      key.Binding // jump to the memory's document and chunk
	Entity        key.Binding // jump to the memory's first entity
	Sources       key.Binding // list an observation's source memories
	// Pin marks the memory as expected for the bank: the recall pane's explainer
	// says, for each pinned memory, where a recall lost it. It writes nothing to the
	// server, so read-only mode keeps it.
	Pin key.Binding
	// Provenance lists the LLM runs that created or used the memory.
	Provenance key.Binding
	// Neighbourhood shows the memory's linked memories, by link type.
	Neighbourhood key.Binding
	// Expand shows the selected row in full under the list: its text wrapped, its
	// dates apart, its tags and entities as chips.
	Expand key.Binding
}

// Entities bindings act in the entities and tags panes, beside the list keys (/ filters
// the loaded entities, or searches the server's tags).
type Entities struct {
	Memories key.Binding // the memories pane filtered by the entity or tag
	Recall   key.Binding // a recall scoped to the selected tag
	Detail   key.Binding // move between the list and the detail's memories
	Tags     key.Binding // switch the pane between entities and tags
	// Cooccurring shows the entities mentioned together with the selected one.
	Cooccurring key.Binding
}

// Directives bindings act in the directives pane, beside the list keys.
type Directives struct {
	Toggle key.Binding // switch the selected directive on or off
	Delete key.Binding // delete the selected directive, after a confirmation
	Create key.Binding // a form for a new directive
	Edit   key.Binding // a form with the selected directive
	// The applies-to preview: which directives a reflect with given tags applies.
	Preview key.Binding // open or close it
	Tags    key.Binding // edit the reflect's tags
	Match   key.Binding // cycle the reflect's tags_match
	All     key.Binding // apply_all_directives on/off
	Leave   key.Binding // close it
}

// Knowledge bindings act in the knowledge base pane, beside the list keys: the tree
// folds like a file tree (enter and space on a folder, → and ← or l and h), / searches
// the pages on the server, and the writes are off under --read-only. Submit and Leave
// act in the search box, MoveHere and Cancel while a node is being moved.
type Knowledge struct {
	Expand    key.Binding // unfold the folder (or step into it); open a page
	Collapse  key.Binding // fold the folder, else go to the parent folder
	Fold      key.Binding // fold or unfold the folder
	NewPage   key.Binding // a form for a page in the current folder
	NewFolder key.Binding // a form for a folder in the current folder
	Rename    key.Binding // a form with the node's name
	Move      key.Binding // choose the folder to move the node to
	Delete    key.Binding // delete the node (and what it holds), after a confirmation
	Export    key.Binding // write the knowledge base as markdown files under a directory
	Submit    key.Binding // in the search box: search
	Leave     key.Binding // leave the search box
	MoveHere  key.Binding // while moving: move into the folder under the cursor
	Cancel    key.Binding // while moving: stop without moving
}
