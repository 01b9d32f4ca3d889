package client_test

import (
	"context"
	"encoding/json"
	"net/http"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
)

// TestContract drives every client method against the seeded test server, through the
// validating transport, including the error paths the UI must explain.
func TestContract(t *testing.T) {
	doc := loadSpec(t)
	// Async work stays pending until the scenario completes it, so that cancel and retry
	// can be exercised on a pending operation.
	srv := hindsighttest.NewServer(hindsighttest.WithDemoSeed(), hindsighttest.WithAsyncDelay(time.Hour))
	defer srv.Close()
	v := newValidator(t, doc, srv.URL())
	c, err := client.New(srv.URL(), client.WithHTTPClient(&http.Client{Transport: v}), client.WithVersion("test"))
	if err != nil {
		t.Fatal(err)
	}
	s := &scenario{t: t, c: c, srv: srv, ctx: context.Background(), called: map[string]bool{}}
	s.run()
	s.keyed(doc)
	s.bankHealth(doc)
	v.report(t)
	s.checkCoverage()
}

type scenario struct {
	t      *testing.T
	c      *client.Client
	srv    *hindsighttest.Server
	ctx    context.Context
	called map[string]bool
}

// ok records that method was exercised and fails the test on an unexpected error.
func (s *scenario) ok(method string, err error) {
	s.t.Helper()
	s.called[method] = true
	if err != nil {
		s.t.Fatalf("%s: %v", method, err)
	}
}

// wantStatus records method and checks it failed with an *APIError of the given status.
func (s *scenario) wantStatus(method string, err error, status int) *client.APIError {
	s.t.Helper()
	s.called[method] = true
	ae, ok := err.(*client.APIError)
	if !ok || ae.StatusCode != status {
		s.t.Fatalf("%s: got %v, want HTTP %d", method, err, status)
	}
	if ae.Detail == "" {
		s.t.Errorf("%s: HTTP %d without a detail", method, status)
	}
	return ae
}

func (s *scenario) run() {
	ctx := s.ctx
	c := s.c

	h, err := c.Health(ctx)
	s.ok("Health", err)
	if h.Status != "healthy" {
		s.t.Errorf("health = %+v", h)
	}
	ver, err := c.Version(ctx)
	s.ok("Version", err)
	if ver.APIVersion == "" || len(ver.Features) == 0 {
		s.t.Errorf("version = %+v", ver)
	}
	now, err := c.ServerTime(ctx)
	s.ok("ServerTime", err)
	if now.IsZero() {
		s.t.Error("server time is zero")
	}

	banks, err := c.ListBanks(ctx, client.ListBanksParams{Limit: 50})
	s.ok("ListBanks", err)
	if len(banks.Banks) < 4 {
		s.t.Fatalf("demo seed has %d banks", len(banks.Banks))
	}
	bank := banks.Banks[0].BankID
	_, err = c.ListBanks(ctx, client.ListBanksParams{Q: bank[:3], Limit: 1, Offset: 0})
	s.ok("ListBanks", err)

	_, err = c.GetBankProfile(ctx, bank)
	s.ok("GetBankProfile", err)
	_, err = c.GetBankProfile(ctx, "no-such-bank")
	s.wantStatus("GetBankProfile", err, 404)
	_, err = c.BankStats(ctx, bank, true)
	s.ok("BankStats", err)

	// A scratch bank for writes.
	const scratch = "contract-scratch"
	_, err = c.PutBank(ctx, scratch, client.BankUpdate{Name: client.Ptr("Contract scratch"),
		ReflectMission:        client.Ptr("Remember what the contract test writes."),
		DispositionSkepticism: client.Ptr(4), EnableObservations: client.Ptr(true)})
	s.ok("PutBank", err)
	_, err = c.PatchBank(ctx, scratch, client.BankUpdate{Disposition: &client.Disposition{Skepticism: 2, Literalism: 3, Empathy: 5}})
	s.ok("PatchBank", err)
	_, err = c.PatchBank(ctx, "no-such-bank", client.BankUpdate{Name: client.Ptr("x")})
	s.wantStatus("PatchBank", err, 404)

	_, err = c.GetBankConfig(ctx, scratch)
	s.ok("GetBankConfig", err)
	_, err = c.PatchBankConfig(ctx, scratch, map[string]any{"retain_extraction_mode": "verbose", "recall_max_tokens": 1024})
	s.ok("PatchBankConfig", err)
	_, err = c.PatchBankConfig(ctx, scratch, map[string]any{"not_a_key": 1})
	s.wantStatus("PatchBankConfig", err, 400)
	_, err = c.ResetBankConfig(ctx, scratch)
	s.ok("ResetBankConfig", err)
	s.configInDepth(scratch)

	s.memories(scratch)
	s.recallReflect(bank)
	s.documents(scratch)
	s.entitiesTags(bank)
	s.operations(scratch)
	s.models(scratch)
	s.activity(scratch)
	s.graphs(bank)
	s.knowledge(scratch)
	s.directives(scratch)
	s.templates(scratch)
	s.transfer(scratch)
	s.dryRunExtract(scratch)

	_, err = c.DeleteBank(ctx, scratch)
	s.ok("DeleteBank", err)
}

