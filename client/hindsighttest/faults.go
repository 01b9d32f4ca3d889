package hindsighttest

import (
	"encoding/json"
	"net/http"
	"strings"
	"time"
)

// Fault makes matching requests misbehave, so tests can cover error handling that a
// healthy server never triggers: 5xx bodies, dropped connections, slow answers.
type Fault struct {
	// Method matches the request method; empty matches any.
	Method string
	// Path is the exact request path, or a prefix ending in "*".
	Path string
	// Status and Body form the response written instead of the real one. A zero
	// Status with no Drop lets the request through after Delay.
	Status int
	Body   string
	// Drop closes the connection without a usable response (clients see an
	// unexpected EOF).
	Drop bool
	// Delay is waited before the fault takes effect (or before normal handling).
	Delay time.Duration
	// Times limits how many requests the fault affects; 0 means forever.
	Times int
}

type activeFault struct {
	Fault
	remaining int // for Times > 0
}

func (f Fault) matches(r *http.Request) bool {
	if f.Method != "" && !strings.EqualFold(f.Method, r.Method) {
		return false
	}
	if prefix, ok := strings.CutSuffix(f.Path, "*"); ok {
		return strings.HasPrefix(r.URL.Path, prefix)
	}
	return r.URL.Path == f.Path
}

// SetFault installs f, replacing any fault with the same method and path.
func (s *Server) SetFault(f Fault) { s.addFault(f) }

// ClearFaults removes every fault.
func (s *Server) ClearFaults() {
	s.faultMu.Lock()
	defer s.faultMu.Unlock()
	s.faults = nil
}

func (s *Server) addFault(f Fault) {
	s.faultMu.Lock()
	defer s.faultMu.Unlock()
	af := &activeFault{Fault: f, remaining: f.Times}
	for i, old := range s.faults {
		if strings.EqualFold(old.Method, f.Method) && old.Path == f.Path {
			s.faults[i] = af
			return
		}
	}
	s.faults = append(s.faults, af)
}

// takeFault returns the first fault matching r and counts the use against Times.
func (s *Server) takeFault(r *http.Request) (Fault, bool) {
	s.faultMu.Lock()
	defer s.faultMu.Unlock()
	for i, af := range s.faults {
		if !af.matches(r) {
			continue
		}
		if af.Times > 0 {
			af.remaining--
			if af.remaining <= 0 {
				s.faults = append(s.faults[:i:i], s.faults[i+1:]...)
			}
		}
		return af.Fault, true
	}
	return Fault{}, false
}

// injectFault writes the fault's response; it reports false when the request should
// continue to normal handling (a delay-only fault).
func (s *Server) injectFault(w http.ResponseWriter, f Fault) bool {
	switch {
	case f.Drop:
		// The connection dies after the status line. Closing before any byte would
		// not do: Go's transport silently retries an idempotent request whose reused
		// connection closes before answering, which would hide the fault.
		if hj, ok := w.(http.Hijacker); ok {
			if conn, buf, err := hj.Hijack(); err == nil {
				_, _ = buf.WriteString("HTTP/1.1 500 Internal Server Error\r\n")
				_ = buf.Flush()
				_ = conn.Close()
				return true
			}
		}
		// Not hijackable (HTTP/2, recorders): abort the response instead.
		panic(http.ErrAbortHandler)
	case f.Status != 0:
		if json.Valid([]byte(f.Body)) {
			w.Header().Set("Content-Type", "application/json")
		} else {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		}
		w.WriteHeader(f.Status)
		_, _ = w.Write([]byte(f.Body))
		return true
	}
	return false
}
