package hindsighttest

import (
	"net/http"
	"regexp"
	"strings"
)

// pathParams are the named path segments of a matched route.
type pathParams map[string]string

type routeHandler func(w http.ResponseWriter, r *http.Request, p pathParams)

// route mirrors one Starlette route: a path regex plus the method it serves.
type route struct {
	method  string
	pattern *regexp.Regexp
	handle  routeHandler
}

// compileRoute turns a FastAPI path template into Starlette's regex: "{x}" matches
// one segment, "{x:path}" anything (including "/").
func compileRoute(method, template string, h routeHandler) route {
	var b strings.Builder
	b.WriteString("^")
	rest := template
	for {
		open := strings.IndexByte(rest, '{')
		if open < 0 {
			b.WriteString(regexp.QuoteMeta(rest))
			break
		}
		end := strings.IndexByte(rest, '}')
		b.WriteString(regexp.QuoteMeta(rest[:open]))
		name, conv, _ := strings.Cut(rest[open+1:end], ":")
		if conv == "path" {
			b.WriteString("(?P<" + name + ">.*)")
		} else {
			b.WriteString("(?P<" + name + ">[^/]+)")
		}
		rest = rest[end+1:]
	}
	b.WriteString("$")
	return route{method: method, pattern: regexp.MustCompile(b.String()), handle: h}
}

