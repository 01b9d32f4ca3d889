//go:build race

package sanitize

// raceEnabled is set when the tests run under the race detector, which slows the
// single-goroutine sweeps over every code point tenfold without finding anything in
// them; those sweeps then test fewer contexts.
const raceEnabled = true
