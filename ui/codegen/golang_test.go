package codegen

import (
	"bufio"
	"bytes"
	"go/ast"
	"go/format"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// TestGoSnippetParses: every Go snippet is a gofmt-clean file whose literals hold the
// exact bank and query (escapes included).
func TestGoSnippetParses(t *testing.T) {
	for _, c := range cases() {
		src := Recall(Go, c.in)
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "main.go", src, 0)
		if err != nil {
			t.Fatalf("%s: %v\n%s", c.name, err, src)
		}
		formatted, err := format.Source([]byte(src))
		if err != nil || string(formatted) != src {
			t.Errorf("%s: snippet is not gofmt-clean", c.name)
		}
		bank, query := goRecallLiterals(t, f)
		if bank != c.in.BankID {
			t.Errorf("%s: bank literal = %q, want %q", c.name, bank, c.in.BankID)
		}
		if query != c.in.Req.Query {
			t.Errorf("%s: Query literal = %q, want %q", c.name, query, c.in.Req.Query)
		}
	}
}

// goRecallLiterals finds c.Recall(ctx, "<bank>", client.RecallRequest{Query: "<query>"…})
// and returns the two strings the literals evaluate to.
func goRecallLiterals(t *testing.T, f *ast.File) (bank, query string) {
	t.Helper()
	unquote := func(e ast.Expr) string {
		lit, ok := e.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			t.Fatalf("expected a string literal, got %T", e)
		}
		s, err := strconv.Unquote(lit.Value)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if sel, ok := call.Fun.(*ast.SelectorExpr); !ok || sel.Sel.Name != "Recall" || len(call.Args) != 3 {
			return true
		}
		found = true
		bank = unquote(call.Args[1])
		for _, el := range call.Args[2].(*ast.CompositeLit).Elts {
			if kv := el.(*ast.KeyValueExpr); kv.Key.(*ast.Ident).Name == "Query" {
				query = unquote(kv.Value)
			}
		}
		return false
	})
	if !found {
		t.Fatal("no c.Recall(…) call in the snippet")
	}
	return bank, query
}

// TestGoSnippetTypeChecks type-checks every Go snippet against the real client package,
// so a renamed field or constant breaks this test rather than a user's paste.
func TestGoSnippetTypeChecks(t *testing.T) {
	if testing.Short() {
		t.Skip("builds export data with the go command")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	exports := exportData(t, goCmd, "hindsight-tui/client", "context", "fmt", "log", "math", "os")
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		file, ok := exports[path]
		if !ok {
			return nil, os.ErrNotExist
		}
		return os.Open(file)
	})
	for _, c := range cases() {
		src := Recall(Go, c.in)
		f, err := parser.ParseFile(fset, c.name+".go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		conf := types.Config{Importer: imp}
		if _, err := conf.Check("main", fset, []*ast.File{f}, nil); err != nil {
			t.Errorf("%s: %v\n%s", c.name, err, src)
		}
	}
}

// exportData maps import paths to compiler export data, as `go list -export` builds it.
func exportData(t *testing.T, goCmd string, pkgs ...string) map[string]string {
	t.Helper()
	args := append([]string{"list", "-export", "-deps", "-f", "{{.ImportPath}}\t{{.Export}}"}, pkgs...)
	cmd := exec.Command(goCmd, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -export: %v\n%s", err, stderr.String())
	}
	m := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if path, file, ok := strings.Cut(sc.Text(), "\t"); ok && file != "" {
			m[path] = file
		}
	}
	return m
}

func TestGoFloatLiterals(t *testing.T) {
	for f, want := range map[float64]string{1: "1.0", 0.25: "0.25", -2: "-2.0", 1e21: "1e+21", 1e-7: "1e-07"} {
		g := goWriter{}
		if got := g.float(f); got != want {
			t.Errorf("float(%v) = %s, want %s", f, got, want)
		}
	}
}
