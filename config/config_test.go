package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// home builds a fake home directory holding the given files (path relative to home).
func home(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

const (
	profProd   = ".hindsight/cli-profiles/prod.toml"
	profStage  = ".hindsight/cli-profiles/staging.toml"
	configFile = ".hindsight/config"
)

func TestResolveRungs(t *testing.T) {
	files := map[string]string{
		profProd:   "api_url = \"https://prod.example.com/hs/\"\napi_key = \"prod-key\"\n",
		profStage:  "api_url = 'http://staging:9000'\n",
		configFile: "api_url = http://cfg.example.com:8888\napi_key = cfg-key\n",
	}
	tests := []struct {
		name      string
		flags     Flags
		env       map[string]string
		files     map[string]string // nil: use files above
		wantURL   string
		wantSrc   string // URLSource; "<prod>" etc. expand below
		wantKey   string
		wantKSrc  string
		wantProf  string
		wantTimer time.Duration
	}{
		{name: "flag url wins over everything",
			flags:   Flags{URL: "http://flag:1", Profile: "prod"},
			env:     map[string]string{EnvAPIURL: "http://env:2", EnvProfile: "staging"},
			wantURL: "http://flag:1", wantSrc: SourceFlagURL},
		{name: "flag url takes the key only from env",
			flags:   Flags{URL: "http://flag:1"},
			env:     map[string]string{EnvAPIKey: "env-key"},
			wantURL: "http://flag:1", wantSrc: SourceFlagURL, wantKey: "env-key", wantKSrc: SourceEnvKey},
		{name: "env url beats profile and config file",
			flags:   Flags{Profile: "prod"},
			env:     map[string]string{EnvAPIURL: "https://env.example.com"},
			wantURL: "https://env.example.com", wantSrc: SourceEnvURL},
		{name: "env url never takes a file key",
			env:     map[string]string{EnvAPIURL: "https://env.example.com", EnvAPIKey: ""},
			wantURL: "https://env.example.com", wantSrc: SourceEnvURL},
		{name: "env url with env key",
			env:     map[string]string{EnvAPIURL: " https://env.example.com/prefix/ ", EnvAPIKey: " k1 "},
			wantURL: "https://env.example.com/prefix", wantSrc: SourceEnvURL, wantKey: "k1", wantKSrc: SourceEnvKey},
		{name: "env url beats a missing profile",
			flags:   Flags{Profile: "nope"},
			env:     map[string]string{EnvAPIURL: "http://env:2"},
			wantURL: "http://env:2", wantSrc: SourceEnvURL},
		{name: "profile flag",
			flags:   Flags{Profile: "prod"},
			wantURL: "https://prod.example.com/hs", wantSrc: "profile prod (<prod>)",
			wantKey: "prod-key", wantKSrc: "profile prod (<prod>)", wantProf: "prod"},
		{name: "profile flag beats HINDSIGHT_PROFILE",
			flags:   Flags{Profile: "staging"},
			env:     map[string]string{EnvProfile: "prod"},
			wantURL: "http://staging:9000", wantSrc: "profile staging (<staging>)", wantProf: "staging"},
		{name: "HINDSIGHT_PROFILE",
			env:     map[string]string{EnvProfile: "prod"},
			wantURL: "https://prod.example.com/hs", wantSrc: "profile prod (<prod>)",
			wantKey: "prod-key", wantKSrc: "profile prod (<prod>)", wantProf: "prod"},
		{name: "env key overrides profile key",
			env:     map[string]string{EnvProfile: "prod", EnvAPIKey: "env-key"},
			wantURL: "https://prod.example.com/hs", wantSrc: "profile prod (<prod>)",
			wantKey: "env-key", wantKSrc: SourceEnvKey, wantProf: "prod"},
		{name: "empty HINDSIGHT_PROFILE falls through to config file",
			env:     map[string]string{EnvProfile: "  "},
			wantURL: "http://cfg.example.com:8888", wantSrc: "config file <config>",
			wantKey: "cfg-key", wantKSrc: "config file <config>"},
		{name: "env key overrides config file key",
			env:     map[string]string{EnvAPIKey: "env-key"},
			wantURL: "http://cfg.example.com:8888", wantSrc: "config file <config>",
			wantKey: "env-key", wantKSrc: SourceEnvKey},
		{name: "config file without api_url counts as absent",
			files:   map[string]string{configFile: "api_key = orphan\n"},
			wantURL: DefaultURL, wantSrc: SourceDefault},
		{name: "default",
			files:   map[string]string{},
			wantURL: DefaultURL, wantSrc: SourceDefault},
		{name: "default with env key",
			files:   map[string]string{},
			env:     map[string]string{EnvAPIKey: "env-key"},
			wantURL: DefaultURL, wantSrc: SourceDefault, wantKey: "env-key", wantKSrc: SourceEnvKey},
		{name: "timeout flag",
			files:   map[string]string{},
			flags:   Flags{Timeout: 5 * time.Second},
			wantURL: DefaultURL, wantSrc: SourceDefault, wantTimer: 5 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := tt.files
			if fs == nil {
				fs = files
			}
			h := home(t, fs)
			expand := strings.NewReplacer(
				"<prod>", ProfilePath(h, "prod"),
				"<staging>", ProfilePath(h, "staging"),
				"<config>", ConfigFilePath(h))
			cfg, err := Resolve(tt.flags, env(tt.env), h)
			if err != nil {
				t.Fatalf("Resolve: %v", err)
			}
			if cfg.URL != tt.wantURL {
				t.Errorf("URL = %q, want %q", cfg.URL, tt.wantURL)
			}
			if want := expand.Replace(tt.wantSrc); cfg.URLSource != want {
				t.Errorf("URLSource = %q, want %q", cfg.URLSource, want)
			}
			if cfg.APIKey.Reveal() != tt.wantKey {
				t.Errorf("key = %q, want %q", cfg.APIKey.Reveal(), tt.wantKey)
			}
			if want := expand.Replace(tt.wantKSrc); cfg.KeySource != want {
				t.Errorf("KeySource = %q, want %q", cfg.KeySource, want)
			}
			if cfg.Profile != tt.wantProf {
				t.Errorf("Profile = %q, want %q", cfg.Profile, tt.wantProf)
			}
			wantT := tt.wantTimer
			if wantT == 0 {
				wantT = DefaultTimeout
			}
			if cfg.Timeout != wantT {
				t.Errorf("Timeout = %s, want %s", cfg.Timeout, wantT)
			}
		})
	}
}

