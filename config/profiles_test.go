package config

import (
	"fmt"
	"strings"
	"testing"
)

// switcherHome is a home with two good profiles, two unusable ones, files that are not
// profiles, and a config file.
func switcherHome(t *testing.T) string {
	return home(t, map[string]string{
		profStage:                                 "api_url = 'http://staging:9000'\n",
		profProd:                                  "api_url = \"https://prod.example.com/hs/\"\napi_key = \"prod-secret-key\"\n",
		".hindsight/cli-profiles/broken.toml":     "api_url = \"http://broken\napi_key = \"broken-secret-key\"\n",
		".hindsight/cli-profiles/nourl.toml":      "api_key = \"nourl-secret-key\"\n",
		".hindsight/cli-profiles/badurl.toml":     "api_url = \"badurl-secret-key\"\n",
		".hindsight/cli-profiles/.hidden.toml":    "api_url = \"http://hidden\"\n",
		".hindsight/cli-profiles/two words.toml":  "api_url = \"http://spaced\"\n",
		".hindsight/cli-profiles/notes.txt":       "not a profile\n",
		".hindsight/cli-profiles/dir.toml/x.toml": "api_url = \"http://nested\"\n",
		configFile: "api_url = http://cfg.example.com:8888\napi_key = cfg-secret-key\n",
	})
}

func TestListProfiles(t *testing.T) {
	h := switcherHome(t)
	got := ListProfiles(Flags{Profile: "prod"}, env(nil), h)
	type row struct{ name, url, urlSrc, keySrc, err string }
	want := []row{
		{name: "", url: "http://cfg.example.com:8888", urlSrc: "config file " + ConfigFilePath(h), keySrc: "config file " + ConfigFilePath(h)},
		{name: "badurl", err: "invalid server URL in api_url of profile badurl"},
		{name: "broken", err: "broken.toml:1: api_url: the closing quote is missing"},
		{name: "nourl", err: "has no api_url line"},
		{name: "prod", url: "https://prod.example.com/hs", urlSrc: "profile prod (" + ProfilePath(h, "prod") + ")", keySrc: "profile prod (" + ProfilePath(h, "prod") + ")"},
		{name: "staging", url: "http://staging:9000", urlSrc: "profile staging (" + ProfilePath(h, "staging") + ")"},
	}
	if len(got) != len(want) {
		t.Fatalf("%d entries, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		p := got[i]
		if p.Name != w.name || p.URL != w.url || p.URLSource != w.urlSrc || p.KeySource != w.keySrc {
			t.Errorf("entry %d = %+v, want %+v", i, p, w)
		}
		if p.IsDefault() != (w.name == "") {
			t.Errorf("entry %d: IsDefault %v", i, p.IsDefault())
		}
		if w.name != "" && p.Path != ProfilePath(h, w.name) {
			t.Errorf("entry %d: path %q", i, p.Path)
		}
		switch {
		case w.err == "" && p.Err != nil:
			t.Errorf("entry %d: unexpected error %v", i, p.Err)
		case w.err != "" && (p.Err == nil || !strings.Contains(p.Err.Error(), w.err)):
			t.Errorf("entry %d: error %v, want one with %q", i, p.Err, w.err)
		}
		if s := fmt.Sprintf("%+v %v", p, p.Err); strings.Contains(s, "secret-key") {
			t.Errorf("entry %d shows a key: %s", i, s)
		}
	}
}

// A profile picked in the switcher is the user's explicit choice: the environment's URL
// and profile do not override it, though they still make the default entry. The
// environment's key overrides a file's key, as on the command line.
func TestResolveProfileIgnoresTheEnvironmentsURL(t *testing.T) {
	h := switcherHome(t)
	vars := env(map[string]string{EnvAPIURL: "http://env:1", EnvProfile: "staging"})
	cfg, err := ResolveProfile("prod", Flags{}, vars, h)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.URL != "https://prod.example.com/hs" || cfg.APIKey.Reveal() != "prod-secret-key" || cfg.Profile != "prod" {
		t.Errorf("prod resolved to %v (key %q, profile %q)", cfg, cfg.APIKey.Reveal(), cfg.Profile)
	}
	def, err := ResolveProfile("", Flags{}, vars, h)
	if err != nil || def.URL != "http://env:1" || def.URLSource != SourceEnvURL || def.Profile != "" {
		t.Errorf("default resolved to %v, %v; want the environment's URL and no profile", def, err)
	}
	withKey := env(map[string]string{EnvAPIKey: "env-secret-key"})
	cfg, err = ResolveProfile("prod", Flags{}, withKey, h)
	if err != nil || cfg.APIKey.Reveal() != "env-secret-key" || cfg.KeySource != SourceEnvKey {
		t.Errorf("with HINDSIGHT_API_KEY: %v, %v", cfg, err)
	}
}

// The default entry is what started the app, less its profile: a --url flag wins.
func TestDefaultEntryKeepsTheStartFlags(t *testing.T) {
	h := switcherHome(t)
	got := ListProfiles(Flags{URL: "http://flag:7/"}, env(nil), h)
	if d := got[0]; d.URL != "http://flag:7" || d.URLSource != SourceFlagURL || d.KeySource != "" || d.Err != nil {
		t.Errorf("default entry %+v", d)
	}
	cfg, err := ResolveProfile("", Flags{URL: "http://flag:7/", Timeout: 3e9}, env(nil), h)
	if err != nil || cfg.Timeout != 3e9 {
		t.Errorf("ResolveProfile kept the timeout? %v, %v", cfg, err)
	}
}

func TestListProfilesWithoutProfiles(t *testing.T) {
	for name, h := range map[string]string{"no home": "", "empty home": home(t, nil)} {
		t.Run(name, func(t *testing.T) {
			got := ListProfiles(Flags{}, env(nil), h)
			if len(got) != 1 || !got[0].IsDefault() || got[0].URL != DefaultURL || got[0].URLSource != SourceDefault {
				t.Errorf("got %+v, want the default entry alone", got)
			}
		})
	}
}

// A profile that has gone since the list was made is an error that names the switcher,
// not the -p flag the user never typed.
func TestResolveProfileMissing(t *testing.T) {
	_, err := ResolveProfile("gone", Flags{}, env(nil), switcherHome(t))
	if err == nil || !strings.HasPrefix(err.Error(), SourceSwitcher+": profile not found") {
		t.Errorf("error %v", err)
	}
}
