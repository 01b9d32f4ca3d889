package hindsighttest

import "net/http"

// Health and version routes never authenticate, like the real server's.

// handleHealth serves GET /health and /health/ready: untyped JSON, nulls kept.
func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request, _ pathParams) {
	markIgnored(w, ignoredQuery(r))
	writeJSON(w, http.StatusOK, map[string]any{
		"status":                "healthy",
		"database":              "connected",
		"db_acquire_ms":         0.1,
		"db_pool_size":          10,
		"db_pool_idle":          10,
		"db_pool_in_use":        0,
		"db_pool_max":           20,
		"db_pool_min":           2,
		"db_pool_waiting":       0,
		"db_pool_acquire_calls": 0,
	})
}

// handleLive serves GET /health/live (LivenessResponse).
func (s *Server) handleLive(w http.ResponseWriter, r *http.Request, _ pathParams) {
	markIgnored(w, ignoredQuery(r))
	writeJSON(w, http.StatusOK, map[string]any{
		"status":         "alive",
		"version":        s.version,
		"uptime_seconds": s.now().Sub(s.started).Seconds(),
	})
}

// handleVersion serves GET /version (VersionResponse).
func (s *Server) handleVersion(w http.ResponseWriter, r *http.Request, _ pathParams) {
	markIgnored(w, ignoredQuery(r))
	writeJSON(w, http.StatusOK, map[string]any{
		"api_version": s.version,
		"features":    s.features,
	})
}
