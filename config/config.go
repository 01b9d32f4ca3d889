// Package config decides which Hindsight server hindsight-tui talks to and with which API
// key, using the same rules as Hindsight's own command-line client so that anyone who
// already uses it needs no new setup:
//
//  1. an explicit --url flag;
//  2. HINDSIGHT_API_URL (the key then comes only from HINDSIGHT_API_KEY);
//  3. the profile named by -p/--profile, or else by a non-empty HINDSIGHT_PROFILE, read
//     from ~/.hindsight/cli-profiles/<name>.toml (a missing profile file is an error);
//  4. ~/.hindsight/config;
//  5. http://localhost:8888.
//
// Files hold lines such as api_url = "..." and api_key = "..."; HINDSIGHT_API_KEY
// overrides a file's key. A line that cannot be read as meant is an error naming the
// file and line. Resolution is a pure function of the flags, an environment lookup and
// the home directory, so every rung is testable without touching the process
// environment. The API key is held in a Secret, which never prints its value, and no
// error repeats a configured value: a key typed into the wrong setting stays unprinted.
package config

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"hindsight-tui/client"
)

// Environment variables and defaults shared with Hindsight's CLI.
const (
	EnvAPIURL  = "HINDSIGHT_API_URL"
	EnvAPIKey  = "HINDSIGHT_API_KEY"
	EnvProfile = "HINDSIGHT_PROFILE"

	// DefaultURL is where a locally started Hindsight server listens.
	DefaultURL = "http://localhost:8888"
	// DefaultTimeout bounds every request unless --timeout says otherwise.
	DefaultTimeout = 30 * time.Second
)

// Sources that are not files, as shown by the doctor and the status bar.
const (
	SourceFlagURL = "flag --url"
	SourceEnvURL  = "env " + EnvAPIURL
	SourceEnvKey  = "env " + EnvAPIKey
	SourceDefault = "default"
	SourceDemo    = "demo server"
)

// Flags are the command-line values that take part in resolution; zero values mean
// "not given".
type Flags struct {
	URL     string        // --url
	Profile string        // -p / --profile
	Timeout time.Duration // --timeout; 0 means DefaultTimeout
}

// Config is the resolved connection setting. It is safe to print: APIKey is a Secret.
type Config struct {
	URL       string // validated http(s) base URL without trailing slash
	APIKey    Secret
	URLSource string    // where URL came from, e.g. "env HINDSIGHT_API_URL"
	KeySource string    // where the key came from; empty when no key is set
	KeyOrigin KeyOrigin // the same, for code that must find the key again (copy as code)
	Profile   string    // the profile that was read, if any
	Timeout   time.Duration
}

// String summarises the configuration for people; it says whether a key is set, never
// what it is.
func (c Config) String() string {
	key := "no API key"
	if c.APIKey.IsSet() {
		key = "API key set (" + c.KeySource + ")"
	}
	return fmt.Sprintf("%s (%s), %s, timeout %s", c.URL, c.URLSource, key, c.Timeout)
}

// GoString keeps %#v as safe as %v.
func (c Config) GoString() string { return "config.Config{" + c.String() + "}" }

// Format makes every fmt verb (including %d and %+v) print String, so no verb can reach
// the key through reflection.
func (c Config) Format(f fmt.State, verb rune) {
	if verb == 'v' && f.Flag('#') {
		_, _ = f.Write([]byte(c.GoString()))
		return
	}
	_, _ = f.Write([]byte(c.String()))
}

// Resolve applies the resolution order described in the package comment. getenv returns
// "" for unset variables (os.Getenv fits); home is the user's home directory, or "" when
// unknown, in which case the file rungs are skipped (an explicit profile is then an error).
//
// No error repeats a value from the flags, the environment or a file: any of them may be
// an API key typed or pasted in the wrong place. Errors name the flag, the variable, or the
// file, line and setting instead.
func Resolve(f Flags, getenv func(string) string, home string) (Config, error) {
	return resolve(f, getenv, home, "flag -p/--profile")
}

