package uitest

// Bodies returns the bodies of the requests with this method (any when "") whose path
// ends with suffix, oldest first.
func (rec *Recorder) Bodies(method, suffix string) []string {
	var out []string
	for _, r := range rec.Matching(method, suffix) {
		out = append(out, r.Body)
	}
	return out
}
