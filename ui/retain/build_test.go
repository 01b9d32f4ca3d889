package retain

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

func TestParseTimestamp(t *testing.T) {
	tests := []struct {
		in, want string
		bad      bool
	}{
		{in: "", want: ""},
		{in: "  ", want: ""},
		{in: "now", want: ""},
		{in: "NOW", want: ""},
		{in: "unset", want: "unset"},
		{in: " Unset ", want: "unset"},
		{in: "2024-01-15", want: "2024-01-15T00:00:00Z"},
		{in: "2024-01-15 10:30", want: "2024-01-15T10:30:00Z"},
		{in: "2024-01-15T10:30", want: "2024-01-15T10:30:00Z"},
		{in: "2024-01-15 10:30:45", want: "2024-01-15T10:30:45Z"},
		{in: "2024-01-15T10:30:45", want: "2024-01-15T10:30:45Z"},
		{in: "2024-01-15T10:30:00Z", want: "2024-01-15T10:30:00Z"},
		{in: "2024-01-15T10:30:00-08:00", want: "2024-01-15T10:30:00-08:00"}, // the offset is kept
		{in: "2024-01-15T10:30:00.123456+00:00", want: "2024-01-15T10:30:00.123456+00:00"},
		{in: "yesterday", bad: true},
		{in: "2024-13-01", bad: true},
		{in: "15/01/2024", bad: true},
		{in: "2024-01-15 25:00", bad: true},
	}
	for _, tt := range tests {
		got, err := parseTimestamp(tt.in)
		if (err != nil) != tt.bad || got != tt.want || tt.bad && err != common.ErrWhen {
			t.Errorf("parseTimestamp(%q) = %q, %v; want %q, bad %v (with the shared message)", tt.in, got, err, tt.want, tt.bad)
		}
	}
}

