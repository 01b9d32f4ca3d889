package codegen

import (
	"bytes"
	"encoding/json"
	"net/url"
	"strings"
)

// curlSnippet writes one curl command. Everything that came from the user (URL, body) is
// single-quoted, so "$HOME", backticks and backslashes in a query reach the server as typed;
// only the Authorization header is double-quoted, because it must expand $HINDSIGHT_API_KEY.
// There are no "#" comment lines: interactive zsh would run them as a command; the note
// on the key is the argument of the no-op ":" instead.
func curlSnippet(in Input) string {
	body, err := requestBody(in)
	if err != nil {
		// Only a NaN or infinite score floor gets here; JSON cannot carry either.
		return "echo " + shellQuote("cannot encode this request as JSON: "+err.Error()) + "\n"
	}
	var b strings.Builder
	writeKeyShell(&b, in)
	b.WriteString("curl -sS -X POST " + shellQuote(recallURL(in)) + " \\\n")
	b.WriteString("  -H 'Content-Type: application/json' \\\n")
	if in.hasKey() {
		b.WriteString("  -H \"Authorization: Bearer $" + keyEnv + "\" \\\n")
	}
	b.WriteString("  -d " + shellQuote(body) + "\n")
	return b.String()
}

// recallURL is the address client.Recall posts to: the bank is one escaped path segment.
func recallURL(in Input) string {
	return baseURL(in.BaseURL) + "/v1/default/banks/" + url.PathEscape(in.BankID) + "/memories/recall"
}

// requestBody encodes the request the way the client does (same struct, same MarshalJSON,
// HTML left unescaped), indented so a person can edit it; compacted it is byte for byte
// what the TUI sent.
func requestBody(in Input) (string, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(in.Req); err != nil {
		return "", err
	}
	return strings.TrimSuffix(buf.String(), "\n"), nil
}

// shellQuote makes s one POSIX shell word that expands to exactly s: inside single quotes
// nothing is special, and a single quote itself is closed, escaped and reopened.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
