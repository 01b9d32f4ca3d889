package client

import (
	"context"
	"encoding/json"
)

// Operation statuses. The single-operation route also answers StatusNotFound (with HTTP
// 200) for a well-formed id it does not know.
const (
	StatusPending    = "pending"
	StatusProcessing = "processing"
	StatusCompleted  = "completed"
	StatusFailed     = "failed"
	StatusCancelled  = "cancelled"
	StatusNotFound   = "not_found"
)

// OperationProgress is where a running operation is.
type OperationProgress struct {
	Stage     string         `json:"stage"`
	At        Time           `json:"at"`
	Processed *int           `json:"processed"`
	Total     *int           `json:"total"`
	Detail    map[string]int `json:"detail"`
}

// OperationDetails are the details of a finished mental-model refresh.
type OperationDetails struct {
	OperationType string `json:"operation_type"`
	Outcome       string `json:"outcome"`
	FailureReason string `json:"failure_reason"`
}

// Operation is one row of the operations list.
type Operation struct {
	ID            string             `json:"id"`
	TaskType      string             `json:"task_type"`
	ItemsCount    int                `json:"items_count"`
	DocumentID    string             `json:"document_id"`
	Filename      string             `json:"filename"`
	MentalModelID string             `json:"mental_model_id"`
	Details       *OperationDetails  `json:"details"`
	CreatedAt     Time               `json:"created_at"`
	UpdatedAt     Time               `json:"updated_at"`
	Status        string             `json:"status"`
	ErrorMessage  string             `json:"error_message"`
	RetryCount    int                `json:"retry_count"`
	NextRetryAt   Time               `json:"next_retry_at"`
	Progress      *OperationProgress `json:"progress"`
}

// OperationList is a page of operations, newest first.
type OperationList struct {
	BankID     string      `json:"bank_id"`
	Operations []Operation `json:"operations"`
	Page
}

// ListOperationsParams filters the operations list. Zero values are not sent.
type ListOperationsParams struct {
	Status         string
	Type           string
	Limit          int // 1–100; 0 = server default (20)
	Offset         int
	ExcludeParents bool
}

// ListOperations lists a bank's background operations.
func (c *Client) ListOperations(ctx context.Context, bankID string, p ListOperationsParams) (*OperationList, error) {
	q := query{}
	q.str("status", p.Status)
	q.str("type", p.Type)
	q.num("limit", p.Limit)
	q.num("offset", p.Offset)
	q.flag("exclude_parents", p.ExcludeParents)
	var out OperationList
	if err := c.do(ctx, "GET", bankPath(bankID, "operations"), q, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// ChildOperation is a sub-batch of an async retain.
type ChildOperation struct {
	OperationID   string `json:"operation_id"`
	Status        string `json:"status"`
	SubBatchIndex int    `json:"sub_batch_index"`
	ItemsCount    int    `json:"items_count"`
	ErrorMessage  string `json:"error_message"`
}

// OperationStatus is one operation in full, for following async work.
type OperationStatus struct {
	OperationID     string                     `json:"operation_id"`
	Status          string                     `json:"status"`
	OperationType   string                     `json:"operation_type"`
	CreatedAt       Time                       `json:"created_at"`
	UpdatedAt       Time                       `json:"updated_at"`
	CompletedAt     Time                       `json:"completed_at"`
	ErrorMessage    string                     `json:"error_message"`
	RetryCount      int                        `json:"retry_count"`
	NextRetryAt     Time                       `json:"next_retry_at"`
	Progress        *OperationProgress         `json:"progress"`
	ResultMetadata  map[string]json.RawMessage `json:"result_metadata"`
	Details         *OperationDetails          `json:"details"`
	ChildOperations []ChildOperation           `json:"child_operations"`
	TaskPayload     map[string]json.RawMessage `json:"task_payload"`
}

// Done reports whether the operation will not change any more.
func (o *OperationStatus) Done() bool {
	switch o.Status {
	case StatusCompleted, StatusFailed, StatusCancelled, StatusNotFound:
		return true
	}
	return false
}

// GetOperation returns one operation; includePayload adds what it was asked to do.
func (c *Client) GetOperation(ctx context.Context, bankID, operationID string, includePayload bool) (*OperationStatus, error) {
	q := query{}
	q.flag("include_payload", includePayload)
	var out OperationStatus
	if err := c.do(ctx, "GET", bankPath(bankID, "operations", esc(operationID)), q, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// OperationActionResult answers cancel, retry and delete.
type OperationActionResult struct {
	Success     bool   `json:"success"`
	Message     string `json:"message"`
	OperationID string `json:"operation_id"`
}

// CancelOperation cancels a pending operation (409 in any other state).
func (c *Client) CancelOperation(ctx context.Context, bankID, operationID string) (*OperationActionResult, error) {
	return c.operationAction(ctx, "DELETE", bankPath(bankID, "operations", esc(operationID)))
}

// RetryOperation re-queues a failed or cancelled operation (409 in any other state).
func (c *Client) RetryOperation(ctx context.Context, bankID, operationID string) (*OperationActionResult, error) {
	return c.operationAction(ctx, "POST", bankPath(bankID, "operations", esc(operationID), "retry"))
}

// DeleteOperation removes a finished (completed, failed or cancelled) operation's record.
func (c *Client) DeleteOperation(ctx context.Context, bankID, operationID string) (*OperationActionResult, error) {
	return c.operationAction(ctx, "DELETE", bankPath(bankID, "operations", esc(operationID), "delete"))
}

func (c *Client) operationAction(ctx context.Context, method, path string) (*OperationActionResult, error) {
	var out OperationActionResult
	if err := c.do(ctx, method, path, nil, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
