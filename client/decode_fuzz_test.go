package client

import (
	"encoding/json"
	"errors"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// Fuzz tests for every lenient decoder. Each checks that nothing panics, that the
// client's path (decodeBody, or UnmarshalJSON called directly on arbitrary bytes) gives
// exactly what the reference decoders give, errors included, and that what decodes
// successfully is internally consistent. Seeds come from the test and bench payloads.

// Shapes from TestMemoryDecodingShapes: a list item with every key, and a single memory.
const (
	seedListItem = `{"id":"1","text":"t","context":"","date":"","fact_type":"world","document_id":null,
		"mentioned_at":"2024-01-15T10:30:00+00:00","occurred_start":null,"occurred_end":null,
		"entities":"Alice, Bob","chunk_id":null,"proof_count":1,"tags":[],"metadata":{"n":3,"s":"x","z":null},
		"consolidated_at":null,"consolidation_failed_at":null,"state":"valid","invalidation_reason":null,
		"invalidated_at":null,"edited_at":null,"updated_at":"2024-01-15T10:30:00.123456+00:00","source_memory_ids":[],"future_key":{"a":1}}`
	seedSingle = `{"id":"2","text":"o","type":"observation","entities":["Alice"],"observation_scopes":null,
		"source_memory_ids":["1"],"source_memories":[{"id":"1","text":"t","type":"world","context":"","occurred_start":null,"mentioned_at":"2024-01-15"}]}`
)

var seedTimes = []string{
	`"2024-01-15T10:30:00+00:00"`, `"2024-01-15T10:30:00Z"`, `"2024-01-15T10:30:00.5"`, `"2024-01-15 10:30"`,
	`"2024-01-15"`, `""`, `null`, `"yesterday"`, `"2024-01-15T10:30:00.123456-05:00"`, `" 2024-01-15 "`,
	`"2024-01-15T10:30:00\u002B01:00"`, `12`, `{"a":1}`, `["2024-01-15"]`, `true`, `"\xff"`,
}

var seedMaps = []string{
	`{"channel":"slack","thread":"t-1"}`, `{}`, `null`, `{"n":3,"s":"x","z":null}`, `{"s":"x","z":null}`,
	`{"a":"x","a":"y"}`, `{"k":"caf\u00e9","q":"say \"hi\""}`, ` { "a" : "b" , "c":"d" } `, `{"a":[1,2],"b":{"c":true}}`,
	`{"é":"ü"}`, `{"a":"\xff"}`, `"x"`, `[]`, `{"a":"b"`, `{"a":"b"}x`, `{"a" "b"}`,
}

var seedLists = []string{
	`"Alice, Bob"`, `""`, `"None"`, `"Payments service, Priya, Deploy pipeline"`, `" a ,, None , b "`, `"a\u00a0, b"`,
	`["Alice"]`, `[]`, `null`, `["a",null,"b"]`, `[1,2.5,true,{"x":1},["y"],null]`, `["caf\u00e9"]`, `{"a":1}`, `5`,
	` ["a", "b"] `, `["a",]`, `["\xff"]`, `"\xff, a"`,
}

// sameErr reports whether two decode errors say the same thing. A type error names the
// Go types it was decoding into, which differ between the reference and the client, so
// for those the JSON value, the offset and the field's own name must match.
func sameErr(a, b error) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	var ta, tb *json.UnmarshalTypeError
	if errors.As(a, &ta) && errors.As(b, &tb) {
		last := func(f string) string { return f[strings.LastIndexByte(f, '.')+1:] }
		return ta.Value == tb.Value && ta.Offset == tb.Offset && ta.Type.Kind() == tb.Type.Kind() && last(ta.Field) == last(tb.Field)
	}
	return a.Error() == b.Error()
}

// checkTime: a non-zero Time came from Raw, and Raw survives an encode/decode round trip.
func checkTime(t *testing.T, name string, tm Time) {
	t.Helper()
	if !tm.IsZero() {
		parsed, ok := ParseTime(tm.Raw)
		if !ok || !parsed.Equal(tm.Time) {
			t.Fatalf("%s: time %v does not come from raw %q", name, tm.Time, tm.Raw)
		}
	}
	b, err := tm.MarshalJSON()
	if err != nil || !json.Valid(b) {
		t.Fatalf("%s: MarshalJSON = %q, %v", name, b, err)
	}
	if utf8.ValidString(tm.Raw) {
		var back Time
		if err := json.Unmarshal(b, &back); err != nil || back.Raw != tm.Raw || !back.Time.Equal(tm.Time) {
			t.Fatalf("%s: round trip of %q gave %q (%v)", name, tm.Raw, back.Raw, err)
		}
	}
}

