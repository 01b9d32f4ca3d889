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
// overrides a file's key. Resolution is a pure function of the flags, an environment
// lookup and the home directory, so every rung is testable without touching the process
// environment. The API key is held in a Secret, which never prints its value.
package config

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"time"

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
	URLSource string // where URL came from, e.g. "env HINDSIGHT_API_URL"
	KeySource string // where the key came from; empty when no key is set
	Profile   string // the profile that was read, if any
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
func Resolve(f Flags, getenv func(string) string, home string) (Config, error) {
	if f.Timeout < 0 {
		return Config{}, fmt.Errorf("invalid --timeout %s: it must be positive", f.Timeout)
	}
	cfg := Config{Timeout: f.Timeout}
	if cfg.Timeout == 0 {
		cfg.Timeout = DefaultTimeout
	}
	envKey := strings.TrimSpace(getenv(EnvAPIKey))
	setEnvKey := func() {
		if envKey != "" {
			cfg.APIKey, cfg.KeySource = NewSecret(envKey), SourceEnvKey
		}
	}

	profile := strings.TrimSpace(f.Profile)
	if profile == "" {
		profile = strings.TrimSpace(getenv(EnvProfile))
	}

	switch {
	case strings.TrimSpace(f.URL) != "":
		cfg.URL, cfg.URLSource = f.URL, SourceFlagURL
		setEnvKey()
	case strings.TrimSpace(getenv(EnvAPIURL)) != "":
		cfg.URL, cfg.URLSource = getenv(EnvAPIURL), SourceEnvURL
		setEnvKey()
	case profile != "":
		if err := cfg.fromProfile(profile, home); err != nil {
			return Config{}, err
		}
		setEnvKey()
	default:
		found, err := cfg.fromConfigFile(home)
		if err != nil {
			return Config{}, err
		}
		if !found {
			cfg.URL, cfg.URLSource = DefaultURL, SourceDefault
		}
		setEnvKey()
	}

	u, err := client.ParseBaseURL(cfg.URL)
	if err != nil {
		return Config{}, fmt.Errorf("%w (from %s)", err, cfg.URLSource)
	}
	cfg.URL = u.String()
	return cfg, nil
}

// ProfilePath is where Hindsight's CLI keeps the named profile.
func ProfilePath(home, name string) string {
	return filepath.Join(home, ".hindsight", "cli-profiles", name+".toml")
}

// ConfigFilePath is Hindsight's CLI configuration file.
func ConfigFilePath(home string) string {
	return filepath.Join(home, ".hindsight", "config")
}

func (c *Config) fromProfile(name, home string) error {
	if err := ValidateProfileName(name); err != nil {
		return err
	}
	if home == "" {
		return fmt.Errorf("profile %q: cannot find the home directory that holds ~/.hindsight/cli-profiles", name)
	}
	path := ProfilePath(home, name)
	v, err := readFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("profile %q not found: %s does not exist (create it with: hindsight profile create %s --api-url <url>)", name, path, name)
	}
	if err != nil {
		return fmt.Errorf("profile %q: %w", name, err)
	}
	if v.url == "" {
		return fmt.Errorf("profile %q: %s has no api_url line", name, path)
	}
	src := fmt.Sprintf("profile %s (%s)", name, path)
	c.URL, c.URLSource, c.Profile = v.url, src, name
	if v.key != "" {
		c.APIKey, c.KeySource = NewSecret(v.key), src
	}
	return nil
}

// fromConfigFile reads ~/.hindsight/config. Like Hindsight's CLI, a file without an
// api_url line counts as absent (its key is not used with the default URL).
func (c *Config) fromConfigFile(home string) (bool, error) {
	if home == "" {
		return false, nil
	}
	path := ConfigFilePath(home)
	v, err := readFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if v.url == "" {
		return false, nil
	}
	src := "config file " + path
	c.URL, c.URLSource = v.url, src
	if v.key != "" {
		c.APIKey, c.KeySource = NewSecret(v.key), src
	}
	return true, nil
}

// ValidateProfileName rejects names that could read a file outside the profile
// directory (separators, "..", a leading dot) or that no shell user would type
// unquoted (whitespace); Hindsight's CLI refuses the same names.
func ValidateProfileName(name string) error {
	switch {
	case name == "":
		return errors.New("profile name is empty")
	case strings.HasPrefix(name, "."), strings.ContainsAny(name, `/\`), strings.Contains(name, ".."),
		strings.ContainsFunc(name, isSpaceOrControl):
		return fmt.Errorf("invalid profile name %q: it must not contain path separators, \"..\", whitespace, or start with '.'", name)
	}
	return nil
}

func isSpaceOrControl(r rune) bool { return r <= ' ' || r == 0x7f }
