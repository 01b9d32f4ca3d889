// Package codegen turns the recall pane's current request into code a developer can paste
// elsewhere, and its results into the text an agent integration would put in a prompt.
//
// Every snippet reproduces the request exactly where the target can express it, and says
// in a comment what it cannot, so that "it works in the TUI but not in my agent" has a
// visible cause. The functions are pure: no I/O, no Bubble Tea, and they never receive the
// API key, only whether one is configured and where it came from, so a key cannot leak
// into a clipboard. Each snippet reads the key from $HINDSIGHT_API_KEY and says where the
// TUI's key came from; a key kept in a profile or config file comes with a shell command
// that loads it into the variable without printing it.
package codegen

import (
	"strings"

	"hindsight-tui/client"
	"hindsight-tui/config"
)

// Target is a language or integration a request can be copied as.
type Target int

// The targets, in the order the menu lists them.
const (
	Curl Target = iota
	Python
	Go
	AutoGen
	SmolAgents
)

// String is the menu label of t.
func (t Target) String() string {
	switch t {
	case Curl:
		return "curl"
	case Python:
		return "Python (hindsight_client)"
	case Go:
		return "Go (hindsight-tui client)"
	case AutoGen:
		return "AutoGen tools"
	case SmolAgents:
		return "SmolAgents tools"
	}
	return "unknown target"
}

// Targets lists every target in menu order; a fresh slice, so callers may keep or modify it.
func Targets() []Target { return []Target{Curl, Python, Go, AutoGen, SmolAgents} }

// Input is what a snippet is generated from. It deliberately has no key field: snippets
// read the key from the HINDSIGHT_API_KEY environment variable when KeySet is true.
// KeyOrigin says where the TUI's key came from (a known origin implies KeySet); a
// snippet says so in a comment, and for a key kept in a profile or config file gives the
// command that loads it into the variable.
type Input struct {
	BaseURL, BankID string
	KeySet          bool
	KeyOrigin       config.KeyOrigin
	Req             client.RecallRequest
}

// keyEnv is the environment variable every snippet reads the API key from.
const keyEnv = "HINDSIGHT_API_KEY"

// Recall returns in as a snippet for t, ending with a newline. An unknown target yields a
// one-line note rather than an empty clipboard.
func Recall(t Target, in Input) string {
	switch t {
	case Curl:
		return curlSnippet(in)
	case Python:
		return pythonSnippet(in)
	case Go:
		return goSnippet(in)
	case AutoGen:
		return toolsSnippet(toolsTarget{module: "hindsight_autogen", hasTypes: true, hasEntities: true}, in)
	case SmolAgents:
		return toolsSnippet(toolsTarget{module: "hindsight_smolagents"}, in)
	}
	return "# no code generator for this target\n"
}

// baseURL is the server URL as the client uses it (trailing slash removed), so snippets
// hit the same address as the TUI. A URL the client would reject is passed through trimmed:
// the user sees it in the snippet, which is more useful than an empty one.
func baseURL(raw string) string {
	if u, err := client.ParseBaseURL(raw); err == nil {
		return u.String()
	}
	return strings.TrimRight(strings.TrimSpace(raw), "/")
}