// resolve is Resolve; profileFlag names where f.Profile came from, for its errors.
func resolve(f Flags, getenv func(string) string, home, profileFlag string) (Config, error) {
	if f.Timeout < 0 {
		return Config{}, fmt.Errorf("invalid --timeout %s: it must be positive", f.Timeout)
	}
	cfg := Config{Timeout: f.Timeout}
	if cfg.Timeout == 0 {
		cfg.Timeout = DefaultTimeout
	}
	envKey := strings.TrimSpace(getenv(EnvAPIKey))
	if strings.ContainsFunc(envKey, isControl) {
		return Config{}, fmt.Errorf("%s holds a control character (a line break?); set it to the key alone", EnvAPIKey)
	}
	setEnvKey := func() {
		if envKey != "" {
			cfg.APIKey, cfg.KeySource, cfg.KeyOrigin = NewSecret(envKey), SourceEnvKey, KeyOrigin{Kind: KeyEnv}
		}
	}

	profile, profileFrom := strings.TrimSpace(f.Profile), profileFlag
	if profile == "" {
		profile, profileFrom = strings.TrimSpace(getenv(EnvProfile)), "env "+EnvProfile
	}

	urlFrom := "" // where the URL was set, for an error about it
	switch {
	case strings.TrimSpace(f.URL) != "":
		cfg.URL, cfg.URLSource = f.URL, SourceFlagURL
		urlFrom = SourceFlagURL
		setEnvKey()
	case strings.TrimSpace(getenv(EnvAPIURL)) != "":
		cfg.URL, cfg.URLSource = getenv(EnvAPIURL), SourceEnvURL
		urlFrom = SourceEnvURL
		setEnvKey()
	case profile != "":
		v, path, err := cfg.fromProfile(profile, profileFrom, home)
		if err != nil {
			return Config{}, err
		}
		urlFrom = fmt.Sprintf("%s of profile %s (%s:%d)", settingURL, profile, path, v.urlLine)
		setEnvKey()
	default:
		v, found, err := cfg.fromConfigFile(home)
		if err != nil {
			return Config{}, err
		}
		if found {
			urlFrom = fmt.Sprintf("%s of the config file (%s:%d)", settingURL, ConfigFilePath(home), v.urlLine)
		} else {
			cfg.URL, cfg.URLSource = DefaultURL, SourceDefault
		}
		setEnvKey()
	}

	u, problem := checkURL(cfg.URL)
	if problem != "" {
		return Config{}, fmt.Errorf("invalid server URL in %s: %s", urlFrom, problem)
	}
	cfg.URL = u
	return cfg, nil
}

// checkURL returns the URL as the client uses it, or why the client would refuse it.
// Unlike the client's own error, the reason never quotes the URL: the value may be an API
// key that was put in the wrong setting.
func checkURL(raw string) (string, string) {
	raw = strings.TrimSpace(raw)
	u, err := url.Parse(raw)
	switch {
	case err != nil:
		return "", "it is not a URL"
	case u.Scheme != "http" && u.Scheme != "https":
		return "", "it must start with http:// or https://"
	case u.Host == "":
		return "", "it has no host"
	case u.User != nil:
		return "", "it carries credentials (user:password@); put them in the API key, not the URL"
	case u.RawQuery != "" || u.Fragment != "":
		return "", "it must not carry a query or fragment"
	}
	cu, err := client.ParseBaseURL(raw)
	if err != nil {
		return "", "the client cannot use it as a server URL"
	}
	return cu.String(), ""
}

func isControl(r rune) bool { return r < ' ' && r != '\t' || r == 0x7f }

// ProfilePath is where Hindsight's CLI keeps the named profile.
func ProfilePath(home, name string) string {
	return filepath.Join(home, ".hindsight", "cli-profiles", name+".toml")
}

// ConfigFilePath is Hindsight's CLI configuration file.
func ConfigFilePath(home string) string {
	return filepath.Join(home, ".hindsight", "config")
}