func (s *scenario) memories(bank string) {
	ctx, c := s.ctx, s.c
	res, err := c.Retain(ctx, bank, client.RetainRequest{Items: []client.MemoryItem{{
		Content:           "Alex prefers oat milk in coffee. Alex moved to Lisbon in March.",
		Timestamp:         "2026-03-14T09:30:00Z",
		Context:           "chat about breakfast",
		Metadata:          map[string]string{"channel": "chat"},
		DocumentID:        "contract-doc",
		Entities:          []client.EntityHint{{Text: "Alex", Type: "PERSON"}, {Text: "Lisbon"}},
		ResolveEntities:   client.Ptr(true),
		Tags:              []string{"source:chat", "user:alex"},
		ObservationScopes: &client.ObservationScopes{Mode: "per_tag"},
		UpdateMode:        "replace",
	}, {Content: "We recommended the Lisbon coworking space to Alex.", Timestamp: client.TimestampUnset, DocumentID: "contract-doc-2"}}})
	s.ok("Retain", err)
	if !res.Success || res.Usage == nil {
		s.t.Errorf("sync retain = %+v", res)
	}
	_, err = c.Retain(ctx, bank, client.RetainRequest{Items: []client.MemoryItem{{Content: "   "}}})
	ae := s.wantStatus("Retain", err, 422)
	if len(ae.Fields) == 0 || !strings.Contains(ae.Fields[0].Field(), "content") {
		s.t.Errorf("blank content error does not point at the field: %+v", ae)
	}

	list, err := c.ListMemories(ctx, bank, client.ListMemoriesParams{Type: client.FactWorld, Q: "oat", Tags: []string{"user:alex"},
		TagsMatch: client.TagsAllStrict, DocumentID: "contract-doc", Limit: 10})
	s.ok("ListMemories", err)
	if len(list.Items) == 0 {
		s.t.Fatalf("retained memory not listed: %+v", list)
	}
	id := list.Items[0].ID
	_, err = c.ListMemories(ctx, bank, client.ListMemoriesParams{State: "invalidated", ConsolidationState: "pending"})
	s.ok("ListMemories", err)
	m, err := c.GetMemory(ctx, bank, id)
	s.ok("GetMemory", err)
	if m.FactType == "" || m.ID != id {
		s.t.Errorf("GetMemory = %+v", m)
	}
	_, err = c.GetMemory(ctx, bank, "not-a-uuid")
	s.wantStatus("GetMemory", err, 400)
	_, err = c.GetMemory(ctx, bank, "00000000-0000-4000-8000-000000000000")
	s.wantStatus("GetMemory", err, 404)

	_, err = c.UpdateMemory(ctx, bank, id, client.UpdateMemoryRequest{Text: client.Ptr("Alex prefers oat milk, no sugar."),
		Context: client.Ptr("corrected by the user"), OccurredStart: client.Ptr("2026-03-01T00:00:00Z"), OccurredEnd: client.Ptr(""),
		FactType: client.Ptr(client.FactWorld), Entities: &[]string{"Alex"}, ResolveEntities: client.Ptr(false)})
	s.ok("UpdateMemory", err)
	inv, err := c.UpdateMemory(ctx, bank, id, client.UpdateMemoryRequest{State: client.Ptr("invalidated"), Reason: client.Ptr("user changed their mind")})
	s.ok("UpdateMemory", err)
	if inv.State != "invalidated" {
		s.t.Errorf("invalidate: state = %q", inv.State)
	}
	_, err = c.UpdateMemory(ctx, bank, id, client.UpdateMemoryRequest{Text: client.Ptr("edit while invalidated")})
	s.wantStatus("UpdateMemory", err, 400)
	_, err = c.UpdateMemory(ctx, bank, id, client.UpdateMemoryRequest{State: client.Ptr("valid")})
	s.ok("UpdateMemory", err)
	_, err = c.UpdateMemory(ctx, bank, id, client.UpdateMemoryRequest{})
	s.wantStatus("UpdateMemory", err, 422)

	hist, err := c.MemoryHistory(ctx, bank, id)
	s.ok("MemoryHistory", err)
	if len(hist) != 0 {
		s.t.Errorf("history of a world fact = %v, want empty", hist)
	}
	_, err = c.ClearObservations(ctx, bank)
	s.ok("ClearObservations", err)
}

