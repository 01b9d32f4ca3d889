package main

import (
	"flag"
	"fmt"
	"io"

	"hindsight-tui/config"
	"hindsight-tui/demo"
)

// usage is written by hand so that -p/--profile read as one flag; a test checks that it
// names every flag that is defined.
const usage = `hindsight-tui: a keyboard-first terminal explorer for Hindsight memory banks.

Usage:
  hindsight-tui [flags]                   open the explorer
  hindsight-tui doctor [flags]            check the server and settings, one line per check
  hindsight-tui demo-server [--addr A]    serve the seeded demo server standalone

Flags (before or after the subcommand):
  --url URL             Hindsight server URL, http(s), may include a path prefix
  -p, --profile NAME    use ~/.hindsight/cli-profiles/NAME.toml
  --bank ID             open this bank in the explorer
  --demo                use the built-in demo server with seeded data
  --read-only           explorer without actions that change server data
  --timeout DURATION    per-request timeout (default 30s)
  --version             print the version and exit
  -h, --help            show this help

demo-server flags:
  --addr HOST:PORT      listen address (default 127.0.0.1:8888; loopback only)

Environment:
  HINDSIGHT_API_URL     server URL when --url is not given
  HINDSIGHT_API_KEY     API key, sent as a Bearer token (never printed)
  HINDSIGHT_PROFILE     profile to use when -p is not given

The server is chosen like Hindsight's own CLI does: --url, then HINDSIGHT_API_URL,
then the profile (-p or HINDSIGHT_PROFILE), then ~/.hindsight/config, then
http://localhost:8888. HINDSIGHT_API_KEY overrides a file's api_key.
`

// commonFlags binds the flags every mode accepts, so they work before and after the
// subcommand name.
func commonFlags(fs *flag.FlagSet, o *options) {
	fs.StringVar(&o.url, "url", "", "Hindsight server URL")
	fs.StringVar(&o.profile, "p", "", "profile name")
	fs.StringVar(&o.profile, "profile", "", "profile name")
	fs.StringVar(&o.bank, "bank", "", "open this bank")
	fs.BoolVar(&o.demo, "demo", false, "use the built-in demo server")
	fs.BoolVar(&o.readOnly, "read-only", false, "disable writes")
	fs.DurationVar(&o.timeout, "timeout", config.DefaultTimeout, "per-request timeout")
	fs.BoolVar(&o.show, "version", false, "print the version")
}

func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // run prints parse errors and usage itself
	fs.Usage = func() {}
	return fs
}

// parseArgs fills o and returns the subcommand ("" for the explorer). It returns
// flag.ErrHelp for -h.
func parseArgs(args []string, o *options) (string, error) {
	o.addr = demo.DefaultAddr
	top := newFlagSet("hindsight-tui")
	commonFlags(top, o)
	if err := top.Parse(args); err != nil {
		return "", err
	}
	rest := top.Args()
	if len(rest) == 0 {
		return "", validate(o)
	}
	cmd := rest[0]
	sub := newFlagSet("hindsight-tui " + cmd)
	switch cmd {
	case "doctor":
		// Defining flags resets their variables to the defaults; keep what was given
		// before the subcommand unless it is repeated after it.
		given := *o
		commonFlags(sub, o)
		*o = given
	case "demo-server":
		sub.StringVar(&o.addr, "addr", demo.DefaultAddr, "listen address")
	default:
		return "", fmt.Errorf("unknown command %q (want doctor or demo-server)", cmd)
	}
	if err := sub.Parse(rest[1:]); err != nil {
		return "", err
	}
	if sub.NArg() > 0 {
		return "", fmt.Errorf("unexpected argument %q after %s", sub.Arg(0), cmd)
	}
	return cmd, validate(o)
}

func validate(o *options) error {
	if o.timeout <= 0 {
		return fmt.Errorf("--timeout must be positive, got %s", o.timeout)
	}
	if o.demo && (o.url != "" || o.profile != "") {
		return fmt.Errorf("--demo uses the built-in server; drop --url and --profile")
	}
	return nil
}
