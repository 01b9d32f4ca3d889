package config

import (
	"errors"
	"testing"
)

func TestParseFile(t *testing.T) {
	tests := []struct {
		name, text, url, key string
	}{
		{"double quotes", "api_url = \"http://a\"\napi_key = \"k\"\n", "http://a", "k"},
		{"single quotes", "api_url='http://a'\napi_key='k'", "http://a", "k"},
		{"unquoted", "api_url = http://a\napi_key = k", "http://a", "k"},
		{"crlf", "api_url = \"http://a\"\r\napi_key = k\r\n", "http://a", "k"},
		{"crlf without a final line end", "api_url = \"http://a\"\r\napi_key = k\r", "http://a", "k"},
		{"whitespace", "  \t api_url   =   \"http://a\"   \n\n\n   api_key\t=\tk  ", "http://a", "k"},
		{"comments and blanks", "# my server\n\napi_url = http://a # local\n  # api_key = old\napi_key = \"k\" # note\n", "http://a", "k"},
		{"comment right after the quotes", "api_key = \"k\"# note\napi_url = 'http://a'#x", "http://a", "k"},
		{"hash inside quotes is kept", "api_key = \"a#b\"\napi_url = http://a", "http://a", "a#b"},
		{"spaces and other quotes inside quotes are kept", "api_key = \"a b'c\"\napi_key2 = 'x\"y'", "", "a b'c"},
		{"backslash inside single quotes is kept", `api_key = 'a\b'`, "", `a\b`},
		{"unicode is kept", "api_key = \"ключ🔑\u00a0x\"", "", "ключ🔑\u00a0x"},
		{"sections ignored", "[default]\napi_url = http://a\n[other]\nrecall_score_min = 0.3\n[[list]] # note\n", "http://a", ""},
		{"other keys ignored", "api_url_v2 = http://b\nmy_api_key = x\napi_url = http://a\nrecall_score_min = 0.4", "http://a", ""},
		{"other keys' values of every kind", "a = 1\nb.c = true\n\"q k\" = 'x'\nd = [1, \"]\", '#']\ne = { f = 2 } # c\ng = 1979-05-27 07:32:00Z\napi_key = k", "", "k"},
		{"multi-line values of other keys", "a = [\n  \"x\",\n  # c\n]\nb = \"\"\"\nline api_key\n  text \\\"\"\" still\n\"\"\"\"\nc = '''\n'''\napi_key = k", "", "k"},
		{"equals in value", "api_key = abc==\napi_url = http://a/?", "http://a/?", "abc=="},
		{"empty values leave unset", "api_url = \"\"\napi_key = ''\n", "", ""},
		{"later line wins", "api_url = http://a\napi_url = http://b", "http://b", ""},
		{"empty later line does not clear", "api_url = http://a\napi_url = ''", "http://a", ""},
		{"empty file", "", "", ""},
		{"tabs only", "\t\n\t", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := parseFile("f", tt.text)
			if err != nil {
				t.Fatalf("parseFile(%q): %v", tt.text, err)
			}
			if v.url != tt.url || v.key != tt.key {
				t.Errorf("parseFile(%q) = {url %q, key %q}, want {url %q, key %q}", tt.text, v.url, v.key, tt.url, tt.key)
			}
		})
	}
}

func TestParseFileRemembersLines(t *testing.T) {
	v, err := parseFile("f", "# c\napi_key = a\n\napi_url = http://h\napi_key = b\napi_key = \"\"\n")
	if err != nil {
		t.Fatal(err)
	}
	if v.urlLine != 4 || v.keyLine != 5 {
		t.Errorf("lines: url %d, key %d; want 4 and 5", v.urlLine, v.keyLine)
	}
}

func TestLineErrorFormat(t *testing.T) {
	_, err := parseFile("/p/prod.toml", "api_url = http://h\napi_key \"x\"\n")
	var le *LineError
	if !errors.As(err, &le) || le.Line != 2 || le.Setting != "api_key" {
		t.Fatalf("err = %#v, want a *LineError for line 2, api_key", err)
	}
	if got, want := err.Error(), `/p/prod.toml:2: api_key: the line has no '=' (write api_key = "...")`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}
