// Package clienttest holds HTTP servers that fail the way networks do: one that never
// answers, one that drops the connection, one whose certificate nobody trusts. Tests
// of the client's error kinds and descriptions, and of the doctor that reports them,
// share them. It imports nothing of this module, so the client's own tests can use it.
package clienttest

import (
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"testing"
)

// Hanging is the URL of a server that never answers: each request waits until its
// context ends (a deadline, a cancel) or the test does. The server closes when the
// test ends.
func Hanging(t testing.TB) string {
	t.Helper()
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(release) }) // runs first: let waiting handlers return
	return srv.URL
}

// Dropping is the URL of a server that closes every connection without answering. The
// server closes when the test ends.
func Dropping(t testing.TB) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			conn.Close()
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// Untrusted is the https URL of a server whose certificate no default client trusts,
// so every handshake fails (the server does not log the failures: they are the
// point). The server closes when the test ends.
func Untrusted(t testing.TB) string {
	t.Helper()
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	srv.StartTLS()
	t.Cleanup(srv.Close)
	return srv.URL
}
