package common

// OperationStartedMsg says that something in the app submitted background work to the
// server (an async retain, say) and got an operation id back. The operations pane
// refreshes, follows the operation (selects it once it is listed) and raises a toast
// when it finishes, even if it has not been shown yet. The sender sends it once, after
// the server answered.
type OperationStartedMsg struct {
	BankID      string // the bank the operation runs in
	OperationID string // the id the server returned (for an async retain, the batch_retain parent)
	Kind        string // the operation type, e.g. "batch_retain"; "" when unknown
}
