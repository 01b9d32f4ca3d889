package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// In the fuzz inputs, every "KEY" stands for a secret: it is replaced by marker before
// parsing, and no error may contain marker afterwards, wherever the fuzzer put it.
func withMarker(s string) string { return strings.ReplaceAll(s, "KEY", marker) }

// fileSeeds are lines in the shapes the parser knows, well-formed and not.
var fileSeeds = []string{
	"api_url = \"http://h\"\napi_key = \"KEY\"\n",
	"api_url = 'KEY'\n",
	"api_url = KEY\napi_key = KEY\n",
	"api_key \"KEY\"\n",
	"api_key = \"\"\"KEY\"\"\"\n",
	"api_key = '''KEY'''\n",
	"api_key = \"KEY\n",
	"api_key = \"KEY' # x\n",
	"api_key = \"KEY\\\"\" trailing\n",
	"API_KEY = KEY\n\"api_key\" = 'KEY'\n",
	"KEY\nKEY==\nKEY = =\n",
	"[KEY\n[[a.KEY]] # c\n",
	"notes = \"\"\"\napi_key = \"KEY\"\n\"\"\"\n",
	"list = [\n  \"KEY\", { a = 'KEY' },\n]\n",
	"x = \"KEY\r\napi_key = KEY\r\n",
	"\ufeffapi_key = KEY\n",
	"# \x1b]52;c;KEY\a\n",
	"api_key = KEY\xff\n",
	"api_url = https://KEY@h\napi_url = http://h/?k=KEY\napi_url = http://h:KEY\n",
}

// FuzzParseConfig: parseFile never panics, never puts a value into an error, and when it
// accepts a file, what it read is a clean value whose line it knows, the same with CRLF
// line ends.
func FuzzParseConfig(f *testing.F) {
	for _, s := range fileSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		text = withMarker(text)
		v, err := parseFile("/p/f.toml", text)
		if err != nil {
			if showsMarker(err.Error()) {
				t.Fatalf("error shows the value: %v", err)
			}
			if _, ok := err.(*LineError); !ok {
				t.Fatalf("error %T, want *LineError", err)
			}
			return
		}
		for _, s := range []struct {
			value string
			line  int
		}{{v.url, v.urlLine}, {v.key, v.keyLine}} {
			if (s.value == "") != (s.line == 0) || s.value != trimWS(s.value) || badText(s.value) != "" {
				t.Fatalf("read %q at line %d from %q", s.value, s.line, text)
			}
		}
		if !strings.Contains(text, "\r") {
			crlf, err := parseFile("/p/f.toml", strings.ReplaceAll(text, "\n", "\r\n"))
			if err != nil || crlf != v {
				t.Fatalf("with CRLF: %+v, %v; with LF: %+v", crlf, err, v)
			}
		}
	})
}

// FuzzResolve: whatever the flags, the environment and the files hold, Resolve never
// panics and no error shows a value (a "KEY" anywhere is a secret). The profile file is
// always called prod, so a profile name holding the marker is never a real one.
func FuzzResolve(f *testing.F) {
	for i, s := range fileSeeds {
		f.Add(s, "", "", []string{"prod", "", "KEY"}[i%3], "", byte(i))
	}
	f.Add("", "KEY", "", "", "", byte(0))
	f.Add("", "http://KEY:1/?KEY", "", "", "", byte(0))
	f.Add("", "", "KEY", "", "KEY\n", byte(0))
	f.Add("api_url = http://h\n", "", "", "../KEY", "", byte(1))
	f.Fuzz(func(t *testing.T, file, flagURL, envURL, profile, envKey string, where byte) {
		home := t.TempDir()
		target := ConfigFilePath(home)
		if where&1 == 1 {
			target = ProfilePath(home, "prod")
		}
		if err := os.MkdirAll(filepath.Dir(target), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(target, []byte(withMarker(file)), 0o600); err != nil {
			t.Fatal(err)
		}
		vars := map[string]string{EnvAPIURL: withMarker(envURL), EnvAPIKey: withMarker(envKey)}
		flags := Flags{URL: withMarker(flagURL), Timeout: time.Second}
		if where&2 == 2 {
			vars[EnvProfile] = withMarker(profile)
		} else {
			flags.Profile = withMarker(profile)
		}
		cfg, err := Resolve(flags, env(vars), home)
		if err != nil {
			if showsMarker(err.Error()) {
				t.Fatalf("error shows the value: %v", err)
			}
			return
		}
		if cfg.APIKey.IsSet() != (cfg.KeyOrigin.Kind != KeyNone) {
			t.Fatalf("key set %v, origin %+v", cfg.APIKey.IsSet(), cfg.KeyOrigin)
		}
	})
}
