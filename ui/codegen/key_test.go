package codegen

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/config"
)

// keyFile writes body to a file called name in a fresh directory whose name needs
// quoting in a shell, and returns its path.
func keyFile(t testing.TB, name, body string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "it's $HOME `x`")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// shell is a POSIX shell with the tools the loader uses (sed, tail) on its PATH.
type shell struct{ name, sh, path string }

// shells returns the system sh and, where installed, bash and BusyBox (its own sh, sed
// and tail), so the loader is checked against more than one sed.
func shells(t testing.TB) []shell {
	t.Helper()
	var out []shell
	for _, name := range []string{"sh", "bash"} {
		if p, err := exec.LookPath(name); err == nil {
			out = append(out, shell{name, p, os.Getenv("PATH")})
		}
	}
	if bb, err := exec.LookPath("busybox"); err == nil {
		dir := t.TempDir()
		for _, tool := range []string{"sh", "sed", "tail"} {
			if err := os.Symlink(bb, filepath.Join(dir, tool)); err != nil {
				t.Fatal(err)
			}
		}
		out = append(out, shell{"busybox", filepath.Join(dir, "sh"), dir})
	}
	if len(out) == 0 {
		t.Skip("no sh on PATH")
	}
	return out
}

// sentAuth runs a shell script with curl replaced by a function that writes the
// Authorization header it was given to a file, and returns that header. The script
// itself must print nothing: loading the key must not show it.
func sentAuth(t testing.TB, sh shell, script string, env ...string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "auth")
	stub := "curl() { for a in \"$@\"; do case $a in Authorization:*) printf '%s' \"$a\" > \"$AUTH_OUT\";; esac; done; }\n"
	cmd := exec.Command(sh.sh, "-c", stub+script)
	cmd.Env = append([]string{"PATH=" + sh.path, "HOME=/expanded-home", "AUTH_OUT=" + out}, env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil || stdout.Len()+stderr.Len() > 0 {
		t.Fatalf("%s: %v; the script printed\n%s%s", sh.name, err, stdout.String(), stderr.String())
	}
	auth, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("%s: curl was not called with an Authorization header: %v", sh.name, err)
	}
	return string(auth)
}

// resolvedInput resolves home's configuration as main does and builds the snippet input
// the recall pane would.
func resolvedInput(t testing.TB, flags config.Flags, home string) (Input, config.Config) {
	t.Helper()
	cfg, err := config.Resolve(flags, func(string) string { return "" }, home)
	if err != nil {
		t.Fatalf("config.Resolve: %v", err)
	}
	in := Input{BaseURL: cfg.URL, BankID: "b", KeySet: cfg.APIKey.IsSet(), KeyOrigin: cfg.KeyOrigin,
		Req: client.RecallRequest{Query: "q"}}
	return in, cfg
}

