package sanitize

import (
	"strings"
	"testing"
)

// memory is about 1.5 KB of the kind of text a bank holds.
var memory = strings.Repeat("Alex prefers email over phone calls and reads it in the morning. "+
	"The weekly report goes out on Fridays; cc the team lead.\n", 13)

// BenchmarkText measures Text on a 1.5 KB memory: plain ASCII (the fast path),
// everyday Unicode (accents, CJK, emoji), and the same with hostile characters
// (escapes, joiners, bidi controls, marks, spacing vowel signs) every few words.
func BenchmarkText(b *testing.B) {
	unicode := strings.Repeat("Alex préfère l'e-mail. 好きな店: 鮨 さいとう 🍣. Zoë's café in Москва. ", 16)
	hostile := strings.Repeat("Alex prefers \x1b[31memail\x1b[0m. 👨\u200d👩\u200d👧 \u202eevil\u202c ❤\ufe0f "+
		"e\u0301 नमस्ते \x1b]IGNORE\x07 ok\r\n", 16)
	for _, c := range []struct{ name, text string }{
		{"plain", trim(memory, 1536)},
		{"unicode", trim(unicode, 1536)},
		{"hostile", trim(hostile, 1536)},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.text)))
			b.ReportAllocs()
			for b.Loop() {
				Text(c.text)
			}
		})
	}
}

// trim cuts s to at most n bytes on a character boundary.
func trim(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xc0 == 0x80 {
		n--
	}
	return s[:n]
}
