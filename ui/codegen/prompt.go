package codegen

import (
	"strconv"
	"strings"

	"hindsight-tui/client"
)

// noMemories is what the agent tools hand the model when recall finds nothing.
const noMemories = "No relevant memories found."

// PromptBlock is the recall tools' answer for these results: "1. <text>" lines joined by
// newlines, no trailing newline, or noMemories. Text is kept byte for byte, control
// characters included, because this is what the model receives; whoever displays the
// block must sanitize it.
func PromptBlock(results []client.RecallResult) string {
	if len(results) == 0 {
		return noMemories
	}
	var b strings.Builder
	for i, r := range results {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(strconv.Itoa(i + 1))
		b.WriteString(". ")
		b.WriteString(r.Text)
	}
	return b.String()
}

// EstimateTokens estimates how many model tokens text costs as ceil(bytes/4), the rule of
// thumb the Hindsight docs quote (and our test server counts with). It is an estimate, not
// a tokenizer (the server counts with tiktoken's cl100k_base): English prose lands close,
// code and non-Latin scripts can be well off, so the UI should show it as "~N tokens".
func EstimateTokens(text string) int {
	return (len(text) + 3) / 4
}
