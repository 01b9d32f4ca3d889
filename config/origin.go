package config

// KeyKind is the kind of place an API key came from.
type KeyKind int

// The places a key can come from.
const (
	KeyNone    KeyKind = iota // no key is configured (or nobody said where it is)
	KeyEnv                    // HINDSIGHT_API_KEY
	KeyProfile                // the api_key line of a profile
	KeyFile                   // the api_key line of ~/.hindsight/config
)

// KeyOrigin says where the API key came from, never what it is. Code shown to the user to
// rerun a request (copy as curl, Python, …) needs it: $HINDSIGHT_API_KEY holds the key in
// the user's shell only when the key came from there; a key from a file must be loaded
// into the variable first.
type KeyOrigin struct {
	Kind    KeyKind
	Path    string // the file that holds the key, for KeyProfile and KeyFile
	Profile string // the profile's name, for KeyProfile
}
