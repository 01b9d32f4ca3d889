package reflect

import (
	"strings"
	"testing"
)

func TestJSONLines(t *testing.T) {
	tests := []struct {
		name, raw string
		want      []string
		total     int
	}{
		{name: "absent", raw: ""},
		{name: "null", raw: " null "},
		{name: "server's key order", raw: `{"z":1,"a":[true,null],"m":{},"e":[]}`, total: 9,
			want: []string{"{", `  "z": 1,`, `  "a": [`, "    true,", "    null", "  ],", `  "m": {},`, `  "e": []`, "}"}},
		{name: "strings decoded, then shown safely", raw: `{"t":"a\"b\\c\nd\te\u001b[2J \u00e9"}`, total: 3,
			want: []string{"{", `  "t": "a\"b\\c\nd\te␛[2J é"`, "}"}},
		{name: "not JSON", raw: "oops\x1b[31m\nsecond", total: 2, want: []string{"oops␛[31m", "second"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, total := jsonLines([]byte(tt.raw))
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") || total != tt.total {
				t.Errorf("got %d lines of %d:\n%s\nwant %d:\n%s", len(got), total, strings.Join(got, "\n"), tt.total, strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestJSONLinesKeepsTheFirstLinesOfALongValue(t *testing.T) {
	raw := "[" + strings.Repeat("1,", 99) + "1]"
	got, total := jsonLines([]byte(raw))
	if len(got) != outputLines || total != 102 {
		t.Fatalf("%d lines kept of %d", len(got), total)
	}
}

func TestJSONDepthIsBounded(t *testing.T) {
	raw := strings.Repeat("[", 5000) + strings.Repeat("]", 5000)
	n, ok := parseJSON([]byte(raw))
	got, _ := n.prettyLines(0)
	if !ok || len(got) != 2*maxJSONDepth+3 || !strings.Contains(strings.Join(got, ""), "…") {
		t.Fatalf("deep nesting not cut: %d lines", len(got))
	}
}

func TestInputSummary(t *testing.T) {
	for raw, want := range map[string]string{
		`{"query":"Where is Alex?"}`:                   "query: Where is Alex?",
		`{"memory_ids":["a","b","c"],"depth":"chunk"}`: "memory_ids: 3 items · depth: chunk",
		`{"memory_ids":["a"],"opts":{"x":1},"n":2}`:    "memory_ids: [a] · opts: 1 field · n: 2",
		`{}`: "no input",
	} {
		n, ok := parseJSON([]byte(raw))
		if got := n.summary(titleMax); !ok || got != want {
			t.Errorf("%s: %q, want %q", raw, got, want)
		}
	}
}
