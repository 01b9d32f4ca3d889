package codegen

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/config"
)

// curlBody extracts the -d argument of a curl snippet and undoes its shell quoting.
func curlBody(t *testing.T, snippet string) string {
	t.Helper()
	_, quoted, ok := strings.Cut(snippet, "\n  -d '")
	if !ok || !strings.HasSuffix(quoted, "'\n") {
		t.Fatalf("no -d '…' argument at the end of\n%s", snippet)
	}
	return strings.ReplaceAll(strings.TrimSuffix(quoted, "'\n"), `'\''`, "'")
}

// TestCurlBodyIsTheRequest: the body parses as JSON and means the same as json.Marshal of
// the request, for every case.
func TestCurlBodyIsTheRequest(t *testing.T) {
	for _, c := range cases() {
		body := curlBody(t, Recall(Curl, c.in))
		var got, want any
		if err := json.Unmarshal([]byte(body), &got); err != nil {
			t.Fatalf("%s: body is not JSON: %v\n%s", c.name, err, body)
		}
		raw, err := json.Marshal(c.in.Req)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, &want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: body\n%s\nwant the same as\n%s", c.name, body, raw)
		}
	}
}

// sent is what one request looked like on the wire.
type sent struct {
	uri, auth string
	body      []byte
}

// clientRequest runs the request through the real client against a recording server.
func clientRequest(t *testing.T, baseURL string, in Input, key string) sent {
	t.Helper()
	var got sent
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got.uri, got.auth = r.RequestURI, r.Header.Get("Authorization")
		got.body, _ = io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"results":[]}`)
	}))
	defer srv.Close()
	c, err := client.New(srv.URL+baseURL, client.WithAPIKey(key))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Recall(context.Background(), in.BankID, in.Req); err != nil {
		t.Fatal(err)
	}
	return got
}

// shellArgs runs a curl snippet in sh with curl replaced by a function that prints its
// arguments, so the test sees exactly what the shell makes of the quoting.
func shellArgs(t *testing.T, sh, snippet string, env ...string) []string {
	t.Helper()
	script := "curl() { for a in \"$@\"; do printf '%s\\0' \"$a\"; done; }\n" + snippet
	cmd := exec.Command(sh, "-c", script)
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH")}, env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil || stderr.Len() > 0 {
		t.Fatalf("sh: %v\n%s", err, stderr.String())
	}
	return strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
}

// TestCurlSendsWhatTheClientSends runs each curl snippet through a real shell, with hostile
// values in $HOME and the key variable, and compares the URL, body and key header with
// what our client puts on the wire for the same request.
func TestCurlSendsWhatTheClientSends(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh on PATH")
	}
	const key = "key-from-the-environment"
	for _, c := range cases() {
		t.Run(c.name, func(t *testing.T) {
			u, err := url.Parse(c.in.BaseURL)
			if err != nil {
				t.Fatal(err)
			}
			clientKey := ""
			if c.in.KeySet {
				clientKey = key
			}
			want := clientRequest(t, u.Path, c.in, clientKey)

			in, envKey := c.in, key
			if k := in.KeyOrigin.Kind; k == config.KeyProfile || k == config.KeyFile {
				// The key is in a file and not in the environment: the snippet must load it.
				in.KeyOrigin.Path = keyFile(t, filepath.Base(in.KeyOrigin.Path), "api_url = \"http://h\"\napi_key = \""+key+"\"\n")
				envKey = "stale-key"
			}
			args := shellArgs(t, sh, Recall(Curl, in), "HINDSIGHT_API_KEY="+envKey, "HOME=/expanded-home")
			var curlURL, body, auth string
			for i := 0; i < len(args)-1; i++ {
				switch args[i] {
				case "-X":
					curlURL = args[i+2]
				case "-d":
					body = args[i+1]
				case "-H":
					if h, ok := strings.CutPrefix(args[i+1], "Authorization: "); ok {
						auth = h
					}
				}
			}
			cu, err := url.Parse(curlURL)
			if err != nil {
				t.Fatalf("curl URL %q: %v", curlURL, err)
			}
			if cu.Host != u.Host {
				t.Errorf("curl host %q, want %q", cu.Host, u.Host)
			}
			if got := cu.EscapedPath(); got != want.uri {
				t.Errorf("curl path %q, client sent %q", got, want.uri)
			}
			var compact bytes.Buffer
			if err := json.Compact(&compact, []byte(body)); err != nil {
				t.Fatalf("curl body is not JSON: %v\n%s", err, body)
			}
			if got, wantBody := compact.String(), strings.TrimSuffix(string(want.body), "\n"); got != wantBody {
				t.Errorf("curl body\n%s\nclient sent\n%s", got, wantBody)
			}
			if auth != want.auth {
				t.Errorf("curl Authorization %q, client sent %q", auth, want.auth)
			}
		})
	}
}

func TestShellQuote(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh on PATH")
	}
	for _, s := range []string{"", "plain", "it's", "''", `a\'b`, "$HOME `id` $(id) \\ \" ! *", "line\nbreak", "🎉"} {
		out, err := exec.Command(sh, "-c", "printf '%s' "+shellQuote(s)).Output()
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if string(out) != s {
			t.Errorf("shellQuote(%q) expands to %q", s, out)
		}
	}
}
