package config

import (
	"fmt"
	"os"
	"strings"
)

// fileValues are the two settings hindsight-tui reads from a Hindsight CLI file, with the
// line each came from, so that a bad value can be reported by place instead of by text.
type fileValues struct {
	url, key         string
	urlLine, keyLine int
}

// Setting names, as they appear in the files.
const (
	settingURL = "api_url"
	settingKey = "api_key"
)

// LineError is a problem with one line of a profile or config file. It names the file,
// the line and, when the line belongs to one of hindsight-tui's settings, the setting;
// never the line's text, which may hold an API key.
type LineError struct {
	Path    string
	Line    int
	Setting string // "api_url" or "api_key", when the line is one of them
	Reason  string
}

func (e *LineError) Error() string {
	s := fmt.Sprintf("%s:%d: ", e.Path, e.Line)
	if e.Setting != "" {
		s += e.Setting + ": "
	}
	return s + e.Reason
}

// readFile reads a profile or config file. The error wraps fs.ErrNotExist when the file
// is missing, so callers can tell "absent" from "unreadable"; a line it cannot read is a
// *LineError.
func readFile(path string) (fileValues, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return fileValues{}, err // an *fs.PathError: it names the file
	}
	return parseFile(path, string(data))
}

// parseFile understands the TOML subset Hindsight's CLI writes and a bit more that people
// type by hand: `key = value` lines, blank lines, # comments, [section] headers (ignored:
// the CLI reads the settings wherever they are), CRLF line ends and spaces or tabs around
// everything. api_url and api_key take a value in double quotes (no escapes), in single
// quotes, or unquoted (one word without quotes or #). Other keys are skipped, following
// multi-line strings and arrays far enough to know where they end. An empty value ("")
// leaves the setting unset and a later line wins, as in the CLI.
//
// Whatever it cannot read as the user meant it is a *LineError rather than a silent "no
// key": a line without "=", quotes that do not close, a triple-quoted or escaped value,
// text after a value, a misspelt setting, control characters, invalid UTF-8.
//
// Every file it accepts gives the same key to the line-based shell command that
// copy-as-code (ui/codegen) writes for loading a key kept in a file; the rules above (no
// # in an unquoted value, no api_key line inside another key's multi-line value, a
// carriage return only at a line's end) are what keep the two in step.
func parseFile(path, text string) (fileValues, error) {
	p := fileParser{path: path}
	if strings.HasPrefix(text, "\uFEFF") {
		return fileValues{}, p.fail(1, "", "the file starts with a byte order mark; save it as UTF-8 without one")
	}
	for i, line := range strings.Split(text, "\n") {
		if err := p.line(i+1, strings.TrimSuffix(line, "\r")); err != nil {
			return fileValues{}, err
		}
	}
	if p.scan.open() {
		return fileValues{}, p.fail(p.scan.start, "", "the multi-line value that starts on this line is never closed")
	}
	return p.v, nil
}

// fileParser is parseFile's state between lines.
type fileParser struct {
	path string
	v    fileValues
	scan valueScan // the value of another key, while it spans lines
}

func (p *fileParser) fail(line int, setting, reason string) error {
	return &LineError{Path: p.path, Line: line, Setting: setting, Reason: reason}
}

func (p *fileParser) line(n int, line string) error {
	if reason := badText(line); reason != "" {
		return p.fail(n, "", reason)
	}
	if p.scan.open() {
		if s := settingLine(line); s != "" {
			return p.fail(n, s, fmt.Sprintf("this line is inside the multi-line value that starts on line %d; move it out of that value", p.scan.start))
		}
		return p.failIf(n, p.scan.feed(line))
	}
	text := trimWS(line)
	switch {
	case text == "" || text[0] == '#':
		return nil
	case text[0] == '[':
		return p.failIf(n, sectionProblem(text))
	}
	k, rest, ok := parseKey(text)
	if !ok || !strings.HasPrefix(rest, "=") {
		setting := settingLike(text)
		switch {
		case strings.Contains(text, "="):
			return p.fail(n, setting, "malformed key before '='")
		case setting != "":
			return p.fail(n, setting, "the line has no '=' (write "+setting+` = "...")`)
		}
		return p.fail(n, "", "not a key = value line, a [section] header or a # comment")
	}
	rest = rest[1:]
	setting := k.setting()
	if setting == "" {
		p.scan = valueScan{start: n}
		return p.failIf(n, p.scan.begin(rest))
	}
	switch {
	case k.quoted:
		return p.fail(n, setting, "write the key without quotes: "+setting+` = "..."`)
	case len(k.parts) != 1 || k.parts[0] != setting:
		return p.fail(n, setting, "the setting is spelled "+setting+" (lower case, with an underscore)")
	}
	value, reason := settingValue(rest)
	if reason != "" {
		return p.fail(n, setting, reason)
	}
	switch {
	case value == "":
		// api_key = "" says "no key" and, as in the CLI, does not clear an earlier line.
	case setting == settingURL:
		p.v.url, p.v.urlLine = value, n
	default:
		p.v.key, p.v.keyLine = value, n
	}
	return nil
}

