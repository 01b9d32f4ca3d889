package codegen

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/exp/golden"

	"hindsight-tui/client"
	"hindsight-tui/config"
)

type testCase struct {
	name string
	in   Input
}

// nastyQuery holds everything that breaks naive quoting: both quote kinds, backslashes,
// newlines, shell expansions, emoji, control characters, a line separator and a byte
// that is not UTF-8.
const nastyQuery = "He said \"it's fine\" \\ C:\\tmp\\new\nthen `whoami` and $HOME ${PATH} 🎉 café\t\x07\x00 \u2028 \xff end"

// cases is the table every target is generated over; each is checked against goldens and
// against the properties in the other tests.
func cases() []testCase {
	base := func(key bool, mod func(r *client.RecallRequest)) Input {
		in := Input{BaseURL: "http://localhost:8888", BankID: "demo", KeySet: key,
			Req: client.RecallRequest{Query: "What does Alice like?"}}
		if mod != nil {
			mod(&in.Req)
		}
		return in
	}
	tags := func(match string) Input {
		return base(true, func(r *client.RecallRequest) {
			r.Tags = []string{"team:core", "project:tui"}
			r.TagsMatch = match
		})
	}
	all := base(true, func(r *client.RecallRequest) {
		// The server rejects tags together with tag_groups; the generator still has to
		// write whatever it is given, so this case sets every field at once.
		*r = client.RecallRequest{
			Query:              "Which <deploy> steps & checks did we agree on?",
			Types:              []string{"world", "experience", "observation"},
			PreferObservations: true,
			Budget:             client.BudgetHigh,
			MaxTokens:          client.Ptr(2048),
			Trace:              true,
			QueryTimestamp:     "2025-03-01T12:00:00Z",
			Include: &client.RecallInclude{
				Entities:    &client.EntitiesInclude{MaxTokens: client.Ptr(300)},
				Chunks:      &client.ChunksInclude{MaxTokens: client.Ptr(1000)},
				SourceFacts: &client.SourceFactsInclude{MaxTokens: client.Ptr(2000), MaxTokensPerObservation: client.Ptr(250)},
			},
			Tags:           []string{"team:core"},
			TagsMatch:      client.TagsAllStrict,
			TagGroups:      []client.TagGroup{{Tags: []string{"env:prod"}, Match: client.TagsAny}},
			MinScores:      &client.MinScores{Semantic: client.Ptr(0.3), Keyword: client.Ptr(2.0), Reranker: client.Ptr(0.25), Final: client.Ptr(1.0)},
			TemporalWindow: &client.TemporalWindow{Start: "2025-01-01T00:00:00Z", End: "2025-02-01T00:00:00Z"},
		}
	})
	all.BaseURL = "https://memory.example.com/hindsight/"
	all.BankID = "team-alpha"

	groups := base(false, func(r *client.RecallRequest) {
		r.TagGroups = []client.TagGroup{
			{Or: []client.TagGroup{{Tags: []string{"user:alice"}}, {Tags: []string{"user:bob"}, Match: client.TagsAll}}},
			{Not: &client.TagGroup{Tags: []string{"archived"}, Match: client.TagsAnyStrict}},
		}
		r.MinScores = &client.MinScores{Final: client.Ptr(1.0)}
		r.TemporalWindow = &client.TemporalWindow{Start: "2025-01-01", End: "2025-01-31"}
		r.Types = []string{"observation"}
	})
	nasty := base(true, func(r *client.RecallRequest) { r.Query = nastyQuery; r.Budget = client.BudgetLow })
	nasty.BankID = "team/alpha beta$HOME'x"

	// Where the key came from, as main passes it down. The paths are examples: the curl
	// test writes a real file for them.
	keyFrom := func(o config.KeyOrigin) Input { in := base(true, nil); in.KeyOrigin = o; return in }
	keyEnv := keyFrom(config.KeyOrigin{Kind: config.KeyEnv})
	keyProfile := keyFrom(config.KeyOrigin{Kind: config.KeyProfile, Path: "/home/alex/.hindsight/cli-profiles/prod.toml", Profile: "prod"})
	keyProfile.Req.Budget = client.BudgetHigh
	keyFile := keyFrom(config.KeyOrigin{Kind: config.KeyFile, Path: "/home/o'brien/My $HOME/.hindsight/config"})

	return []testCase{
		{"defaults", base(false, nil)},
		{"defaults_key", base(true, nil)},
		{"all_fields", all},
		{"tags_any", tags(client.TagsAny)},
		{"tags_all", tags(client.TagsAll)},
		{"tags_any_strict", tags(client.TagsAnyStrict)},
		{"tags_all_strict", tags(client.TagsAllStrict)},
		{"tags_exact", tags(client.TagsExact)},
		{"tags_default_match", tags("")},
		{"exact_untagged", base(false, func(r *client.RecallRequest) { r.TagsMatch = client.TagsExact })},
		{"no_entities", base(true, func(r *client.RecallRequest) {
			r.Include = &client.RecallInclude{NoEntities: true}
			r.MaxTokens = client.Ptr(512)
		})},
		{"tag_groups", groups},
		{"nasty_query", nasty},
		{"key_from_env", keyEnv},
		{"key_from_profile", keyProfile},
		{"key_from_config_file", keyFile},
	}
}

