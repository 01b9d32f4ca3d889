package client

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
)

// Describe turns an error from this package into one line a person can act on: what went
// wrong, in words, and what to do next. baseURL names the server in the sentence (use
// Client.BaseURL). The doctor command and the UI share it, so the same failure reads the
// same everywhere. It never includes the API key: errors from this package do not
// carry one.
func Describe(err error, baseURL string) string {
	if err == nil {
		return ""
	}
	where := "the server"
	if baseURL != "" {
		where = "the server at " + baseURL
	}
	var ae *APIError
	var ne *NetworkError
	var de *DecodeError
	switch {
	case errors.As(err, &ae):
		return describeAPI(ae, where)
	case errors.As(err, &ne):
		return describeNet(ne, where)
	case errors.As(err, &de):
		if errors.Is(de, ErrResponseTooLarge) {
			return fmt.Sprintf("%s sent a response too large to read (HTTP %d).", where, de.Status)
		}
		return fmt.Sprintf("%s answered with something that is not a Hindsight response (HTTP %d); "+
			"check that the URL points at a Hindsight API server.", where, de.Status)
	}
	return oneLine(err.Error())
}

func describeAPI(e *APIError, where string) string {
	detail := oneLine(e.Detail)
	switch code := e.StatusCode; {
	case code == http.StatusUnauthorized:
		return "the server rejected the API key (or needs one): set HINDSIGHT_API_KEY, " +
			"or api_key in your profile or ~/.hindsight/config, to a key it accepts."
	case code == http.StatusForbidden:
		return "the server refused this operation (HTTP 403): " + detail
	case code == http.StatusNotFound && e.Detail == "Not Found":
		return fmt.Sprintf("%s has no %s endpoint (HTTP 404); check the URL, including any path prefix, "+
			"and that it is a Hindsight API server.", where, e.Path)
	case code == http.StatusNotFound:
		return "not found: " + detail
	case code == http.StatusMethodNotAllowed:
		return fmt.Sprintf("%s does not accept %s %s (HTTP 405); it may run a different Hindsight version.", where, e.Method, e.Path)
	case code == http.StatusServiceUnavailable:
		s := fmt.Sprintf("%s is temporarily unavailable (HTTP 503): %s", where, detail)
		if e.RetryAfter != "" {
			s += "; retry after " + oneLine(e.RetryAfter) + "s"
		}
		return s
	case code == http.StatusGatewayTimeout:
		return fmt.Sprintf("%s timed out working on the request (HTTP 504): %s", where, detail)
	case code >= 500:
		return fmt.Sprintf("%s failed (HTTP %d): %s; its logs say more.", where, code, detail)
	case code == http.StatusBadRequest && strings.Contains(e.Detail, "HTTPS"):
		return fmt.Sprintf("%s speaks HTTPS: use an https:// URL.", where)
	}
	return fmt.Sprintf("the server refused the request (HTTP %d): %s", e.StatusCode, detail)
}

func describeNet(e *NetworkError, where string) string {
	if errors.Is(e.Err, http.ErrSchemeMismatch) {
		return fmt.Sprintf("secure connection to %s failed: it does not speak TLS; use an http:// URL.", where)
	}
	switch e.Kind {
	case NetUnreachable:
		return fmt.Sprintf("cannot reach %s (%s); start it, or point hindsight-tui elsewhere "+
			"with --url, HINDSIGHT_API_URL or a profile (-p).", where, rootCause(e.Err))
	case NetTimeout:
		return fmt.Sprintf("%s did not answer in time; check that it is up and reachable, "+
			"or allow longer with --timeout.", where)
	case NetCanceled:
		return "the request was cancelled."
	case NetTLS:
		return fmt.Sprintf("secure connection to %s failed: %s.", where, tlsReason(e.Err))
	case NetClosed:
		return fmt.Sprintf("%s closed the connection without answering; check that the URL points "+
			"at a Hindsight server and uses the right scheme (http:// or https://).", where)
	}
	return fmt.Sprintf("could not talk to %s: %s", where, oneLine(rootCause(e.Err)))
}

// tlsReason names the certificate problem in plain words.
func tlsReason(err error) string {
	var unknown x509.UnknownAuthorityError
	var host x509.HostnameError
	var invalid x509.CertificateInvalidError
	var record tls.RecordHeaderError
	switch {
	case errors.As(err, &record):
		return "the server does not speak TLS; use an http:// URL"
	case errors.As(err, &unknown):
		return "its certificate is signed by an authority this machine does not trust " +
			"(install the CA certificate, or set SSL_CERT_FILE)"
	case errors.As(err, &host):
		return "its certificate is for a different host name (" + oneLine(host.Error()) + ")"
	case errors.As(err, &invalid):
		return "its certificate is not valid (" + oneLine(invalid.Error()) + ")"
	}
	return oneLine(rootCause(err))
}

// rootCause drops the layers of "Get \"http://…\": dial tcp …:" to keep the part a person
// understands ("connection refused", "no such host").
func rootCause(err error) string {
	var dns *net.DNSError
	if errors.As(err, &dns) {
		if dns.IsNotFound {
			return "no such host " + dns.Name
		}
		return oneLine(dns.Error())
	}
	var op *net.OpError
	if errors.As(err, &op) && op.Err != nil {
		err = op.Err
	}
	for {
		next := errors.Unwrap(err)
		if next == nil {
			break
		}
		err = next
	}
	return oneLine(err.Error())
}

// oneLine folds whitespace into single spaces and caps the length, so a multi-line server
// detail fits a one-line report or a status bar. Control characters are kept: making them
// safe (and visible) is the display's job, done by package sanitize where text is drawn.
func oneLine(s string) string {
	const limit = 300
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > limit {
		s = string(r[:limit]) + "…"
	}
	return s
}