func (p *fileParser) failIf(n int, reason string) error {
	if reason == "" {
		return nil
	}
	return p.fail(n, "", reason)
}

// settingValue reads the value of an api_url or api_key line after its "=". It returns
// the value, or why the line is malformed; the reason never quotes the value.
func settingValue(raw string) (value, reason string) {
	raw = trimLeftWS(raw)
	switch {
	case raw == "" || raw[0] == '#':
		return "", `no value after '=' (write "" for none, or remove the line)`
	case strings.HasPrefix(raw, `"""`), strings.HasPrefix(raw, "'''"):
		return "", "triple-quoted strings are not supported here; put the value in double quotes on one line"
	case raw[0] == '"' || raw[0] == '\'':
		q := raw[0]
		end := strings.IndexByte(raw[1:], q)
		if end < 0 {
			return "", "the closing quote is missing"
		}
		value = raw[1 : 1+end]
		switch {
		case q == '"' && strings.Contains(value, `\`):
			return "", "a backslash inside double quotes (escapes are not supported; use single quotes for a value with a backslash)"
		case value != trimWS(value):
			return "", "spaces or tabs inside the quotes at the start or end of the value"
		case !isCommentOrEmpty(raw[2+end:]):
			return "", "unexpected text after the closing quote"
		}
		return value, ""
	}
	value, rest := raw, ""
	if i := strings.IndexAny(raw, " \t"); i >= 0 {
		value, rest = raw[:i], raw[i:]
	}
	switch {
	case strings.ContainsAny(value, `"'`):
		return "", "a quote inside an unquoted value; put the whole value in double quotes"
	case strings.Contains(value, "#"):
		return "", "an unquoted value cannot hold '#'; put the value in double quotes"
	case !isCommentOrEmpty(rest):
		return "", "an unquoted value cannot hold a space; put the value in double quotes"
	}
	return value, ""
}

func isCommentOrEmpty(s string) bool {
	s = trimLeftWS(s)
	return s == "" || s[0] == '#'
}

// settingLine returns the setting a line assigns to in the eyes of a line-based reader
// (optional spaces, the name, optional spaces, "="), or "".
func settingLine(line string) string {
	text := trimLeftWS(line)
	for _, s := range []string{settingURL, settingKey} {
		if rest, ok := strings.CutPrefix(text, s); ok && strings.HasPrefix(trimLeftWS(rest), "=") {
			return s
		}
	}
	return ""
}

// settingLike returns the setting the first word of a malformed line resembles, so its
// error can say which setting is broken, or "".
func settingLike(text string) string {
	if text != "" && (text[0] == '"' || text[0] == '\'') {
		if end := strings.IndexByte(text[1:], text[0]); end >= 0 {
			return settingNamed(text[1 : 1+end])
		}
		return ""
	}
	i := 0
	for i < len(text) && isBareKeyByte(text[i]) {
		i++
	}
	return settingNamed(text[:i])
}

// settingNamed returns api_url or api_key when name is one of them, however spelt
// (API_KEY, api-key, apiKey), and "" otherwise.
func settingNamed(name string) string {
	switch strings.NewReplacer("_", "", "-", "").Replace(strings.ToLower(name)) {
	case "apiurl":
		return settingURL
	case "apikey":
		return settingKey
	}
	return ""
}