func (s *scenario) recallReflect(bank string) {
	ctx, c := s.ctx, s.c
	r, err := c.Recall(ctx, bank, client.RecallRequest{Query: "what does the user prefer", Budget: client.BudgetHigh,
		MaxTokens: client.Ptr(2048), Trace: true, Types: []string{client.FactWorld, client.FactExperience, client.FactObservation},
		QueryTimestamp: "2026-11-01T00:00:00Z", PreferObservations: true,
		Include: &client.RecallInclude{Entities: &client.EntitiesInclude{MaxTokens: client.Ptr(500)}, Chunks: &client.ChunksInclude{MaxTokens: client.Ptr(2000)},
			SourceFacts: &client.SourceFactsInclude{MaxTokens: client.Ptr(1000), MaxTokensPerObservation: client.Ptr(-1)}},
		MinScores:      &client.MinScores{Final: client.Ptr(0.0)},
		TemporalWindow: &client.TemporalWindow{Start: "2026-06-01T00:00:00Z", End: "2026-11-30T00:00:00Z"}})
	s.ok("Recall", err)
	if len(r.Results) == 0 || len(r.Trace) == 0 {
		s.t.Errorf("recall returned %d results, trace %d bytes", len(r.Results), len(r.Trace))
	}
	_, err = c.Recall(ctx, bank, client.RecallRequest{Query: "meeting", TagGroups: []client.TagGroup{{Or: []client.TagGroup{
		{Tags: []string{"source:chat"}}, {Not: &client.TagGroup{Tags: []string{"source:email"}, Match: client.TagsAny}}}}},
		Include: &client.RecallInclude{NoEntities: true}})
	s.ok("Recall", err)
	_, err = c.Recall(badRequest(ctx), bank, client.RecallRequest{Query: "x", Budget: "huge"})
	ae := s.wantStatus("Recall", err, 422)
	if len(ae.Fields) != 1 || ae.Fields[0].Field() != "budget" {
		s.t.Errorf("bad budget: %+v", ae)
	}
	_, err = c.Recall(deviation(ctx, "invalid recall types answer 422 with a string detail (API.md 1.3)"), bank,
		client.RecallRequest{Query: "x", Types: []string{"fact"}})
	ae = s.wantStatus("Recall", err, 422)
	if len(ae.Fields) != 0 || !strings.Contains(ae.Detail, "Invalid fact type") {
		s.t.Errorf("bad types: %+v", ae)
	}

	schema := json.RawMessage(`{"type":"object","properties":{"summary":{"type":"string"},"facts":{"type":"array","items":{"type":"string"}}},"required":["summary"]}`)
	ref, err := c.Reflect(ctx, bank, client.ReflectRequest{Query: "What should I know about the user?", Budget: client.BudgetMid,
		Context: "planning a trip", MaxTokens: client.Ptr(800), ResponseSchema: schema, Tags: []string{"source:chat"},
		TagsMatch: client.TagsAny, ApplyAllDirectives: true, FactTypes: []string{client.FactWorld, client.FactObservation},
		ExcludeMentalModelIDs: []string{"none"},
		Include:               &client.ReflectInclude{Facts: client.IncludeFacts(), ToolCalls: &client.ToolCallsInclude{Output: client.Ptr(false)}}})
	s.ok("Reflect", err)
	if ref.Text == "" || ref.BasedOn == nil || ref.Trace == nil || ref.Usage == nil || len(ref.StructuredOutput) == 0 {
		s.t.Errorf("reflect = %+v", ref)
	}
	_, err = c.Reflect(ctx, bank, client.ReflectRequest{Query: "q", ExcludeMentalModels: true,
		TagGroups: []client.TagGroup{{Tags: []string{"a"}}}})
	s.ok("Reflect", err)
	_, err = c.Reflect(badRequest(ctx), bank, client.ReflectRequest{Query: "q", Tags: []string{"a"}, TagGroups: []client.TagGroup{{Tags: []string{"a"}}}})
	s.wantStatus("Reflect", err, 422)
}

