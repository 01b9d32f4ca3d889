package components

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/common"
)

// DefaultSavePath puts name in the working directory, or in the home directory when
// the working directory is not writable.
func DefaultSavePath(name string) string {
	if dir, err := os.Getwd(); err == nil && writable(dir) {
		return "." + string(filepath.Separator) + name
	}
	if _, err := os.UserHomeDir(); err == nil {
		return filepath.Join("~", name)
	}
	return name
}

// writable reports whether a file can be created in dir.
func writable(dir string) bool {
	f, err := os.CreateTemp(dir, ".hindsight-write-check-*")
	if err != nil {
		return false
	}
	name := f.Name()
	_ = f.Close()
	return os.Remove(name) == nil
}

// FileSafe keeps an id (a bank's, a memory's) usable in a file name.
func FileSafe(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	out := strings.Trim(b.String(), "-.")
	if out == "" {
		return "bank"
	}
	return Head(out, 64)
}

// AbsPath is the absolute path a user typed means: a leading ~ is the home directory,
// anything else is relative to the working directory.
func AbsPath(path string) (string, error) {
	if strings.HasPrefix(path, "~"+string(filepath.Separator)) || path == "~" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("no home directory: %w", err)
		}
		path = filepath.Join(home, strings.TrimPrefix(path, "~"))
	}
	return filepath.Abs(path)
}

// WriteFile writes doc to path (a leading ~ is the home directory) through a
// temporary file in the same directory, so the file is whole or absent and always
// private (0600), even when it replaces one that was not.
func WriteFile(ctx context.Context, path, doc string) (string, error) {
	abs, err := AbsPath(path)
	if err != nil {
		return "", err
	}
	if fi, err := os.Stat(abs); err == nil && fi.IsDir() {
		return "", errors.New(abs + " is a directory; add a file name")
	}
	if err := ctx.Err(); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(filepath.Dir(abs), ".hindsight-write-*.tmp")
	if err != nil {
		return "", fmt.Errorf("cannot write in %s: %w", filepath.Dir(abs), UnwrapPath(err))
	}
	_, werr := tmp.WriteString(doc)
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(tmp.Name(), 0o600)
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), abs)
	}
	if werr != nil {
		_ = os.Remove(tmp.Name())
		return "", fmt.Errorf("write %s: %w", abs, UnwrapPath(werr))
	}
	return abs, nil
}

// ByteSize is a file's size as people read it: "512 bytes", "12.3 KB", "4.0 MB".
func ByteSize(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	}
	return common.Plural(int(n), "byte", "bytes")
}

// SaveFile asks where to write content (a memory's JSON, a transcript) and writes it
// there, private and whole (see WriteFile). The path field starts at name in the
// working directory, or in the home directory when that is not writable; finding out
// takes the disk, so it happens in the command. An existing file is replaced only by
// a second save to the same path, after the form said it exists. what names the content in the title
// and in the toast: "the memory's JSON".
func SaveFile(c *common.Common, what, name string, content func() string) tea.Cmd {
	return func() tea.Msg {
		field := NewTextField(c, "Write "+what+" to", "a file path", "path")
		field.SetValue(DefaultSavePath(name))
		// replace is the path the user was told exists: saving to it again replaces
		// the file, so nothing is overwritten without a second, deliberate save. The
		// request sets it; the next submit, after its answer, reads it.
		var replace string
		submit := func() (Request, error) {
			path := strings.TrimSpace(field.Value())
			if path == "" {
				return nil, Invalid{"path": "type a file path"}
			}
			doc, again := content(), path == replace
			return func(ctx context.Context) (tea.Cmd, error) {
				if abs, err := AbsPath(path); err == nil && !again {
					if fi, err := os.Stat(abs); err == nil && fi.Mode().IsRegular() {
						replace = path
						return nil, Invalid{"path": fmt.Sprintf("%s exists (%s); save again to replace it, or change the path", abs, ByteSize(fi.Size()))}
					}
				}
				abs, err := WriteFile(ctx, path, doc)
				if err != nil {
					return nil, Invalid{"path": err.Error()}
				}
				return common.Toast("wrote " + what + " to " + abs), nil
			}, nil
		}
		return common.OpenDialogMsg{Dialog: NewForm(c, "Save "+what, "save "+what, "save", submit, field)}
	}
}
