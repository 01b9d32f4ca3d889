package config

import (
	"strings"
	"unicode/utf8"
)

// This file holds the TOML lexing parseFile needs: keys, section headers, and enough of
// other keys' values to know where they end. It never evaluates a value it does not use.

// trimWS and trimLeftWS strip TOML whitespace (spaces and tabs). strings.TrimSpace would
// also strip Unicode spaces, which a line-based shell reader keeps.
func trimWS(s string) string     { return strings.Trim(s, " \t") }
func trimLeftWS(s string) string { return strings.TrimLeft(s, " \t") }

// badText says why a line (without its line end) cannot be in a file we read: TOML
// allows neither control characters (tab aside) nor invalid UTF-8 anywhere, and a
// carriage return anywhere but at the end of a line would let a line-based reader see
// lines that we do not.
func badText(line string) string {
	if !utf8.ValidString(line) {
		return "the line is not valid UTF-8"
	}
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case c == '\r':
			return "a carriage return inside the line"
		case c < ' ' && c != '\t', c == 0x7f:
			return "a control character in the line"
		}
	}
	return ""
}

// isBareKeyByte reports whether c may appear in a bare key: ASCII letters, digits, _ and -,
// and (as TOML 1.1 allows Unicode letters) any byte of a multi-byte character.
func isBareKeyByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c >= 0x80
}

// keyPath is a parsed key: its dotted parts, unquoted.
type keyPath struct {
	parts  []string
	quoted bool // some part was quoted
}

// setting returns the setting k names (however spelt), or "" for any other key.
func (k keyPath) setting() string {
	if len(k.parts) != 1 {
		return ""
	}
	return settingNamed(k.parts[0])
}

// parseKey reads a bare, quoted or dotted key from the start of s. It returns the text
// after the key and the spaces that follow it; ok is false when s does not start with a
// well-formed key.
func parseKey(s string) (k keyPath, rest string, ok bool) {
	for {
		s = trimLeftWS(s)
		if s == "" {
			return k, s, false
		}
		if c := s[0]; c == '"' || c == '\'' {
			end := closeQuote(s[1:], c)
			if end < 0 {
				return k, s, false
			}
			k.parts, k.quoted = append(k.parts, s[1:1+end]), true
			s = s[2+end:]
		} else {
			i := 0
			for i < len(s) && isBareKeyByte(s[i]) {
				i++
			}
			if i == 0 {
				return k, s, false
			}
			k.parts = append(k.parts, s[:i])
			s = s[i:]
		}
		s = trimLeftWS(s)
		if !strings.HasPrefix(s, ".") {
			return k, s, true
		}
		s = s[1:]
	}
}

// closeQuote returns the index in s of the quote q that closes a one-line string whose
// opening quote came just before s, or -1. In a basic ("...") string a backslash escapes
// the next character.
func closeQuote(s string, q byte) int {
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == q:
			return i
		case q == '"' && s[i] == '\\':
			i++
		}
	}
	return -1
}

// sectionProblem says why a line starting with "[" is not a [table] or [[array]] header,
// or returns "".
func sectionProblem(text string) string {
	const bad = "malformed [section] header"
	open, closing := "[", "]"
	if strings.HasPrefix(text, "[[") {
		open, closing = "[[", "]]"
	}
	k, rest, ok := parseKey(text[len(open):])
	if !ok || len(k.parts) == 0 {
		return bad
	}
	rest, ok = strings.CutPrefix(rest, closing)
	if !ok || !isCommentOrEmpty(rest) {
		return bad
	}
	return ""
}

// valueScan follows the value of a key hindsight-tui does not read, across lines when it
// is a multi-line string or array, just far enough to know where it ends.
type valueScan struct {
	start int  // the line the value starts on
	depth int  // open [ and {
	ml    byte // the quote of the multi-line string the scan is inside, or 0
}

func (s *valueScan) open() bool { return s.depth > 0 || s.ml != 0 }

// begin scans the text after "=" and returns why it is not a value, or "".
func (s *valueScan) begin(raw string) string {
	raw = trimLeftWS(raw)
	switch {
	case raw == "" || raw[0] == '#':
		return "no value after '='"
	case strings.ContainsRune(`"'[{`, rune(raw[0])):
		return s.feed(raw)
	}
	// Anything else is one line long; hindsight-tui does not care what it is, as long as
	// it cannot be the rest of a key pasted on its own line (base64 "==" padding).
	if raw[0] == '=' {
		return "a value cannot start with '=' (is this line a pasted key?)"
	}
	return ""
}

// feed scans one line, or the rest of one, of a value and returns why it is malformed,
// or "". It keeps the state a multi-line value needs on the next line.
func (s *valueScan) feed(text string) string {
	for i := 0; i < len(text); {
		if s.ml != 0 {
			end := closeTriple(text[i:], s.ml)
			if end < 0 {
				return "" // the string goes on on the next line
			}
			i += end
			// A multi-line string may end with up to two quotes of its own before the
			// closing three.
			for n := 0; n < 2 && i < len(text) && text[i] == s.ml; n++ {
				i++
			}
			s.ml = 0
			continue
		}
		switch c := text[i]; c {
		case '#':
			return ""
		case '[', '{':
			s.depth++
		case ']', '}':
			if s.depth == 0 {
				return "a closing bracket without an opening one"
			}
			s.depth--
		case '"', '\'':
			if strings.HasPrefix(text[i:], strings.Repeat(string(c), 3)) {
				s.ml = c
				i += 3
				continue
			}
			end := closeQuote(text[i+1:], c)
			if end < 0 {
				return "a string that is not closed on its line"
			}
			i += end + 2
			continue
		}
		i++
	}
	return ""
}

// closeTriple returns the index just past the three quotes q that close a multi-line
// string inside s, or -1. In a basic string a backslash escapes the next character.
func closeTriple(s string, q byte) int {
	for i := 0; i+2 < len(s); i++ {
		switch {
		case q == '"' && s[i] == '\\':
			i++
		case s[i] == q && s[i+1] == q && s[i+2] == q:
			return i + 3
		}
	}
	return -1
}
