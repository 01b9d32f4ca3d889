// Package client is hindsight-tui's typed HTTP client for the Hindsight memory server.
//
// It is written against the real server's behaviour (API 0.9.1), not only its OpenAPI
// document: decoding tolerates absent and null fields, unknown keys, and the places where
// the spec and the server disagree (memory list items use "fact_type" and a comma-joined
// "entities" string, a single memory uses "type" and an array). Requests carry only the
// parameters the caller set, so the server never has to ignore one.
//
// Every method takes a context: the UI cancels superseded and abandoned calls through it.
// Errors are either *APIError (the server answered with a 4xx/5xx), *NetworkError (no
// usable answer: unreachable, timeout, cancelled, TLS, connection dropped) or *DecodeError
// (an answer we could not read), so callers can say something useful to a person.
package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// DefaultMaxBodyBytes caps how much of a response body the client reads. Large banks can
// produce big pages, but a runaway or hostile server must not exhaust memory.
const DefaultMaxBodyBytes int64 = 64 << 20

// Client talks to one Hindsight server. It is safe for concurrent use.
type Client struct {
	base    *url.URL
	apiKey  string
	hc      *http.Client
	ua      string
	maxBody int64
}

// Option configures a Client.
type Option func(*Client)

// WithAPIKey sets the key sent as "Authorization: Bearer <key>". An empty key sends no
// Authorization header, which is what a default (unauthenticated) server expects.
func WithAPIKey(key string) Option { return func(c *Client) { c.apiKey = strings.TrimSpace(key) } }

// WithHTTPClient replaces the HTTP client, e.g. to add a validating transport in tests.
func WithHTTPClient(hc *http.Client) Option { return func(c *Client) { c.hc = hc } }

// WithVersion sets the version reported in the User-Agent (hindsight-tui/<version>).
func WithVersion(v string) Option { return func(c *Client) { c.ua = "hindsight-tui/" + v } }

// WithMaxBodyBytes overrides DefaultMaxBodyBytes.
func WithMaxBodyBytes(n int64) Option { return func(c *Client) { c.maxBody = n } }

// New returns a client for baseURL, which must be an absolute http(s) URL and may carry a
// path prefix (the server can be mounted under one).
func New(baseURL string, opts ...Option) (*Client, error) {
	u, err := ParseBaseURL(baseURL)
	if err != nil {
		return nil, err
	}
	c := &Client{base: u, hc: http.DefaultClient, ua: "hindsight-tui/dev", maxBody: DefaultMaxBodyBytes}
	for _, o := range opts {
		o(c)
	}
	return c, nil
}

// ParseBaseURL checks that s is an absolute http or https URL without query or fragment
// and returns it with any trailing slash removed.
func ParseBaseURL(s string) (*url.URL, error) {
	s = strings.TrimSpace(s)
	u, err := url.Parse(s)
	if err != nil {
		return nil, fmt.Errorf("invalid server URL %q: %w", s, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("invalid server URL %q: it must start with http:// or https://", s)
	}
	if u.Host == "" {
		return nil, fmt.Errorf("invalid server URL %q: it has no host", s)
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("invalid server URL %q: it must not carry a query or fragment", s)
	}
	if u.User != nil {
		return nil, fmt.Errorf("invalid server URL %q: put credentials in the API key, not the URL", u.Redacted())
	}
	u.Path = strings.TrimRight(u.Path, "/")
	u.RawPath = ""
	return u, nil
}

// BaseURL returns the server URL the client was built with (never contains the key).
func (c *Client) BaseURL() string { return c.base.String() }

// HasAPIKey reports whether requests carry an Authorization header.
func (c *Client) HasAPIKey() bool { return c.apiKey != "" }

// bankPath builds "/v1/default/banks/{bank}" plus escaped extra segments.
func bankPath(bankID string, segs ...string) string {
	var b strings.Builder
	b.WriteString("/v1/default/banks/")
	b.WriteString(url.PathEscape(bankID))
	for _, s := range segs {
		b.WriteByte('/')
		b.WriteString(s)
	}
	return b.String()
}

// esc escapes one path segment.
func esc(s string) string { return url.PathEscape(s) }

// query accumulates only the parameters a caller set.
type query url.Values

func (q query) str(k, v string) {
	if v != "" {
		url.Values(q).Set(k, v)
	}
}

func (q query) num(k string, v int) {
	if v != 0 {
		url.Values(q).Set(k, strconv.Itoa(v))
	}
}

func (q query) flag(k string, v bool) {
	if v {
		url.Values(q).Set(k, "true")
	}
}

func (q query) optFlag(k string, v *bool) {
	if v != nil {
		url.Values(q).Set(k, strconv.FormatBool(*v))
	}
}

func (q query) list(k string, vs []string) {
	for _, v := range vs {
		url.Values(q).Add(k, v)
	}
}

// do sends one request and decodes a 2xx JSON body into out (unless out is nil).
func (c *Client) do(ctx context.Context, method, path string, q query, body, out any) error {
	_, err := c.send(ctx, method, path, q, body, out)
	return err
}

// send is do that also returns the response headers (nil when no response came).
func (c *Client) send(ctx context.Context, method, path string, q query, body, out any) (http.Header, error) {
	ctx, cancel := requestContext(ctx)
	defer cancel()
	req, err := c.newRequest(ctx, method, path, q, body)
	if err != nil {
		return nil, err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, classifyNetError(method, path, err)
	}
	defer resp.Body.Close()
	data, err := c.readBody(method, path, resp)
	if err != nil {
		return resp.Header, err
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return resp.Header, newAPIError(method, path, resp, data)
	}
	if out == nil {
		return resp.Header, nil
	}
	if err := decodeBody(data, out); err != nil {
		return resp.Header, &DecodeError{Method: method, Path: path, Status: resp.StatusCode, Err: err, Body: snippet(data)}
	}
	return resp.Header, nil
}

func (c *Client) newRequest(ctx context.Context, method, path string, q query, body any) (*http.Request, error) {
	u := *c.base
	u.RawPath = c.base.EscapedPath() + path // path segments arrive escaped
	unescaped, err := url.PathUnescape(u.RawPath)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", method, path, err)
	}
	u.Path = unescaped
	if len(q) > 0 {
		u.RawQuery = url.Values(q).Encode()
	}
	var rd io.Reader
	if body != nil {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(body); err != nil {
			return nil, fmt.Errorf("%s %s: encode request: %w", method, path, err)
		}
		rd = &buf
	}
	req, err := http.NewRequestWithContext(ctx, method, u.String(), rd)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", method, path, err)
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.ua)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.apiKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.apiKey)
	}
	return req, nil
}

// readBody reads at most maxBody bytes; a larger body is an error rather than a silent cut.
func (c *Client) readBody(method, path string, resp *http.Response) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(resp.Body, c.maxBody+1))
	if err != nil {
		return nil, classifyNetError(method, path, err)
	}
	if int64(len(data)) > c.maxBody {
		return nil, &DecodeError{Method: method, Path: path, Status: resp.StatusCode,
			Err: fmt.Errorf("%w (limit %d MiB)", ErrResponseTooLarge, c.maxBody>>20)}
	}
	return data, nil
}

// ErrResponseTooLarge is wrapped by the DecodeError returned for bodies over the cap.
var ErrResponseTooLarge = errors.New("response body too large")

func snippet(b []byte) string {
	const n = 200
	if len(b) > n {
		return string(b[:n]) + "…"
	}
	return string(b)
}
