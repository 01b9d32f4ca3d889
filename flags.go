package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"hindsight-tui/config"
	"hindsight-tui/demo"
	"hindsight-tui/explaincmd"
)

// usage is written by hand so that -p/--profile read as one flag; a test checks that it
// names every flag that is defined.
const usage = `hindsight-tui: a keyboard-first terminal explorer for Hindsight memory banks.

Usage:
  hindsight-tui [flags]                   open the explorer
  hindsight-tui doctor [flags]            check the server and settings, one line per check,
                                          then each bank asked for (--bank, --all-banks)
  hindsight-tui demo-server [--addr A]    serve the seeded demo server standalone
  hindsight-tui why --bank B --query Q --expect ID [flags]
                                          say where recall dropped each expected memory
  hindsight-tui check FILE [flags]        run a suite of recall checks (docs/checks.md)

Flags (before or after the subcommand):
  --url URL             Hindsight server URL, http(s), may include a path prefix
  -p, --profile NAME    use ~/.hindsight/cli-profiles/NAME.toml
  --bank ID             open this bank in the explorer; doctor checks it (repeatable)
  --demo                use the built-in demo server with seeded data
  --read-only           explorer without actions that change server data
  --timeout DURATION    per-request timeout (default 30s)
  --version             print the version and exit
  -h, --help            show this help

doctor flags:
  --all-banks           check every bank on the server
  --probe-llm           also probe each checked bank's LLMs (a small LLM call each)
  --json                print the report as JSON
  doctor exits 0 when no check failed (warnings allowed), 1 when one failed,
  2 when the server did not answer.

demo-server flags:
  --addr HOST:PORT      listen address (default 127.0.0.1:8888; loopback only)

why flags (--bank names the bank; --expect repeats):
  --query TEXT          the recall query
  --expect ID           a memory id, or a fragment of its text, that recall should return
  --types LIST          fact types, comma-separated: world,experience,observation
  --tags LIST           tags, comma-separated
  --tags-match MODE     any, all, any_strict, all_strict or exact
  --budget LEVEL        low, mid or high
  --max-tokens N        token cap on the results
  --prefer-observations prefer observations over the facts they cite
  --min-scores FLOORS   score floors, e.g. reranker=0.5,final=0.3

why and check flags:
  --json                print JSON instead of text
Exit status of why and check: 0 all recalled (passed), 1 not, 2 server or input error.

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
	fs.Var(bankFlag{o}, "bank", "open this bank; doctor checks it (repeatable)")
	fs.BoolVar(&o.demo, "demo", false, "use the built-in demo server")
	fs.BoolVar(&o.readOnly, "read-only", false, "disable writes")
	fs.DurationVar(&o.timeout, "timeout", config.DefaultTimeout, "per-request timeout")
	fs.BoolVar(&o.show, "version", false, "print the version")
}

// bankFlag collects every --bank: the explorer opens the last one, doctor checks all.
type bankFlag struct{ o *options }

func (b bankFlag) String() string {
	if b.o == nil {
		return ""
	}
	return b.o.bank
}

func (b bankFlag) Set(v string) error {
	b.o.bank = v
	b.o.banks = append(b.o.banks, v)
	return nil
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
		return "", argError(err, top, args, 0)
	}
	rest := top.Args()
	if len(rest) == 0 {
		return "", validate(o)
	}
	cmd, at := rest[0], len(args)-len(rest)+1 // at: cmd's position, counting from 1
	sub := newFlagSet("hindsight-tui " + cmd)
	switch cmd {
	case "doctor":
		// Defining flags resets their variables to the defaults; keep what was given
		// before the subcommand unless it is repeated after it.
		given := *o
		commonFlags(sub, o)
		*o = given
		sub.BoolVar(&o.allBanks, "all-banks", false, "check every bank")
		sub.BoolVar(&o.probeLLM, "probe-llm", false, "probe the banks' LLMs")
		sub.BoolVar(&o.json, "json", false, "print JSON")
	case "why", "check":
		given := *o
		commonFlags(sub, o)
		*o = given
		o.why.Bind(sub, cmd)
	case "demo-server":
		sub.StringVar(&o.addr, "addr", demo.DefaultAddr, "listen address")
	default:
		return "", fmt.Errorf("argument %d is not a command (want doctor, demo-server, why or check)%s", at, notRepeated)
	}
	if cmd == "why" || cmd == "check" {
		// check's FILE may stand among the flags.
		files, err := explaincmd.Parse(sub, rest[1:])
		if err != nil {
			return "", argError(err, sub, args, at)
		}
		o.why.Bank = o.bank
		if err := o.why.Validate(cmd, files); err != nil {
			return "", err
		}
		return cmd, validate(o)
	}
	if err := sub.Parse(rest[1:]); err != nil {
		return "", argError(err, sub, args, at)
	}
	if sub.NArg() > 0 {
		return "", fmt.Errorf("argument %d after %s is not expected%s", len(args)-sub.NArg()+1, cmd, notRepeated)
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
	if o.allBanks && len(o.banks) > 0 {
		return fmt.Errorf("--all-banks checks every bank; drop --bank")
	}
	if o.probeLLM && !o.allBanks && len(o.banks) == 0 {
		return fmt.Errorf("--probe-llm probes the banks doctor checks; add --bank or --all-banks")
	}
	return nil
}

// notRepeated ends every usage error about an argument. A key typed on the command line
// by mistake (-pSECRET, as mysql takes a password, or a stray word) must not be printed
// back, so errors point at the argument's position or the flag instead.
const notRepeated = "; it is not repeated here, in case it is an API key"

// argError rewrites an error of the flag package, which quotes what was typed, into one
// that names only a defined flag or a position. fs parsed args[offset:].
func argError(err error, fs *flag.FlagSet, args []string, offset int) error {
	if errors.Is(err, flag.ErrHelp) {
		return err
	}
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok && fs.Lookup(name) != nil {
		return fmt.Errorf("%s needs a value", flagName(name))
	}
	// invalid value "v" for flag -name: …, invalid boolean value "v" for -name: …
	if strings.HasPrefix(msg, "invalid ") {
		for _, sep := range []string{" for flag -", " for -"} {
			if i := strings.LastIndex(msg, sep); i >= 0 {
				name, _, _ := strings.Cut(msg[i+len(sep):], ":")
				if f := fs.Lookup(name); f != nil {
					return fmt.Errorf("invalid value for %s%s%s", flagName(name), valueHint(f), notRepeated)
				}
			}
		}
	}
	// flag provided but not defined: -name, bad flag syntax: arg
	for i, a := range args[offset:] {
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && (msg == "flag provided but not defined: -"+name || msg == "bad flag syntax: "+a) {
			return fmt.Errorf("argument %d is not a flag hindsight-tui knows%s", offset+i+1, notRepeated)
		}
	}
	return fmt.Errorf("invalid arguments%s", notRepeated)
}

func flagName(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// valueHint says what a flag takes, judging by its default.
func valueHint(f *flag.Flag) string {
	if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
		return " (want true or false)"
	}
	if _, err := time.ParseDuration(f.DefValue); err == nil {
		return " (want a duration such as 10s or 1m30s)"
	}
	return ""
}