// slug names a target in test and golden file names.
func slug(t Target) string {
	return [...]string{"curl", "python", "go", "autogen", "smolagents"}[t]
}

func TestRecallGolden(t *testing.T) {
	for _, c := range cases() {
		t.Run(c.name, func(t *testing.T) {
			for _, tg := range Targets() {
				t.Run(slug(tg), func(t *testing.T) { golden.RequireEqual(t, Recall(tg, c.in)) })
			}
		})
	}
}

func TestTargets(t *testing.T) {
	want := []string{"curl", "Python (hindsight_client)", "Go (hindsight-tui client)", "AutoGen tools", "SmolAgents tools"}
	var got []string
	for _, tg := range Targets() {
		got = append(got, tg.String())
	}
	if !slices.Equal(got, want) {
		t.Fatalf("labels = %q, want %q", got, want)
	}
	ts := Targets()
	ts[0] = SmolAgents
	if Targets()[0] != Curl {
		t.Fatal("Targets returned shared state")
	}
	if s := Target(99).String(); s == "" {
		t.Fatal("unknown target has an empty label")
	}
	if s := Recall(Target(99), Input{}); !strings.HasSuffix(s, "\n") {
		t.Fatalf("unknown target snippet %q does not end with a newline", s)
	}
}

// TestInputCarriesNoKey guards the design rule that keeps keys out of clipboards: the
// generator never sees a key, so no snippet can contain one.
func TestInputCarriesNoKey(t *testing.T) {
	var names []string
	for f := range reflect.TypeFor[Input]().Fields() {
		names = append(names, f.Name)
	}
	if want := []string{"BaseURL", "BankID", "KeySet", "KeyOrigin", "Req"}; !slices.Equal(names, want) {
		t.Fatalf("Input fields = %v, want %v: a new field must not carry a secret", names, want)
	}
	names = nil
	for f := range reflect.TypeFor[config.KeyOrigin]().Fields() {
		names = append(names, f.Name)
	}
	if want := []string{"Kind", "Path", "Profile"}; !slices.Equal(names, want) {
		t.Fatalf("KeyOrigin fields = %v, want %v: a new field must not carry a secret", names, want)
	}
}

