package hindsighttest

// The demo's audit history and webhooks. Alex's assistant (user-alex-prefs) has had
// auditing on since November 12: the log shows the recalls it made before answering,
// the conversations it retained and the questions it reflected on, around the memories
// the bank holds. The research agent has webhooks: a team chat relay, a dashboard whose
// host no longer resolves, and a disabled automation, with deliveries in every state.

// demoActivity returns the activity part of the demo seed.
func demoActivity() *SeedActivity {
	return &SeedActivity{Audit: []SeedAuditLog{{BankID: "user-alex-prefs", Calls: alexAuditCalls()}},
		Webhooks: researchWebhooks()}
}

// recallCall is a replayed recall made by Alex's assistant.
func recallCall(at string, ms int, query string, extra map[string]any) SeedAuditCall {
	req := map[string]any{"query": query, "max_tokens": 2048.0}
	for k, v := range extra {
		req[k] = v
	}
	return SeedAuditCall{At: at, DurationMS: ms, Action: "recall", Request: req, Replay: true}
}

// reflectCall is a replayed reflect.
func reflectCall(at string, ms int, query, context string) SeedAuditCall {
	req := map[string]any{"query": query, "budget": "mid"}
	if context != "" {
		req["context"] = context
	}
	return SeedAuditCall{At: at, DurationMS: ms, Action: "reflect", Request: req, Replay: true}
}

// retainCall is a synchronous retain of one conversation or message.
func retainCall(at string, ms int, item map[string]any, inputTokens int) SeedAuditCall {
	return SeedAuditCall{At: at, DurationMS: ms, Action: "retain",
		Request: map[string]any{"items": []any{item}, "async": false},
		Response: map[string]any{"success": true, "bank_id": "user-alex-prefs", "items_count": 1.0, "async": false,
			"usage": map[string]any{"input_tokens": float64(inputTokens), "output_tokens": float64(inputTokens / 3),
				"total_tokens": float64(inputTokens + inputTokens/3), "cached_tokens": 0.0, "thoughts_tokens": 0.0}}}
}

