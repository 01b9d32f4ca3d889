package client

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"syscall"
)

// APIError is a 4xx/5xx answer from the server. Detail is always a human-readable
// sentence; Fields and Violations carry the structured parts of the two non-string
// detail shapes (request validation, memory-defense blocks).
type APIError struct {
	StatusCode int
	Method     string
	Path       string // request path without the base URL's prefix or query
	Detail     string
	Fields     []FieldError // 422 from request validation
	Violations []Violation  // 422 from retain when memory defense blocked every item
	RetryAfter string       // 503 while the store is briefly read-only
}

// FieldError is one item of a 422 validation detail.
type FieldError struct {
	Type  string          `json:"type"`
	Loc   []string        `json:"-"` // e.g. ["body", "items", "0", "content"]
	Msg   string          `json:"msg"`
	Input json.RawMessage `json:"input,omitempty"`
}

// Field names the offending field without its location prefix ("body", "query", ...):
// "items.0.content", "budget", "limit".
func (f FieldError) Field() string {
	loc := f.Loc
	if len(loc) > 1 {
		switch loc[0] {
		case "body", "query", "path", "header":
			loc = loc[1:]
		}
	}
	return strings.Join(loc, ".")
}

// Violation is one memory-defense finding on a retain item.
type Violation struct {
	Index    int    `json:"index"`
	Detector string `json:"detector"`
	Message  string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("%s %s: %d %s: %s", e.Method, e.Path, e.StatusCode, http.StatusText(e.StatusCode), e.Detail)
}

// newAPIError decodes any of the three error body shapes; a body that is none of them
// (an HTML page from a proxy, say) becomes the detail, trimmed.
func newAPIError(method, path string, resp *http.Response, body []byte) *APIError {
	e := &APIError{StatusCode: resp.StatusCode, Method: method, Path: path, RetryAfter: resp.Header.Get("Retry-After")}
	var env struct {
		Detail json.RawMessage `json:"detail"`
	}
	if err := json.Unmarshal(body, &env); err != nil || len(env.Detail) == 0 {
		e.Detail = strings.TrimSpace(snippet(body))
		if e.Detail == "" {
			e.Detail = http.StatusText(resp.StatusCode)
		}
		return e
	}
	switch env.Detail[0] {
	case '"':
		_ = json.Unmarshal(env.Detail, &e.Detail)
	case '[':
		e.Fields = decodeFieldErrors(env.Detail)
		parts := make([]string, 0, len(e.Fields))
		for _, f := range e.Fields {
			if name := f.Field(); name != "" {
				parts = append(parts, name+": "+f.Msg)
			} else {
				parts = append(parts, f.Msg)
			}
		}
		e.Detail = strings.Join(parts, "; ")
	case '{':
		var obj struct {
			Violations []Violation `json:"violations"`
		}
		_ = json.Unmarshal(env.Detail, &obj)
		e.Violations = obj.Violations
		parts := make([]string, 0, len(obj.Violations))
		for _, v := range obj.Violations {
			parts = append(parts, fmt.Sprintf("item %d: %s", v.Index, v.Message))
		}
		e.Detail = "blocked by memory defense: " + strings.Join(parts, "; ")
		if len(parts) == 0 {
			e.Detail = strings.TrimSpace(string(env.Detail))
		}
	default:
		e.Detail = strings.TrimSpace(string(env.Detail))
	}
	if e.Detail == "" {
		e.Detail = http.StatusText(resp.StatusCode)
	}
	return e
}

func decodeFieldErrors(raw json.RawMessage) []FieldError {
	var items []struct {
		FieldError
		Loc []any `json:"loc"`
	}
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil
	}
	out := make([]FieldError, 0, len(items))
	for _, it := range items {
		f := it.FieldError
		for _, l := range it.Loc {
			switch v := l.(type) {
			case string:
				f.Loc = append(f.Loc, v)
			case float64:
				f.Loc = append(f.Loc, strconv.FormatFloat(v, 'f', -1, 64))
			default:
				f.Loc = append(f.Loc, fmt.Sprint(v))
			}
		}
		out = append(out, f)
	}
	return out
}

