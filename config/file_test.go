package config

import "testing"

func TestParseFile(t *testing.T) {
	tests := []struct {
		name, text, url, key string
	}{
		{"double quotes", "api_url = \"http://a\"\napi_key = \"k\"\n", "http://a", "k"},
		{"single quotes", "api_url='http://a'\napi_key='k'", "http://a", "k"},
		{"unquoted", "api_url = http://a\napi_key = k", "http://a", "k"},
		{"crlf", "api_url = \"http://a\"\r\napi_key = k\r\n", "http://a", "k"},
		{"whitespace", "  \t api_url   =   \"http://a\"   \n\n\n   api_key\t=\tk  ", "http://a", "k"},
		{"comments and blanks", "# my server\n\napi_url = http://a # local\n  # api_key = old\napi_key = \"k\" # note\n", "http://a", "k"},
		{"hash inside quotes is kept", "api_key = \"a#b\"\napi_url = http://a", "http://a", "a#b"},
		{"hash inside unquoted word is kept", "api_key = a#b", "", "a#b"},
		{"sections ignored", "[default]\napi_url = http://a\n[other]\nrecall_score_min = 0.3\n", "http://a", ""},
		{"other keys ignored", "api_url_v2 = http://b\nmy_api_key = x\napi_url = http://a\nrecall_score_min = 0.4", "http://a", ""},
		{"equals in value", "api_key = abc==\napi_url = http://a/?", "http://a/?", "abc=="},
		{"empty values leave unset", "api_url = \"\"\napi_key =\n", "", ""},
		{"later line wins", "api_url = http://a\napi_url = http://b", "http://b", ""},
		{"empty later line does not clear", "api_url = http://a\napi_url = ''", "http://a", ""},
		{"unterminated quote", "api_url = \"http://a", "http://a", ""},
		{"line without equals", "api_url http://a\njunk", "", ""},
		{"empty file", "", "", ""},
		{"bom-free tabs only", "\t\n\t", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := parseFile(tt.text)
			if v.url != tt.url || v.key != tt.key {
				t.Errorf("parseFile(%q) = {url %q, key %q}, want {url %q, key %q}", tt.text, v.url, v.key, tt.url, tt.key)
			}
		})
	}
}
