package sanitize

import (
	"testing"
)

func TestSanitize(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain", "Alex prefers oat milk.", "Alex prefers oat milk."},
		{"keeps newline and tab", "a\n\tb", "a\n\tb"},
		{"sgr colour", "\x1b[31mERROR\x1b[0m disk full", "ERROR disk full"},
		{"cursor movement", "a\x1b[2J\x1b[Hb", "ab"},
		{"osc title", "x\x1b]0;pwned\x07y", "xy"},
		{"osc 52 clipboard", "x\x1b]52;c;c2VjcmV0\x1b\\y", "xy"},
		{"c0 controls", "a\x00b\x07c\x08d\x7fe", "abcde"},
		{"carriage return", "line1\r\nline2\rx", "line1\n\nline2\nx"},
		{"8-bit csi loses its introducer", "a\u009b31mb", "a31mb"},
		{"bidi override", "abc\u202edef", "abcdef"},
		{"cjk and emoji", "好きな店: 鮨 さいとう 🍣", "好きな店: 鮨 さいとう 🍣"},
		{"emoji zwj kept", "👩\u200d💻", "👩\u200d💻"},
		{"invalid utf8 dropped", "a\xffb", "ab"},
	}
	for _, tt := range tests {
		if got := Text(tt.in); got != tt.want {
			t.Errorf("%s: Text(%q) = %q, want %q", tt.name, tt.in, got, tt.want)
		}
	}
	if got := Line("a\n\tb  \x1b[1mc\x1b[0m"); got != "a b c" {
		t.Errorf("Line = %q", got)
	}
}

func FuzzText(f *testing.F) {
	f.Add("\x1b[31mred\x1b[0m")
	f.Add("ok\r\n\x9b")
	f.Fuzz(func(t *testing.T, s string) {
		out := Text(s)
		for _, r := range out {
			if r == 0x1b || r == 0x9b || (r < 0x20 && r != '\n' && r != '\t') || r == 0x7f {
				t.Fatalf("Text(%q) left control %U in %q", s, r, out)
			}
		}
	})
}
