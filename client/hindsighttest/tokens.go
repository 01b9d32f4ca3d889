package hindsighttest

// estimateTokens stands in for the real server's tiktoken (cl100k_base) count: one
// token per four bytes, rounded up. It is close enough for English text, needs no
// vocabulary, and lets tests compute token budgets by hand.
func estimateTokens(text string) int {
	return (len(text) + 3) / 4
}
