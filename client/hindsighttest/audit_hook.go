package hindsighttest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
)

// The real server audits with a decorator on each audited handler: it decides before
// the handler runs (so a call that turns auditing on is not itself audited, one that
// turns it off is), dumps the request model, and records the response model, or null
// when the handler raised. Requests FastAPI rejects before the handler (422 with a
// list detail) never reach it and leave no row.

// serveRouted dispatches r, recording it in its bank's audit log when the route is an
// audited action and the bank has auditing on.
func (s *Server) serveRouted(w http.ResponseWriter, r *http.Request) {
	ar, bankID := s.auditedRoute(r)
	if ar == nil || !s.auditEnabled(bankID) {
		s.route(w, r)
		return
	}
	var body []byte
	if r.Body != nil {
		body, _ = io.ReadAll(http.MaxBytesReader(nil, r.Body, 16<<20))
		r.Body = io.NopCloser(bytes.NewReader(body))
	}
	started := s.now()
	rec := &auditRecorder{ResponseWriter: w, status: http.StatusOK}
	s.route(rec, r)
	if !handlerRan(rec) {
		return
	}
	ended := s.now()
	e := &auditEntry{action: ar.action, transport: "http", bankID: bankID, startedAt: started, endedAt: &ended}
	if ar.body {
		e.request = ar.request.dumpJSON(body)
	}
	if rec.status >= 200 && rec.status < 300 {
		e.response = ar.response.dumpJSON(rec.buf.Bytes())
	}
	s.addAudit(e)
}

// handlerRan reports whether the real handler would have run (and so been audited):
// not for request-validation 422s or routes this server does not simulate. A rejected
// key is audited: the handler ran and raised (the bank's switch is read without it).
func handlerRan(rec *auditRecorder) bool {
	switch rec.status {
	case http.StatusNotImplemented:
		return false
	case http.StatusUnprocessableEntity:
		var env struct {
			Detail json.RawMessage `json:"detail"`
		}
		_ = json.Unmarshal(rec.buf.Bytes(), &env)
		return len(env.Detail) == 0 || env.Detail[0] != '['
	}
	return true
}

// auditRecorder passes a response through while keeping a copy for the audit row.
type auditRecorder struct {
	http.ResponseWriter
	status int
	buf    bytes.Buffer
}

func (a *auditRecorder) WriteHeader(code int) {
	a.status = code
	a.ResponseWriter.WriteHeader(code)
}

func (a *auditRecorder) Write(b []byte) (int, error) {
	a.buf.Write(b)
	return a.ResponseWriter.Write(b)
}

// auditedRoute finds the route r dispatches to and, if it is audited, returns its
// action and the bank in its path.
func (s *Server) auditedRoute(r *http.Request) (*auditRoute, string) {
	a := s.activity()
	if a.auditRoutes == nil {
		a.auditRoutes = map[string]*auditRoute{}
		for i := range auditedRoutes {
			ar := &auditedRoutes[i]
			rt := compileRoute(ar.method, "/v1/default/banks/{bank_id}"+ar.path, nil)
			a.auditRoutes[ar.method+" "+rt.pattern.String()] = ar
		}
	}
	// Reads are never audited, which spares them a second route lookup.
	method := r.Method
	if method == http.MethodGet || method == http.MethodHead || !strings.HasPrefix(r.URL.Path, "/v1/default/banks/") {
		return nil, ""
	}
	for i := range s.table {
		rt := &s.table[i]
		if rt.method != method {
			continue
		}
		m := rt.pattern.FindStringSubmatch(r.URL.Path)
		if m == nil {
			continue
		}
		ar := a.auditRoutes[method+" "+rt.pattern.String()]
		if ar == nil {
			return nil, ""
		}
		return ar, m[rt.pattern.SubexpIndex("bank_id")]
	}
	return nil, ""
}
