package components

import (
	"errors"
	"fmt"
	"os"
)

// ServerFileLimit is the most a file sent to the server may hold (an upload, an
// archive to import): the server's 100 MB.
const ServerFileLimit = 100 << 20

// ReadLocal reads the file at path (as AbsPath takes it) for a form that sends it:
// a regular file, not empty, of at most limit bytes. It returns the absolute path and
// the bytes; its errors are sentences that name the file and say why, for the field.
func ReadLocal(path string, limit int64) (string, []byte, error) {
	abs, err := AbsPath(path)
	if err != nil {
		return "", nil, err
	}
	fi, err := os.Stat(abs)
	switch {
	case err != nil:
		return "", nil, fmt.Errorf("cannot open %s: %w", abs, UnwrapPath(err))
	case fi.IsDir():
		return "", nil, fmt.Errorf("%s is a directory; add the file name", abs)
	case fi.Size() > limit:
		return "", nil, fmt.Errorf("%s is %s; the server takes at most %s", abs, ByteSize(fi.Size()), ByteSize(limit))
	case fi.Size() == 0:
		return "", nil, fmt.Errorf("%s is empty", abs)
	}
	data, err := os.ReadFile(abs)
	if err != nil {
		return "", nil, fmt.Errorf("cannot read %s: %w", abs, UnwrapPath(err))
	}
	return abs, data, nil
}

// UnwrapPath keeps the reason of a path error ("permission denied", "no such file or
// directory"): the sentence around it already names the path.
func UnwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