func (s *scenario) documents(bank string) {
	ctx, c := s.ctx, s.c
	docs, err := c.ListDocuments(ctx, bank, client.ListDocumentsParams{Q: "contract", Tags: []string{"source:chat"}, TagsMatch: client.TagsAny, Limit: 10})
	s.ok("ListDocuments", err)
	if len(docs.Items) == 0 {
		s.t.Fatalf("no documents: %+v", docs)
	}
	d, err := c.GetDocument(ctx, bank, "contract-doc")
	s.ok("GetDocument", err)
	if d.OriginalText == nil || *d.OriginalText == "" {
		s.t.Errorf("document text missing: %+v", d)
	}
	_, err = c.GetDocument(ctx, bank, "no-such-doc")
	s.wantStatus("GetDocument", err, 404)
	chunks, err := c.ListChunks(ctx, bank, "contract-doc", 10, 0)
	s.ok("ListChunks", err)
	if len(chunks.Items) == 0 {
		s.t.Fatal("no chunks")
	}
	_, err = c.GetChunk(ctx, chunks.Items[0].ChunkID)
	s.ok("GetChunk", err)
	_, err = c.GetChunk(ctx, bank+"_nope_0")
	s.wantStatus("GetChunk", err, 404)
	s.ok("SetDocumentTags", c.SetDocumentTags(ctx, bank, "contract-doc", []string{"source:chat", "reviewed"}))
	rp, err := c.ReprocessDocument(ctx, bank, "contract-doc")
	s.ok("ReprocessDocument", err)
	if rp.OperationID == "" {
		s.t.Errorf("reprocess = %+v", rp)
	}
	_, err = c.DeleteDocument(ctx, bank, "contract-doc-2")
	s.ok("DeleteDocument", err)
	_, err = c.DeleteDocument(ctx, bank, "contract-doc-2")
	s.wantStatus("DeleteDocument", err, 404)
}

func (s *scenario) entitiesTags(bank string) {
	ctx, c := s.ctx, s.c
	ents, err := c.ListEntities(ctx, bank, 20, 0)
	s.ok("ListEntities", err)
	if len(ents.Items) == 0 {
		s.t.Fatal("no entities in the seeded bank")
	}
	_, err = c.GetEntity(ctx, bank, ents.Items[0].ID)
	s.ok("GetEntity", err)
	_, err = c.GetEntity(ctx, bank, "not-a-uuid")
	s.wantStatus("GetEntity", err, 400)
	_, err = c.ListMemories(ctx, bank, client.ListMemoriesParams{EntityID: ents.Items[0].ID})
	s.ok("ListMemories", err)
	tags, err := c.ListTags(ctx, bank, client.ListTagsParams{Limit: 50})
	s.ok("ListTags", err)
	if len(tags.Items) == 0 {
		s.t.Fatal("no tags in the seeded bank")
	}
	_, err = c.ListTags(ctx, bank, client.ListTagsParams{Q: "*", Source: "memories", Offset: 1})
	s.ok("ListTags", err)
}