// TestKeyReferenceOnlyWhenSet: the snippets name the key's variable exactly when a key is
// configured (curl as $HINDSIGHT_API_KEY, which the shell expands), and never otherwise.
func TestKeyReferenceOnlyWhenSet(t *testing.T) {
	for _, c := range cases() {
		for _, key := range []bool{false, true} {
			in := c.in
			in.KeySet = key
			if !key {
				in.KeyOrigin = config.KeyOrigin{}
			}
			for _, tg := range Targets() {
				s := Recall(tg, in)
				if got := strings.Contains(s, "HINDSIGHT_API_KEY"); got != key {
					t.Errorf("%s/%s KeySet=%v: mentions HINDSIGHT_API_KEY = %v\n%s", c.name, slug(tg), key, got, s)
				}
				if tg == Curl && strings.Contains(s, "$HINDSIGHT_API_KEY") != key {
					t.Errorf("%s/curl KeySet=%v: $HINDSIGHT_API_KEY reference wrong\n%s", c.name, key, s)
				}
			}
		}
	}
}

// TestSnippetsArePlainText: whatever the query holds, a snippet is valid UTF-8 with no
// control characters but newlines and tabs (gofmt indents with tabs), so showing or
// pasting it cannot drive the terminal.
func TestSnippetsArePlainText(t *testing.T) {
	for _, c := range cases() {
		for _, tg := range Targets() {
			s := Recall(tg, c.in)
			if !utf8.ValidString(s) {
				t.Errorf("%s/%s: invalid UTF-8", c.name, slug(tg))
			}
			for _, r := range s {
				if r != '\n' && r != '\t' && (unicode.IsControl(r) || r == '\u2028' || r == '\u2029') {
					t.Errorf("%s/%s: raw control character %U", c.name, slug(tg), r)
					break
				}
			}
			if !strings.HasSuffix(s, "\n") || strings.HasSuffix(s, "\n\n") {
				t.Errorf("%s/%s: must end with exactly one newline", c.name, slug(tg))
			}
		}
	}
}

func TestToolsListWhatTheyCannotExpress(t *testing.T) {
	const prefix = "# not expressible in create_hindsight_tools: "
	type want struct {
		target Target
		has    []string
		hasNot []string
	}
	byName := map[string][]want{
		"defaults": {
			{AutoGen, []string{"query="}, []string{"include_entities"}},
			{SmolAgents, []string{"query=", "include_entities=True"}, nil},
		},
		"all_fields": {
			{AutoGen, []string{"trace=True", "query_timestamp=", "max_entity_tokens=300", "include_chunks=True",
				"max_chunk_tokens=1000", "include_source_facts=True", "max_source_facts_tokens=2000",
				"include.source_facts.max_tokens_per_observation=250", "tag_groups=", "prefer_observations=True",
				"min_scores=", "temporal_window="}, []string{"types=", "budget=", "tags="}},
			{SmolAgents, []string{"types=[", "include_entities=True", "max_entity_tokens=300"}, []string{"budget="}},
		},
		"exact_untagged": {
			{AutoGen, []string{`tags_match="exact"`}, nil},
			{SmolAgents, []string{`tags_match="exact"`}, nil},
		},
		"tags_all": {{AutoGen, nil, []string{"tags_match"}}},
		"no_entities": {
			{AutoGen, nil, []string{"include_entities"}},
			{SmolAgents, nil, []string{"include_entities"}},
		},
	}
	for _, c := range cases() {
		for _, w := range byName[c.name] {
			var notes []string
			for line := range strings.Lines(Recall(w.target, c.in)) {
				if s, ok := strings.CutPrefix(line, prefix); ok {
					notes = append(notes, s)
				}
			}
			noted := func(p string) bool {
				return slices.ContainsFunc(notes, func(n string) bool { return strings.HasPrefix(n, p) })
			}
			for _, p := range w.has {
				if !noted(p) {
					t.Errorf("%s/%s: no comment for %s; comments: %q", c.name, slug(w.target), p, notes)
				}
			}
			for _, p := range w.hasNot {
				if noted(p) {
					t.Errorf("%s/%s: %s is expressible but commented out; comments: %q", c.name, slug(w.target), p, notes)
				}
			}
		}
	}
}
