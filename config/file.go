package config

import (
	"fmt"
	"os"
	"strings"
)

// fileValues are the two settings hindsight-tui reads from a Hindsight CLI file.
type fileValues struct {
	url string
	key string
}

// readFile reads a profile or config file. The error wraps fs.ErrNotExist when the file
// is missing, so callers can tell "absent" from "unreadable".
func readFile(path string) (fileValues, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return fileValues{}, fmt.Errorf("read %s: %w", path, err)
	}
	return parseFile(string(data)), nil
}

// parseFile understands the TOML subset Hindsight's CLI writes and a bit more that people
// type by hand: `key = value` lines with optional single or double quotes, blank lines,
// # comments, [section] headers (ignored), CRLF line ends and stray whitespace. Unknown
// keys are ignored; an empty value leaves the setting unset; a later line wins.
func parseFile(text string) fileValues {
	var v fileValues
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' || line[0] == '[' {
			continue
		}
		name, raw, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		value := parseValue(raw)
		if value == "" {
			continue
		}
		switch strings.TrimSpace(name) {
		case "api_url":
			v.url = value
		case "api_key":
			v.key = value
		}
	}
	return v
}

// parseValue returns the value of one line: the text between matching quotes, or the
// unquoted text up to a comment that follows whitespace ("x # note").
func parseValue(raw string) string {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return ""
	}
	if q := raw[0]; q == '"' || q == '\'' {
		if end := strings.IndexByte(raw[1:], q); end >= 0 {
			return strings.TrimSpace(raw[1 : 1+end])
		}
		return strings.TrimSpace(raw[1:]) // unterminated quote: be lenient, like the CLI
	}
	if i := strings.IndexAny(raw, " \t"); i >= 0 {
		if rest := strings.TrimLeft(raw[i:], " \t"); strings.HasPrefix(rest, "#") {
			raw = raw[:i]
		}
	}
	return strings.TrimSpace(raw)
}
