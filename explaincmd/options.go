// Package explaincmd implements `hindsight-tui why` and `hindsight-tui check`: the
// recall explainer (package explain) and recall check suites (package checks) on the
// command line, as text for people and JSON for CI. main parses the connection flags
// and hands over; everything these commands print goes through package sanitize.
package explaincmd

import (
	"errors"
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"hindsight-tui/client"
)

// Exit statuses of both commands.
const (
	ExitPass  = 0 // every expected memory recalled, every case passed
	ExitFail  = 1 // an expectation or a case failed
	ExitError = 2 // the server cannot be reached or refused, the file or command line is invalid
)

// Options are the flags of why and check, plus the bank, which main parses with the
// flags every command shares.
type Options struct {
	Bank string // --bank
	JSON bool

	// why
	Query              string
	Expect             []string
	Types, Tags        []string
	TagsMatch, Budget  string
	MaxTokens          int // -1: not given
	PreferObservations bool
	MinScores          *client.MinScores

	// check
	File string
}

// Bind defines the command's flags on fs.
func (o *Options) Bind(fs *flag.FlagSet, cmd string) {
	fs.BoolVar(&o.JSON, "json", false, "print JSON")
	if cmd != "why" {
		return
	}
	fs.StringVar(&o.Query, "query", "", "the recall query")
	fs.Func("expect", "a memory id or text fragment the recall should return (repeatable)", func(s string) error {
		if strings.TrimSpace(s) == "" {
			return errors.New("empty")
		}
		o.Expect = append(o.Expect, s)
		return nil
	})
	fs.Func("types", "fact types, comma-separated", listFlag(&o.Types))
	fs.Func("tags", "tags, comma-separated", listFlag(&o.Tags))
	fs.StringVar(&o.TagsMatch, "tags-match", "", "tag match mode")
	fs.StringVar(&o.Budget, "budget", "", "low, mid or high")
	o.MaxTokens = -1
	fs.Func("max-tokens", "token cap on the results", func(s string) error {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return errors.New("want a whole number, 0 or more")
		}
		o.MaxTokens = n
		return nil
	})
	fs.BoolVar(&o.PreferObservations, "prefer-observations", false, "prefer observations over the facts they cite")
	fs.Func("min-scores", "score floors, e.g. reranker=0.5,final=0.3", o.minScores)
}

// minScores reads --min-scores: name=value pairs for semantic, keyword, reranker, final.
func (o *Options) minScores(s string) error {
	if o.MinScores == nil {
		o.MinScores = &client.MinScores{}
	}
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if !ok || err != nil {
			return errors.New("want name=number pairs")
		}
		switch strings.TrimSpace(k) {
		case "semantic":
			o.MinScores.Semantic = &f
		case "keyword":
			o.MinScores.Keyword = &f
		case "reranker":
			o.MinScores.Reranker = &f
		case "final":
			o.MinScores.Final = &f
		default:
			return errors.New("want semantic, keyword, reranker or final")
		}
	}
	return nil
}

func listFlag(dst *[]string) func(string) error {
	return func(s string) error {
		for _, v := range strings.Split(s, ",") {
			if v = strings.TrimSpace(v); v != "" {
				*dst = append(*dst, v)
			}
		}
		return nil
	}
}

// Parse parses args with fs, letting check's FILE stand anywhere among the flags (the
// flag package stops at the first argument that is not a flag). It returns the
// arguments that are not flags.
func Parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return rest, err
		}
		if fs.NArg() == 0 {
			return rest, nil
		}
		rest = append(rest, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// Validate checks what the command needs, with args the non-flag arguments.
func (o *Options) Validate(cmd string, args []string) error {
	switch cmd {
	case "check":
		if len(args) != 1 {
			return fmt.Errorf("check needs one suite file, got %d arguments", len(args))
		}
		o.File = args[0]
		return nil
	case "why":
	default:
		return fmt.Errorf("unknown command %q", cmd)
	}
	if len(args) > 0 {
		return fmt.Errorf("why takes no arguments besides its flags; give the memory with --expect")
	}
	switch {
	case o.Bank == "":
		return errors.New("why needs --bank")
	case strings.TrimSpace(o.Query) == "":
		return errors.New("why needs --query")
	case len(o.Expect) == 0:
		return errors.New("why needs at least one --expect (a memory id or a fragment of its text)")
	}
	for _, t := range o.Types {
		if !slices.Contains([]string{client.FactWorld, client.FactExperience, client.FactObservation}, t) {
			return errors.New("--types takes world, experience and observation")
		}
	}
	if o.Budget != "" && !slices.Contains([]string{client.BudgetLow, client.BudgetMid, client.BudgetHigh}, o.Budget) {
		return errors.New("--budget takes low, mid or high")
	}
	if o.TagsMatch != "" && !slices.Contains([]string{client.TagsAny, client.TagsAll, client.TagsAnyStrict, client.TagsAllStrict, client.TagsExact}, o.TagsMatch) {
		return errors.New("--tags-match takes any, all, any_strict, all_strict or exact")
	}
	return nil
}

// Request is the recall request why's flags describe.
func (o *Options) Request() client.RecallRequest {
	r := client.RecallRequest{Query: o.Query, Types: o.Types, Tags: o.Tags, TagsMatch: o.TagsMatch, Budget: o.Budget,
		PreferObservations: o.PreferObservations, MinScores: o.MinScores}
	if o.MaxTokens >= 0 {
		r.MaxTokens = client.Ptr(o.MaxTokens)
	}
	return r
}
