package config

import (
	"fmt"
	"log/slog"
)

// Secret holds an API key so that it cannot be printed by accident: every fmt verb,
// JSON and slog show a placeholder. Reveal is the one way to read it, and only the code
// that builds the HTTP client should call it.
type Secret struct{ value string }

// NewSecret wraps a key.
func NewSecret(key string) Secret { return Secret{value: key} }

const redacted = "[redacted]"

// Reveal returns the key, for the Authorization header only.
func (s Secret) Reveal() string { return s.value }

// IsSet reports whether a key is present, which is all a person ever needs to see.
func (s Secret) IsSet() bool { return s.value != "" }

// String never returns the key.
func (s Secret) String() string {
	if s.value == "" {
		return ""
	}
	return redacted
}

// GoString keeps %#v safe.
func (s Secret) GoString() string { return "config.Secret{" + s.String() + "}" }

// Format routes every verb through String.
func (s Secret) Format(f fmt.State, verb rune) {
	if verb == 'v' && f.Flag('#') {
		_, _ = f.Write([]byte(s.GoString()))
		return
	}
	_, _ = f.Write([]byte(s.String()))
}

// MarshalJSON keeps the key out of JSON dumps (debug logs, bug reports).
func (s Secret) MarshalJSON() ([]byte, error) { return []byte(`"` + s.String() + `"`), nil }

// LogValue keeps the key out of structured logs.
func (s Secret) LogValue() slog.Value { return slog.StringValue(s.String()) }
