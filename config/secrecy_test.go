package config

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// marker stands for an API key that ended up where it does not belong; no error may
// contain it, nor any long piece of it.
const marker = "hsk_live_Q7xMARKERv93kd"

// showsMarker reports whether msg contains the marker or a telling piece of it.
func showsMarker(msg string) bool {
	return strings.Contains(msg, marker) || strings.Contains(msg, "MARKER")
}

// TestValueErrorsNeverShowTheValue: a key typed where a URL or a profile name belongs
// is rejected without being repeated, whether it came from a flag, the environment or a
// file; the error names where the value is instead.
func TestValueErrorsNeverShowTheValue(t *testing.T) {
	tests := []resolveError{
		{name: "key in a profile's api_url",
			flags: Flags{Profile: "prod"},
			files: map[string]string{profProd: "api_url = \"" + marker + "\"\n"},
			want:  []string{"api_url", "<home>/.hindsight/cli-profiles/prod.toml:1", "http:// or https://"}},
		{name: "key in the config file's api_url",
			files: map[string]string{configFile: "# mine\napi_url = " + marker + "\n"},
			want:  []string{"api_url", "<home>/.hindsight/config:2", "http:// or https://"}},
		{name: "key with a host-like shape in api_url",
			files: map[string]string{configFile: "api_url = 'https://" + marker + "@example.com'\n"},
			want:  []string{"api_url", "<home>/.hindsight/config:1", "credentials"}},
		{name: "key in a URL that does not parse",
			files: map[string]string{configFile: "api_url = \"http://" + marker + ":port\"\n"},
			want:  []string{"api_url", "<home>/.hindsight/config:1"}},
		{name: "key given to --url",
			flags: Flags{URL: marker},
			want:  []string{"--url", "http:// or https://"}},
		{name: "key in a --url query",
			flags: Flags{URL: "https://h/?key=" + marker},
			want:  []string{"--url", "query"}},
		{name: "key in HINDSIGHT_API_URL",
			env:  map[string]string{EnvAPIURL: marker},
			want: []string{EnvAPIURL, "http:// or https://"}},
		{name: "key given to -p",
			flags: Flags{Profile: marker},
			files: map[string]string{profProd: "api_url = http://h\n", profStage: "api_url = http://s\n"},
			want:  []string{"-p/--profile", "not found", "<home>/.hindsight/cli-profiles", "prod, staging"}},
		{name: "key in HINDSIGHT_PROFILE",
			env:  map[string]string{EnvProfile: marker},
			want: []string{EnvProfile, "not found"}},
		{name: "key that is not a valid profile name",
			flags: Flags{Profile: marker + "/x"},
			want:  []string{"-p/--profile", "invalid profile name"}},
		{name: "key as a profile name without a home directory",
			env:    map[string]string{EnvProfile: marker},
			noHome: true,
			want:   []string{EnvProfile, "home directory"}},
		{name: "control characters in HINDSIGHT_API_KEY",
			env:  map[string]string{EnvAPIURL: "http://h", EnvAPIKey: marker + "\nX-Evil: 1"},
			want: []string{EnvAPIKey, "control"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.check(t); showsMarker(err.Error()) {
				t.Errorf("error shows the value: %v", err)
			}
		})
	}
}

// TestMalformedLinesAreErrors: a line the parser cannot read as the user meant it is an
// error naming the file, the line and (for our settings) the setting, never its text.
// Before, each of these was read as "no key" (or no URL) without a word.
func TestMalformedLinesAreErrors(t *testing.T) {
	const url = "api_url = \"http://h\"\n"
	tests := []struct {
		name, text string
		line       int
		setting    string // "" when the line cannot be tied to one of ours
		reason     string
	}{
		{"api_key without =", url + "api_key \"" + marker + "\"\n", 2, "api_key", "no '='"},
		{"api_key with a colon", url + "api_key: " + marker + "\n", 2, "api_key", "no '='"},
		{"api_key triple double quotes", url + "api_key = \"\"\"" + marker + "\"\"\"\n", 2, "api_key", "triple"},
		{"api_key triple single quotes", url + "api_key = '''" + marker + "'''\n", 2, "api_key", "triple"},
		{"api_key unterminated quote", url + "api_key = \"" + marker + "\n", 2, "api_key", "closing"},
		{"api_key mismatched quotes", url + "api_key = \"" + marker + "'\n", 2, "api_key", "closing"},
		{"api_key text after the quotes", url + "api_key = \"" + marker + "\" extra\n", 2, "api_key", "after the closing quote"},
		{"api_key escaped quote", url + "api_key = \"" + marker + "\\\"x\"\n", 2, "api_key", "backslash"},
		{"api_key quote inside bare value", url + "api_key = " + marker + "\"\n", 2, "api_key", "quote"},
		{"api_key two words", url + "api_key = " + marker + " " + marker + "\n", 2, "api_key", "space"},
		{"api_key hash in bare value", url + "api_key = " + marker + "#x\n", 2, "api_key", "#"},
		{"api_key spaces inside the quotes", url + "api_key = \" " + marker + "\"\n", 2, "api_key", "spaces"},
		{"api_key without a value", url + "api_key =\n", 2, "api_key", "no value"},
		{"api_key only a comment", url + "api_key = # " + marker + "\n", 2, "api_key", "no value"},
		{"API_KEY in capitals", url + "API_KEY = \"" + marker + "\"\n", 2, "api_key", "api_key"},
		{"api-key with a dash", url + "api-key = \"" + marker + "\"\n", 2, "api_key", "api_key"},
		{"quoted api_key", url + "\"api_key\" = \"" + marker + "\"\n", 2, "api_key", "without quotes"},
		{"api_url without =", "api_url http://h\n", 1, "api_url", "no '='"},
		{"api_url triple quotes", "api_url = \"\"\"http://h\"\"\"\n", 1, "api_url", "triple"},
		{"a key alone on a line", url + marker + "\n", 2, "", "key = value"},
		{"a key with base64 padding", url + marker + "==\n", 2, "", "value"},
		{"unterminated string elsewhere", url + "note = \"" + marker + "\n", 2, "", "closed"},
		{"malformed section header", url + "[prod\n", 2, "", "section"},
		{"control character", url + "# \x1b]52;c;" + marker + "\a\n", 2, "", "control"},
		{"carriage return inside a line", url + "api_key = \"a\"\r# " + marker + "\n", 2, "", "carriage return"},
		{"invalid UTF-8", url + "# \xff" + marker + "\n", 2, "", "UTF-8"},
		{"byte order mark", "\ufeff" + url, 1, "", "byte order mark"},
		{"api_key inside a multi-line string", url + "notes = \"\"\"\napi_key = \"" + marker + "\"\n\"\"\"\n", 3, "api_key", "multi-line"},
		{"multi-line value never closed", url + "tags = [\n  \"a\",\n", 2, "", "never closed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, where := range []struct{ file, flag string }{{profProd, "prod"}, {configFile, ""}} {
				h := home(t, map[string]string{where.file: tt.text})
				_, err := Resolve(Flags{Profile: where.flag}, env(nil), h)
				if err == nil {
					t.Fatalf("%s: Resolve succeeded, want an error", where.file)
				}
				msg := err.Error()
				if showsMarker(msg) {
					t.Errorf("error shows the value: %v", err)
				}
				path := filepath.Join(h, filepath.FromSlash(where.file))
				for _, w := range []string{path + ":" + strconv.Itoa(tt.line) + ":", tt.setting, tt.reason} {
					if !strings.Contains(msg, w) {
						t.Errorf("error %q does not contain %q", msg, w)
					}
				}
			}
		})
	}
}
