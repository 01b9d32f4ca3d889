// Command hindsight-tui is a keyboard-first terminal explorer for Hindsight memory
// banks. main only turns flags, the environment and the Hindsight CLI's configuration
// files into a client, then hands it to a subcommand or the explorer.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/term"

	"hindsight-tui/client"
	"hindsight-tui/config"
	"hindsight-tui/demo"
	"hindsight-tui/doctor"
	"hindsight-tui/explaincmd"
	"hindsight-tui/ui"
)

func main() {
	home, _ := os.UserHomeDir() // unknown home: the config-file rungs are skipped
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	code := run(ctx, os.Args[1:], os.Getenv, home, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// options are the parsed command line.
type options struct {
	url, profile, bank   string
	demo, readOnly, show bool
	timeout              time.Duration
	addr                 string             // demo-server only
	why                  explaincmd.Options // why and check only

	banks                    []string // every --bank, for doctor
	allBanks, probeLLM, json bool     // doctor only
}

// Exit statuses besides a report's own.
const (
	exitFailure = 1
	exitUsage   = 2
)

// run is main without the process: it returns the exit status so tests can drive it.
func run(ctx context.Context, args []string, getenv func(string) string, home string, stdout, stderr io.Writer) int {
	var o options
	cmd, err := parseArgs(args, &o)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, usage)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "hindsight-tui: %v\nRun 'hindsight-tui -h' for usage.\n", err)
		return exitUsage
	}
	if o.show {
		fmt.Fprintln(stdout, "hindsight-tui", buildVersion())
		return 0
	}
	if cmd == "demo-server" {
		if err := demo.Serve(ctx, o.addr, stdout, stderr); err != nil {
			fmt.Fprintf(stderr, "hindsight-tui: %v\n", err)
			return exitFailure
		}
		return 0
	}
	if cmd == "why" || cmd == "check" {
		// The command reads and checks its input before it connects.
		open := func() (explaincmd.API, func(), error) {
			cfg, c, closeDemo, err := connect(o, getenv, home)
			if err != nil {
				return nil, nil, err
			}
			return explaincmd.WithTimeout(c, cfg.Timeout), closeDemo, nil
		}
		return explaincmd.Run(ctx, cmd, o.why, open, stdout, stderr)
	}

	cfg, c, closeDemo, err := connect(o, getenv, home)
	if err != nil {
		if cmd == "doctor" {
			return printReport(stdout, doctor.ConfigFailure(err), o.json)
		}
		fmt.Fprintf(stderr, "hindsight-tui: %v\n", err)
		return exitFailure
	}
	defer closeDemo()
	if cmd == "doctor" {
		opts := doctor.Options{Banks: o.banks, AllBanks: o.allBanks, ProbeLLM: o.probeLLM}
		return printReport(stdout, doctor.Run(ctx, cfg, c, opts), o.json)
	}
	return explore(ctx, o, cfg, c, getenv, home, stdout, stderr)
}

// explore runs the interactive explorer until the user quits. A cancelled ctx (SIGTERM,
// SIGHUP when the terminal goes away, or SIGINT delivered by something other than the
// terminal) ends it as a quit key does, drafts written first; a program that has not
// ended shutdownGrace later is killed.
func explore(ctx context.Context, o options, cfg config.Config, c *client.Client, getenv func(string) string, home string, stdout, stderr io.Writer) int {
	if f, ok := stdout.(*os.File); !ok || !term.IsTerminal(f.Fd()) {
		fmt.Fprintln(stderr, "hindsight-tui: the explorer needs a terminal; for a non-interactive check run 'hindsight-tui doctor'.")
		return exitFailure
	}
	start := config.Flags{URL: o.url, Timeout: o.timeout}
	m := ui.New(ui.Options{
		Client:    c,
		ServerURL: cfg.URL,
		URLSource: cfg.URLSource,
		KeySet:    cfg.APIKey.IsSet(),
		KeyOrigin: cfg.KeyOrigin,
		Demo:      o.demo,
		ReadOnly:  o.readOnly,
		Bank:      o.bank,
		Version:   buildVersion(),
		Timeout:   cfg.Timeout,
		StateDir:  ui.DefaultStateDir(getenv, home),
		Profile:   cfg.Profile,
		// The switcher's default entry is what started the program, less a profile.
		Profiles: func() []config.Profile { return config.ListProfiles(start, getenv, home) },
		OpenProfile: func(name string) (config.Config, error) {
			return config.ResolveProfile(name, start, getenv, home)
		},
	})
	p := tea.NewProgram(m,
		tea.WithoutSignalHandler(), // signals arrive through ctx, and end the program as a quit does
		tea.WithOutput(stdout),
		tea.WithColorProfile(ui.ColorProfile(stdout, os.Environ())),
	)
	ended := make(chan struct{})
	defer close(ended)
	go func() {
		select {
		case <-ctx.Done():
			p.Send(ui.ShutdownMsg{})
		case <-ended:
			return
		}
		select {
		case <-time.After(shutdownGrace):
			p.Kill()
		case <-ended:
		}
	}()
	final, err := p.Run()
	if fm, ok := final.(ui.Model); ok && fm.SaveError() != nil {
		fmt.Fprintf(stderr, "hindsight-tui: could not save what you typed: %v\n", fm.SaveError())
		return exitFailure
	}
	if err != nil {
		if errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil {
			return 0
		}
		fmt.Fprintf(stderr, "hindsight-tui: %v\n", err)
		return exitFailure
	}
	return 0
}

// shutdownGrace is how long a signalled explorer may take to write its drafts.
const shutdownGrace = 3 * time.Second

func printReport(w io.Writer, r doctor.Report, asJSON bool) int {
	if asJSON {
		_ = r.WriteJSON(w)
	} else {
		_, _ = r.WriteTo(w)
	}
	return r.ExitCode()
}

// connect resolves the configuration (or starts the demo server) and builds the client.
// The returned func stops the demo server, if one was started.
func connect(o options, getenv func(string) string, home string) (config.Config, *client.Client, func(), error) {
	noop := func() {}
	var cfg config.Config
	closeDemo := noop
	if o.demo {
		srv, err := demo.Start()
		if err != nil {
			return cfg, nil, noop, err
		}
		cfg = config.Config{URL: srv.URL(), URLSource: config.SourceDemo, Timeout: o.timeout}
		closeDemo = srv.Close
	} else {
		var err error
		cfg, err = config.Resolve(config.Flags{URL: o.url, Profile: o.profile, Timeout: o.timeout}, getenv, home)
		if err != nil {
			return cfg, nil, noop, err
		}
	}
	c, err := client.New(cfg.URL, client.WithAPIKey(cfg.APIKey.Reveal()), client.WithVersion(buildVersion()))
	if err != nil {
		closeDemo()
		return cfg, nil, noop, err
	}
	return cfg, c, closeDemo, nil
}