func (s *scenario) operations(bank string) {
	ctx, c := s.ctx, s.c
	res, err := c.Retain(ctx, bank, client.RetainRequest{Async: true, OperationID: "6f1c1f4e-5a4b-4c1e-9d59-0a1b2c3d4e5f",
		Items: []client.MemoryItem{{Content: "The team agreed to ship on Fridays only after 2pm.", Tags: []string{"team:platform"}}}})
	s.ok("Retain", err)
	if !res.Async || res.OperationID == "" {
		s.t.Fatalf("async retain = %+v", res)
	}
	op, err := c.GetOperation(ctx, bank, res.OperationID, true)
	s.ok("GetOperation", err)
	if op.OperationType != "batch_retain" {
		s.t.Errorf("async retain operation type = %q", op.OperationType)
	}
	unknown, err := c.GetOperation(ctx, bank, "00000000-0000-4000-8000-000000000001", false)
	s.ok("GetOperation", err)
	if unknown.Status != client.StatusNotFound {
		s.t.Errorf("unknown operation status = %q", unknown.Status)
	}
	_, err = c.GetOperation(ctx, bank, "not-a-uuid", false)
	s.wantStatus("GetOperation", err, 400)

	list, err := c.ListOperations(ctx, bank, client.ListOperationsParams{Limit: 50, ExcludeParents: false})
	s.ok("ListOperations", err)
	if len(list.Operations) == 0 {
		s.t.Fatal("no operations listed")
	}
	_, err = c.ListOperations(ctx, bank, client.ListOperationsParams{Status: client.StatusCompleted, Type: "batch_retain", Offset: 1, ExcludeParents: true})
	s.ok("ListOperations", err)

	// Queue a second async retain and cancel it while pending; then retry and delete.
	res2, err := c.Retain(ctx, bank, client.RetainRequest{Async: true, Items: []client.MemoryItem{{Content: "Pending work to cancel."}}})
	s.ok("Retain", err)
	pending, err := c.GetOperation(ctx, bank, res2.OperationID, false)
	s.ok("GetOperation", err)
	if pending.Status != client.StatusPending {
		s.t.Fatalf("second async retain is %q, want pending", pending.Status)
	}
	_, err = c.CancelOperation(ctx, bank, res2.OperationID)
	s.ok("CancelOperation", err)
	_, err = c.CancelOperation(ctx, bank, res2.OperationID)
	s.wantStatus("CancelOperation", err, 409)
	_, err = c.RetryOperation(ctx, bank, res2.OperationID)
	s.ok("RetryOperation", err)
	_, err = c.RetryOperation(ctx, bank, "00000000-0000-4000-8000-000000000002")
	s.wantStatus("RetryOperation", err, 404)
	s.srv.CompleteOperations()
	op, err = c.GetOperation(ctx, bank, res.OperationID, false)
	s.ok("GetOperation", err)
	if op.Status != client.StatusCompleted {
		s.t.Fatalf("async retain did not complete: %+v", op)
	}
	_, err = c.CancelOperation(ctx, bank, res.OperationID)
	s.wantStatus("CancelOperation", err, 409)
	_, err = c.DeleteOperation(ctx, bank, res.OperationID)
	s.ok("DeleteOperation", err)
	_, err = c.DeleteOperation(ctx, bank, res.OperationID)
	s.wantStatus("DeleteOperation", err, 404)
}

func (s *scenario) models(bank string) {
	ctx, c := s.ctx, s.c
	created, err := c.CreateMentalModel(ctx, bank, client.CreateMentalModelRequest{ID: "alex-profile", Name: "Alex's profile",
		SourceQuery: "What do we know about Alex?", Tags: []string{"user:alex"}, MaxTokens: 1024,
		Trigger: &client.MentalModelTrigger{Mode: "full", RefreshAfterConsolidation: client.Ptr(true), MinRefreshIntervalSeconds: client.Ptr(60),
			FactTypes: []string{client.FactWorld}, TagsMatch: client.TagsAllStrict}})
	s.ok("CreateMentalModel", err)
	if created.MentalModelID != "alex-profile" || created.OperationID == "" {
		s.t.Errorf("create model = %+v", created)
	}
	_, err = c.ListMentalModels(ctx, bank, client.ListMentalModelsParams{Tags: []string{"user:alex"}, TagsMatch: "any", Detail: client.DetailMetadata, Limit: 10})
	s.ok("ListMentalModels", err)
	_, err = c.GetMentalModel(ctx, bank, "alex-profile", client.DetailFull)
	s.ok("GetMentalModel", err)
	_, err = c.GetMentalModel(ctx, bank, "nope", "")
	s.wantStatus("GetMentalModel", err, 404)
	_, err = c.UpdateMentalModel(ctx, bank, "alex-profile", client.UpdateMentalModelRequest{Name: client.Ptr("Alex"), MaxTokens: client.Ptr(2048), Tags: &[]string{}})
	s.ok("UpdateMentalModel", err)
	ref, err := c.RefreshMentalModel(ctx, bank, "alex-profile")
	s.ok("RefreshMentalModel", err)
	if ref.OperationID == "" {
		s.t.Errorf("refresh = %+v", ref)
	}
	s.srv.CompleteOperations()
	_, err = c.MentalModelHistory(ctx, bank, "alex-profile")
	s.ok("MentalModelHistory", err)
	s.modelsInDepth(bank)
	s.ok("DeleteMentalModel", c.DeleteMentalModel(ctx, bank, "alex-profile"))
	s.wantStatus("DeleteMentalModel", c.DeleteMentalModel(ctx, bank, "alex-profile"), 404)
}

