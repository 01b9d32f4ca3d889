package codegen

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// pyInspect parses each snippet with Python's own parser (never running it) and reports
// its imports and, per call of interest, the keyword arguments evaluated as literals;
// a non-literal (os.environ[…]) is reported as {"expr": source}.
const pyInspect = `
import ast, json, sys
out = []
for src in json.load(sys.stdin):
    tree = ast.parse(src)
    imports, calls = [], {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imports += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            imports += [node.module + "." + a.name for a in node.names]
        elif isinstance(node, ast.Call):
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
            if name in ("Hindsight", "recall", "create_hindsight_tools"):
                kw = {}
                for k in node.keywords:
                    try:
                        kw[k.arg] = ast.literal_eval(k.value)
                    except ValueError:
                        kw[k.arg] = {"expr": ast.unparse(k.value)}
                calls[name] = kw
    out.append({"imports": imports, "calls": calls})
json.dump(out, sys.stdout)
`

type pyReport struct {
	Imports []string                  `json:"imports"`
	Calls   map[string]map[string]any `json:"calls"`
}

// The keyword parameters of the targets' functions, at the versions we generate for.
var (
	pyHindsightParams = []string{"base_url", "api_key"}
	pyRecallParams    = []string{"bank_id", "query", "types", "max_tokens", "budget", "trace", "query_timestamp",
		"include_entities", "max_entity_tokens", "include_chunks", "max_chunk_tokens", "include_source_facts",
		"max_source_facts_tokens", "tags", "tags_match", "tag_groups", "prefer_observations", "min_scores", "temporal_window"}
	autogenParams = []string{"bank_id", "client", "hindsight_api_url", "api_key", "budget", "max_tokens", "tags",
		"recall_tags", "recall_tags_match", "retain_metadata", "retain_document_id", "recall_types",
		"recall_include_entities", "reflect_context", "reflect_max_tokens", "reflect_response_schema", "reflect_tags",
		"reflect_tags_match", "include_retain", "include_recall", "include_reflect"}
	smolagentsParams = []string{"bank_id", "client", "hindsight_api_url", "api_key", "budget", "max_tokens", "tags",
		"recall_tags", "recall_tags_match", "enable_retain", "enable_recall", "enable_reflect"}
)

// TestPythonSnippets parses every Python snippet with python3, checks that only real
// keyword names are used, and checks that the request the snippet makes is the TUI's
// request, apart from exactly the settings its comments say it cannot express.
func TestPythonSnippets(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not on PATH")
	}
	if exec.Command(py, "-I", "-c", "import ast; ast.unparse").Run() != nil {
		t.Skip("python3 is older than 3.9 (no ast.unparse)")
	}
	targets := []Target{Python, AutoGen, SmolAgents}
	var srcs []string
	for _, c := range cases() {
		for _, tg := range targets {
			srcs = append(srcs, Recall(tg, c.in))
		}
	}
	reports := inspectPython(t, py, srcs)
	for i, c := range cases() {
		for j, tg := range targets {
			t.Run(c.name+"/"+slug(tg), func(t *testing.T) {
				checkPython(t, tg, c.in, srcs[i*len(targets)+j], reports[i*len(targets)+j])
			})
		}
	}
}

func inspectPython(t *testing.T, py string, srcs []string) []pyReport {
	t.Helper()
	in, err := json.Marshal(srcs)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, "-I", "-c", pyInspect)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v\n%s", err, stderr.String())
	}
	var reports []pyReport
	if err := json.Unmarshal(out, &reports); err != nil {
		t.Fatal(err)
	}
	return reports
}

var notExpressible = regexp.MustCompile(`(?m)^# not expressible in [\w.]+: ([\w.]+)=`)

