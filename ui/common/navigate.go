package common

// Panes link to each other: a memory's document, an entity's memories, a recall
// scoped to a tag. A pane asks the root to bring another pane forward with
// ShowPaneMsg; the request itself travels with it in Then, which the root forwards
// to every pane after switching, so the target pane can act on it (others ignore it).

// Pane ids, as in the root's tab list and the state file.
const (
	PaneOverview      = "overview"
	PaneMemories      = "memories"
	PaneRecall        = "recall"
	PaneReflect       = "reflect"
	PaneRetain        = "retain"
	PaneDocuments     = "documents"
	PaneEntities      = "entities"
	PaneOperations    = "operations"
	PaneDirectives    = "directives"
	PaneLLMLog        = "llm"
	PaneAudit         = "audit"
	PaneNeighbourhood = "neighbourhood"
)

// ShowPaneMsg focuses the pane with ID (a no-op when the server's features hide it)
// and then delivers Then to the panes.
type ShowPaneMsg struct {
	ID   string
	Then any
}

// NewDirectiveMsg asks the directives pane to open its form for a new directive of
// bank BankID, filled with Content and Tags (a reflect answer and its question's
// tags); the user names it and saves. Sent by a write key, so never under --read-only.
type NewDirectiveMsg struct {
	BankID  string
	Content string
	Tags    []string
}

// ShowMemoriesMsg asks the memories pane to list memories with these filters
// (empty fields are not filtered on).
type ShowMemoriesMsg struct {
	BankID     string
	Tags       []string
	TagsMatch  string
	DocumentID string
	EntityID   string
	EntityName string // for the filter's label
	MemoryID   string // select and open this memory once listed, if present
}

// RecallScopedMsg asks the recall pane to scope its tag filter (and run Query, if set).
type RecallScopedMsg struct {
	BankID    string
	Tags      []string
	TagsMatch string
	Query     string
}

// ShowDocumentMsg asks the documents pane to open a document (and a chunk, if set).
type ShowDocumentMsg struct {
	BankID     string
	DocumentID string
	ChunkID    string
}

// ShowProvenanceMsg asks the LLM requests pane for a memory's provenance: the runs
// that created or used memory MemoryID of bank BankID, the extraction that produced
// it first.
type ShowProvenanceMsg struct {
	BankID   string
	MemoryID string
}

// ShowTagsMsg asks the entities pane to show the bank's tags.
type ShowTagsMsg struct{}

// ShowExtractionPreviewMsg asks the retain pane to preview what a retain of its form
// would store (the palette's "Extraction preview", from any pane).
type ShowExtractionPreviewMsg struct{}

// ShowEntityMsg asks the entities pane to open an entity.
type ShowEntityMsg struct {
	BankID   string
	EntityID string
}

// ShowOperationMsg asks the operations pane to list bank BankID's operations and
// select operation OperationID (saying so when the list does not hold it).
type ShowOperationMsg struct {
	BankID      string
	OperationID string
}

// ShowLLMRunMsg asks the LLM requests pane for the calls of one run (trace TraceID) of
// bank BankID, with the cursor on call CallID.
type ShowLLMRunMsg struct {
	BankID  string
	TraceID string
	CallID  string
}

// ShowAuditEntryMsg asks the audit log pane to list bank BankID's entries, unfiltered
// from the newest, with the cursor on entry EntryID.
type ShowAuditEntryMsg struct {
	BankID  string
	EntryID string
}

// ShowNeighbourhoodMsg asks the neighbourhood pane for the memories linked to memory
// MemoryID of bank BankID (N in the memory inspector and the memories list). It starts
// a new breadcrumb trail at that memory.
type ShowNeighbourhoodMsg struct {
	BankID   string
	MemoryID string
}

// ShowCooccurrenceMsg asks the neighbourhood pane for the entities mentioned together
// with entity EntityID (named EntityName) of bank BankID (c in the entities pane).
type ShowCooccurrenceMsg struct {
	BankID     string
	EntityID   string
	EntityName string
}
