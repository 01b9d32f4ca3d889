package bankconfig

import (
	"encoding/json"
	"strings"
	"testing"
)

// FormatValue draws any value on one line and safely: a string as its text with its
// controls made visible, JSON spaced, null (or nothing) as null.
func TestFormatValue(t *testing.T) {
	for _, tc := range []struct{ raw, want string }{
		{``, "null"},
		{`null`, "null"},
		{`true`, "true"},
		{`0.025`, "0.025"},
		{`"two\nlines\tand  spaces"`, "two lines and spaces"},
		{`"a \u001b[31mred\u001b[0m word"`, "a ␛[31mred␛[0m word"},
		{`{"a":[1,2],"b":"x, y: z"}`, `{"a": [1, 2], "b": "x, y: z"}`},
		{` [ "recall" , "reflect" ] `, `["recall", "reflect"]`},
	} {
		got := FormatValue(json.RawMessage(tc.raw))
		if got != tc.want {
			t.Errorf("FormatValue(%s) = %q, want %q", tc.raw, got, tc.want)
		}
		if strings.ContainsAny(got, "\x1b\n\t") {
			t.Errorf("FormatValue(%s) left a control in %q", tc.raw, got)
		}
	}
	if got := FormatDetail(json.RawMessage(`{"rules":[{"on":"x"}]}`)); got != "{\n  \"rules\": [\n    {\n      \"on\": \"x\"\n    }\n  ]\n}" {
		t.Errorf("FormatDetail = %q", got)
	}
}

// Parse turns typed text into the JSON the server takes, or says what is wrong.
func TestParse(t *testing.T) {
	spec := func(key string) Spec { return SpecFor(key, nil) }
	for _, tc := range []struct{ key, text, want, err string }{
		{key: "retain_chunk_size", text: " 1500 ", want: "1500"},
		{key: "retain_chunk_size", text: "0", err: "out of range: ≥ 1"},
		{key: "disposition_literalism", text: "5", want: "5"},
		{key: "recall_budget_adaptive_low", text: "1e-3", want: "0.001"},
		{key: "recall_budget_adaptive_low", text: "NaN", err: "a number > 0"},
		{key: "recall_budget_function", text: "adaptive", want: `"adaptive"`},
		{key: "recall_budget_function", text: "linear", err: "one of fixed, adaptive"},
		{key: "retain_mission", text: "<b> & \"q\"", want: `"<b> & \"q\""`},
		{key: "entity_labels", text: "{\n  \"person\": \"a human\"\n}", want: `{"person":"a human"}`},
		{key: "observation_scope_limits", text: `[] []`, err: "more than one value"},
		{key: "enable_reranking", text: "False", want: "false"},
	} {
		got, err := Parse(spec(tc.key), tc.text)
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("Parse(%s, %q) error %v, want %q", tc.key, tc.text, err, tc.err)
		case tc.err == "" && (err != nil || string(got) != tc.want):
			t.Errorf("Parse(%s, %q) = %s, %v; want %s", tc.key, tc.text, got, err, tc.want)
		}
	}
}