func checkPython(t *testing.T, tg Target, in Input, src string, r pyReport) {
	var (
		callee, module string
		params         []string
	)
	switch tg {
	case Python:
		callee, module, params = "recall", "hindsight_client.Hindsight", pyRecallParams
		checkKeywords(t, "Hindsight", r.Calls["Hindsight"], pyHindsightParams)
		if got := r.Calls["Hindsight"]["base_url"]; got != baseURL(in.BaseURL) {
			t.Errorf("base_url = %v", got)
		}
	case AutoGen:
		callee, module, params = "create_hindsight_tools", "hindsight_autogen.create_hindsight_tools", autogenParams
	case SmolAgents:
		callee, module, params = "create_hindsight_tools", "hindsight_smolagents.create_hindsight_tools", smolagentsParams
	}
	kw := r.Calls[callee]
	checkKeywords(t, callee, kw, params)
	if !slices.Contains(r.Imports, module) {
		t.Errorf("imports %v, want %s", r.Imports, module)
	}
	keyCall := kw
	if tg == Python {
		keyCall = r.Calls["Hindsight"]
	}
	wantKey := map[string]any{"expr": "os.environ['HINDSIGHT_API_KEY']"}
	if in.KeySet != reflect.DeepEqual(keyCall["api_key"], wantKey) || in.KeySet != slices.Contains(r.Imports, "os") {
		t.Errorf("KeySet=%v but api_key=%v, imports %v", in.KeySet, keyCall["api_key"], r.Imports)
	}
	if kw["bank_id"] != in.BankID {
		t.Errorf("bank_id = %q, want %q", kw["bank_id"], in.BankID)
	}

	// What the server is asked, by the TUI and by the snippet.
	var want map[string]any
	raw, _ := json.Marshal(in.Req)
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	want = serverView(want)
	var got map[string]any
	if tg == Python {
		got = serverView(pyClientBody(kw))
	} else {
		got = serverView(pyClientBody(toolRecallKwargs(kw, want["query"])))
	}
	wantAll, gotAll := deepCopy(want), deepCopy(got)
	for _, m := range notExpressible.FindAllStringSubmatch(src, -1) {
		path := settingPath(m[1])
		if path == "" {
			t.Errorf("comment names unknown setting %q", m[1])
			continue
		}
		if reflect.DeepEqual(lookup(wantAll, path), lookup(gotAll, path)) && path != "query" {
			t.Errorf("comment says %s is not expressible, but the snippet sends it", m[1])
		}
		remove(want, path)
		remove(got, path)
	}
	if !reflect.DeepEqual(got, want) {
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(want)
		t.Errorf("the snippet asks the server for\n%s\nthe TUI asked for\n%s\n%s", g, w, src)
	}
}

func checkKeywords(t *testing.T, callee string, kw map[string]any, params []string) {
	t.Helper()
	if kw == nil {
		t.Errorf("no %s(…) call", callee)
	}
	for k := range kw {
		if !slices.Contains(params, k) {
			t.Errorf("%s has no keyword %q", callee, k)
		}
	}
}

// toolRecallKwargs is what the tools' recall passes to hindsight_client's recall.
func toolRecallKwargs(tools map[string]any, query any) map[string]any {
	kw := map[string]any{"query": query, "budget": tools["budget"], "max_tokens": tools["max_tokens"]}
	if tags, ok := tools["recall_tags"].([]any); ok && len(tags) > 0 {
		kw["tags"], kw["tags_match"] = tags, tools["recall_tags_match"]
	}
	if types, ok := tools["recall_types"]; ok {
		kw["types"] = types
	}
	if tools["recall_include_entities"] == true {
		kw["include_entities"] = true
	}
	return kw
}

// pyClientBody is the body hindsight_client's recall sends for these keyword arguments.
func pyClientBody(kw map[string]any) map[string]any {
	or := func(k string, def any) any {
		if v, ok := kw[k]; ok && v != nil {
			return v
		}
		return def
	}
	inc := map[string]any{"entities": nil}
	if kw["include_entities"] == true {
		inc["entities"] = map[string]any{"max_tokens": or("max_entity_tokens", 500.0)}
	}
	if kw["include_chunks"] == true {
		inc["chunks"] = map[string]any{"max_tokens": or("max_chunk_tokens", 8192.0)}
	}
	if kw["include_source_facts"] == true {
		inc["source_facts"] = map[string]any{"max_tokens": or("max_source_facts_tokens", 4096.0)}
	}
	body := map[string]any{"query": kw["query"], "include": inc, "budget": or("budget", "mid"),
		"max_tokens": or("max_tokens", 4096.0), "tags_match": or("tags_match", "any")}
	for _, k := range []string{"types", "trace", "query_timestamp", "tags", "tag_groups", "prefer_observations", "min_scores", "temporal_window"} {
		if v, ok := kw[k]; ok {
			body[k] = v
		}
	}
	return body
}