func TestResolveWithoutHome(t *testing.T) {
	cfg, err := Resolve(Flags{}, env(nil), "")
	if err != nil || cfg.URL != DefaultURL || cfg.URLSource != SourceDefault {
		t.Fatalf("got %v, %v; want the default", cfg, err)
	}
	if _, err := Resolve(Flags{Profile: "prod"}, env(nil), ""); err == nil || !strings.Contains(err.Error(), "home directory") {
		t.Fatalf("profile without home: err = %v", err)
	}
}

// resolveError is a configuration Resolve must refuse, and what its error must say.
type resolveError struct {
	name   string
	flags  Flags
	env    map[string]string
	files  map[string]string
	noHome bool     // no home directory (the files are not written)
	want   []string // substrings of the error; "<home>" expands
}

// check runs Resolve on the case and fails unless it returns an error holding every
// want; it returns the error.
func (tc resolveError) check(t *testing.T) error {
	t.Helper()
	h := ""
	if !tc.noHome {
		h = home(t, tc.files)
	}
	_, err := Resolve(tc.flags, env(tc.env), h)
	if err == nil {
		t.Fatal("Resolve succeeded, want an error")
	}
	for _, w := range tc.want {
		if w = strings.ReplaceAll(w, "<home>", h); !strings.Contains(err.Error(), w) {
			t.Errorf("error %q does not contain %q", err, w)
		}
	}
	return err
}

