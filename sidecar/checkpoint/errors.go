package checkpoint

import (
	"errors"
	"fmt"
)

// ErrCorrupt is wrapped by the error Open returns when the checkpoint file
// cannot be read as any supported version. Open then still returns a
// usable, empty Store; the unreadable file is kept aside (see CorruptError).
var ErrCorrupt = errors.New("checkpoint: corrupt checkpoint file")

// CorruptError describes a checkpoint file that could not be loaded.
// errors.Is(err, ErrCorrupt) is true for it.
type CorruptError struct {
	Path   string // the checkpoint file
	Backup string // where its bytes were kept ("" if that failed, see Err)
	Err    error  // why it could not be read
}

func (e *CorruptError) Error() string {
	if e.Backup == "" {
		return fmt.Sprintf("checkpoint: corrupt checkpoint file %s (not kept): %v", e.Path, e.Err)
	}
	return fmt.Sprintf("checkpoint: corrupt checkpoint file %s, kept as %s, starting empty: %v", e.Path, e.Backup, e.Err)
}

// Unwrap lets errors.Is match both ErrCorrupt and the underlying cause.
func (e *CorruptError) Unwrap() []error { return []error{ErrCorrupt, e.Err} }