func checkMemory(t *testing.T, m *Memory) {
	t.Helper()
	for name, tm := range map[string]Time{"date": m.Date, "mentioned_at": m.MentionedAt, "occurred_start": m.OccurredStart,
		"occurred_end": m.OccurredEnd, "consolidated_at": m.ConsolidatedAt, "consolidation_failed_at": m.ConsolidationFailedAt,
		"invalidated_at": m.InvalidatedAt, "edited_at": m.EditedAt, "updated_at": m.UpdatedAt} {
		checkTime(t, name, tm)
	}
	for _, s := range m.SourceMemories {
		checkTime(t, "source occurred_start", s.OccurredStart)
		checkTime(t, "source mentioned_at", s.MentionedAt)
	}
	if m.ObservationScopes != nil && (string(m.ObservationScopes) == "null" || !json.Valid(m.ObservationScopes)) {
		t.Fatalf("observation_scopes = %q", m.ObservationScopes)
	}
}

func checkRecallResult(t *testing.T, r *RecallResult) {
	t.Helper()
	checkTime(t, "occurred_start", r.OccurredStart)
	checkTime(t, "occurred_end", r.OccurredEnd)
	checkTime(t, "mentioned_at", r.MentionedAt)
}

// unmarshaler is a pointer to a decoder's value type.
type unmarshaler[T any] interface {
	*T
	json.Unmarshaler
}

// fuzzValue holds the lenient value type T to its reference R on b: through
// json.Unmarshal into a zero value, and through UnmarshalJSON called directly on a value
// that already holds stale (staleRef for the reference), which must be replaced
// outright. check, if set, looks at what json.Unmarshal decoded successfully.
func fuzzValue[T, R any, PT unmarshaler[T], PR unmarshaler[R]](t *testing.T, b []byte, asT func(R) T, stale T, staleRef R, check func(T)) {
	t.Helper()
	var got T
	var want R
	errGot, errWant := json.Unmarshal(b, &got), json.Unmarshal(b, &want)
	if !sameErr(errGot, errWant) || (errGot == nil && !reflect.DeepEqual(got, asT(want))) {
		t.Fatalf("json.Unmarshal(%q):\n got %#v, %v\nwant %#v, %v", b, got, errGot, asT(want), errWant)
	}
	if errGot == nil && check != nil {
		check(got)
	}
	got, want = stale, staleRef
	errGot, errWant = PT(&got).UnmarshalJSON(b), PR(&want).UnmarshalJSON(b)
	if !sameErr(errGot, errWant) || !reflect.DeepEqual(got, asT(want)) {
		t.Fatalf("UnmarshalJSON(%q):\n got %#v, %v\nwant %#v, %v", b, got, errGot, asT(want), errWant)
	}
}

// fuzzBody holds decodeBody's result on b to the reference decoder's, and to what
// json.Unmarshal gives for the same type.
func fuzzBody[T any](t *testing.T, b []byte, got T, errGot error, want T, errWant error) {
	t.Helper()
	if !sameErr(errGot, errWant) || (errGot == nil && !reflect.DeepEqual(got, want)) {
		t.Fatalf("decodeBody(%q):\n got %#v, %v\nwant %#v, %v", b, got, errGot, want, errWant)
	}
	var viaJSON T
	if err := json.Unmarshal(b, &viaJSON); !sameErr(err, errGot) || (err == nil && !reflect.DeepEqual(viaJSON, got)) {
		t.Fatalf("json.Unmarshal(%q) = %#v, %v; decodeBody gave %#v, %v", b, viaJSON, err, got, errGot)
	}
}

func FuzzDecodeTime(f *testing.F) {
	for _, s := range seedTimes {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		fuzzValue[Time, refTime](t, b, func(r refTime) Time { return Time(r) }, Time{}, refTime{},
			func(got Time) { checkTime(t, "time", got) })
	})
}

func FuzzDecodeStringMap(f *testing.F) {
	for _, s := range seedMaps {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		fuzzValue[StringMap, refStringMap](t, b, func(r refStringMap) StringMap { return StringMap(r) },
			StringMap{"stale": "x"}, refStringMap{"stale": "x"}, nil)
	})
}

func FuzzDecodeStrings(f *testing.F) {
	for _, s := range seedLists {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		fuzzValue[Strings, refStrings](t, b, func(r refStrings) Strings { return Strings(r) },
			Strings{"stale"}, refStrings{"stale"}, func(got Strings) {
				if len(b) == 0 || b[0] != '"' {
					return
				}
				for _, s := range got {
					if s == "" || s == "None" || s != strings.TrimSpace(s) || strings.Contains(s, ",") {
						t.Fatalf("joined %q split into %q", b, got)
					}
				}
			})
	})
}