// NetErrorKind says why no usable answer arrived.
type NetErrorKind int

// The kinds of network failure the UI explains differently.
const (
	NetOther       NetErrorKind = iota
	NetUnreachable              // refused, no route, DNS failure
	NetTimeout                  // deadline passed
	NetCanceled                 // the caller cancelled (Esc, a superseding request)
	NetTLS                      // certificate or handshake problem
	NetClosed                   // the server closed the connection without an answer
)

func (k NetErrorKind) String() string {
	switch k {
	case NetUnreachable:
		return "unreachable"
	case NetTimeout:
		return "timeout"
	case NetCanceled:
		return "cancelled"
	case NetTLS:
		return "tls"
	case NetClosed:
		return "connection closed"
	}
	return "network error"
}

// NetworkError is a request that got no usable HTTP answer.
type NetworkError struct {
	Kind   NetErrorKind
	Method string
	Path   string
	Err    error
}

func (e *NetworkError) Error() string {
	return fmt.Sprintf("%s %s: %s: %v", e.Method, e.Path, e.Kind, e.Err)
}

func (e *NetworkError) Unwrap() error { return e.Err }

// DecodeError is an answer whose body could not be read as the expected JSON.
type DecodeError struct {
	Method string
	Path   string
	Status int
	Err    error
	Body   string // the start of the body, for the error log
}

func (e *DecodeError) Error() string {
	return fmt.Sprintf("%s %s: malformed response (HTTP %d): %v", e.Method, e.Path, e.Status, e.Err)
}

func (e *DecodeError) Unwrap() error { return e.Err }

func classifyNetError(method, path string, err error) error {
	ne := &NetworkError{Method: method, Path: path, Err: err}
	var dnsErr *net.DNSError
	var opErr *net.OpError
	var netErr net.Error
	var certInvalid x509.CertificateInvalidError
	var unknownAuth x509.UnknownAuthorityError
	var hostErr x509.HostnameError
	var verifyErr *tls.CertificateVerificationError
	var recordErr tls.RecordHeaderError
	switch {
	case errors.Is(err, context.Canceled):
		ne.Kind = NetCanceled
	case errors.Is(err, context.DeadlineExceeded):
		ne.Kind = NetTimeout
	case errors.As(err, &certInvalid), errors.As(err, &unknownAuth), errors.As(err, &hostErr),
		errors.As(err, &verifyErr), errors.As(err, &recordErr):
		ne.Kind = NetTLS
	case errors.As(err, &netErr) && netErr.Timeout():
		ne.Kind = NetTimeout
	case errors.As(err, &dnsErr), errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.EHOSTUNREACH),
		errors.Is(err, syscall.ENETUNREACH), errors.As(err, &opErr) && opErr.Op == "dial":
		ne.Kind = NetUnreachable
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, syscall.ECONNRESET),
		errors.Is(err, syscall.EPIPE):
		ne.Kind = NetClosed
	}
	return ne
}

// StatusCode returns the HTTP status of an *APIError in err's chain, or 0.
func StatusCode(err error) int {
	var e *APIError
	if errors.As(err, &e) {
		return e.StatusCode
	}
	return 0
}

// IsUnauthorized reports a rejected (or missing) API key.
func IsUnauthorized(err error) bool { return StatusCode(err) == http.StatusUnauthorized }

// IsNotFound reports a 404 (missing resource, disabled feature or unknown route).
func IsNotFound(err error) bool { return StatusCode(err) == http.StatusNotFound }

// IsConflict reports a 409 (e.g. cancelling an operation that is no longer pending).
func IsConflict(err error) bool { return StatusCode(err) == http.StatusConflict }

// IsCanceled reports a request abandoned by its caller's context.
func IsCanceled(err error) bool {
	var ne *NetworkError
	return errors.As(err, &ne) && ne.Kind == NetCanceled
}

// NetKind returns the kind of a *NetworkError in err's chain, and whether there was one.
func NetKind(err error) (NetErrorKind, bool) {
	var ne *NetworkError
	if errors.As(err, &ne) {
		return ne.Kind, true
	}
	return NetOther, false
}
