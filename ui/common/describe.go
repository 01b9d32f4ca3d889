package common

import (
	"hindsight-tui/client"
	"hindsight-tui/sanitize"
)

// Describe is client.Describe for this session's server, made safe to draw: every pane
// explains a failure in the same words, and a server detail can never smuggle escape
// sequences onto the screen.
func (c *Common) Describe(err error) string {
	if err == nil {
		return ""
	}
	base := ""
	if c.Client != nil {
		base = c.Client.BaseURL()
	}
	return sanitize.Line(client.Describe(err, base))
}