func TestTimestampNote(t *testing.T) {
	for in, want := range map[string]string{
		"":           "not sent: the server stamps the time it receives the memory",
		"now":        "not sent: the server stamps the time it receives the memory",
		"unset":      `sent as "unset": stored without a timestamp`,
		"2024-01-15": "sent as 2024-01-15T00:00:00Z",
	} {
		if got, err := timestampNote(in); err != nil || got != want {
			t.Errorf("timestampNote(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := timestampNote("soon"); err == nil || !strings.Contains(err.Error(), "2024-01-15 10:30") {
		t.Errorf("a bad timestamp should say what is accepted: %v", err)
	}
}

// parseCase is a text a form field's parser reads, and what it must make of it: the
// value, or an error holding wantErr.
type parseCase[T any] struct {
	in      string
	want    T
	wantErr string
}

// checkParse runs parse, named name in errors, on every case.
func checkParse[T any](t *testing.T, name string, parse func(string) (T, error), tests []parseCase[T]) {
	t.Helper()
	for _, tt := range tests {
		got, err := parse(tt.in)
		switch {
		case tt.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("%s(%q) error = %v, want %q", name, tt.in, err, tt.wantErr)
			}
		case err != nil || !reflect.DeepEqual(got, tt.want):
			t.Errorf("%s(%q) = %+v, %v; want %+v", name, tt.in, got, err, tt.want)
		}
	}
}

func TestParseMetadata(t *testing.T) {
	checkParse(t, "ParseKeyValues", components.ParseKeyValues, []parseCase[map[string]string]{
		{in: "", want: nil},
		{in: "\n  \n", want: nil},
		{in: "source=slack", want: map[string]string{"source": "slack"}},
		{in: " source = slack \nchannel=#eng\n\nid=42", want: map[string]string{"source": "slack", "channel": "#eng", "id": "42"}},
		{in: "url=https://x.test/?a=b", want: map[string]string{"url": "https://x.test/?a=b"}}, // only the first = splits
		{in: "empty=", want: map[string]string{"empty": ""}},
		{in: "source=slack\nnonsense", wantErr: `line 2: "nonsense" is not key=value`},
		{in: "=value", wantErr: "line 1: the key before = is empty"},
		{in: "a=1\nb=2\na=3", wantErr: `line 3: key "a" is already on line 1`},
	})
}

func TestParseEntities(t *testing.T) {
	checkParse(t, "parseEntities", parseEntities, []parseCase[[]client.EntityHint]{
		{in: "", want: nil},
		{in: "Alex", want: []client.EntityHint{{Text: "Alex"}}},
		{in: "Alex:PERSON, Lisbon:PLACE,Acme", want: []client.EntityHint{{Text: "Alex", Type: "PERSON"}, {Text: "Lisbon", Type: "PLACE"}, {Text: "Acme"}}},
		{in: "Alex\nLisbon : PLACE", want: []client.EntityHint{{Text: "Alex"}, {Text: "Lisbon", Type: "PLACE"}}},
		{in: "Dr: Who:PERSON", want: []client.EntityHint{{Text: "Dr: Who", Type: "PERSON"}}}, // the last colon types
		{in: " , ,Alex, ", want: []client.EntityHint{{Text: "Alex"}}},
		{in: "Alex:", wantErr: "the type after : is empty"},
		{in: ":PERSON", wantErr: "the name before : is empty"},
		{in: "Alex:big person", wantErr: "must be one word"},
		{in: "Alex, alex:PERSON", wantErr: `"alex" is listed twice`},
	})
}

// TestBuildRequest checks the exact JSON the form sends, field by field.
func TestBuildRequest(t *testing.T) {
	const gen = "gen-id"
	tests := []struct {
		name string
		v    values
		want string
		errs []field
	}{
		{name: "content only gets the generated document id",
			v:    values{Content: "Alex likes tea."},
			want: `{"items":[{"content":"Alex likes tea.","document_id":"gen-id"}]}`},
		{name: "content is sent exactly as typed",
			v:    values{Content: "  two\nlines  "},
			want: `{"items":[{"content":"  two\nlines  ","document_id":"gen-id"}]}`},
		{name: "async",
			v:    values{Content: "x", Async: true},
			want: `{"items":[{"content":"x","document_id":"gen-id"}],"async":true}`},
		{name: "unset timestamp",
			v:    values{Content: "x", Timestamp: "UNSET"},
			want: `{"items":[{"content":"x","timestamp":"unset","document_id":"gen-id"}]}`},
		{name: "now sends no timestamp",
			v:    values{Content: "x", Timestamp: "now"},
			want: `{"items":[{"content":"x","document_id":"gen-id"}]}`},
		{name: "date and time in UTC",
			v:    values{Content: "x", Timestamp: "2024-01-15 10:30"},
			want: `{"items":[{"content":"x","timestamp":"2024-01-15T10:30:00Z","document_id":"gen-id"}]}`},
		{name: "context trimmed",
			v:    values{Content: "x", Context: "  team meeting "},
			want: `{"items":[{"content":"x","context":"team meeting","document_id":"gen-id"}]}`},
		{name: "typed document id, replace is the default and not sent",
			v:    values{Content: "x", DocumentID: " notes-1 "},
			want: `{"items":[{"content":"x","document_id":"notes-1"}]}`},
		{name: "append",
			v:    values{Content: "x", DocumentID: "notes-1", Append: true},
			want: `{"items":[{"content":"x","document_id":"notes-1","update_mode":"append"}]}`},
		{name: "append without a document id is not sent",
			v:    values{Content: "x", Append: true},
			want: `{"items":[{"content":"x","document_id":"gen-id"}]}`},
		{name: "tags with the one still being typed",
			v:    values{Content: "x", Tags: []string{"a", "b"}, TagText: " c "},
			want: `{"items":[{"content":"x","document_id":"gen-id","tags":["a","b","c"]}]}`},
		{name: "metadata strings",
			v:    values{Content: "x", Metadata: "source=slack\nid=42"},
			want: `{"items":[{"content":"x","metadata":{"id":"42","source":"slack"},"document_id":"gen-id"}]}`},
		{name: "entities with and without a type",
			v:    values{Content: "x", Entities: "Alex:PERSON, Lisbon"},
			want: `{"items":[{"content":"x","document_id":"gen-id","entities":[{"text":"Alex","type":"PERSON"},{"text":"Lisbon"}]}]}`},
		{name: "everything",
			v: values{Content: "Alex moved.", Context: "chat", Timestamp: "2024-01-15T10:30:00+01:00", DocumentID: "d",
				Append: true, Tags: []string{"t"}, Metadata: "k=v", Entities: "Alex:PERSON", Async: true},
			want: `{"items":[{"content":"Alex moved.","timestamp":"2024-01-15T10:30:00+01:00","context":"chat",` +
				`"metadata":{"k":"v"},"document_id":"d","entities":[{"text":"Alex","type":"PERSON"}],"tags":["t"],` +
				`"update_mode":"append"}],"async":true}`},
		{name: "blank content", v: values{Content: " \n "}, errs: []field{fContent}},
		{name: "every local check at once",
			v:    values{Content: "", Timestamp: "later", Metadata: "a=1\na=2", Entities: "x:"},
			errs: []field{fContent, fTimestamp, fMetadata, fEntities}},
	}
	for _, tt := range tests {
		req, errs := buildRequest(tt.v, gen)
		if len(tt.errs) > 0 {
			if len(errs) != len(tt.errs) {
				t.Errorf("%s: errors %v, want fields %v", tt.name, errs, tt.errs)
			}
			for _, f := range tt.errs {
				if errs[f] == "" {
					t.Errorf("%s: no error on field %d: %v", tt.name, f, errs)
				}
			}
			continue
		}
		if errs != nil {
			t.Errorf("%s: unexpected errors %v", tt.name, errs)
			continue
		}
		b, _ := json.Marshal(req)
		if string(b) != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, b, tt.want)
		}
	}
}

func TestFieldForLoc(t *testing.T) {
	tests := map[string]field{
		"items.0.content":         fContent,
		"items.0.timestamp":       fTimestamp,
		"items.0.metadata":        fMetadata,
		"items.0.metadata.source": fMetadata,
		"items.0.entities.1.type": fEntities,
		"items.0.tags":            fTags,
		"items.0.update_mode":     fUpdateMode,
		"items.0.document_id":     fDocumentID,
		"items.0.context":         fContext,
		"async":                   fAsync,
	}
	for loc, want := range tests {
		if got, ok := fieldForLoc(loc); !ok || got != want {
			t.Errorf("fieldForLoc(%q) = %d, %v; want %d", loc, got, ok, want)
		}
	}
	for _, loc := range []string{"operation_id", "items", "items.0", "items.0.strategy", "body"} {
		if f, ok := fieldForLoc(loc); ok {
			t.Errorf("fieldForLoc(%q) = %d, want no field", loc, f)
		}
	}
}

func TestValuesEmptyAndEqual(t *testing.T) {
	if !(values{Async: true}).empty() {
		t.Error("the async switch alone is not worth a draft")
	}
	for _, v := range []values{{Content: "x"}, {TagText: "t"}, {Tags: []string{"a"}}, {Metadata: "k=v"}} {
		if v.empty() {
			t.Errorf("%+v should not be empty", v)
		}
	}
	a := values{Content: "x", Tags: []string{"a"}}
	if !a.equal(values{Content: "x", Tags: []string{"a"}}) || a.equal(values{Content: "x", Tags: []string{"b"}}) {
		t.Error("equal compares tags")
	}
}
