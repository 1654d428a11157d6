//go:build !unix

package checkpoint

import "os"

// tryLock locks nothing where flock is not available.
func tryLock(*os.File) (bool, error) { return true, nil }