func (s *scenario) directives(bank string) {
	ctx, c := s.ctx, s.c
	d, err := c.CreateDirective(ctx, bank, client.CreateDirectiveRequest{Name: "Metric units", Content: "Always answer in metric units.",
		Priority: 5, IsActive: client.Ptr(true), Tags: []string{"user:alex"}})
	s.ok("CreateDirective", err)
	_, err = c.ListDirectives(ctx, bank, client.ListDirectivesParams{Tags: []string{"user:alex"}, TagsMatch: "all", ActiveOnly: client.Ptr(false), Limit: 10})
	s.ok("ListDirectives", err)
	_, err = c.GetDirective(ctx, bank, d.ID)
	s.ok("GetDirective", err)
	_, err = c.UpdateDirective(ctx, bank, d.ID, client.UpdateDirectiveRequest{Priority: client.Ptr(9), IsActive: client.Ptr(false), Tags: &[]string{}})
	s.ok("UpdateDirective", err)
	s.ok("DeleteDirective", c.DeleteDirective(ctx, bank, d.ID))
	_, err = c.GetDirective(ctx, bank, d.ID)
	s.wantStatus("GetDirective", err, 404)
	s.directivesInDepth(bank)

	s.ok("ClearMemories", c.ClearMemories(ctx, bank, client.FactExperience))
	s.ok("ClearMemories", c.ClearMemories(ctx, bank, ""))
}

// keyed checks authentication against a server that requires a key: the key check
// happens after request validation, and a wrong key is a 401 the client recognises.
func (s *scenario) keyed(doc *openapi3.T) {
	srv := hindsighttest.NewServer(hindsighttest.WithAPIKey("right-key"))
	defer srv.Close()
	v := newValidator(s.t, doc, srv.URL())
	hc := &http.Client{Transport: v}
	wrong, _ := client.New(srv.URL(), client.WithHTTPClient(hc), client.WithAPIKey("wrong-key"))
	right, _ := client.New(srv.URL(), client.WithHTTPClient(hc), client.WithAPIKey("right-key"))
	none, _ := client.New(srv.URL(), client.WithHTTPClient(hc))

	_, err := wrong.Version(s.ctx)
	s.ok("Version", err) // unauthenticated route
	_, err = wrong.ListBanks(s.ctx, client.ListBanksParams{Limit: 1})
	if !client.IsUnauthorized(err) || strings.Contains(err.Error(), "wrong-key") {
		s.t.Errorf("wrong key: %v", err)
	}
	_, err = none.ListBanks(s.ctx, client.ListBanksParams{Limit: 1})
	if !client.IsUnauthorized(err) {
		s.t.Errorf("missing key: %v", err)
	}
	_, err = wrong.Recall(badRequest(s.ctx), "b", client.RecallRequest{Query: "x", Budget: "huge"})
	if client.StatusCode(err) != 422 {
		s.t.Errorf("validation must come before auth: %v", err)
	}
	_, err = right.ListBanks(s.ctx, client.ListBanksParams{Limit: 1})
	s.ok("ListBanks", err)
	v.report(s.t)
}

// checkCoverage fails when a client method that takes a context was never exercised.
func (s *scenario) checkCoverage() {
	typ := reflect.TypeOf(&client.Client{})
	ctxType := reflect.TypeOf((*context.Context)(nil)).Elem()
	var missing []string
	n := 0
	for i := 0; i < typ.NumMethod(); i++ {
		m := typ.Method(i)
		if m.Type.NumIn() < 2 || m.Type.In(1) != ctxType {
			continue
		}
		n++
		if !s.called[m.Name] {
			missing = append(missing, m.Name)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		s.t.Errorf("client methods the contract scenario never called: %s", strings.Join(missing, ", "))
	}
	s.t.Logf("exercised %d of %d client methods", n-len(missing), n)
}