// fromProfile reads the named profile; from says where the name came from. Until the
// profile's file is found, errors name that source rather than the name: with -p taken
// for "password", the name may be a key.
func (c *Config) fromProfile(name, from, home string) (fileValues, string, error) {
	if err := ValidateProfileName(name); err != nil {
		return fileValues{}, "", fmt.Errorf("%s: %w", from, err)
	}
	if home == "" {
		return fileValues{}, "", fmt.Errorf("%s names a profile, but there is no home directory to find ~/.hindsight/cli-profiles in", from)
	}
	path := ProfilePath(home, name)
	v, err := readFile(path)
	if err != nil {
		return fileValues{}, "", profileReadError(err, name, from, path, home)
	}
	if v.url == "" {
		return fileValues{}, "", fmt.Errorf("profile %s: %s has no %s line", name, path, settingURL)
	}
	src := fmt.Sprintf("profile %s (%s)", name, path)
	c.URL, c.URLSource, c.Profile = v.url, src, name
	if v.key != "" {
		c.APIKey, c.KeySource = NewSecret(v.key), src
		c.KeyOrigin = KeyOrigin{Kind: KeyProfile, Path: path, Profile: name}
	}
	return v, path, nil
}

// profileReadError explains a profile that could not be read. The profile's name (and
// so its path) is shown only when its file exists, which makes it a name and not a
// mistyped key.
func profileReadError(err error, name, from, path, home string) error {
	if _, statErr := os.Lstat(path); statErr == nil {
		return fmt.Errorf("profile %s: %w", name, err)
	}
	dir := filepath.Dir(path)
	if !errors.Is(err, fs.ErrNotExist) {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("%s: cannot read the profile in %s: %w", from, dir, err)
	}
	msg := fmt.Sprintf("%s: profile not found in %s (the name is not repeated here, in case it is an API key)", from, dir)
	if names := profileNames(home); len(names) > 0 {
		msg += "; the profiles there are " + strings.Join(names, ", ")
	}
	return errors.New(msg + "; create one with: hindsight profile create <name> --api-url <url>")
}

// profileNames lists the profiles in ~/.hindsight/cli-profiles whose names are valid and
// printable, at most 20 of them.
func profileNames(home string) []string {
	names := allProfileNames(home)
	if len(names) > 20 {
		return append(names[:20], "…")
	}
	return names
}

// allProfileNames lists, sorted, the profiles in ~/.hindsight/cli-profiles whose names
// are valid and printable: the names a user can pass to -p.
func allProfileNames(home string) []string {
	entries, _ := os.ReadDir(filepath.Dir(ProfilePath(home, "x")))
	var names []string
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".toml")
		if !ok || e.IsDir() || ValidateProfileName(name) != nil || !utf8.ValidString(name) || strings.ContainsFunc(name, func(r rune) bool { return !unicode.IsPrint(r) }) {
			continue
		}
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// fromConfigFile reads ~/.hindsight/config. Like Hindsight's CLI, a file without an
// api_url line counts as absent (its key is not used with the default URL); a file with
// a malformed line is an error all the same.
func (c *Config) fromConfigFile(home string) (fileValues, bool, error) {
	if home == "" {
		return fileValues{}, false, nil
	}
	path := ConfigFilePath(home)
	v, err := readFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return fileValues{}, false, nil
	}
	if err != nil {
		return fileValues{}, false, err
	}
	if v.url == "" {
		return fileValues{}, false, nil
	}
	src := "config file " + path
	c.URL, c.URLSource = v.url, src
	if v.key != "" {
		c.APIKey, c.KeySource = NewSecret(v.key), src
		c.KeyOrigin = KeyOrigin{Kind: KeyFile, Path: path}
	}
	return v, true, nil
}

// ValidateProfileName rejects names that could read a file outside the profile
// directory (separators, "..", a leading dot) or that no shell user would type
// unquoted (whitespace); Hindsight's CLI refuses the same names.
func ValidateProfileName(name string) error {
	switch {
	case name == "":
		return errors.New("the profile name is empty")
	case strings.HasPrefix(name, "."), strings.ContainsAny(name, `/\`), strings.Contains(name, ".."),
		strings.ContainsFunc(name, isSpaceOrControl):
		// The name is not quoted: it may be a key given to -p by mistake.
		return errors.New("invalid profile name: it must not contain path separators, \"..\", whitespace or control characters, or start with '.'")
	}
	return nil
}

func isSpaceOrControl(r rune) bool { return r <= ' ' || r == 0x7f }