// routes lists the real server's routes in its declaration order, which decides
// precedence exactly as in Starlette: the first route matching path and method wins;
// a path match with the wrong method only counts when nothing else matches (405).
// Routes this server does not simulate answer 501 so that precedence stays right.
func (s *Server) routes() []route {
	const b = "/v1/default/banks/{bank_id}"
	bank := func(h func(http.ResponseWriter, *http.Request, string)) routeHandler {
		return func(w http.ResponseWriter, r *http.Request, p pathParams) { h(w, r, p["bank_id"]) }
	}
	na := notSimulated
	return []route{
		compileRoute("GET", "/health", s.handleHealth),
		compileRoute("GET", "/health/ready", s.handleHealth),
		compileRoute("GET", "/health/live", s.handleLive),
		compileRoute("GET", "/version", s.handleVersion),
		compileRoute("GET", "/metrics", na),
		compileRoute("GET", b+"/graph", bank(s.handleGraph)),
		compileRoute("GET", b+"/memories/list", bank(s.handleListMemories)),
		compileRoute("POST", b+"/memories/dry-run-extract", na),
		compileRoute("GET", b+"/memories/{memory_id}", s.handleGetMemory),
		compileRoute("PATCH", b+"/memories/{memory_id}", s.handleCurateMemory),
		compileRoute("GET", b+"/memories/{memory_id}/history", s.handleMemoryHistory),
		compileRoute("POST", b+"/memories/recall", bank(s.handleRecall)),
		compileRoute("POST", b+"/reflect", bank(s.handleReflect)),
		compileRoute("GET", "/v1/default/banks", s.handleListBanks),
		compileRoute("GET", b+"/stats", bank(s.handleStats)),
		compileRoute("POST", b+"/health/llm", bank(s.handleBankLLMHealth)),
		compileRoute("GET", b+"/stats/memories-timeseries", bank(s.handleMemoriesTimeseries)),
		compileRoute("GET", b+"/entities", bank(s.handleListEntities)),
		compileRoute("GET", b+"/entities/graph", bank(s.handleEntityGraph)),
		compileRoute("GET", b+"/entities/{entity_id}", s.handleGetEntity),
		compileRoute("POST", b+"/entities/{entity_id}/regenerate", handleRegenerateEntity),
		compileRoute("GET", b+"/mental-models", bank(s.handleListModels)),
		compileRoute("GET", b+"/mental-models/{mental_model_id}", s.handleGetModel),
		compileRoute("GET", b+"/mental-models/{mental_model_id}/history", s.handleModelHistory),
		compileRoute("POST", b+"/mental-models", bank(s.handleCreateModel)),
		compileRoute("POST", b+"/mental-models/{mental_model_id}/refresh", s.handleRefreshModel),
		compileRoute("POST", b+"/mental-models/{mental_model_id}/dry-run-refresh", na),
		compileRoute("POST", b+"/mental-models/{mental_model_id}/clear", s.handleClearModel),
		compileRoute("PATCH", b+"/mental-models/{mental_model_id}", s.handleUpdateModel),
		compileRoute("DELETE", b+"/mental-models/{mental_model_id}", s.handleDeleteModel),
		compileRoute("GET", b+"/knowledge-base/tree", na),
		compileRoute("POST", b+"/knowledge-base/folders", na),
		compileRoute("POST", b+"/knowledge-base/pages", na),
		compileRoute("GET", b+"/knowledge-base/export", na),
		compileRoute("GET", b+"/knowledge-base/search", na),
		compileRoute("GET", b+"/knowledge-base/pages/{page_id}", na),
		compileRoute("PATCH", b+"/knowledge-base/nodes/{node_id}", na),
		compileRoute("DELETE", b+"/knowledge-base/nodes/{node_id}", na),
		compileRoute("GET", b+"/directives", bank(s.handleListDirectives)),
		compileRoute("GET", b+"/directives/{directive_id}", s.handleGetDirective),
		compileRoute("POST", b+"/directives", bank(s.handleCreateDirective)),
		compileRoute("PATCH", b+"/directives/{directive_id}", s.handleUpdateDirective),
		compileRoute("DELETE", b+"/directives/{directive_id}", s.handleDeleteDirective),
		compileRoute("GET", b+"/documents", bank(s.handleListDocuments)),
		compileRoute("GET", b+"/documents/{document_id:path}/chunks", s.handleDocumentChunks),
		compileRoute("POST", b+"/documents/{document_id:path}/reprocess", s.handleReprocessDocument),
		compileRoute("GET", b+"/documents/{document_id:path}", s.handleGetDocument),
		compileRoute("GET", b+"/tags", bank(s.handleListTags)),
		compileRoute("GET", "/v1/default/chunks/{chunk_id:path}", s.handleGetChunk),
		compileRoute("PATCH", b+"/documents/{document_id:path}", s.handleUpdateDocument),
		compileRoute("DELETE", b+"/documents/{document_id:path}", s.handleDeleteDocument),
		compileRoute("GET", b+"/operations", bank(s.handleListOperations)),
		compileRoute("GET", b+"/operations/{operation_id}", s.handleGetOperation),
		compileRoute("DELETE", b+"/operations/{operation_id}", s.handleCancelOperation),
		compileRoute("POST", b+"/operations/{operation_id}/retry", s.handleRetryOperation),
		compileRoute("DELETE", b+"/operations/{operation_id}/delete", s.handleDeleteOperation),
		compileRoute("GET", b+"/profile", bank(s.handleGetProfile)),
		compileRoute("PUT", b+"/profile", bank(s.handlePutProfile)),
		compileRoute("POST", b+"/background", na),
		compileRoute("PUT", b, bank(s.handlePutBank)),
		compileRoute("PATCH", b, bank(s.handlePatchBank)),
		compileRoute("DELETE", b, bank(s.handleDeleteBank)),
		compileRoute("POST", b+"/import", na),
		compileRoute("GET", b+"/export", na),
		compileRoute("GET", b+"/document-transfer", na),
		compileRoute("POST", b+"/document-transfer/export", na),
		compileRoute("POST", b+"/document-transfer", na),
		compileRoute("GET", "/v1/default/files/download/{key:path}", na),
		compileRoute("GET", "/v1/bank-template-schema", na),
		compileRoute("DELETE", b+"/observations", bank(s.handleClearObservations)),
		compileRoute("GET", b+"/observations/scopes", bank(s.handleObservationScopes)),
		compileRoute("POST", b+"/consolidation/recover", bank(s.handleRecoverConsolidation)),
		compileRoute("DELETE", b+"/memories/{memory_id}/observations", s.handleClearMemoryObservations),
		compileRoute("GET", b+"/config", bank(s.handleGetConfig)),
		compileRoute("PATCH", b+"/config", bank(s.handlePatchConfig)),
		compileRoute("DELETE", b+"/config", bank(s.handleResetConfig)),
		compileRoute("POST", b+"/consolidate", bank(s.handleConsolidate)),
		compileRoute("POST", b+"/webhooks", bank(s.handleCreateWebhook)),
		compileRoute("GET", b+"/webhooks", bank(s.handleListWebhooks)),
		compileRoute("DELETE", b+"/webhooks/{webhook_id}", s.handleDeleteWebhook),
		compileRoute("PATCH", b+"/webhooks/{webhook_id}", s.handleUpdateWebhook),
		compileRoute("GET", b+"/webhooks/{webhook_id}/deliveries", s.handleListDeliveries),
		compileRoute("POST", b+"/memories", bank(s.handleRetain)),
		compileRoute("POST", b+"/files/retain", na),
		compileRoute("DELETE", b+"/memories", bank(s.handleClearMemories)),
		compileRoute("GET", b+"/audit-logs", bank(s.handleListAuditLogs)),
		compileRoute("GET", b+"/audit-logs/stats", bank(s.handleAuditLogStats)),
		compileRoute("GET", b+"/llm-requests", bank(s.handleListLLMRequests)),
		compileRoute("GET", b+"/llm-requests/stats", bank(s.handleLLMRequestStats)),
	}
}

