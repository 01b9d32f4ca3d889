//go:build !race

package sanitize

const raceEnabled = false