func TestResolveErrors(t *testing.T) {
	tests := []resolveError{
		{name: "missing profile names the directory",
			flags: Flags{Profile: "nope"},
			want:  []string{"flag -p/--profile: profile not found", "<home>/.hindsight/cli-profiles ", "hindsight profile create"}},
		{name: "missing profile from env",
			env:  map[string]string{EnvProfile: "ghost"},
			want: []string{"env HINDSIGHT_PROFILE: profile not found", "<home>/.hindsight/cli-profiles "}},
		{name: "profile without api_url",
			flags: Flags{Profile: "prod"},
			files: map[string]string{profProd: "api_key = x\n"},
			want:  []string{"has no api_url", "prod.toml"}},
		{name: "unreadable profile",
			flags: Flags{Profile: "prod"},
			files: map[string]string{profProd + "/inner": ""}, // prod.toml is a directory
			want:  []string{"profile prod", "prod.toml", "is a directory"}},
		{name: "unreadable config file",
			files: map[string]string{configFile + "/inner": ""},
			want:  []string{".hindsight/config"}},
		{name: "traversal with ..", flags: Flags{Profile: "../secrets"}, want: []string{"invalid profile name"}},
		{name: "slash", flags: Flags{Profile: "a/b"}, want: []string{"invalid profile name"}},
		{name: "backslash", flags: Flags{Profile: `a\b`}, want: []string{"invalid profile name"}},
		{name: "dot dot inside", flags: Flags{Profile: "a..b"}, want: []string{"invalid profile name"}},
		{name: "hidden", flags: Flags{Profile: ".hidden"}, want: []string{"invalid profile name"}},
		{name: "whitespace", flags: Flags{Profile: "a b"}, want: []string{"invalid profile name"}},
		{name: "traversal from env", env: map[string]string{EnvProfile: ".."}, want: []string{"invalid profile name"}},
		{name: "flag url not http",
			flags: Flags{URL: "ftp://x"},
			want:  []string{"http:// or https://", SourceFlagURL}},
		{name: "env url without scheme",
			env:  map[string]string{EnvAPIURL: "localhost:8888"},
			want: []string{"http:// or https://", SourceEnvURL}},
		{name: "profile url invalid",
			flags: Flags{Profile: "prod"},
			files: map[string]string{profProd: "api_url = prod.example.com\n"},
			want:  []string{"http:// or https://", "profile prod"}},
		{name: "config file url invalid",
			files: map[string]string{configFile: "api_url = \"https://h/?q=1\"\n"},
			want:  []string{"query", "config file"}},
		{name: "url with credentials",
			flags: Flags{URL: "https://user:pw@h"},
			want:  []string{"credentials"}},
		{name: "negative timeout",
			flags: Flags{Timeout: -time.Second},
			want:  []string{"--timeout"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.check(t) })
	}
}

func TestResolveErrorsNeverShowKey(t *testing.T) {
	h := home(t, map[string]string{profProd: "api_url = nonsense\napi_key = sup3r-secret\n"})
	_, err := Resolve(Flags{Profile: "prod"}, env(map[string]string{EnvAPIKey: "env-s3cret"}), h)
	if err == nil {
		t.Fatal("want an error")
	}
	for _, k := range []string{"sup3r-secret", "env-s3cret"} {
		if strings.Contains(err.Error(), k) {
			t.Errorf("error %q shows the key", err)
		}
	}
}

// TestResolveKeyOrigin: the origin says which file (and profile) holds the key, or that
// the environment does, and follows HINDSIGHT_API_KEY's precedence over files.
func TestResolveKeyOrigin(t *testing.T) {
	files := map[string]string{
		profProd:   "api_url = http://p\napi_key = pk\n",
		profStage:  "api_url = http://s\n",
		configFile: "api_url = http://c\napi_key = ck\n",
	}
	h := home(t, files)
	tests := []struct {
		name  string
		flags Flags
		env   map[string]string
		want  KeyOrigin
	}{
		{"profile", Flags{Profile: "prod"}, nil, KeyOrigin{Kind: KeyProfile, Path: ProfilePath(h, "prod"), Profile: "prod"}},
		{"profile from env", Flags{}, map[string]string{EnvProfile: "prod"}, KeyOrigin{Kind: KeyProfile, Path: ProfilePath(h, "prod"), Profile: "prod"}},
		{"env beats profile", Flags{Profile: "prod"}, map[string]string{EnvAPIKey: "e"}, KeyOrigin{Kind: KeyEnv}},
		{"profile without key", Flags{Profile: "staging"}, nil, KeyOrigin{}},
		{"config file", Flags{}, nil, KeyOrigin{Kind: KeyFile, Path: ConfigFilePath(h)}},
		{"env beats config file", Flags{}, map[string]string{EnvAPIKey: "e"}, KeyOrigin{Kind: KeyEnv}},
		{"flag url ignores files", Flags{URL: "http://f"}, nil, KeyOrigin{}},
		{"flag url with env key", Flags{URL: "http://f"}, map[string]string{EnvAPIKey: "e"}, KeyOrigin{Kind: KeyEnv}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := Resolve(tt.flags, env(tt.env), h)
			if err != nil {
				t.Fatal(err)
			}
			if cfg.KeyOrigin != tt.want {
				t.Errorf("KeyOrigin = %+v, want %+v", cfg.KeyOrigin, tt.want)
			}
			if cfg.APIKey.IsSet() != (tt.want.Kind != KeyNone) {
				t.Errorf("key set = %v with origin %+v", cfg.APIKey.IsSet(), cfg.KeyOrigin)
			}
		})
	}
}