func alexAuditCalls() []SeedAuditCall {
	health := map[string]any{"tags": []any{"health"}, "tags_match": "any"}
	trip := map[string]any{"tags": []any{"trip:tokyo-2026"}, "tags_match": "any_strict"}
	home := map[string]any{"tags": []any{"home"}, "budget": "high"}
	return []SeedAuditCall{
		recallCall("2026-11-12T17:05:12Z", 412, "Alex and Jordan's flights to Tokyo", trip),
		recallCall("2026-11-13T09:41:03Z", 388, "dinner reservations in Tokyo", trip),
		recallCall("2026-11-16T01:12:40Z", 291, "Fernwood Labs partner day in Tokyo", nil),
		reflectCall("2026-11-18T10:02:11Z", 6120, "What is left to plan for the rest of the Tokyo trip?", "Alex asked in chat"),
		recallCall("2026-11-20T23:58:30Z", 357, "where to buy a kitchen knife for Diego", trip),
		recallCall("2026-11-21T02:41:55Z", 244, "dinner with Maya", nil),
		retainCall("2026-11-21T02:44:20Z", 2860, map[string]any{
			"content": "Calendar: added Seattle Half Marathon packet pickup, Saturday November 28, 10:00–12:00 at the Seattle Center. Dinner with Maya is the evening before.",
			"context": "calendar update", "timestamp": "2026-11-21T02:45:00Z", "tags": []any{"source:calendar", "health"}}, 412),
		recallCall("2026-11-21T17:30:02Z", 301, "half marathon race day plan", health),
		reflectCall("2026-11-21T17:30:40Z", 5480, "What does Alex need to pack for the half marathon?", ""),
		recallCall("2026-11-23T04:05:10Z", 466, "Tokyo trip kaiseki dinner Kyoto", map[string]any{"types": []any{"world", "experience"}}),
		retainCall("2026-11-23T04:09:02Z", 3975, map[string]any{
			"content": "Alex: We're back! Honestly the best holiday we've had in years. The kaiseki dinner in Kyoto was the highlight, Jordan is still talking about it.",
			"context": "chat after the trip", "timestamp": "2026-11-23T04:10:00Z",
			"tags": []any{"source:chat", "session:2026-11-23", "trip:tokyo-2026"}}, 388),
		{At: "2026-11-23T05:58:00Z", DurationMS: 38, Action: "refresh_mental_model", OperationKey: "refresh-travel-profile"},
		{At: "2026-11-23T05:58:30Z", DurationMS: 89500, Action: "refresh_mental_model", Transport: "system",
			OperationKey: "refresh-travel-profile", Request: map[string]any{"mental_model_id": "alex-travel-profile"}},
		recallCall("2026-11-23T18:20:44Z", 338, "guests with food allergies for Thanksgiving", nil),
		recallCall("2026-11-23T18:21:30Z", 276, "Alex dietary preferences oat milk", nil),
		recallCall("2026-11-24T02:00:15Z", 305, "Jordan December shift schedule", nil),
		retainCall("2026-11-24T02:04:31Z", 2410, map[string]any{
			"content": "Calendar: moved dinner with Maya (Alex + Jordan) to Friday November 27, 19:00, after Jordan's December shift schedule came out.",
			"context": "calendar update", "timestamp": "2026-11-24T02:05:00Z", "tags": []any{"source:calendar"}}, 355),
		reflectCall("2026-11-24T03:14:09Z", 8730, "Plan a Thanksgiving shopping list that works for every guest.", "Alex is hosting six people on November 26"),
		retainCall("2026-11-24T03:19:48Z", 3120, map[string]any{
			"content": "Assistant: Here is the Thanksgiving list: turkey (12 lb), potatoes, oat milk for the mash, pie crust made with oat milk, no peanuts anywhere (Diego's allergy).",
			"context": "chat about Thanksgiving", "timestamp": "2026-11-24T03:20:00Z",
			"tags": []any{"source:chat", "session:2026-11-23"}}, 401),
		recallCall("2026-11-24T23:37:51Z", 262, "knee pain on long runs", health),
		retainCall("2026-11-24T23:39:40Z", 2285, map[string]any{
			"content": "Alex: Did the 8-mile taper run today, no knee pain at all.",
			"context": "chat after a run", "timestamp": "2026-11-24T23:40:00Z",
			"tags": []any{"source:chat", "session:2026-11-24", "health"}}, 196),
		retainCall("2026-11-25T00:11:20Z", 5890, map[string]any{
			"content": "Hi Alex, your lease for Unit 4B at 1520 E Pine St ends on 31 January 2027. We're offering a 12-month renewal at $2,385/month (currently $2,290), or a 6-month renewal at $2,495/month. Please let us know your decision by 15 December 2026.\n\n" +
				"If you plan to move out, 60 days' written notice is required, so notice would need to reach us by 2 December 2026. Pets on the current lease (one dog, Biscuit) carry over under the same pet addendum. — Greenlake Property Management",
			"context": "email from property manager", "timestamp": "2026-11-25T00:12:00Z", "document_id": "email-2026-11-24-lease-renewal",
			"metadata": map[string]any{"from": "leasing@greenlakepm.com", "subject": "Lease renewal — Unit 4B, 1520 E Pine St"},
			"tags":     []any{"source:email", "home"}}, 982),
		recallCall("2026-11-25T00:18:02Z", 431, "lease renewal deadline move-out notice", home),
		retainCall("2026-11-25T00:19:35Z", 2030, map[string]any{
			"content": "Assistant: Heads up, the move-out notice is due December 2, before the December 15 renewal decision, so decide about moving first.",
			"context": "email triage", "timestamp": "2026-11-25T00:20:00Z", "tags": []any{"source:email", "home"}}, 244),
		recallCall("2026-11-25T16:10:27Z", 512, "what is on Alex's calendar this week", map[string]any{"budget": "high"}),
		recallCall("2026-11-26T15:02:19Z", 298, "Thanksgiving guest list", nil),
		{At: "2026-11-26T15:03:05Z", DurationMS: 120000, Action: "reflect", Failed: true,
			Request: map[string]any{"query": "Write a seating plan for Thanksgiving dinner.", "budget": "high"}},
		recallCall("2026-11-27T16:31:48Z", 247, "Biscuit puppy class schedule", nil),
		recallCall("2026-11-28T15:45:33Z", 289, "half marathon packet pickup", health),
		reflectCall("2026-11-28T15:47:10Z", 7215, "Summarize what Alex has planned for this weekend.", ""),
		recallCall("2026-11-29T18:40:16Z", 276, "long run day training plan", health),
		retainCall("2026-11-29T18:41:50Z", 2690, map[string]any{
			"content": "Alex: From December can we move the long run to Sunday mornings? Saturday mornings are Biscuit's puppy class now.",
			"context": "chat about the training plan", "timestamp": "2026-11-29T18:42:00Z",
			"tags": []any{"source:chat", "session:2026-11-29", "health"}}, 231),
		recallCall("2026-11-30T07:40:04Z", 455, "Greenlake lease renewal", home),
		reflectCall("2026-11-30T07:41:22Z", 9340, "Should Alex renew the lease, and what has to happen before December 2?", "morning briefing"),
		retainCall("2026-11-30T07:44:41Z", 2540, map[string]any{
			"content": "Assistant: I drafted a reply to Greenlake accepting the 12-month renewal and left it in your drafts. It has to go out before the December 2 notice deadline.",
			"context": "morning briefing", "timestamp": "2026-11-30T07:45:00Z", "tags": []any{"source:email", "home"}}, 268),
		recallCall("2026-11-30T08:31:12Z", 318, "today's schedule", nil),
	}
}

