package components

import "hindsight-tui/client"

// TagsMatchModes are the tags_match values a filter cycles through, the server's
// default (any) first.
func TagsMatchModes() []string {
	return []string{client.TagsAny, client.TagsAll, client.TagsAnyStrict, client.TagsAllStrict, client.TagsExact}
}

// TagsMatchHelp explains a tags_match mode in one line; the untagged column of the
// API's table is the part people miss.
func TagsMatchHelp(mode string) string {
	switch mode {
	case client.TagsAny:
		return "any: memories with at least one of the tags, and untagged memories too"
	case client.TagsAll:
		return "all: memories with every tag, and untagged memories too"
	case client.TagsAnyStrict:
		return "any_strict: memories with at least one of the tags; untagged excluded"
	case client.TagsAllStrict:
		return "all_strict: memories with every tag; untagged excluded"
	case client.TagsExact:
		return "exact: memories whose tag set is exactly these; no tags means only untagged"
	}
	return ""
}
