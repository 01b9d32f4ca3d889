package client_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
)

func TestListLLMRequests(t *testing.T) {
	clock := hindsighttest.NewClock(epoch)
	srv := server(t, hindsighttest.WithClock(clock.Now), hindsighttest.WithBackgroundConsolidation())
	c := newClient(t, srv)
	ctx := t.Context()
	srv.SetBankLLM("l", "consolidation", "flaky")
	_, err := c.Retain(ctx, "l", client.RetainRequest{Items: []client.MemoryItem{{Content: "Bea paints. Bea sells prints.",
		DocumentID: "d1", Entities: []client.EntityHint{{Text: "Bea", Type: "PERSON"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	clock.Advance(time.Minute)
	if _, err := c.ListBanks(ctx, client.ListBanksParams{}); err != nil { // the consolidation runs
		t.Fatal(err)
	}
	clock.Advance(time.Hour)
	if _, err := c.Reflect(ctx, "l", client.ReflectRequest{Query: "What does Bea do?"}); err != nil {
		t.Fatal(err)
	}

	all, err := c.ListLLMRequests(ctx, "l", client.ListLLMRequestsParams{Limit: 500})
	if err != nil || all.BankID != "l" || all.Total != len(all.Items) || all.Limit != 500 {
		t.Fatalf("list: %+v, %v", all, err)
	}
	runs := client.GroupRuns(all.Items)
	if len(runs) != 3 || runs[0].Operation != "reflect" || runs[1].Operation != "consolidation" || runs[2].Operation != "retain" {
		t.Fatalf("runs newest first: %+v", runs)
	}
	cons := runs[1]
	if len(cons.Calls) != 3 || cons.Failures() != 1 || !cons.Calls[0].Failed() || cons.Calls[0].Output == nil ||
		string(cons.Calls[0].Output) != "null" || cons.Calls[0].InputTokens != nil {
		t.Errorf("consolidation run, oldest call first (the rate-limited batch): %+v", cons.Calls[0])
	}
	ok := cons.Calls[1]
	if ok.Failed() || *ok.TotalTokens != *ok.InputTokens+*ok.OutputTokens || ok.LLMInfo.FinishReason != "stop" ||
		len(ok.Metadata.SourceMemoryIDs) != 2 || len(ok.Metadata.MemoryIDs) != 1 || ok.StartedAt.After(ok.EndedAt.Time) {
		t.Errorf("successful consolidation call: %+v", ok)
	}
	extract := runs[2].Calls[0]
	if extract.Scope != "retain_extract_facts" || extract.Metadata.DocumentID != "d1" || len(extract.Metadata.MemoryIDs) != 2 {
		t.Errorf("extraction call: %+v", extract)
	}
	if tools := runs[0].Calls[len(runs[0].Calls)-1].LLMInfo.ToolCalls; strings.Join(tools, ",") != "done" {
		t.Errorf("reflect ends with done: %v", tools)
	}

	tests := []struct {
		name string
		p    client.ListLLMRequestsParams
		want int
	}{
		{"errors", client.ListLLMRequestsParams{Status: client.LLMStatusError}, 1},
		{"operation", client.ListLLMRequestsParams{Operation: "consolidation"}, 3},
		{"scope", client.ListLLMRequestsParams{Scope: "retain_extract_facts"}, 1},
		{"provider", client.ListLLMRequestsParams{Provider: "openai"}, all.Total},
		{"trace", client.ListLLMRequestsParams{TraceID: cons.TraceID}, 3},
		{"document", client.ListLLMRequestsParams{DocumentID: "d1"}, 1},
		{"memory", client.ListLLMRequestsParams{MemoryID: extract.Metadata.MemoryIDs[0], Operation: "retain"}, 1},
		{"since", client.ListLLMRequestsParams{Start: clock.Now().Add(-30 * time.Minute)}, len(runs[0].Calls)},
		{"until", client.ListLLMRequestsParams{End: clock.Now().Add(-30 * time.Minute)}, 4},
		{"runs", client.ListLLMRequestsParams{Group: true, Limit: 1, Offset: 1}, 3},
	}
	for _, tt := range tests {
		got, err := c.ListLLMRequests(ctx, "l", tt.p)
		if err != nil || got.Total != tt.want {
			t.Errorf("%s: %v, %v; want total %d", tt.name, got.Total, err, tt.want)
		}
	}
	page, err := c.ListLLMRequests(ctx, "l", client.ListLLMRequestsParams{Group: true, Limit: 1, Offset: 1})
	if err != nil || len(page.Items) != 3 || page.Items[0].TraceID != cons.TraceID {
		t.Errorf("second run page: %+v, %v", page, err)
	}

	stats, err := c.LLMRequestStats(ctx, "l", "", client.PeriodDay)
	if err != nil || stats.Period != "1d" || stats.Trunc != "day" || len(stats.Buckets) != 1 ||
		stats.Buckets[0].Total != all.Total || stats.Buckets[0].Statuses[client.LLMStatusError] != 1 || stats.Buckets[0].Tokens.Total == 0 {
		t.Errorf("stats: %+v, %v", stats, err)
	}
	if stats, err := c.LLMRequestStats(ctx, "l", "retain", "2w"); err != nil || stats.Period != "2w" || stats.Buckets[0].Total != 1 {
		t.Errorf("retain stats over an unknown period: %+v, %v", stats, err)
	}

	for name, err := range map[string]error{
		"list":  second(c.ListLLMRequests(ctx, "nope", client.ListLLMRequestsParams{})),
		"stats": second(c.LLMRequestStats(ctx, "nope", "", "")),
	} {
		if !client.IsNotFound(err) {
			t.Errorf("%s of a missing bank: %v", name, err)
		}
	}
	_, err = c.ListLLMRequests(ctx, "l", client.ListLLMRequestsParams{Limit: 501})
	if ae, ok := err.(*client.APIError); !ok || ae.StatusCode != 422 || ae.Fields[0].Field() != "limit" {
		t.Errorf("limit over 500: %v", err)
	}
}

func second[T any](_ T, err error) error { return err }

func TestLLMRequestLenientDecoding(t *testing.T) {
	body := `{"id":"r1","bank_id":null,"operation":null,"scope":"x","trace_id":null,"span_id":null,"parent_span_id":null,
		"provider":"p","model":null,"status":"error","started_at":"2026-11-30T09:00:00+00:00","ended_at":null,"duration_ms":null,
		"input_tokens":null,"output_tokens":null,"cached_tokens":null,"total_tokens":null,
		"input":{"_truncated":true,"_original_chars":61234,"preview":"[{\"role\": \"system\""},"output":null,"error":"E: boom",
		"llm_info":{"request":{"temperature":0.1},"finish_reason":7,"tool_calls":"recall, done"},
		"metadata":{"document_id":42,"memory_ids":["m1",null],"source_memory_ids":"m2"}}`
	var r client.LLMRequest
	if err := json.Unmarshal([]byte(body), &r); err != nil {
		t.Fatal(err)
	}
	if r.BankID != "" || !r.EndedAt.IsZero() || r.LLMInfo.FinishReason != "" || strings.Join(r.LLMInfo.ToolCalls, "|") != "recall|done" ||
		r.Metadata.DocumentID != "" || strings.Join(r.Metadata.MemoryIDs, "|") != "m1" || strings.Join(r.Metadata.SourceMemoryIDs, "|") != "m2" ||
		len(r.Metadata.Raw) != 3 || len(r.LLMInfo.Request) != 1 {
		t.Errorf("decoded %+v", r)
	}
	tv, ok := client.Truncation(r.Input)
	if !ok || tv.OriginalChars != 61234 || tv.Preview != `[{"role": "system"` {
		t.Errorf("truncation marker: %+v %v", tv, ok)
	}
	for _, raw := range []string{`null`, `[{"role":"user"}]`, `{"preview":"x"}`, `"text"`} {
		if _, ok := client.Truncation(json.RawMessage(raw)); ok {
			t.Errorf("%s is not a truncation marker", raw)
		}
	}
	var odd client.LLMRequest
	if err := json.Unmarshal([]byte(`{"id":"r2","status":"success","llm_info":[],"metadata":"x"}`), &odd); err != nil || odd.ID != "r2" {
		t.Errorf("odd llm_info and metadata must not fail the row: %+v, %v", odd, err)
	}
}