// researchWebhooks are the research agent's webhooks and what was delivered to them.
func researchWebhooks() []SeedWebhook {
	const relayURL = "https://hooks.slack.com/services/T04LABRAG/B07HINDSIGHT/vQ3xk2Lr9demo"
	const dashboardURL = "https://rag-dashboard.lab.invalid/api/hindsight-events"
	return []SeedWebhook{
		{Key: "lab-relay", BankID: "research-agent", URL: relayURL, Secret: "whsec_demo_lab_relay",
			EventTypes: []string{"retain.completed", "consolidation.completed"},
			CreatedAt:  "2026-10-01T10:00:00Z", Deliveries: []SeedDelivery{
				{Key: "sync-1021", EventType: "retain.completed", EventOpKey: "retain-sync-1021",
					Data:   map[string]any{"document_id": "sync-2026-10-21", "tags": []any{"meeting:weekly-sync", "topic:judges"}},
					Status: "completed", Attempts: 1, CreatedAt: "2026-10-21T15:32:00Z", LastAttemptAt: "2026-10-21T15:32:01Z", LastStatus: 200},
				{Key: "consolidation-1112", EventType: "consolidation.completed", EventOpKey: "consolidate-2026-11-12", EventStatus: "failed",
					Data:   map[string]any{"error_message": "Consolidation timed out after 120s waiting for the LLM provider (read timeout); will not retry automatically"},
					Status: "completed", Attempts: 1, CreatedAt: "2026-11-12T15:41:00Z", LastAttemptAt: "2026-11-12T15:41:01Z", LastStatus: 200},
				// The relay answered 503 once; the retry went through (the error of the
				// failed attempt stays, as on the real server).
				{Key: "brightline", EventType: "retain.completed", EventOpKey: "retain-brightline-email",
					Data:   map[string]any{"document_id": "email-2026-11-16-brightline-data", "tags": []any{"dataset:supportdocs-qa"}},
					Status: "completed", Attempts: 2, CreatedAt: "2026-11-16T10:13:00Z", LastAttemptAt: "2026-11-16T10:13:05Z",
					NextRetryAt: "2026-11-16T10:13:05Z", LastStatus: 200,
					LastError: "Server error '503 Service Unavailable' for url '" + relayURL + "'\nFor more information check: https://developer.mozilla.org/en-US/docs/Web/HTTP/Status/503"},
				{Key: "methods-outline", EventType: "retain.completed", Data: map[string]any{"tags": []any{"deadline:paper"}},
					Status: "completed", Attempts: 1, CreatedAt: "2026-11-26T14:15:00Z", LastAttemptAt: "2026-11-26T14:15:01Z", LastStatus: 200},
				// This morning's consolidation (it triggered the project-status refresh) met
				// a relay outage: four attempts failed, the fifth is due later today.
				{Key: "consolidation-1130", EventType: "consolidation.completed", EventOpKey: "consolidate-2026-11-30",
					Data:   map[string]any{"observations_created": 1.0, "observations_updated": 2.0, "observations_deleted": 0.0},
					Status: "pending", Attempts: 5, CreatedAt: "2026-11-30T08:21:00Z", LastAttemptAt: "2026-11-30T08:56:05Z",
					NextRetryAt: "2026-11-30T10:56:05Z", LastStatus: 503,
					LastError: "Server error '503 Service Unavailable' for url '" + relayURL + "'\nFor more information check: https://developer.mozilla.org/en-US/docs/Web/HTTP/Status/503"},
			}},
		{Key: "eval-dashboard", BankID: "research-agent", URL: dashboardURL, EventTypes: []string{"retain.completed"},
			HTTPConfig: &webhookHTTPConfig{Method: "POST", TimeoutSeconds: 10,
				Headers: map[string]string{"X-Dashboard-Source": "hindsight"}, Params: map[string]string{"project": "judge-reliability"}},
			CreatedAt: "2026-11-10T09:00:00Z", Deliveries: []SeedDelivery{
				{Key: "brightline", EventType: "retain.completed", EventOpKey: "retain-brightline-email",
					Data:   map[string]any{"document_id": "email-2026-11-16-brightline-data", "tags": []any{"dataset:supportdocs-qa"}},
					Status: "failed", Attempts: 6, CreatedAt: "2026-11-16T10:13:00Z", LastAttemptAt: "2026-11-16T17:48:05Z",
					NextRetryAt: "2026-11-16T17:48:05Z", LastError: "ConnectError: [Errno -2] Name or service not known"},
				{Key: "methods-outline", EventType: "retain.completed", Data: map[string]any{"tags": []any{"deadline:paper"}},
					Status: "failed", Attempts: 6, CreatedAt: "2026-11-26T14:15:00Z", LastAttemptAt: "2026-11-26T21:50:05Z",
					NextRetryAt: "2026-11-26T21:50:05Z", LastError: "ConnectError: [Errno -2] Name or service not known"},
			}},
		{Key: "zapier-notes", BankID: "research-agent", URL: "https://hooks.zapier.com/hooks/catch/1893041/3kq9zx/",
			EventTypes: []string{"retain.completed"}, Disabled: true,
			CreatedAt: "2026-09-01T12:00:00Z", UpdatedAt: "2026-11-01T08:30:00Z", Deliveries: []SeedDelivery{
				{Key: "exp016", EventType: "retain.completed", EventOpKey: "retain-exp016-log",
					Data:   map[string]any{"document_id": "exp-016-position-bias-log", "tags": []any{"exp:016", "topic:long-context"}},
					Status: "completed", Attempts: 1, CreatedAt: "2026-09-08T17:46:00Z", LastAttemptAt: "2026-09-08T17:46:02Z", LastStatus: 200},
			}},
	}
}