// serverView fills in the server's defaults and drops what has no effect, so two bodies
// compare equal exactly when the server treats them the same.
func serverView(b map[string]any) map[string]any {
	def := func(m map[string]any, k string, v any) {
		if _, ok := m[k]; !ok {
			m[k] = v
		}
	}
	def(b, "budget", "mid")
	def(b, "max_tokens", 4096.0)
	def(b, "trace", false)
	def(b, "prefer_observations", false)
	def(b, "tags_match", "any")
	for _, k := range []string{"types", "tags", "tag_groups"} {
		if l, ok := b[k].([]any); ok && len(l) == 0 {
			delete(b, k)
		}
	}
	if _, ok := b["tags"]; !ok && b["tags_match"] != "exact" {
		delete(b, "tags_match") // without tags only "exact" filters
	}
	inc, _ := b["include"].(map[string]any)
	if inc == nil {
		inc = map[string]any{}
		b["include"] = inc
	}
	def(inc, "entities", map[string]any{})
	if e, ok := inc["entities"].(map[string]any); ok {
		def(e, "max_tokens", 500.0)
	} else {
		delete(inc, "entities") // null: off
	}
	if c, ok := inc["chunks"].(map[string]any); ok {
		def(c, "max_tokens", 8192.0)
	}
	if s, ok := inc["source_facts"].(map[string]any); ok {
		def(s, "max_tokens", 4096.0)
		def(s, "max_tokens_per_observation", -1.0)
	}
	return b
}

// settingPath maps a name in a "not expressible" comment to its place in the body.
func settingPath(name string) string {
	switch name {
	case "query", "types", "trace", "query_timestamp", "tags_match", "tag_groups", "prefer_observations",
		"min_scores", "temporal_window":
		return name
	case "include_entities", "max_entity_tokens":
		return "include.entities"
	case "include_chunks", "max_chunk_tokens":
		return "include.chunks"
	case "include_source_facts", "max_source_facts_tokens":
		return "include.source_facts"
	case "include.source_facts.max_tokens_per_observation":
		return name
	}
	return ""
}

func deepCopy(m map[string]any) map[string]any {
	raw, _ := json.Marshal(m)
	var c map[string]any
	_ = json.Unmarshal(raw, &c)
	return c
}

func lookup(m map[string]any, path string) any {
	keys := strings.Split(path, ".")
	for _, k := range keys[:len(keys)-1] {
		m, _ = m[k].(map[string]any)
	}
	return m[keys[len(keys)-1]]
}

func remove(m map[string]any, path string) {
	keys := strings.Split(path, ".")
	for _, k := range keys[:len(keys)-1] {
		m, _ = m[k].(map[string]any)
	}
	delete(m, keys[len(keys)-1])
}

func TestPyStr(t *testing.T) {
	for in, want := range map[string]string{
		"":             `""`,
		`a"b\c`:        `"a\"b\\c"`,
		"tab\tnl\n":    `"tab\tnl\n"`,
		"\x00\x1b\x7f": `"\x00\x1b\x7f"`,
		"\u00a0\u2028": `"\xa0\u2028"`,
		"🎉 é":          `"🎉 é"`,
		"\U000e0001":   `"\U000e0001"`,
		"bad\xffbyte":  `"bad\ufffdbyte"`,
	} {
		if got := pyStr(in); got != want {
			t.Errorf("pyStr(%q) = %s, want %s", in, got, want)
		}
	}
	for f, want := range map[float64]string{1: "1.0", 0.3: "0.3", 1e21: "1e+21"} {
		if got := pyFloat(f); got != want {
			t.Errorf("pyFloat(%v) = %s, want %s", f, got, want)
		}
	}
}