// writeHome puts body at rel under a new home directory.
func writeHome(t testing.TB, rel, body string) string {
	t.Helper()
	home := t.TempDir()
	p := filepath.Join(home, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return home
}

// keyFiles are profile and config files in every form config accepts, each with the key
// it holds.
var keyFiles = []struct{ name, body, key string }{
	{"as the CLI writes it", "api_url = \"http://h\"\napi_key = \"hsk_live_Zq9kT2\"\n", "hsk_live_Zq9kT2"},
	{"single quotes around quotes, # and spaces", "api_url = 'http://h'\napi_key = 'a \"b\" #c'\n", `a "b" #c`},
	{"double quotes around a quote, then a comment", "api_url = http://h\napi_key = \"it's#1\" # note\n", "it's#1"},
	{"unquoted, padding, tab comment, CRLF", "api_url = http://h\r\napi_key = abc==\t# c\r\n", "abc=="},
	{"later line wins, an empty one does not clear", "api_url = http://h\napi_key = first\napi_key = second\napi_key = \"\"\n", "second"},
	{"sections, spaces, other keys' multi-line values", "[default]\n  api_url = http://h\n  api_key   =   \"k1\"  \nnotes = \"\"\"\nsee api_key = x\n\"\"\"\nlist = [\n \"api_key = y\",\n]\nrecall_score_min = 0.3\n", "k1"},
	{"characters sed would treat specially", "api_url = http://h\napi_key = 'a/b\\c&d$e`f'\n", "a/b\\c&d$e`f"},
	{"non-ASCII and a non-breaking space", "api_url = http://h\napi_key = \"ключ-🔑-ü\u00a0x\"\n", "ключ-🔑-ü\u00a0x"},
	{"no line end at the end", "api_url = http://h\napi_key = last", "last"},
}

// TestKeyLoaderLoadsWhatConfigReads: for a key in a profile or in ~/.hindsight/config,
// the curl snippet (run in real shells, with a stale HINDSIGHT_API_KEY in the
// environment) sends exactly the key the TUI uses, prints nothing, and never contains it.
func TestKeyLoaderLoadsWhatConfigReads(t *testing.T) {
	shs := shells(t)
	for _, f := range keyFiles {
		for _, where := range []struct {
			file  string
			flags config.Flags
		}{{".hindsight/cli-profiles/prod.toml", config.Flags{Profile: "prod"}}, {".hindsight/config", config.Flags{}}} {
			t.Run(f.name+"/"+filepath.Base(where.file), func(t *testing.T) {
				in, cfg := resolvedInput(t, where.flags, writeHome(t, where.file, f.body))
				if cfg.APIKey.Reveal() != f.key {
					t.Fatalf("config reads key %q, the table says %q", cfg.APIKey.Reveal(), f.key)
				}
				snippet := Recall(Curl, in)
				if strings.Contains(snippet, f.key) {
					t.Fatalf("the snippet contains the key:\n%s", snippet)
				}
				for _, sh := range shs {
					if got := sentAuth(t, sh, snippet, "HINDSIGHT_API_KEY=stale"); got != "Authorization: Bearer "+f.key {
						t.Errorf("%s: sent %q, want the key from the file\n%s", sh.name, got, snippet)
					}
				}
			})
		}
	}
}

// TestEveryTargetSaysWhereTheKeyIs: each snippet says where the key came from, and for a
// key in a file carries the loader (as a command for curl, in a comment elsewhere) which,
// run in a shell, loads that key. No snippet contains the key.
func TestEveryTargetSaysWhereTheKeyIs(t *testing.T) {
	const key = "hsk_live_MARKER_7f3a"
	sh := shells(t)[0]
	home := writeHome(t, ".hindsight/cli-profiles/prod.toml", "api_url = \"http://h\"\napi_key = \""+key+"\"\n")
	in, _ := resolvedInput(t, config.Flags{Profile: "prod"}, home)
	path := config.ProfilePath(home, "prod")
	for _, tg := range Targets() {
		s := Recall(tg, in)
		if strings.Contains(s, key) || strings.Contains(s, "MARKER") {
			t.Errorf("%s: the snippet contains the key:\n%s", slug(tg), s)
		}
		if !strings.Contains(s, "The API key comes from profile prod ("+path+"), not from the environment.") {
			t.Errorf("%s: no note on the key's origin:\n%s", slug(tg), s)
		}
		var loader string
		for line := range strings.Lines(s) {
			if i := strings.Index(line, "export HINDSIGHT_API_KEY="); i >= 0 {
				loader = line[i:]
			}
		}
		if loader == "" {
			t.Errorf("%s: no loader:\n%s", slug(tg), s)
			continue
		}
		if got := sentAuth(t, sh, loader+"curl -H \"Authorization: Bearer $HINDSIGHT_API_KEY\"\n"); got != "Authorization: Bearer "+key {
			t.Errorf("%s: the loader loads %q", slug(tg), got)
		}
	}
}

// TestKeyNotes: the note for each origin, and none without a key. A path that cannot be
// written into a comment safely is not written at all.
func TestKeyNotes(t *testing.T) {
	tests := []struct {
		name      string
		in        Input
		note      string
		hasLoader bool
	}{
		{"no key", Input{}, "", false},
		{"key of unknown origin", Input{KeySet: true}, "The API key is read from $HINDSIGHT_API_KEY; set it before running this.", false},
		{"env", Input{KeyOrigin: config.KeyOrigin{Kind: config.KeyEnv}},
			"The API key is read from $HINDSIGHT_API_KEY, which holds it in the environment hindsight-tui was started from.", false},
		{"config file", Input{KeyOrigin: config.KeyOrigin{Kind: config.KeyFile, Path: "/h/.hindsight/config"}},
			"The API key comes from /h/.hindsight/config, not from the environment.", true},
		{"path with a line break", Input{KeyOrigin: config.KeyOrigin{Kind: config.KeyFile, Path: "/h\nimport evil/.hindsight/config"}},
			"The API key comes from a file whose name cannot be shown here, not from the environment; set $HINDSIGHT_API_KEY before running this.", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			note, load := keyNote(tt.in)
			if note != tt.note || (load != "") != tt.hasLoader {
				t.Errorf("keyNote = %q, loader %q; want %q, loader %v", note, load, tt.note, tt.hasLoader)
			}
			for _, tg := range Targets() {
				if s := Recall(tg, tt.in); strings.Contains(s, "\nimport evil") {
					t.Errorf("%s: the path broke out of its comment:\n%s", slug(tg), s)
				}
			}
		})
	}
}

// FuzzKeyLoader: for any profile config accepts, the loader in the curl snippet loads
// the key config read. The profile is built around an api_key line (quoted as form
// says) so that most inputs are accepted and reach the shell.
func FuzzKeyLoader(f *testing.F) {
	for _, kf := range keyFiles {
		f.Add(kf.body, "k", byte(0), "")
	}
	f.Add("", "it's #1", byte(0), " # c\r")
	f.Add("[s]\n", `a "b"`, byte(1), "\napi_key = ''")
	f.Add("x = '''\n'''\n", "abc==", byte(2), "\t# c")
	f.Add("", "ключ\u00a0", byte(0), "\napi_key = b")
	sh := shells(f)[0]
	f.Fuzz(func(t *testing.T, before, key string, form byte, after string) {
		quote := [...]string{`"`, "'", ""}[form%3]
		body := "api_url = http://h\n" + before + "\napi_key = " + quote + key + quote + after + "\n"
		home := writeHome(t, ".hindsight/cli-profiles/p.toml", body)
		cfg, err := config.Resolve(config.Flags{Profile: "p"}, func(string) string { return "" }, home)
		if err != nil || !cfg.APIKey.IsSet() {
			return
		}
		in := Input{BaseURL: cfg.URL, BankID: "b", KeyOrigin: cfg.KeyOrigin, Req: client.RecallRequest{Query: "q"}}
		if got, want := sentAuth(t, sh, Recall(Curl, in), "HINDSIGHT_API_KEY=stale"), "Authorization: Bearer "+cfg.APIKey.Reveal(); got != want {
			t.Errorf("file %q: the snippet sends %q, config read %q", body, got, want)
		}
	})
}
