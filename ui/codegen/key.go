package codegen

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"hindsight-tui/config"
)

// Every snippet reads the key from $HINDSIGHT_API_KEY, and says above that line where
// the TUI's key came from. A key from a profile or ~/.hindsight/config is not in the
// user's environment, so the note also gives a shell command that loads it into the
// variable without printing it.

// keySedScript prints the value of every api_key line the way config reads it: double
// quotes, single quotes or one unquoted word, then optional spaces and a # comment (a
// CR before the line end counts as a space). Lines with an empty value do not match, so
// with tail -n 1 the last non-empty value wins, as in config. config rejects every file
// in which a line-based reading could differ from its own (see config.parseFile); with
// LC_ALL=C the classes are bytes, so no locale can change what matches.
const keySedScript = `s/^[[:space:]]*api_key[[:space:]]*=[[:space:]]*("([^"]+)"|'([^']+)'|([^[:space:]"'#]+))[[:space:]]*(#.*)?$/\2\3\4/p`

// keyLoader is a POSIX shell command that sets HINDSIGHT_API_KEY to the api_key of the
// file at path. The key goes from sed straight into the variable: nothing is printed.
func keyLoader(path string) string {
	return `export ` + keyEnv + `="$(LC_ALL=C sed -n -E ` + shellQuote(keySedScript) + ` ` + shellQuote(path) + ` | tail -n 1)"`
}

// hasKey reports whether the snippet sends a key: a known origin implies one.
func (in Input) hasKey() bool { return in.KeySet || in.KeyOrigin.Kind != config.KeyNone }

// keyNote says where the key comes from, in one sentence, and for a key in a file
// returns the command that loads it (load, "" otherwise). Both are empty when no key is
// sent.
func keyNote(in Input) (note, load string) {
	if !in.hasKey() {
		return "", ""
	}
	o := in.KeyOrigin
	var where string
	switch o.Kind {
	case config.KeyEnv:
		return "The API key is read from $" + keyEnv + ", which holds it in the environment hindsight-tui was started from.", ""
	case config.KeyProfile:
		where = "profile " + o.Profile + " (" + o.Path + ")"
	case config.KeyFile:
		where = o.Path
	default:
		return "The API key is read from $" + keyEnv + "; set it before running this.", ""
	}
	if !printable(where) {
		// A newline in the path would end a comment early and turn the rest into code.
		return "The API key comes from a file whose name cannot be shown here, not from the environment; set $" + keyEnv + " before running this.", ""
	}
	return "The API key comes from " + where + ", not from the environment.", keyLoader(o.Path)
}

// printable reports whether s is valid UTF-8 without control or line-separator characters.
func printable(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsFunc(s, func(r rune) bool {
		return unicode.IsControl(r) || r == '\u2028' || r == '\u2029'
	})
}

// writeKeyComment writes keyNote as comment lines starting with prefix ("# ", "// "): the
// loader goes in the comment, to be run in the shell that will run the program.
func writeKeyComment(b *strings.Builder, in Input, prefix string) {
	note, load := keyNote(in)
	if note == "" {
		return
	}
	b.WriteString(prefix + note + "\n")
	if load != "" {
		b.WriteString(prefix + "Load it into $" + keyEnv + " first, without printing it, in the shell that runs this:\n")
		b.WriteString(prefix + "  " + load + "\n")
	}
}

// writeKeyShell writes keyNote for a shell snippet: the note as the argument of ":" (a
// "#" line is a command in interactive zsh), then the loader as a command of its own.
func writeKeyShell(b *strings.Builder, in Input) {
	note, load := keyNote(in)
	if note == "" {
		return
	}
	if load != "" {
		note += " The next line loads it into $" + keyEnv + " without printing it."
	}
	b.WriteString(": " + shellQuote(note) + "\n")
	if load != "" {
		b.WriteString(load + "\n")
	}
}
