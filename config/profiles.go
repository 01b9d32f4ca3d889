package config

// Profile is one server the explorer can switch to: a profile of Hindsight's CLI, or
// the default entry (what the app resolves without a profile: --url, HINDSIGHT_API_URL,
// ~/.hindsight/config or the default URL). It is safe to show: it never holds the key.
type Profile struct {
	Name      string // the profile's name; "" for the default entry
	Path      string // the profile's file; "" for the default entry
	URL       string // the server URL, validated; "" when Err is set
	URLSource string // where the URL comes from, as Config.URLSource says it
	KeySource string // where the API key would come from; "" when none would be sent
	Err       error  // why the entry cannot be used (unreadable file, no api_url, bad URL)
}

// IsDefault reports whether p is the default entry rather than a named profile.
func (p Profile) IsDefault() bool { return p.Name == "" }

// SourceSwitcher names the profile switcher in errors about the profile it was asked for.
const SourceSwitcher = "the profile switcher"

// ListProfiles lists what the profile switcher offers: the default entry first, then
// every profile in ~/.hindsight/cli-profiles, sorted by name, each resolved as
// ResolveProfile would (so a file that cannot be used carries its error, and the others
// their URL). f is what the app was started with; its Profile is ignored. Files whose
// names no -p could name (a leading dot, whitespace, unprintable text) are not listed.
func ListProfiles(f Flags, getenv func(string) string, home string) []Profile {
	out := []Profile{entry("", "", f, getenv, home)}
	if home == "" {
		return out
	}
	for _, name := range allProfileNames(home) {
		out = append(out, entry(name, ProfilePath(home, name), f, getenv, home))
	}
	return out
}

func entry(name, path string, f Flags, getenv func(string) string, home string) Profile {
	p := Profile{Name: name, Path: path}
	cfg, err := ResolveProfile(name, f, getenv, home)
	if err != nil {
		p.Err = err
		return p
	}
	p.URL, p.URLSource, p.KeySource = cfg.URL, cfg.URLSource, cfg.KeySource
	return p
}

// ResolveProfile is the configuration the switcher connects with when the user picks
// name ("" for the default entry). A named profile is the user's explicit choice, so
// HINDSIGHT_API_URL and HINDSIGHT_PROFILE do not override it (they would on the command
// line); HINDSIGHT_API_KEY still overrides the file's key, as it does for -p. The default
// entry is the start-up resolution without a profile: f.URL, then HINDSIGHT_API_URL, then
// ~/.hindsight/config, then DefaultURL.
func ResolveProfile(name string, f Flags, getenv func(string) string, home string) (Config, error) {
	if name == "" {
		return Resolve(Flags{URL: f.URL, Timeout: f.Timeout}, without(getenv, EnvProfile), home)
	}
	return resolve(Flags{Profile: name, Timeout: f.Timeout}, without(getenv, EnvAPIURL, EnvProfile), home, SourceSwitcher)
}

// without hides the variables names from getenv.
func without(getenv func(string) string, names ...string) func(string) string {
	return func(k string) string {
		for _, n := range names {
			if k == n {
				return ""
			}
		}
		return getenv(k)
	}
}