func FuzzDecodeMemory(f *testing.F) {
	for _, s := range []string{seedSingle, seedListItem, `{"id":"3","text":"x","entities":""}`, `null`, `{}`,
		`{"type":"world","fact_type":"experience","observation_scopes":[["a","b"]]}`, `{"observation_scopes":"per_tag"}`,
		`{"metadata":"x"}`, `{"entities":{"a":1}}`, `{"id":5,"date":7}`, `[]`, ` "0"`, " \n{", ` {"id":5} `} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var got Memory
		errGot := decodeBody(b, &got)
		want, errWant := refDecodeMemory(b)
		fuzzBody(t, b, got, errGot, want, errWant)
		if errGot == nil {
			checkMemory(t, &got)
		}
	})
}

func FuzzDecodeMemoryPage(f *testing.F) {
	for _, s := range []string{`{"items":[` + seedListItem + `],"total":1,"limit":100,"offset":0}`,
		`{"items":[` + seedSingle + `,null]}`, `{"items":[]}`, `{}`, `null`, `{"items":null,"total":"3"}`,
		string(memoryPagePayload(3)), ` ""`, " \t{\"items\":[", ` {"items":[{"id":5}]}`} {
		f.Add([]byte(s), 3)
	}
	f.Fuzz(func(t *testing.T, b []byte, limit int) {
		var got MemoryList
		errGot := decodeBody(b, memoryPage{&got, limit})
		want, errWant := refDecodeMemoryList(b)
		fuzzBody(t, b, got, errGot, want, errWant)
		if errGot != nil {
			return
		}
		if got.Items == nil {
			t.Fatal("a decoded page has nil Items")
		}
		for i := range got.Items {
			checkMemory(t, &got.Items[i])
		}
	})
}

func FuzzDecodeRecall(f *testing.F) {
	var small strings.Builder // the bench payload's shape with one of each include
	small.WriteString(`{"results":[`)
	for i := range 5 {
		if i > 0 {
			small.WriteByte(',')
		}
		recallResultJSON(&small, i, true)
	}
	small.WriteString(`],"entities":{"Alex":{"entity_id":"e1","canonical_name":"Alex","observations":[]}},` +
		`"chunks":{"c1":{"id":"c1","text":"Alex: hi\nPriya: hello","chunk_index":0,"truncated":true}},"source_facts":{"f":`)
	recallResultJSON(&small, 5, false)
	small.WriteString(`},"source_facts_truncated":false}`)
	for _, s := range []string{small.String(), `{"results":[],"trace":null}`, `{"results":[{"id":"a","scores":{"final":1}}],"trace":{"x":1}}`,
		`{"results":[{"metadata":{"n":1,"z":null},"occurred_start":"","mentioned_at":"2024-01-15"}]}`,
		`{"source_facts":{"f":{"metadata":null,"occurred_end":"2024-01-15 10:30"}},"source_facts_truncated":true}`,
		`{"results":[{"metadata":[]}]}`, `null`, `{}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var got RecallResponse
		errGot := decodeBody(b, &got)
		if errGot == nil && string(got.Trace) == "null" {
			got.Trace = nil // as Recall does
		}
		want, errWant := refDecodeRecall(b)
		if !sameErr(errGot, errWant) || (errGot == nil && !reflect.DeepEqual(got, want)) {
			t.Fatalf("decodeBody(%q):\n got %#v, %v\nwant %#v, %v", b, got, errGot, want, errWant)
		}
		if errGot != nil {
			return
		}
		for i := range got.Results {
			checkRecallResult(t, &got.Results[i])
		}
		for _, r := range got.SourceFacts {
			checkRecallResult(t, &r)
		}
	})
}

// FuzzDecodeAPIError covers the lenient error-body decoder: any body, any status, gives
// an error with a detail to show.
func FuzzDecodeAPIError(f *testing.F) {
	for _, s := range []string{`{"detail":"Bank 'x' not found"}`, `{"detail":[{"type":"missing","loc":["body","items",0,"content"],"msg":"Field required","input":{}}]}`,
		`{"detail":{"violations":[{"index":0,"detector":"pii","message":"contains a credit card number"}]}}`,
		`<html>Bad Gateway</html>`, ``, `{"detail":42}`, `{"detail":null}`, `{"detail":[{"loc":[null,true,1.5e300]}]}`, `{"detail":{}}`} {
		f.Add(422, []byte(s))
	}
	f.Fuzz(func(t *testing.T, status int, b []byte) {
		resp := &http.Response{StatusCode: status, Header: http.Header{}}
		e := newAPIError("GET", "/x", resp, b)
		if e == nil || e.StatusCode != status || (e.Detail == "" && http.StatusText(status) != "") {
			t.Fatalf("newAPIError(%d, %q) = %#v", status, b, e)
		}
		_ = e.Error()
		for _, fe := range e.Fields {
			_ = fe.Field()
		}
	})
}
