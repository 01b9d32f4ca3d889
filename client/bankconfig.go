package client

import (
	"context"
	"encoding/json"
	"sort"
)

// Reading a bank's configuration: GET, PATCH and DELETE …/config all answer with the
// resolved value of every configurable key (unset ones as null) and the bank's own
// overrides, so a settings view can tell an override from an inherited default.

// Keys lists every configurable key, sorted.
func (c *BankConfig) Keys() []string {
	keys := make([]string, 0, len(c.Config))
	for k := range c.Config {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// IsOverride reports whether the bank sets key itself rather than inheriting it.
func (c *BankConfig) IsOverride(key string) bool {
	_, ok := c.Overrides[key]
	return ok
}

// Value is the resolved value of key as JSON ("null" when unset); ok is false for a
// key the server does not list.
func (c *BankConfig) Value(key string) (raw json.RawMessage, ok bool) {
	raw, ok = c.Config[key]
	if ok && len(raw) == 0 {
		raw = json.RawMessage("null")
	}
	return raw, ok
}

// Decode decodes the resolved value of key into out; false when the key is not
// listed, is null, or does not fit out.
func (c *BankConfig) Decode(key string, out any) bool {
	raw, ok := c.Value(key)
	return ok && decodeLenient(raw, out)
}

// Memory-defense actions and the detector the open-source server knows.
const (
	DefenseAllow          = "allow"
	DefenseRedact         = "redact"
	DefenseBlock          = "block"
	DetectorSensitiveData = "sensitive_data"
)

// MemoryDefenseRule says what to do when a detector fires on retained content.
type MemoryDefenseRule struct {
	On     string `json:"on"`     // detector name
	Action string `json:"action"` // allow | redact | block
}

// MemoryDefensePolicy is the memory_defense config value: the first rule whose
// detector fires decides; when every item of a retain is blocked, retain fails with
// a 422 whose APIError carries the Violations.
type MemoryDefensePolicy struct {
	Enabled bool                `json:"enabled"`
	Rules   []MemoryDefenseRule `json:"rules"`
}

// MemoryDefense is the bank's resolved policy, nil when none is set.
func (c *BankConfig) MemoryDefense() *MemoryDefensePolicy {
	var p MemoryDefensePolicy
	if !c.Decode("memory_defense", &p) {
		return nil
	}
	return &p
}

// ClearBankConfigKeys removes the bank's overrides of keys (a PATCH with nulls), so
// they fall back to the server's values.
func (c *Client) ClearBankConfigKeys(ctx context.Context, bankID string, keys ...string) (*BankConfig, error) {
	updates := make(map[string]any, len(keys))
	for _, k := range keys {
		updates[k] = nil
	}
	return c.PatchBankConfig(ctx, bankID, updates)
}
