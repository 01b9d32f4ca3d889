package codegen

import (
	"testing"

	"hindsight-tui/client"
)

func TestPromptBlock(t *testing.T) {
	texts := func(ts ...string) []client.RecallResult {
		rs := make([]client.RecallResult, len(ts))
		for i, s := range ts {
			rs[i] = client.RecallResult{ID: "id", Text: s, Type: "world", Tags: []string{"ignored"}}
		}
		return rs
	}
	ten := make([]string, 10)
	for i := range ten {
		ten[i] = "m"
	}
	for _, c := range []struct {
		name    string
		results []client.RecallResult
		want    string
	}{
		{"nil", nil, "No relevant memories found."},
		{"empty", []client.RecallResult{}, "No relevant memories found."},
		{"one", texts("Alice likes tea."), "1. Alice likes tea."},
		{"numbered", texts("Alice likes tea.", "Bob prefers coffee.", "They met in 2021."),
			"1. Alice likes tea.\n2. Bob prefers coffee.\n3. They met in 2021."},
		{"two digits", texts(ten...), "1. m\n2. m\n3. m\n4. m\n5. m\n6. m\n7. m\n8. m\n9. m\n10. m"},
		// What the model sees is the text as stored: no trimming, no sanitizing.
		{"verbatim", texts("  spaced  ", "multi\nline", "\x1b[31mred\x1b[0m", ""),
			"1.   spaced  \n2. multi\nline\n3. \x1b[31mred\x1b[0m\n4. "},
	} {
		if got := PromptBlock(c.results); got != c.want {
			t.Errorf("%s: PromptBlock = %q, want %q", c.name, got, c.want)
		}
	}
}

func TestEstimateTokens(t *testing.T) {
	for in, want := range map[string]int{
		"":                            0,
		"a":                           1,
		"abcd":                        1,
		"abcde":                       2,
		"No relevant memories found.": 7, // 27 bytes
		"🎉":                           1, // 4 bytes
		"日本語":                         3, // 9 bytes
	} {
		if got := EstimateTokens(in); got != want {
			t.Errorf("EstimateTokens(%q) = %d, want %d", in, got, want)
		}
	}
}