// route dispatches r like Starlette: full match wins, else 405 for a known path with
// another method, else a trailing-slash redirect, else 404.
func (s *Server) route(w http.ResponseWriter, r *http.Request) {
	method := r.Method
	if method == http.MethodHead {
		method = http.MethodGet
	}
	path := r.URL.Path
	var partial *route
	for i := range s.table {
		rt := &s.table[i]
		m := rt.pattern.FindStringSubmatch(path)
		if m == nil {
			continue
		}
		if rt.method != method {
			if partial == nil {
				partial = rt
			}
			continue
		}
		p := pathParams{}
		for j, name := range rt.pattern.SubexpNames() {
			if name != "" {
				p[name] = m[j]
			}
		}
		rt.handle(w, r, p)
		return
	}
	if partial != nil {
		allow := partial.method
		if allow == http.MethodGet {
			allow = "GET, HEAD"
		}
		w.Header().Set("Allow", allow)
		writeDetail(w, http.StatusMethodNotAllowed, "Method Not Allowed")
		return
	}
	if trimmed, ok := strings.CutSuffix(path, "/"); ok && trimmed != "" && s.matchesAny(trimmed) {
		target := *r.URL
		target.Path = trimmed
		target.RawPath = ""
		http.Redirect(w, r, target.RequestURI(), http.StatusTemporaryRedirect)
		return
	}
	writeDetail(w, http.StatusNotFound, "Not Found")
}

func (s *Server) matchesAny(path string) bool {
	for _, rt := range s.table {
		if rt.pattern.MatchString(path) {
			return true
		}
	}
	return false
}

// notSimulated answers routes the real server has but this one does not simulate.
func notSimulated(w http.ResponseWriter, r *http.Request, _ pathParams) {
	writeDetail(w, http.StatusNotImplemented, "Not implemented by the test server: "+r.Method+" "+r.URL.Path)
}

// handleRegenerateEntity is a removed endpoint; the real server answers 410.
func handleRegenerateEntity(w http.ResponseWriter, _ *http.Request, _ pathParams) {
	writeDetail(w, http.StatusGone, "This endpoint is deprecated. Entity observations are no longer supported.")
}
